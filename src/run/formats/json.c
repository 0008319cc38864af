/* json.c: JSON runs, a list of case objects or {"cases": [...]}.
 *
 *   [{"case": "m1", "runtime": 12.4, "passed": true}, ...]
 *
 * A case may give its runtime samples as a list of numbers, `samples`
 * (then the run holds samples, and a case without the list has none: no
 * runtime; `runtime` itself is then refused, see run_estimate).
 * Each object has a string `case` and fields that are numbers, booleans
 * (true/false are pass states 1/0), or strings: a pass word is a pass
 * state, any other string (also "1.5") is text.  null, lists and objects
 * are text too.  Items may have different fields: a column is unusable for
 * a case that lacks it, which matters only if the column is used.
 * Jansson keeps no positions; the cursor of jsonpos.c finds them, so JSON
 * cells and errors have a line and column like those of the other
 * formats (jansson's own syntax errors come with its position). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/parts.h"
#include "run/formats/formats.h"
#include "run/formats/jsonpos.h"

/* Jansson's messages that name its own flags or say too little. */
static const struct {
	const char *jansson, *plain;
} plain_words[] = {
    {"\\u0000 is not allowed without JSON_ALLOW_NUL",
     "\\u0000 (a NUL character) is not allowed in a string"},
    {"real number overflow",
     "number is out of a double's range (magnitude above 1.8e308)"},
    {"premature end of input", "the text ends inside this value"},
};

/* Jansson's message in plain words, without its "near ..." (the position
 * says where, and the raw token could hold terminal controls).  Sets
 * *at_end if jansson ran out of text. */
static void plain_message(const char *text, char *out, size_t size,
                          bool *at_end)
{
	const char *near = strstr(text, " near ");
	int n = near ? (int)(near - text) : (int)strlen(text);

	*at_end = near && strcmp(near, " near end of file") == 0;
	snprintf(out, size, "%.*s", n, text);
	for (size_t i = 0; i < sizeof plain_words / sizeof *plain_words; i++)
		if (strcmp(out, plain_words[i].jansson) == 0)
			snprintf(out, size, "%s", plain_words[i].plain);
}

int fmt_json_parse(const char *path, const char *text, size_t len, json_t **out,
                   struct diag *d)
{
	json_error_t err;
	char msg[JSON_ERROR_TEXT_LENGTH];
	uint32_t line, col;
	bool at_end;
	/* Every number as a double: an integer too big for 64 bits is still
	 * a runtime, not an error. */
	json_t *root = json_loadb(
	    text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &err);

	if (root) {
		*out = root;
		return FP_OK;
	}
	/* Jansson's line and column are where it stopped, past the token;
	 * the message names the token's first byte. */
	plain_message(err.text, msg, sizeof msg, &at_end);
	rb_position(text,
	            jpos_error_at(text, len,
	                          err.position > 0 ? (size_t)err.position : 0,
	                          at_end),
	            &line, &col);
	return diag_set(d, path, (int)line, (int)col, "%s", msg);
}

const char *fmt_json_kind(json_t *root)
{
	json_t *results = json_object_get(root, "results");

	if (json_object_get(root, "context") &&
	    json_object_get(root, "benchmarks"))
		return "gbench";
	if (json_object_get(root, "machine_info") &&
	    json_object_get(root, "benchmarks"))
		return "pytest-benchmark";
	if (json_is_array(results) && json_array_size(results) > 0 &&
	    json_object_get(json_array_get(results, 0), "command"))
		return "hyperfine";
	return "json";
}

/* A case's `samples`: a list of numbers. */
static int add_samples(struct run_builder *b, json_t *v,
                       const struct jcur *at_value)
{
	struct jcur c = *at_value;
	json_t *x;
	size_t i;

	if (!json_is_array(v))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "'samples' must be a list of numbers");
	rb_use_samples(b);
	jcur_into(&c);
	json_array_foreach(v, i, x)
	{
		if (!json_is_number(x))
			return diag_set(b->d, b->path, (int)c.line, (int)c.col,
			                "a sample must be a number");
		/* A bad one is blamed where it is written. */
		if (rb_sample_here(b, json_number_value(x), -1, c.line,
		                   c.col) != FP_OK)
			return FP_ERR;
		jcur_next(&c);
	}
	return FP_OK;
}

/* One field of a case: the cell in its column, or its samples. */
static int add_field(struct run_builder *b, const char *key, json_t *v,
                     const struct jcur *at_value)
{
	uint32_t line = at_value->line, col = at_value->col;
	long ci;

	if (strcmp(key, "samples") == 0)
		return add_samples(b, v, at_value);
	ci = rb_find_column(b, key, strlen(key));

	if (ci < 0 &&
	    (ci = rb_add_column(b, key, strlen(key), at_value->key_line,
	                        at_value->key_col)) < 0)
		return FP_ERR;
	switch (json_typeof(v)) {
	case JSON_REAL:
	case JSON_INTEGER:
		/* Jansson reads 1e-400 as 0 without a word. */
		return rb_number_text(b, (size_t)ci, json_number_value(v),
		                      at_value->p, jcur_scalar_len(at_value),
		                      line, col);
	case JSON_TRUE:
	case JSON_FALSE:
		return rb_bool(b, (size_t)ci, json_is_true(v), line, col);
	case JSON_STRING:
		return rb_text(b, (size_t)ci, json_string_value(v),
		               json_string_length(v), true, line, col);
	case JSON_NULL:
		return rb_other(b, (size_t)ci, "null", line, col);
	case JSON_ARRAY:
		return rb_other(b, (size_t)ci, "[...]", line, col);
	default:
		return rb_other(b, (size_t)ci, "{...}", line, col);
	}
}

static int add_item(struct run_builder *b, size_t index, json_t *item,
                    const struct jcur *at_item)
{
	json_t *name = json_object_get(item, "case"), *v;
	struct jcur c = *at_item;
	const char *key;

	if (!json_is_object(item))
		return diag_set(
		    b->d, b->path, (int)at_item->line, (int)at_item->col,
		    "item %zu is not an object (a case is an object "
		    "with a 'case' name)",
		    index + 1);
	if (!name)
		return diag_set(b->d, b->path, (int)at_item->line,
		                (int)at_item->col, "item %zu has no 'case'",
		                index + 1);
	jcur_member(at_item, item, "case", &c);
	if (!json_is_string(name))
		return diag_set(b->d, b->path, (int)c.line, (int)c.col,
		                "'case' must be a string");
	if (rb_case(b, json_string_value(name), json_string_length(name),
	            c.line, c.col) != FP_OK)
		return FP_ERR;
	c = *at_item;
	jcur_into(&c);
	json_object_foreach(item, key, v)
	{
		if (strcmp(key, "case") != 0 &&
		    add_field(b, key, v, &c) != FP_OK)
			return FP_ERR;
		jcur_next(&c);
	}
	return FP_OK;
}

/* Google Benchmark's tools/compare.py --dump_to_json: a list of
 * {"name", "measurements": [{"real_time", "real_time_other", ...}]}. */
static bool is_gbench_compare(json_t *list)
{
	json_t *m = json_object_get(json_array_get(list, 0), "measurements");

	return json_is_array(m) &&
	       json_object_get(json_array_get(m, 0), "real_time_other");
}

int fmt_json(const struct fmt_src *s, struct run **out, struct diag *d)
{
	const char *path = s->path, *text = s->text;
	size_t len = s->len;
	json_t *root = s->json;
	struct run_builder b;
	struct jcur c;
	json_t *list = root, *item;
	size_t i;

	jcur_init(&c, text, len);
	if (json_is_object(root)) {
		list = json_object_get(root, "cases");
		if (!jcur_member(&c, root, "cases", &c))
			return diag_set(
			    d, path, (int)c.line, (int)c.col,
			    "no 'cases' list: a JSON run is a list of "
			    "cases, or an object with a 'cases' list");
	}
	if (!json_is_array(list))
		return diag_set(d, path, (int)c.line, (int)c.col,
		                "'cases' must be a list of cases");
	if (is_gbench_compare(list))
		return diag_set(
		    d, path, 0, 0,
		    "it looks like Google Benchmark's compare.py JSON "
		    "(--dump_to_json), which compares two runs and keeps "
		    "neither: give each run's own JSON (--benchmark_out=FILE "
		    "--benchmark_out_format=json) as BEFORE and AFTER");
	if (json_array_size(list) == 0)
		return diag_set(d, path, (int)c.line, (int)c.col, "no cases");
	rb_init(&b, path, "json", d);
	jcur_into(&c);
	json_array_foreach(list, i, item)
	{
		if (add_item(&b, i, item, &c) != FP_OK)
			goto fail;
		jcur_next(&c);
	}
	if (rb_finish_parts(&b, out) == FP_OK)
		return FP_OK;
fail:
	rb_discard(&b);
	return FP_ERR;
}
