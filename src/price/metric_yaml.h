/* metric_yaml.h: reading metric and scenario files out of a YAML tree.
 *
 * The pieces both loaders share: checking a mapping's keys (with "did you
 * mean" for a near miss), scalars that must be text or numbers, valid names,
 * and the source position of a formula written as a YAML scalar, so that a
 * formula error points at the file's real line and column. */
#ifndef FP_METRIC_YAML_H
#define FP_METRIC_YAML_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"
#include "util/diag.h"
#include "util/yamldoc.h"

/* Fails at the first key of map that is not in known[0..nknown): "unknown
 * key 'K'; did you mean 'X'?" when one is close, else "unknown key 'K'
 * (known: a, b, c)".  `where` prefixes nested keys ("weights." or ""). */
int myaml_check_keys(const struct ydoc *doc, const struct ynode *map,
                     const char *where, const char *const *known, size_t nknown,
                     struct diag *d);

/* The document's root as a mapping of known keys: `empty` is the error
 * for a document with nothing in it, `not_map` for a root of another
 * kind; unknown keys as myaml_check_keys. */
int myaml_check_root(const struct ydoc *doc, const char *empty,
                     const char *not_map, const char *const *known,
                     size_t nknown, struct diag *d);

/* The candidate closest to word by edit distance, or NULL if none is close
 * enough to suggest. */
const char *myaml_closest(const char *word, const char *const *cands,
                          size_t ncands);

/* True if s is a name a formula can use: [A-Za-z_][A-Za-z0-9_]*. */
bool myaml_is_identifier(const char *s);

/* True for a YAML null: a plain empty scalar (`key:` with nothing after). */
bool myaml_is_null(const struct ynode *node);

/* Reads a scalar as text into *out (caller frees).  Errors: "WHAT must be
 * text" for a list or mapping; "WHAT must not be empty" if !allow_empty. */
int myaml_text(const struct ydoc *doc, const struct ynode *node,
               const char *what, bool allow_empty, char **out, struct diag *d);

/* Reads a plain scalar as a finite number: "WHAT must be a number". */
int myaml_number(const struct ydoc *doc, const struct ynode *node,
                 const char *what, double *out, struct diag *d);

/* Fills src for the formula written as scalar node: text, line, column and
 * the file line's prefix.  For a plain, quoted or block scalar that spans
 * lines, text is the scalar as it stands in the file (indentation and line
 * breaks included, which the formula language reads as blanks), so that
 * positions after a line break are right too.  src->file is set to file
 * (borrowed); src->text and src->prefix are allocated: free them with
 * myaml_src_free.  Errors: "WHAT must be a formula (text)", "WHAT is empty". */
int myaml_formula(const struct ydoc *doc, const struct ynode *node,
                  const char *file, const char *what, struct fx_src *src,
                  struct diag *d);

/* Shows the whole line d->line of doc under d's message, the caret at
 * d->col: a formula error then shows the file's line as it is, also what
 * follows the formula on it (a comment, the end of a flow mapping). */
void myaml_show_line(const struct ydoc *doc, struct diag *d);

/* A multi-line scalar (folded formula, description) on one line: every run
 * of blanks and line breaks becomes one space, none at the ends.  Caller
 * frees; NULL when out of memory. */
char *myaml_one_line(const char *s);

/* Frees src->text and src->prefix (not src->file) and clears them. */
void myaml_src_free(struct fx_src *src);

#endif
