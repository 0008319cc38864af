/* weigh.c: case weights from weight rules (weigh.h). */
#include "price/weigh.h"
#include "util/globset.h"

int price_weigh(const char *const *globs, const double *weights, size_t nrules,
                double dflt, const char *const *names, size_t n, double *w,
                const char *where, struct diag *d)
{
	size_t nglobs = globset_count_globs(globs, nrules);
	struct globset g;

	if (nglobs > GLOBSET_MAX_GLOBS || nrules > GLOBSET_MAX)
		return diag_set(d, where, 0, 0,
		                "%zu weight rules, %zu of them globs: at most "
		                "%d rules and %d globs (* ? [ or \\) may be "
		                "given",
		                nrules, nglobs, GLOBSET_MAX, GLOBSET_MAX_GLOBS);
	if (!globset_init(&g, globs, nrules))
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		size_t k = globset_find(&g, names[i], true);
		w[i] = k == GLOBSET_NONE ? dflt : weights[k];
	}
	globset_free(&g);
	return FP_OK;
}
