/* jtree.c: building a record's jansson tree (jtree.h). */
#include <stdlib.h>

#include "report/jtree.h"
#include "util/escape.h"

json_t *jt_str(struct jtree *b, const char *s)
{
	json_t *v;
	char *e;

	if (!s)
		return json_null();
	if ((v = json_string(s)))
		return v;
	e = escape_terminal(s);
	v = e ? json_string(e) : NULL;
	free(e);
	if (!v)
		b->failed = true;
	return v;
}

void jt_set(struct jtree *b, json_t *obj, const char *key, json_t *v)
{
	/* json_object_set_new takes v even when it fails. */
	if (!obj) {
		json_decref(v);
		b->failed = true;
	} else if (json_object_set_new(obj, key, v) != 0) {
		b->failed = true;
	}
}

void jt_push(struct jtree *b, json_t *arr, json_t *v)
{
	if (!arr) {
		json_decref(v);
		b->failed = true;
	} else if (json_array_append_new(arr, v) != 0) {
		b->failed = true;
	}
}
