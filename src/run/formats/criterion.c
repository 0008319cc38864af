/* criterion.c: criterion.rs's benchmark folders (cargo bench writes them
 * under target/criterion), read through run/folder.h.
 *
 * One case per benchmark: its id, `full_id` of new/benchmark.json
 * ("scale/1000": a parameter is part of the id, so every configuration is
 * its own case), or its folder when there is no benchmark.json.  Its
 * samples are new/sample.json's per-iteration times, times[i] / iters[i]
 * (criterion times a batch of iters[i] iterations in times[i]
 * nanoseconds), in seconds; the estimator makes the runtime from them, so
 * criterion's own estimates.json is not read.  criterion records no pass
 * states: every benchmark there is taken as passing (pass_source), and a
 * benchmark that fails is one that is not there. */
#include <jansson.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/jsonpos.h"

/* The case of benchmark k: full_id of its benchmark.json, or its folder. */
static int add_case(struct run_builder *b, const struct fmt_bench *k,
                    struct diag *d)
{
	json_t *root, *id;
	struct jcur c;
	int rc;

	if (!k->id_text)
		return *k->dir ? rb_case(b, k->dir, strlen(k->dir), 0, 0)
		               : rb_case(b, b->path, strlen(b->path), 0, 0);
	if (fmt_json_parse(k->id_path, k->id_text, k->id_len, &root, d) !=
	    FP_OK)
		return FP_ERR;
	jcur_init(&c, k->id_text, k->id_len);
	id = json_is_object(root) ? json_object_get(root, "full_id") : NULL;
	if (id)
		jcur_member(&c, root, "full_id", &c);
	if (!json_is_string(id))
		rc = diag_set(d, k->id_path, (int)c.line, (int)c.col,
		              "'full_id' must be a string (criterion's "
		              "benchmark id)");
	else
		rc = rb_case(b, json_string_value(id), json_string_length(id),
		             0, 0);
	json_decref(root);
	return rc;
}

/* The list `key` of object o (cursor at), its cursor in *c (on the
 * list). */
static json_t *list(const struct fmt_bench *k, json_t *o, const char *key,
                    const struct jcur *at, struct jcur *c, struct diag *d)
{
	json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	*c = *at;
	if (v)
		jcur_member(at, o, key, c);
	if (!json_is_array(v) || json_array_size(v) == 0) {
		diag_set(d, k->sample_path, (int)c->line, (int)c->col,
		         "'%s' must be a list of numbers, not empty "
		         "(criterion's sample.json)",
		         key);
		return NULL;
	}
	return v;
}

/* Benchmark k's samples: times[i] / iters[i] nanoseconds each. */
static int add_samples(struct run_builder *b, const struct fmt_bench *k,
                       json_t *root, struct diag *d)
{
	struct jcur at, ci, ct;
	json_t *iters, *times;

	jcur_init(&at, k->sample_text, k->sample_len);
	if (!(iters = list(k, root, "iters", &at, &ci, d)) ||
	    !(times = list(k, root, "times", &at, &ct, d)))
		return FP_ERR;
	if (json_array_size(iters) != json_array_size(times))
		return diag_set(d, k->sample_path, (int)ct.line, (int)ct.col,
		                "'times' has %zu numbers, 'iters' %zu: one "
		                "time per batch of iterations",
		                json_array_size(times), json_array_size(iters));
	jcur_into(&ci);
	jcur_into(&ct);
	for (size_t i = 0; i < json_array_size(iters); i++) {
		json_t *n = json_array_get(iters, i),
		       *t = json_array_get(times, i);
		if (!json_is_number(n) || !(json_number_value(n) > 0))
			return diag_set(
			    d, k->sample_path, (int)ci.line, (int)ci.col,
			    "iters[%zu] must be a number above 0", i);
		if (!json_is_number(t) || !(json_number_value(t) > 0))
			return diag_set(d, k->sample_path, (int)ct.line,
			                (int)ct.col,
			                "times[%zu] must be a number above 0 "
			                "(nanoseconds)",
			                i);
		if (rb_sample(
		        b, json_number_value(t) / json_number_value(n) * 1e-9,
		        -1) != FP_OK)
			return FP_ERR;
		jcur_next(&ci);
		jcur_next(&ct);
	}
	return FP_OK;
}

static int add_bench(struct run_builder *b, const struct fmt_bench *k,
                     struct diag *d)
{
	json_t *root;
	int rc;

	/* Column 0, passed: every benchmark there is taken as passing. */
	if (add_case(b, k, d) != FP_OK || rb_number(b, 0, 1, 0, 0) != FP_OK ||
	    fmt_json_parse(k->sample_path, k->sample_text, k->sample_len, &root,
	                   d) != FP_OK)
		return FP_ERR;
	rc = add_samples(b, k, root, d);
	json_decref(root);
	return rc;
}

int fmt_criterion(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct run_builder b;

	if (!s->benches)
		return diag_set(d, s->path, 0, 0,
		                "criterion: give the folder cargo bench wrote "
		                "(target/criterion, or a copy of it), not a "
		                "file");
	rb_init(&b, s->path, "criterion", d);
	rb_use_samples(&b);
	b.pass_source = RUN_PASS_ASSUMED;
	if (rb_add_column(&b, "passed", 6, 0, 0) < 0) {
		rb_discard(&b);
		return FP_ERR;
	}
	for (size_t i = 0; i < s->nbenches; i++)
		if (add_bench(&b, &s->benches[i], d) != FP_OK) {
			rb_discard(&b);
			return FP_ERR;
		}
	if (rb_finish(&b, out) != FP_OK) {
		rb_discard(&b);
		return FP_ERR;
	}
	return FP_OK;
}
