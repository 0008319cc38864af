/* yaml.c: YAML runs, read through the safe loader (util/yamldoc.h).
 *
 *   - {case: m1, runtime: 12.4, passed: true}
 *
 * or a mapping with such a list under `cases` (other keys are ignored).
 * Plain scalars are read like CSV cells (a number, a pass word, or text);
 * quoted and block scalars are never numbers, as in JSON; lists, mappings
 * and nulls written as `~` or `null` are text.  A case may list its
 * runtime samples, `samples: [1.2, 1.3]`, as in JSON (json.c). */
#include <math.h>
#include <string.h>

#include "run/builder.h"
#include "run/parts.h"
#include "run/formats/formats.h"
#include "util/numfmt.h"
#include "util/yamldoc.h"

/* A case's `samples`: a list of plain numbers. */
static int add_samples(struct run_builder *b, const struct ydoc *doc,
                       const struct ynode *v)
{
	double x;

	if (v->kind != YNODE_SEQ)
		return ydoc_error(doc, v, b->d,
		                  "'samples' must be a list of "
		                  "numbers");
	rb_use_samples(b);
	for (size_t i = 0; i < v->count; i++) {
		const struct ynode *s = v->items[i];
		if (s->kind != YNODE_SCALAR || s->quoted ||
		    !numfmt_parse(s->str, s->len, &x) || !isfinite(x))
			return ydoc_error(doc, s, b->d,
			                  "a sample must be a number");
		/* A bad one is blamed where it is written. */
		if (rb_sample_here(b, x, -1, (uint32_t)s->line,
		                   (uint32_t)s->col) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

static int add_field(struct run_builder *b, const struct ynode *key,
                     const struct ynode *v)
{
	uint32_t line = (uint32_t)v->line, col = (uint32_t)v->col;
	long ci = rb_find_column(b, key->str, key->len);

	if (ci < 0 &&
	    (ci = rb_add_column(b, key->str, key->len, (uint32_t)key->line,
	                        (uint32_t)key->col)) < 0)
		return FP_ERR;
	switch (v->kind) {
	case YNODE_SCALAR:
		return rb_text(b, (size_t)ci, v->str, v->len,
		               v->quoted || v->block, line, col);
	case YNODE_SEQ:
		return rb_other(b, (size_t)ci, "[...]", line, col);
	default:
		return rb_other(b, (size_t)ci, "{...}", line, col);
	}
}

static int add_item(struct run_builder *b, const struct ydoc *doc, size_t index,
                    const struct ynode *item)
{
	const struct ynode *name = ydoc_get(item, "case");

	if (item->kind != YNODE_MAP)
		return ydoc_error(doc, item, b->d,
		                  "item %zu is not a mapping (a case is a "
		                  "mapping with a 'case' name)",
		                  index + 1);
	if (!name)
		return ydoc_error(doc, item, b->d, "item %zu has no 'case'",
		                  index + 1);
	if (name->kind != YNODE_SCALAR)
		return ydoc_error(doc, name, b->d,
		                  "'case' must be a name, "
		                  "not a %s",
		                  name->kind == YNODE_SEQ ? "list" : "mapping");
	if (rb_case(b, name->str, name->len, (uint32_t)name->line,
	            (uint32_t)name->col) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < item->count; i++) {
		const struct ynode *k = item->keys[i];
		int rc = FP_OK;
		if (k->len == 7 && memcmp(k->str, "samples", 7) == 0)
			rc = add_samples(b, doc, item->items[i]);
		else if (!(k->len == 4 && memcmp(k->str, "case", 4) == 0))
			rc = add_field(b, k, item->items[i]);
		if (rc != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

int fmt_yaml(const struct fmt_src *s, struct run **out, struct diag *d)
{
	const char *path = s->path, *text = s->text;
	size_t len = s->len;
	struct ydoc *doc;
	const struct ynode *list;
	struct run_builder b;
	int rc = FP_ERR;

	if (ydoc_load(path, text, len, &doc, d) != FP_OK)
		return FP_ERR;
	list = doc->root;
	rb_init(&b, path, "yaml", d);
	if (!list) {
		diag_set(d, path, 0, 0, "no cases: the file is empty");
		goto out;
	}
	if (list->kind == YNODE_MAP) {
		list = ydoc_get(list, "cases");
		if (!list) {
			ydoc_error(doc, doc->root, d,
			           "no 'cases' list: a YAML run "
			           "is a list of cases, or a mapping with a "
			           "'cases' list");
			goto out;
		}
	}
	if (list->kind != YNODE_SEQ) {
		ydoc_error(doc, list, d, "expected a list of cases");
		goto out;
	}
	if (list->count == 0) {
		ydoc_error(doc, list, d, "no cases");
		goto out;
	}
	for (size_t i = 0; i < list->count; i++)
		if (add_item(&b, doc, i, list->items[i]) != FP_OK)
			goto out;
	rc = rb_finish_parts(&b, out);
out:
	rb_discard(&b);
	ydoc_free(doc);
	return rc;
}
