/* verify.c: a saved record against today's price (verify.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/verify.h"
#include "util/strindex.h"

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Today's input of the same role, the k-th of that role as in the record
 * (several runs of a side, or control runs, are paired in order). */
static const struct rv_input *today_of(const struct record_value *now,
                                       const char *role, size_t k)
{
	for (size_t i = 0; i < now->ninputs; i++)
		if (same_str(now->inputs[i].role, role) && k-- == 0)
			return &now->inputs[i];
	return NULL;
}

static void compare_inputs(struct verify_result *v)
{
	const struct record_value *then = v->then;
	size_t n = then->ninputs;

	if (n > sizeof v->inputs / sizeof v->inputs[0])
		n = sizeof v->inputs / sizeof v->inputs[0];
	for (size_t i = 0; i < n; i++) {
		const struct rv_input *a = &then->inputs[i], *b;
		struct verify_input *q = &v->inputs[v->ninputs++];
		size_t k = 0;

		for (size_t j = 0; j < i; j++)
			k += same_str(then->inputs[j].role, a->role);
		b = today_of(v->now, a->role, k);
		q->role = a->role;
		q->path = a->path;
		q->sha_then = a->sha256;
		q->today_path = b ? b->path : NULL;
		q->sha_now = b ? b->sha256 : NULL;
		q->changed = !b || !same_str(a->sha256, b->sha256);
	}
	v->metric_changed =
	    !same_str(then->metric_sha256, v->now->metric_sha256) ||
	    !same_str(then->metric_version, v->now->metric_version);
}

static double net_share(const struct rv_case *c)
{
	return c->gain - c->cost; /* NaN when either is */
}

/* How far a case moved: a share that is not there counts as 0. */
static double moved_by(const struct verify_moved *m)
{
	return (isnan(m->now) ? 0 : m->now) - (isnan(m->then) ? 0 : m->then);
}

/* Keeps the VERIFY_MOVED largest moves, largest first, ties in the order
 * offered (the record's case order, then today's new cases). */
static void offer(struct verify_result *v, struct verify_moved m)
{
	double by = fabs(moved_by(&m));
	size_t at = v->nmoved;

	if (!(by > 0) &&
	    !(isnan(m.then) != isnan(m.now))) /* unmoved, bit for bit */
		return;
	while (at > 0 && fabs(moved_by(&v->moved[at - 1])) < by)
		at--;
	if (at >= VERIFY_MOVED)
		return;
	if (v->nmoved < VERIFY_MOVED)
		v->nmoved++;
	memmove(&v->moved[at + 1], &v->moved[at],
	        (v->nmoved - 1 - at) * sizeof m);
	v->moved[at] = m;
}

static int compare_cases(struct verify_result *v, struct diag *d)
{
	const struct record_value *then = v->then, *now = v->now;
	const char **names = calloc(now->ncases + 1, sizeof *names);
	bool *seen = calloc(now->ncases + 1, sizeof *seen);
	struct strindex x;

	if (!names || !seen || !strindex_init(&x, names, now->ncases)) {
		free(names);
		free(seen);
		return diag_oom(d);
	}
	for (size_t i = 0; i < now->ncases; i++) {
		names[i] = now->cases[i].name ? now->cases[i].name : "";
		strindex_add(&x, i);
	}
	for (size_t i = 0; i < then->ncases; i++) {
		const struct rv_case *c = &then->cases[i];
		size_t j = strindex_find(&x, c->name ? c->name : "");
		struct verify_moved m = {c->name, net_share(c), NAN};
		if (j != STRINDEX_NONE) {
			m.now = net_share(&now->cases[j]);
			seen[j] = true;
		}
		offer(v, m);
	}
	for (size_t j = 0; j < now->ncases; j++)
		if (!seen[j])
			offer(v,
			      (struct verify_moved){now->cases[j].name, NAN,
			                            net_share(&now->cases[j])});
	strindex_free(&x);
	free(names);
	free(seen);
	return FP_OK;
}

int verify_compare(const char *record, const struct record_value *then,
                   const struct record_value *now, bool reconstructed,
                   struct verify_result *out, struct diag *d)
{
	*out = (struct verify_result){
	    .record = record,
	    .then = then,
	    .now = now,
	    .reconstructed = reconstructed,
	};
	compare_inputs(out);
	out->same = record_value_figures_equal(then, now, out->first_difference,
	                                       sizeof out->first_difference);
	/* The decision is the verdict; without a judged verdict, the
	 * point estimate's as the guards left it. */
	out->stands =
	    same_str(then->verdict, now->verdict) &&
	    ((then->verdict && strcmp(then->verdict, "not judged") != 0) ||
	     (then->accept == now->accept &&
	      (!then->point_after_guards ||
	       same_str(then->point_after_guards, now->point_after_guards))));
	return compare_cases(out, d);
}
