/* yamldoc.h: a small, safe YAML tree with source positions.
 *
 * Metric definitions, scenarios and YAML runs are read through this one
 * loader so that every YAML input gets the same defences: one document only;
 * anchors, aliases, tags and merge keys refused (aliases are how a small file
 * becomes a "billion laughs"); nesting depth, node count and scalar size
 * capped; duplicate mapping keys refused.  Every node keeps its line and
 * column for messages. */
#ifndef FP_YAMLDOC_H
#define FP_YAMLDOC_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

#define YDOC_MAX_DEPTH 64
#define YDOC_MAX_NODES 10000000
#define YDOC_MAX_SCALAR (1 << 20)

enum ynode_kind { YNODE_SCALAR, YNODE_SEQ, YNODE_MAP };

struct ynode {
	enum ynode_kind kind;
	int line, col; /* 1-based position of the node in the file */
	/* YNODE_SCALAR */
	char *str; /* NUL-terminated (may contain NUL? no: refused) */
	size_t len;
	bool quoted; /* written in quotes: never a number or bool */
	bool block;  /* written as a | or > block scalar */
	/* YNODE_SEQ: items; YNODE_MAP: keys[i] -> items[i] */
	size_t count;
	struct ynode **items;
	struct ynode **keys; /* scalars, for YNODE_MAP only */
};

struct ydoc {
	char *path;
	char *text; /* the whole file, for showing source lines */
	size_t text_len;
	struct ynode *root; /* NULL for an empty document */
};

/* Parses the YAML file at path (data may be given instead: if text != NULL
 * it is parsed and path is used only for messages).  Caller owns *out
 * (ydoc_free).  Errors: FILE:LINE:COL with libyaml's reason or ours. */
int ydoc_load(const char *path, const char *text, size_t len, struct ydoc **out,
              struct diag *d);
/* The same with another node cap than YDOC_MAX_NODES, so that tests can
 * try a cap at and past its value. */
int ydoc_load_capped(const char *path, const char *text, size_t len,
                     size_t max_nodes, struct ydoc **out, struct diag *d);
void ydoc_free(struct ydoc *doc);

/* Map lookup by key; NULL if absent or node is not a map. */
struct ynode *ydoc_get(const struct ynode *map, const char *key);

/* Fills d with "FILE:LINE:COL: message" at node. Returns FP_ERR. */
int ydoc_error(const struct ydoc *doc, const struct ynode *node, struct diag *d,
               const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Converts a plain (unquoted) scalar to a number; false if it is not one. */
bool ydoc_number(const struct ynode *node, double *out);

/* For a double-quoted scalar whose text starts at p (just after the
 * opening quote) in a file ending at limit: a copy of the file's text up
 * to the closing quote, *len bytes, with each escape that stands for a
 * blank (\t \n \r \<space> \<tab>, and \x \u \U forms of those)
 * written as spaces, as many as the escape is long.  Offsets in the copy
 * are offsets in the file; it differs from the scalar's value only in
 * blanks if it had no other escape and no escaped line break.  NULL if
 * the quote is not closed or out of memory.  Caller frees. */
char *ydoc_quoted_layout(const char *p, const char *limit, size_t *len);

/* The text of line `line` (1-based) of the document: *len set; NULL if
 * out of range.  For showing formulas' source lines. */
const char *ydoc_line(const struct ydoc *doc, int line, size_t *len);

#endif
