/* jtree.h: building the jansson tree of a record (json.c) or of its
 * invocation (invocation.c).  The first failure (out of memory, in
 * practice) is remembered and the rest is built as far as it goes; the
 * writer reports it once. */
#ifndef FP_REPORT_JTREE_H
#define FP_REPORT_JTREE_H

#include <jansson.h>
#include <stdbool.h>

struct jtree {
	bool failed;
};

/* s as a JSON string (null when s is NULL); text that is not UTF-8 in
 * its escape_terminal form, as everywhere in the record. */
json_t *jt_str(struct jtree *b, const char *s);
/* Adds key: v to obj, taking v (also when obj is NULL or it fails). */
void jt_set(struct jtree *b, json_t *obj, const char *key, json_t *v);
/* Appends v to arr, taking v likewise. */
void jt_push(struct jtree *b, json_t *arr, json_t *v);

#endif
