/* hyperfine.c: hyperfine's --export-json output.
 *
 * One case per entry of `results`, named by its `command` (hyperfine
 * stores a -n name there).  Columns, in seconds as hyperfine writes them:
 * runtime (its `mean`), passed, median, stddev, min, max.  passed is 1
 * when every exit code is 0; a run killed by a signal has a null exit code
 * and fails.  Files from versions without `exit_codes` pass.  hyperfine
 * writes a null stddev for a single run: that is 0 here. */
#include <jansson.h>
#include <string.h>

#include "input/input.h"

enum { COL_RUNTIME, COL_PASSED, COL_MEDIAN, COL_STDDEV, COL_MIN, COL_MAX,
       NCOLS };
static const char *const col_names[NCOLS] = {
	"runtime", "passed", "median", "stddev", "min", "max",
};
/* Which member of a result each column comes from. */
static const char *const members[NCOLS] = {
	"mean", NULL, "median", "stddev", "min", "max",
};

static bool all_zero(json_t *codes)
{
	size_t i;
	json_t *v;

	json_array_foreach(codes, i, v)
		if (!json_is_number(v) || json_number_value(v) != 0)
			return false;
	return true;
}

static int add_result(struct run_builder *b, size_t index, json_t *o,
                      const struct jcur *at)
{
	json_t *command = json_object_get(o, "command");
	json_t *codes = json_object_get(o, "exit_codes");
	struct jcur c = *at;

	if (!json_is_object(o))
		return diag_set(b->d, b->path, (int)at->line, (int)at->col,
		                "result %zu is not an object", index + 1);
	jcur_member(at, o, "command", &c);
	if (!json_is_string(command))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "result %zu has no 'command' string", index + 1);
	if (rb_case(b, json_string_value(command), json_string_length(command),
	            c.line, c.col) != FP_OK)
		return FP_ERR;
	for (int k = 0; k < NCOLS; k++) {
		json_t *v;
		c = *at;
		if (k == COL_PASSED) {
			jcur_member(at, o, "exit_codes", &c);
			if (codes && !json_is_array(codes))
				return diag_set(b->d, b->path, (int)c.line,
				                (int)c.col,
				                "'exit_codes' must be a list");
			if (rb_number(b, COL_PASSED, !codes || all_zero(codes),
			              c.line, c.col) != FP_OK)
				return FP_ERR;
			continue;
		}
		v = json_object_get(o, members[k]);
		jcur_member(at, o, members[k], &c);
		if (k == COL_STDDEV && json_is_null(v))
			v = NULL;
		else if (!json_is_number(v))
			return diag_set(b->d, b->path, (int)c.line, (int)c.col,
			                "result %zu: '%s' must be a number",
			                index + 1, members[k]);
		if (rb_number(b, (size_t)k, v ? json_number_value(v) : 0,
		              c.line, c.col) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

int input_hyperfine(const char *path, json_t *root, const char *text,
                    size_t len, struct run **out, struct diag *d)
{
	json_t *list = json_object_get(root, "results"), *o;
	struct run_builder b;
	struct jcur c;
	size_t i;
	int rc = FP_ERR;

	jcur_init(&c, text, len);
	jcur_member(&c, root, "results", &c);
	if (!json_is_array(list))
		return diag_set(d, path, (int)c.line, (int)c.col,
		                "'results' must be a list");
	if (json_array_size(list) == 0)
		return diag_set(d, path, (int)c.line, (int)c.col, "no results");
	rb_init(&b, path, "hyperfine", d);
	for (int k = 0; k < NCOLS; k++)
		if (rb_add_column(&b, col_names[k], strlen(col_names[k]), 0, 0) < 0)
			goto out;
	jcur_into(&c);
	json_array_foreach(list, i, o) {
		if (add_result(&b, i, o, &c) != FP_OK)
			goto out;
		jcur_next(&c);
	}
	rc = rb_finish(&b, out);
out:
	rb_discard(&b);
	return rc;
}
