/* compare_json.c: `fixprice compare` as JSON (compare.h).  The first key
 * is the outcome: the best candidate and its P(best). */
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "report/compare.h"
#include "report/internal.h"
#include "report/json_write.h"
#include "report/jtree.h"

static json_t *num(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

static json_t *breakevens(struct jtree *b, const struct compare_cand *c)
{
	json_t *a = json_array();

	for (size_t i = 0; i < c->nbreakeven; i++) {
		const struct param_breakeven *e = &c->breakeven[i];
		json_t *o = json_object(), *x = json_array();

		for (size_t j = 0; j < e->ncross; j++)
			jt_push(b, x, num(e->cross[j]));
		jt_set(b, o, "param", jt_str(b, e->param));
		jt_set(b, o, "value", num(e->value));
		jt_set(b, o, "lo", num(e->lo));
		jt_set(b, o, "hi", num(e->hi));
		jt_set(b, o, "crossings", x);
		if (report_any_jump(e))
			jt_set(b, o, "jumps", report_jumps_json(e));
		jt_set(b, o, "zero_everywhere",
		       json_boolean(e->zero_everywhere));
		jt_set(b, o, "every_crossing", json_boolean(e->every_crossing));
		jt_push(b, a, o);
	}
	return a;
}

static json_t *interval(const struct verdict *v)
{
	if (!v || !v->judged || !v->boot)
		return json_null();
	return json_pack("[o, o]", num(v->boot->net_ci.lo),
	                 num(v->boot->net_ci.hi));
}

static json_t *candidate(struct jtree *b, const struct compare_view *v,
                         size_t c, size_t rank)
{
	const struct compare_cand *x = &v->c[c];
	const struct verdict *vd = x->verdict;
	json_t *o = json_object();

	jt_set(b, o, "name", jt_str(b, x->name));
	jt_set(b, o, "path", jt_str(b, x->path));
	jt_set(b, o, "prediction", json_boolean(x->prediction));
	jt_set(b, o, "rank", json_integer((json_int_t)rank + 1));
	jt_set(b, o, "gain", num(x->price->gain));
	jt_set(b, o, "cost", num(x->price->cost));
	jt_set(b, o, "net", num(x->price->net));
	jt_set(b, o, "net_interval", interval(vd));
	jt_set(b, o, "decision",
	       jt_str(b, x->price->accept ? "accept" : "reject"));
	jt_set(b, o, "verdict", jt_str(b, vd ? verdict_name(vd->kind) : NULL));
	jt_set(b, o, "p_best",
	       v->rank->p_best ? num(v->rank->p_best[c]) : json_null());
	jt_set(b, o, "breakevens", breakevens(b, x));
	return o;
}

static json_t *map(struct jtree *b, const struct compare_view *v)
{
	const struct compare_map *g = v->map;
	json_t *o = json_object(), *x = json_array(), *y = json_array(),
	       *w = json_array();

	for (size_t i = 0; i < g->nx; i++)
		jt_push(b, x, num(g->x[i]));
	for (size_t j = 0; j < g->ny; j++) {
		json_t *row = json_array();

		jt_push(b, y, num(g->y[j]));
		for (size_t i = 0; i < g->nx; i++) {
			size_t c = g->winner[j * g->nx + i];
			jt_push(b, row,
			        c < v->k ? jt_str(b, v->c[c].name)
			                 : json_null());
		}
		jt_push(b, w, row);
	}
	jt_set(
	    b, o, "x",
	    json_pack("{s:o, s:o}", "param", jt_str(b, g->xname), "values", x));
	jt_set(
	    b, o, "y",
	    json_pack("{s:o, s:o}", "param", jt_str(b, g->yname), "values", y));
	jt_set(b, o, "winner", w);
	return o;
}

/* Every input with its hash, as price's record's inputs[], and the
 * candidate it belongs to. */
static json_t *inputs(struct jtree *b, const struct compare_view *v)
{
	json_t *a = json_array();

	for (size_t i = 0; i < v->ninputs; i++) {
		const struct compare_input *x = &v->inputs[i];
		json_t *o = json_object();

		jt_set(b, o, "role", jt_str(b, x->in->role));
		jt_set(b, o, "path", jt_str(b, x->in->path));
		jt_set(b, o, "sha256",
		       jt_str(b, x->in->sha256[0] ? x->in->sha256 : NULL));
		jt_set(b, o, "candidate", jt_str(b, x->candidate));
		jt_push(b, a, o);
	}
	return a;
}

/* The outcome on the first line, as in every form: {"best": NAME,
 * "p_best": P, then the other keys one per line. */
static int write_root(json_t *root, FILE *out, struct diag *d)
{
	const char *key;
	json_t *x;
	struct jw w;
	bool ok, first = true;

	jw_open(&w, out);
	json_object_foreach(root, key, x)
	{
		jw_lit(&w, first                        ? "{"
		           : strcmp(key, "p_best") == 0 ? ", "
		                                        : ",\n  ");
		jw_str(&w, key);
		jw_lit(&w, ": ");
		jw_tree(&w, x, 2);
		first = false;
	}
	jw_lit(&w, "\n}\n");
	ok = jw_flush(&w, true);
	jw_close(&w);
	json_decref(root);
	if (!ok && report_finish(out, "JSON", d) == FP_OK)
		return diag_oom(d);
	return report_finish(out, "JSON", d);
}

int report_compare_json(const struct compare_view *v, FILE *out, struct diag *d)
{
	const struct noise_ranking *k = v->rank;
	struct jtree b = {0};
	json_t *root = json_object(), *cands = json_array();

	jt_set(&b, root, "best", jt_str(&b, v->c[k->best].name));
	jt_set(&b, root, "p_best",
	       k->p_best ? num(k->p_best[k->best]) : json_null());
	jt_set(&b, root, "kind", jt_str(&b, "compare"));
	jt_set(&b, root, "resamples", json_integer((json_int_t)k->B));
	jt_set(&b, root, "confidence", num(v->confidence));
	jt_set(&b, root, "before", jt_str(&b, v->before));
	jt_set(&b, root, "metric", jt_str(&b, v->metric));
	for (size_t r = 0; r < v->k; r++)
		jt_push(&b, cands, candidate(&b, v, k->order[r], r));
	jt_set(&b, root, "candidates", cands);
	if (v->map)
		jt_set(&b, root, "map", map(&b, v));
	jt_set(&b, root, "fixprice_version", jt_str(&b, v->tool_version));
	jt_set(&b, root, "inputs", inputs(&b, v));
	if (v->invocation)
		jt_set(&b, root, "invocation",
		       record_invocation_json(v->invocation));
	if (b.failed || !root) {
		json_decref(root);
		return diag_set(d, NULL, 0, 0, "cannot write the JSON output");
	}
	return write_root(root, out, d);
}
