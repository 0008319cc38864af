/* yaml.c: YAML runs, read through the safe loader (util/yamldoc.h).
 *
 *   - {case: m1, runtime: 12.4, passed: true}
 *
 * or a mapping with such a list under `cases` (other keys are ignored).
 * Plain scalars are read like CSV cells (a number, a pass word, or text);
 * quoted and block scalars are never numbers, as in JSON; lists, mappings
 * and nulls written as `~` or `null` are text. */
#include <string.h>

#include "input/input.h"
#include "util/yamldoc.h"

static int add_field(struct run_builder *b, const struct ynode *key,
                     const struct ynode *v)
{
	uint32_t line = (uint32_t)v->line, col = (uint32_t)v->col;
	long ci = rb_find_column(b, key->str, key->len);

	if (ci < 0 && (ci = rb_add_column(b, key->str, key->len,
	                                  (uint32_t)key->line,
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

static int add_item(struct run_builder *b, const struct ydoc *doc,
                    size_t index, const struct ynode *item)
{
	const struct ynode *name = ydoc_get(item, "case");

	if (item->kind != YNODE_MAP)
		return ydoc_error(doc, item, b->d,
		                  "item %zu is not a mapping (a case is a "
		                  "mapping with a 'case' name)", index + 1);
	if (!name)
		return ydoc_error(doc, item, b->d, "item %zu has no 'case'",
		                  index + 1);
	if (name->kind != YNODE_SCALAR)
		return ydoc_error(doc, name, b->d, "'case' must be a name, "
		                  "not a %s",
		                  name->kind == YNODE_SEQ ? "list" : "mapping");
	if (rb_case(b, name->str, name->len, (uint32_t)name->line,
	            (uint32_t)name->col) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < item->count; i++)
		if (!(item->keys[i]->len == 4 &&
		      memcmp(item->keys[i]->str, "case", 4) == 0) &&
		    add_field(b, item->keys[i], item->items[i]) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

int input_yaml(const char *path, const char *text, size_t len,
               struct run **out, struct diag *d)
{
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
			ydoc_error(doc, doc->root, d, "no 'cases' list: a YAML run "
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
	rc = rb_finish(&b, out);
out:
	rb_discard(&b);
	ydoc_free(doc);
	return rc;
}
