/* jsonctx.c: JSON helpers of the loaders: a list of items into a run, and
 * an object of run conditions as context keys (input.h).
 *
 * Nested objects become dotted keys (machine_info.cpu.brand); a string is
 * kept as it is, a number in its shortest exact form, true/false as such,
 * null as ""; a list of scalars is joined with ", ", a list holding
 * lists or objects is summarised by its length ("3 items"). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "run/formats/jsonctx.h"
#include "util/numfmt.h"

/* Longest dotted key kept; deeper or longer keys are cut off. */
#define KEY_MAX 256

static const char *scalar(json_t *v, char buf[NUMFMT_MAX])
{
	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_number(v))
		return numfmt_exact(buf, json_number_value(v));
	if (json_is_true(v))
		return "true";
	if (json_is_false(v))
		return "false";
	return "";
}

/* The value of list a as text into buf. */
static void join(json_t *a, char *buf, size_t size)
{
	size_t i, used = 0;
	json_t *v;

	buf[0] = '\0';
	json_array_foreach(a, i, v) if (json_is_array(v) || json_is_object(v))
	{
		snprintf(buf, size, "%zu items", json_array_size(a));
		return;
	}
	json_array_foreach(a, i, v)
	{
		char num[NUMFMT_MAX];
		int w = snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
		                 scalar(v, num));
		if (w < 0 || (size_t)w >= size - used)
			return;
		used += (size_t)w;
	}
}

int fmt_json_context(struct run_builder *b, const char *prefix, json_t *o)
{
	const char *key;
	json_t *v;

	json_object_foreach(o, key, v)
	{
		char full[KEY_MAX], num[NUMFMT_MAX], list[512];
		int rc;
		snprintf(full, sizeof full, "%s%s", prefix, key);
		if (json_is_object(v)) {
			strncat(full, ".", sizeof full - strlen(full) - 1);
			rc = fmt_json_context(b, full, v);
		} else if (json_is_array(v)) {
			join(v, list, sizeof list);
			rc = rb_context(b, full, list);
		} else {
			rc = rb_context(b, full, scalar(v, num));
		}
		if (rc != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

int fmt_json_items(struct run_builder *b, json_t *list, struct jcur *c,
                   json_item_fn add, const void *ctx, struct run **out)
{
	json_t *item;
	size_t i;
	int rc = FP_ERR;

	jcur_into(c);
	json_array_foreach(list, i, item)
	{
		if (add(b, i, item, c, ctx) != FP_OK)
			goto out;
		jcur_next(c);
	}
	rc = rb_finish(b, out);
out:
	rb_discard(b);
	return rc;
}
