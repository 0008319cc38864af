/* pytest.c: pytest-benchmark's JSON (--benchmark-json, or a file saved by
 * --benchmark-save).
 *
 * One case per entry of `benchmarks`, named by its `fullname`
 * ("test_bench.py::test_sum", the form pytest's JUnit report is matched
 * by).  Its samples are `stats.data` (seconds per round), written with
 * --benchmark-json or --benchmark-save-data; without data, its one sample
 * is the statistic of the estimator (stats.median, stats.mean, stats.min).
 * Columns besides those of run_estimate: passed (1: pytest-benchmark
 * writes only what it timed, so a failing test shows only in the JUnit
 * report; see junit.h; the run says its pass states are assumed) and
 * rounds.  Context: machine_info.* and
 * commit_info.* flattened (jsonctx.c), datetime and version. */
#include <jansson.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"

static int error_at(struct run_builder *b, const struct jcur *c,
                    const char *what, size_t index)
{
	return diag_set(b->d, b->path, (int)c->line, (int)c->col,
	                "benchmark %zu: %s", index + 1, what);
}

static int add_data(struct run_builder *b, json_t *data, const struct jcur *at,
                    size_t index)
{
	struct jcur c = *at;
	json_t *v;
	size_t i;

	if (!json_is_array(data))
		return error_at(b, at, "'data' must be a list", index);
	jcur_into(&c);
	json_array_foreach(data, i, v)
	{
		if (!json_is_number(v))
			return error_at(b, &c,
			                "a sample in 'data' must be a number",
			                index);
		/* A bad sample is blamed where it is written. */
		if (rb_sample_here(b, json_number_value(v), -1, c.line,
		                   c.col) != FP_OK)
			return FP_ERR;
		jcur_next(&c);
	}
	return FP_OK;
}

static int add_bench(struct run_builder *b, size_t index, json_t *o,
                     const struct jcur *at, const void *ctx)
{
	enum run_estimator e = ((const struct run_opts *)ctx)->estimator;
	static const char *const stat[] = {"median", "mean", "min"};
	json_t *name = json_object_get(o, "fullname");
	json_t *stats = json_object_get(o, "stats"), *v;
	struct jcur c = *at, s;

	if (!json_is_object(o))
		return error_at(b, at, "not an object", index);
	jcur_member(at, o, "fullname", &c);
	if (!json_is_string(name))
		return error_at(b, &c, "no 'fullname' string", index);
	if (rb_case(b, json_string_value(name), json_string_length(name),
	            c.line, c.col) != FP_OK)
		return FP_ERR;
	s = *at;
	jcur_member(at, o, "stats", &s);
	if (!json_is_object(stats))
		return error_at(b, &s, "no 'stats' object", index);
	v = json_object_get(stats, "rounds");
	c = s;
	jcur_member(&s, stats, "rounds", &c);
	if (!json_is_number(v))
		return error_at(b, &c, "'rounds' must be a number", index);
	if (rb_number(b, 0, 1, at->line, at->col) != FP_OK ||
	    rb_number(b, 1, json_number_value(v), c.line, c.col) != FP_OK)
		return FP_ERR;
	if ((v = json_object_get(stats, "data"))) {
		jcur_member(&s, stats, "data", &c);
		return add_data(b, v, &c, index);
	}
	b->aggregate = stat[e];
	b->aggregate_of = "rounds";
	v = json_object_get(stats, stat[e]);
	jcur_member(&s, stats, stat[e], &c);
	if (!json_is_number(v)) {
		char what[64];
		snprintf(what, sizeof what,
		         "no 'data', and '%s' is not a number", stat[e]);
		return error_at(b, v ? &c : &s, what, index);
	}
	return rb_sample(b, json_number_value(v), -1);
}

static int add_context(struct run_builder *b, json_t *root)
{
	static const char *const objects[] = {"machine_info", "commit_info"};
	static const char *const scalars[] = {"datetime", "version"};

	for (size_t i = 0; i < 2; i++) {
		json_t *o = json_object_get(root, objects[i]), *v;
		char prefix[32];
		snprintf(prefix, sizeof prefix, "%s.", objects[i]);
		if (json_is_object(o) &&
		    fmt_json_context(b, prefix, o) != FP_OK)
			return FP_ERR;
		v = json_object_get(root, scalars[i]);
		if (json_is_string(v) &&
		    rb_context(b, scalars[i], json_string_value(v)) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

int fmt_pytest(const struct fmt_src *s, struct run **out, struct diag *d)
{
	json_t *root = s->json;
	json_t *list = json_object_get(root, "benchmarks");
	struct run_builder b;
	struct jcur c;

	jcur_init(&c, s->text, s->len);
	jcur_member(&c, root, "benchmarks", &c);
	if (!json_is_array(list))
		return diag_set(d, s->path, (int)c.line, (int)c.col,
		                "'benchmarks' must be a list");
	if (json_array_size(list) == 0)
		return diag_set(d, s->path, (int)c.line, (int)c.col,
		                "no benchmarks");
	rb_init(&b, s->path, "pytest-benchmark", d);
	rb_use_samples(&b);
	b.pass_source = RUN_PASS_ASSUMED;
	if (rb_add_column(&b, "passed", 6, 0, 0) < 0 ||
	    rb_add_column(&b, "rounds", 6, 0, 0) < 0 ||
	    add_context(&b, root) != FP_OK) {
		rb_discard(&b);
		return FP_ERR;
	}
	return fmt_json_items(&b, list, &c, add_bench, s->opts, out);
}
