/* hyperfine.c: hyperfine's --export-json output.
 *
 * One case per entry of `results`, named by its `command` (hyperfine
 * stores a -n name there), with its `parameters` of a parameter scan
 * (-P, -L) after it: "sleep (n=1)".  Its samples are `times` (seconds, one per
 * timed run), each with the pass state of the exit code beside it in
 * `exit_codes` (0 passes; a run killed by a signal has a null code and
 * fails).  A result without `times` has one sample: the statistic of the
 * estimator (median, mean, or min).  A command that failed was still
 * timed (hyperfine -i), so it keeps its samples and fails.
 * Columns besides those of run_estimate, in seconds as hyperfine writes
 * them: passed (1 when every exit code is 0; files from versions without
 * `exit_codes` pass, and the run says so: pass_source), mean, median, stddev (null for a single run: 0),
 * min, max. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"

enum { COL_PASSED, COL_MEAN, COL_MEDIAN, COL_STDDEV, COL_MIN, COL_MAX, NCOLS };
static const char *const col_names[NCOLS] = {
    "passed", "mean", "median", "stddev", "min", "max",
};

static bool all_zero(json_t *codes)
{
	size_t i;
	json_t *v;

	json_array_foreach(codes, i,
	                   v) if (!json_is_number(v) ||
	                          json_number_value(v) != 0) return false;
	return true;
}

/* The samples of a result: `times`, or the estimator's statistic. */
static int add_samples(struct run_builder *b, size_t index, json_t *o,
                       const struct jcur *at, enum run_estimator e)
{
	static const char *const stat[] = {"median", "mean", "min"};
	json_t *times = json_object_get(o, "times");
	json_t *codes = json_object_get(o, "exit_codes"), *v;
	bool paired = json_is_array(codes) &&
	              json_array_size(codes) == json_array_size(times);
	struct jcur c = *at;
	size_t i;

	if (!times) {
		b->aggregate = stat[e];
		return rb_sample(
		    b, json_number_value(json_object_get(o, stat[e])), -1);
	}
	jcur_member(at, o, "times", &c);
	if (!json_is_array(times))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "result %zu: 'times' must be a list",
		                index + 1);
	jcur_into(&c);
	json_array_foreach(times, i, v)
	{
		json_t *code = paired ? json_array_get(codes, i) : NULL;
		if (!json_is_number(v))
			return diag_set(b->d, b->path, (int)c.line, (int)c.col,
			                "result %zu: a time must be a number",
			                index + 1);
		/* A bad time is blamed where it is written. */
		if (rb_sample_here(b, json_number_value(v),
		                   paired ? json_is_number(code) &&
		                                json_number_value(code) == 0
		                          : -1,
		                   c.line, c.col) != FP_OK)
			return FP_ERR;
		jcur_next(&c);
	}
	return FP_OK;
}

/* The case of a result: its command and, for a parameter scan (-P, -L),
 * its parameter values, "CMD (n=1, m=x)": a configuration is part of a
 * case's identity, and -n NAME gives every value the same command. */
static int case_name(struct run_builder *b, json_t *command, json_t *params,
                     uint32_t line, uint32_t col)
{
	const char *key, *cmd = json_string_value(command);
	size_t len = json_string_length(command), n = 0;
	char *name;
	json_t *v;
	int rc;

	if (!json_is_object(params) || json_object_size(params) == 0)
		return rb_case(b, cmd, len, line, col);
	json_object_foreach(params, key, v)
	{
		n += strlen(key) + 3 +
		     (json_is_string(v) ? json_string_length(v) : 1);
	}
	if (!(name = malloc(len + n + 4)))
		return diag_oom(b->d);
	memcpy(name, cmd, len);
	n = len;
	json_object_foreach(params, key, v)
	{
		const char *val =
		    json_is_string(v) ? json_string_value(v) : "?";
		n += (size_t)sprintf(name + n, "%s%s=%s",
		                     n == len ? " (" : ", ", key, val);
	}
	strcpy(name + n, ")");
	rc = rb_case(b, name, n + 1, line, col);
	free(name);
	return rc;
}

static int add_result(struct run_builder *b, size_t index, json_t *o,
                      const struct jcur *at, const void *ctx)
{
	enum run_estimator e = ((const struct run_opts *)ctx)->estimator;
	json_t *command = json_object_get(o, "command");
	json_t *codes = json_object_get(o, "exit_codes");
	struct jcur c = *at;

	if (!json_is_object(o))
		return diag_set(b->d, b->path, (int)at->line, (int)at->col,
		                "result %zu is not an object", index + 1);
	jcur_member(at, o, "command", &c);
	if (!json_is_string(command))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "result %zu has no 'command' string",
		                index + 1);
	if (case_name(b, command, json_object_get(o, "parameters"), c.line,
	              c.col) != FP_OK)
		return FP_ERR;
	c = *at;
	jcur_member(at, o, "exit_codes", &c);
	if (codes && !json_is_array(codes))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "'exit_codes' must be a list");
	if (!codes)
		b->pass_source = RUN_PASS_ASSUMED;
	if (rb_number(b, COL_PASSED, !codes || all_zero(codes), c.line,
	              c.col) != FP_OK)
		return FP_ERR;
	for (int k = COL_MEAN; k < NCOLS; k++) {
		json_t *v = json_object_get(o, col_names[k]);
		c = *at;
		jcur_member(at, o, col_names[k], &c);
		if (k == COL_STDDEV && json_is_null(v))
			v = NULL;
		else if (!json_is_number(v))
			return diag_set(b->d, b->path, (int)c.line, (int)c.col,
			                "result %zu: '%s' must be a number",
			                index + 1, col_names[k]);
		if (rb_number(b, (size_t)k, v ? json_number_value(v) : 0,
		              c.line, c.col) != FP_OK)
			return FP_ERR;
	}
	return add_samples(b, index, o, at, e);
}

int fmt_hyperfine(const struct fmt_src *s, struct run **out, struct diag *d)
{
	const char *path = s->path, *text = s->text;
	size_t len = s->len;
	json_t *root = s->json;
	const struct run_opts *opts = s->opts;
	json_t *list = json_object_get(root, "results");
	struct run_builder b;
	struct jcur c;

	jcur_init(&c, text, len);
	jcur_member(&c, root, "results", &c);
	if (!json_is_array(list))
		return diag_set(d, path, (int)c.line, (int)c.col,
		                "'results' must be a list");
	if (json_array_size(list) == 0)
		return diag_set(d, path, (int)c.line, (int)c.col, "no results");
	rb_init(&b, path, "hyperfine", d);
	rb_use_samples(&b);
	for (int k = 0; k < NCOLS; k++)
		if (rb_add_column(&b, col_names[k], strlen(col_names[k]), 0,
		                  0) < 0) {
			rb_discard(&b);
			return FP_ERR;
		}
	return fmt_json_items(&b, list, &c, add_result, opts, out);
}
