#include "price/metric_yaml.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/editdist.h"

int myaml_check_root(const struct ydoc *doc, const char *empty,
                     const char *not_map, const char *const *known,
                     size_t nknown, struct diag *d)
{
	if (!doc->root)
		return diag_set(d, doc->path, 0, 0, "%s", empty);
	if (doc->root->kind != YNODE_MAP)
		return ydoc_error(doc, doc->root, d, "%s", not_map);
	return myaml_check_keys(doc, doc->root, "", known, nknown, d);
}

const char *myaml_closest(const char *word, const char *const *cands,
                          size_t ncands)
{
	/* One edit for short words, two for longer ones: more would suggest
	 * unrelated keys. */
	size_t len = strlen(word);

	return closest_word(word, len, cands, ncands, len <= 4 ? 1 : 2);
}

int myaml_check_keys(const struct ydoc *doc, const struct ynode *map,
                     const char *where, const char *const *known, size_t nknown,
                     struct diag *d)
{
	for (size_t i = 0; i < map->count; i++) {
		const struct ynode *key = map->keys[i];
		const char *hint;
		char list[DIAG_MSG_MAX / 2];
		size_t used = 0;
		bool found = false;

		for (size_t k = 0; k < nknown && !found; k++)
			found = strcmp(key->str, known[k]) == 0;
		if (found)
			continue;
		hint = myaml_closest(key->str, known, nknown);
		if (hint)
			return ydoc_error(
			    doc, key, d,
			    "unknown key '%s%s'; did you mean '%s%s'?", where,
			    key->str, where, hint);
		list[0] = '\0';
		for (size_t k = 0; k < nknown && used < sizeof list; k++)
			used +=
			    (size_t)snprintf(list + used, sizeof list - used,
			                     "%s%s", k ? ", " : "", known[k]);
		return ydoc_error(doc, key, d, "unknown key '%s%s' (known: %s)",
		                  where, key->str, list);
	}
	return FP_OK;
}

bool myaml_is_identifier(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	      *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

bool myaml_is_null(const struct ynode *node)
{
	return node->kind == YNODE_SCALAR && !node->quoted && !node->block &&
	       node->len == 0;
}

int myaml_text(const struct ydoc *doc, const struct ynode *node,
               const char *what, bool allow_empty, char **out, struct diag *d)
{
	if (node->kind != YNODE_SCALAR)
		return ydoc_error(doc, node, d, "%s must be text", what);
	if (!allow_empty && node->len == 0)
		return ydoc_error(doc, node, d, "%s must not be empty", what);
	*out = strdup(node->str);
	if (!*out)
		return diag_oom(d);
	return FP_OK;
}

int myaml_number(const struct ydoc *doc, const struct ynode *node,
                 const char *what, double *out, struct diag *d)
{
	if (node->kind != YNODE_SCALAR || !ydoc_number(node, out))
		return ydoc_error(doc, node, d, "%s must be a number", what);
	if (!isfinite(*out))
		return ydoc_error(doc, node, d, "%s must be a finite number",
		                  what);
	/* 1e-400 would read as 0, as a run's cell, a formula literal or
	 * --set refuse it: a digit other than 0 before the exponent. */
	for (size_t i = 0; *out == 0 && i < node->len; i++) {
		char c = node->str[i];
		if (c == 'e' || c == 'E')
			break;
		if (c >= '1' && c <= '9')
			return ydoc_error(doc, node, d,
			                  "%s: number '%s' is too small for a "
			                  "double (it would read as 0)",
			                  what, node->str);
	}
	return FP_OK;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Byte offset of 1-based character column col in line[0..len): libyaml
 * counts columns in characters, and UTF-8 continuation bytes are not. */
static size_t column_offset(const char *line, size_t len, int col)
{
	size_t off = 0;

	for (int c = 1; c < col && off < len; c++) {
		off++;
		while (off < len && ((unsigned char)line[off] & 0xc0) == 0x80)
			off++;
	}
	return off;
}

/* 1-based character column of byte offset off in line. */
static int offset_column(const char *line, size_t off)
{
	int col = 1;

	for (size_t i = 0; i < off; i++)
		if (((unsigned char)line[i] & 0xc0) != 0x80)
			col++;
	return col;
}

/* Finds str in the file from p on, reading any run of blanks in str as any
 * run of blanks in the file (that is what YAML's line folding and block
 * indentation do to a scalar).  On success sets [*start, *end) in the file;
 * false when the two differ otherwise (escapes in quoted scalars). */
static bool match_in_file(const char *str, const char *p, const char *limit,
                          const char **start, const char **end)
{
	while (*str && is_blank(*str))
		str++;
	while (p < limit && is_blank(*p))
		p++;
	*start = p;
	while (*str) {
		if (is_blank(*str)) {
			while (*str && is_blank(*str))
				str++;
			if (!*str)
				break;
			if (p >= limit || !is_blank(*p))
				return false;
			while (p < limit && is_blank(*p))
				p++;
			continue;
		}
		if (p >= limit || *p != *str)
			return false;
		p++;
		str++;
	}
	*end = p;
	return true;
}

/* Where the text of scalar node starts looking in the file: after an
 * opening quote, or on the line after a | or > block indicator. */
static const char *text_start(const struct ynode *node, const char *line,
                              size_t llen, const char *limit)
{
	const char *p = line + column_offset(line, llen, node->col);

	if (node->block) {
		p = line + llen;
		if (p < limit && *p == '\r')
			p++;
		if (p < limit && *p == '\n')
			p++;
	} else if (node->quoted && (*p == '"' || *p == '\'')) {
		p++;
	}
	return p;
}

/* Fills src's allocated strings: prefix[0..plen) and text[0..tlen). */
static int fill_src(const struct ydoc *doc, const struct ynode *node,
                    const char *prefix, size_t plen, const char *text,
                    size_t tlen, struct fx_src *src, struct diag *d)
{
	src->prefix = strndup(prefix, plen);
	src->text = strndup(text, tlen);
	if (!src->prefix || !src->text) {
		myaml_src_free(src);
		return diag_oom(d);
	}
	return FP_OK;
}

/* A double-quoted scalar's text as laid out in the file from p on, with
 * escaped blanks blanked (ydoc_quoted_layout), or NULL. */
static char *quoted_layout(const struct ynode *node, const char *line,
                           const char *p, const char *limit, size_t *len)
{
	if (!node->quoted || p <= line || p[-1] != '"')
		return NULL;
	return ydoc_quoted_layout(p, limit, len);
}

int myaml_formula(const struct ydoc *doc, const struct ynode *node,
                  const char *file, const char *what, struct fx_src *src,
                  struct diag *d)
{
	const char *limit = doc->text + doc->text_len;
	const char *line, *p, *start, *end, *text;
	char *lay = NULL;
	bool flat = false;
	size_t llen;
	int rc;

	memset(src, 0, sizeof *src);
	src->file = file;
	if (node->kind != YNODE_SCALAR)
		return ydoc_error(doc, node, d, "%s must be a formula (text)",
		                  what);
	if (strspn(node->str, " \t\r\n") == node->len)
		return ydoc_error(doc, node, d, "%s is empty", what);

	src->line = node->line;
	src->col = node->col;
	line = ydoc_line(doc, node->line, &llen);
	if (!line) /* no source to point into: the text alone will do */
		return fill_src(doc, node, "", 0, node->str, node->len, src, d);
	p = text_start(node, line, llen, limit);
	if (match_in_file(node->str, p, limit, &start, &end)) {
		text = start;
	} else if ((lay = quoted_layout(node, line, p, limit, &llen)) &&
	           match_in_file(node->str, lay, lay + llen, &text, &end)) {
		/* Only blanks were escapes ("min(1,\n x)"): the file's text
		 * with them blanked is the formula, at the file's positions. */
		start = p + (text - lay);
	} else {
		/* Other escapes: the decoded text, on one line, shown where
		 * it starts (its newlines would point past the scalar). */
		start = p + strspn(p, " \t");
		text = node->str;
		end = node->str + node->len;
		flat = true;
	}
	for (const char *q = line; q < start; q++) {
		if (*q == '\n') {
			src->line++;
			line = q + 1;
		}
	}
	src->col = offset_column(line, (size_t)(start - line));
	rc = fill_src(doc, node, line, (size_t)(start - line), text,
	              (size_t)(end - text), src, d);
	for (char *c = (char *)src->text; rc == FP_OK && flat && *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	free(lay);
	return rc;
}

void myaml_show_line(const struct ydoc *doc, struct diag *d)
{
	size_t len;
	const char *line = d->line > 0 ? ydoc_line(doc, d->line, &len) : NULL;

	if (line && d->col > 0)
		diag_set_source(d, line, len, column_offset(line, len, d->col));
}

char *myaml_one_line(const char *s)
{
	size_t used = 0;
	char *flat = malloc(strlen(s) + 1);

	if (!flat)
		return NULL;
	for (; *s; s++) {
		if (!is_blank(*s))
			flat[used++] = *s;
		else if (used > 0 && flat[used - 1] != ' ')
			flat[used++] = ' ';
	}
	while (used > 0 && flat[used - 1] == ' ')
		used--;
	flat[used] = '\0';
	return flat;
}

void myaml_src_free(struct fx_src *src)
{
	free((char *)src->text);
	free((char *)src->prefix);
	src->text = NULL;
	src->prefix = NULL;
}
