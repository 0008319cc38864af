/* sim_trace.c: a simulation's trials one row each (sim_trace.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <math.h>

#include "noise/resample.h"
#include "sim_trace.h"
#include "test_mem_run.h"
#include "test_noise_util.h"
#include "test_normal.h"

enum { NESTED_MAX = 256, NESTED_B = 400, CASES_MAX = 100, SAMPLES_MAX = 10 };

FILE *sim_trace_open(void)
{
	const char *path = getenv("FIXPRICE_SIM_TRACE");
	FILE *f = path && *path ? fopen(path, "a") : NULL;

	if (path && *path && !f)
		fail_msg("FIXPRICE_SIM_TRACE: cannot open %s", path);
	return f;
}

void sim_trace_row(FILE *f, const char *config, size_t trial, double truth,
                   const struct boot *b, const struct interval *at80,
                   double nested)
{
	double *z = malloc(b->B * sizeof *z), mean = 0, ss = 0, centre;
	const double *rt = b->rt_net ? b->rt_net : b->net;

	if (!z)
		fail_msg("out of memory");
	for (size_t q = 0; q < b->B; q++)
		mean += rt[q] / (double)b->B;
	for (size_t q = 0; q < b->B; q++)
		ss += (rt[q] - mean) * (rt[q] - mean);
	noise_fit_centred(b, 2, z, &centre);
	qsort(z, b->B, sizeof *z, noise_cmp_double);
	struct interval range = noise_fit_range(b, 2);
	const double v[] = {truth,
	                    b->point.net,
	                    b->bias.net,
	                    b->fit.kink,
	                    b->fit.correction,
	                    b->drawn.net,
	                    mean,
	                    b->net_ci.lo,
	                    b->net_ci.hi,
	                    at80->lo,
	                    at80->hi,
	                    noise_quantile(z, b->B, 0.025),
	                    noise_quantile(z, b->B, 0.975),
	                    noise_quantile(z, b->B, 0.1),
	                    noise_quantile(z, b->B, 0.9),
	                    range.lo,
	                    range.hi,
	                    nested,
	                    sqrt(ss / (double)(b->B - 1) / (double)b->B),
	                    b->fit.doubt_measured,
	                    b->fit.doubt_other,
	                    b->fit.guard,
	                    b->fit.ceiling};

	fprintf(f, "%s\t%zu", config, trial);
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		fprintf(f, "\t%.17g", v[i]);
	fputc('\n', f);
	free(z);
}

/* One copy of a side (samples x, pass states p): every case's k samples
 * drawn from its own, each with its pass state, into y and yp. */
static void draw_copy(const struct sim_trace_runs *r, const double *x,
                      const unsigned char *p, struct normal *g, double *y,
                      unsigned char *yp)
{
	for (size_t i = 0; i < r->n; i++)
		for (size_t q = 0; q < r->k; q++) {
			size_t j =
			    i * r->k + (size_t)(uniform01(g) * (double)r->k);
			y[i * r->k + q] = x[j];
			yp[i * r->k + q] = p[j];
		}
}

static double spread(const double *v, size_t n)
{
	double m = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		m += v[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	return sqrt(ss / (double)(n - 1));
}

double sim_trace_nested(const struct metric *m, const struct sim_trace_runs *r,
                        size_t trial)
{
	static double yb[CASES_MAX * SAMPLES_MAX], ya[CASES_MAX * SAMPLES_MAX];
	static unsigned char pb[CASES_MAX * SAMPLES_MAX],
	    pa[CASES_MAX * SAMPLES_MAX];
	const char *e = getenv("FIXPRICE_SIM_NESTED");
	size_t copies = e ? strtoul(e, NULL, 10) : 0;
	double centre[NESTED_MAX], point[NESTED_MAX];
	struct normal g = {777 + trial * 31};
	struct diag d;

	if (copies < 2)
		return 0;
	if (copies > NESTED_MAX)
		fail_msg("FIXPRICE_SIM_NESTED: at most %d copies", NESTED_MAX);
	if (r->n > CASES_MAX || r->k > SAMPLES_MAX)
		fail_msg("sim_trace_nested: at most %d cases of %d samples",
		         CASES_MAX, SAMPLES_MAX);
	for (size_t c = 0; c < copies; c++) {
		struct boot_opts o = {.B = NESTED_B,
		                      .confidence = 0.95,
		                      .seed = 5000 + c + trial * 1000,
		                      .threads = 1};
		struct noise_side side[2];
		struct boot b;

		draw_copy(r, r->xb, r->pb, &g, yb, pb);
		draw_copy(r, r->xa, r->pa, &g, ya, pa);
		struct joined j = {sampled(r->n, r->k, yb, pb, r->est),
		                   sampled(r->n, r->k, ya, pa, r->est), 0};
		if (noise_sides(&j, PASS_ALL, side, &d) != FP_OK ||
		    noise_bootstrap(m, &j, side, &o, &b, &d) != FP_OK)
			fail_msg("%s", d.msg);
		centre[c] = b.point.net - b.bias.net;
		point[c] = b.point.net;
		boot_free(&b);
		joined_free(&j);
	}
	return spread(centre, copies) / spread(point, copies);
}
