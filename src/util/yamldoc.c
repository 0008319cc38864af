/* yamldoc.c: the safe YAML loader (what it refuses and why: yamldoc.h).
 *
 * The tree is built from libyaml's event stream, never from its document
 * loader: the event stream lets every refusal (alias, tag, depth, size)
 * happen before anything is allocated for it.  A large file is first walked
 * without building anything, so that a file over the node cap is refused
 * without first costing memory for ten million nodes. */
#include "util/yamldoc.h"
#include "util/yamlpos.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util/escape.h"
#include "util/numfmt.h"
#include "util/source.h"

#define YDOC_MAX_FILE ((size_t)1 << 30)
#define YDOC_PRECHECK_BYTES ((size_t)4 << 20)
#define SHOW_MAX 60 /* bytes of a key shown in a message */

/* One open sequence or mapping. */
struct frame {
	enum ynode_kind kind;
	struct ynode *node; /* NULL in the checking walk */
	struct ynode *key;  /* mapping: a key waiting for its value */
	bool want_key;      /* mapping: the next node is a key */
	size_t cap;
};

struct loader {
	const char *path;
	const char *text;
	size_t len;
	bool build; /* false: only check, allocate nothing */
	struct frame stack[YDOC_MAX_DEPTH];
	int depth;
	size_t nodes, max_nodes;
	int docs;
	struct ynode *root;
	struct diag *d;
};

static void node_free(struct ynode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->count; i++) {
		node_free(n->items[i]);
		if (n->keys)
			node_free(n->keys[i]);
	}
	free(n->items);
	free(n->keys);
	free(n->str);
	free(n);
}

__attribute__((format(printf, 4, 0))) static int vfail(struct loader *L,
                                                       int line, int col,
                                                       const char *fmt,
                                                       va_list ap)
{
	diag_vset(L->d, L->path, line, col, fmt, ap);
	ydoc_attach_source(L->d, L->text, L->len, line, col);
	return FP_ERR;
}

__attribute__((format(printf, 3, 4))) static int fail_at(struct loader *L,
                                                         yaml_mark_t m,
                                                         const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(L, (int)m.line + 1, (int)m.column + 1, fmt, ap);
	va_end(ap);
	return FP_ERR;
}

__attribute__((format(printf, 3, 4))) static int fail_offset(struct loader *L,
                                                             size_t off,
                                                             const char *fmt,
                                                             ...)
{
	int line, col;
	va_list ap;

	ydoc_offset_position(L->text, L->len, off, &line, &col);
	va_start(ap, fmt);
	vfail(L, line, col, fmt, ap);
	va_end(ap);
	return FP_ERR;
}

/* libyaml's own complaint, with its words and its position. */
static int parser_error(struct loader *L, const yaml_parser_t *p)
{
	switch (p->error) {
	case YAML_MEMORY_ERROR:
		return diag_oom(L->d);
	case YAML_READER_ERROR:
		return fail_offset(L, p->problem_offset, "%s",
		                   p->problem ? p->problem : "cannot read");
	default:
		/* A quoted scalar the file ends in is wrong where it opens. */
		if (p->context && strstr(p->context, "quoted scalar") &&
		    p->problem_mark.index >= L->len)
			return fail_at(
			    L, p->context_mark,
			    "quoted scalar is not "
			    "closed: the file ends before its closing "
			    "quote");
		if (p->context)
			return fail_at(L, p->problem_mark, "%s (%s at line %d)",
			               p->problem, p->context,
			               (int)p->context_mark.line + 1);
		return fail_at(L, p->problem_mark, "%s",
		               p->problem ? p->problem : "syntax error");
	}
}

/* Refuses anchors and tags, the node properties we do not support. */
static int check_properties(struct loader *L, const yaml_event_t *ev,
                            const yaml_char_t *anchor, const yaml_char_t *tag)
{
	static const char core[] = "tag:yaml.org,2002:";

	if (anchor)
		return fail_at(L, ev->start_mark,
		               "YAML anchors are not allowed (&%s)", anchor);
	if (tag) {
		const char *t = (const char *)tag;
		if (strncmp(t, core, sizeof core - 1) == 0)
			return fail_at(L, ev->start_mark,
			               "YAML tags are not allowed (!!%s)",
			               t + sizeof core - 1);
		return fail_at(L, ev->start_mark,
		               "YAML tags are not allowed (%s)", t);
	}
	return FP_OK;
}

static int count_node(struct loader *L, const yaml_event_t *ev)
{
	if (++L->nodes > L->max_nodes)
		return fail_at(L, ev->start_mark, "more than %zu YAML nodes",
		               L->max_nodes);
	return FP_OK;
}

static struct ynode *new_node(struct loader *L, enum ynode_kind kind,
                              const yaml_event_t *ev)
{
	struct ynode *n = calloc(1, sizeof *n);

	if (!n) {
		diag_oom(L->d);
		return NULL;
	}
	n->kind = kind;
	n->line = (int)ev->start_mark.line + 1;
	n->col = (int)ev->start_mark.column + 1;
	return n;
}

static int grow(struct loader *L, struct frame *f)
{
	size_t cap = f->cap ? 2 * f->cap : 4;
	struct ynode **items, **keys;

	items = realloc(f->node->items, cap * sizeof *items);
	if (!items)
		return diag_oom(L->d);
	f->node->items = items;
	if (f->kind == YNODE_MAP) {
		keys = realloc(f->node->keys, cap * sizeof *keys);
		if (!keys)
			return diag_oom(L->d);
		f->node->keys = keys;
	}
	f->cap = cap;
	return FP_OK;
}

/* Checks that a node of this kind may stand where the event puts it (a key
 * must be a scalar and not a merge key).  Called before the node exists. */
static int check_place(struct loader *L, const yaml_event_t *ev,
                       enum ynode_kind kind)
{
	struct frame *f;

	if (L->depth == 0)
		return FP_OK;
	f = &L->stack[L->depth - 1];
	if (f->kind != YNODE_MAP || !f->want_key)
		return FP_OK;
	if (kind != YNODE_SCALAR)
		return fail_at(L, ev->start_mark,
		               "a mapping key must be a scalar");
	if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    ev->data.scalar.length == 2 &&
	    memcmp(ev->data.scalar.value, "<<", 2) == 0)
		return fail_at(L, ev->start_mark,
		               "YAML merge keys ('<<') are not allowed");
	return FP_OK;
}

/* Puts n (NULL in the checking walk) where it belongs.  Takes ownership of
 * n even on failure. */
static int place(struct loader *L, struct ynode *n)
{
	struct frame *f;

	if (L->depth == 0) {
		L->root = n;
		return FP_OK;
	}
	f = &L->stack[L->depth - 1];
	if (f->kind == YNODE_MAP && f->want_key) {
		f->key = n;
		f->want_key = false;
		return FP_OK;
	}
	if (f->kind == YNODE_MAP)
		f->want_key = true;
	if (!L->build)
		return FP_OK;
	if (f->node->count == f->cap && grow(L, f) != FP_OK) {
		node_free(n);
		return FP_ERR;
	}
	if (f->kind == YNODE_MAP) {
		f->node->keys[f->node->count] = f->key;
		f->key = NULL;
	}
	f->node->items[f->node->count++] = n;
	return FP_OK;
}

static int on_scalar(struct loader *L, const yaml_event_t *ev)
{
	const yaml_char_t *v = ev->data.scalar.value;
	size_t len = ev->data.scalar.length;
	yaml_scalar_style_t style = ev->data.scalar.style;
	struct ynode *n = NULL;

	if (check_properties(L, ev, ev->data.scalar.anchor,
	                     ev->data.scalar.tag) != FP_OK ||
	    check_place(L, ev, YNODE_SCALAR) != FP_OK ||
	    count_node(L, ev) != FP_OK)
		return FP_ERR;
	if (len > YDOC_MAX_SCALAR)
		return fail_at(L, ev->start_mark, "scalar longer than %d bytes",
		               YDOC_MAX_SCALAR);
	/* A raw NUL byte is refused before parsing, but "\0" in double
	 * quotes makes one too, and C strings would silently cut it. */
	if (memchr(v, '\0', len))
		return fail_at(L, ev->start_mark,
		               "NUL characters are not allowed");
	if (L->build) {
		n = new_node(L, YNODE_SCALAR, ev);
		if (!n)
			return FP_ERR;
		n->str = malloc(len + 1);
		if (!n->str) {
			free(n);
			return diag_oom(L->d);
		}
		memcpy(n->str, v, len);
		n->str[len] = '\0';
		n->len = len;
		n->quoted = style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
		            style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
		n->block = style == YAML_LITERAL_SCALAR_STYLE ||
		           style == YAML_FOLDED_SCALAR_STYLE;
	}
	return place(L, n);
}

static int on_start(struct loader *L, const yaml_event_t *ev,
                    enum ynode_kind kind)
{
	const yaml_char_t *anchor, *tag;
	struct ynode *n = NULL;
	struct frame *f;

	if (kind == YNODE_SEQ) {
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
	} else {
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
	}
	if (check_properties(L, ev, anchor, tag) != FP_OK ||
	    check_place(L, ev, kind) != FP_OK || count_node(L, ev) != FP_OK)
		return FP_ERR;
	if (L->depth == YDOC_MAX_DEPTH)
		return fail_at(L, ev->start_mark,
		               "nesting deeper than %d levels", YDOC_MAX_DEPTH);
	if (L->build) {
		n = new_node(L, kind, ev);
		if (!n)
			return FP_ERR;
	}
	if (place(L, n) != FP_OK)
		return FP_ERR;
	f = &L->stack[L->depth++];
	*f = (struct frame){
	    .kind = kind, .node = n, .want_key = kind == YNODE_MAP};
	return FP_OK;
}

static int key_cmp(const void *a, const void *b)
{
	const struct ynode *x = *(struct ynode *const *)a;
	const struct ynode *y = *(struct ynode *const *)b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->str, y->str, n);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return (x->col > y->col) - (x->col < y->col);
}

static bool before(const struct ynode *a, const struct ynode *b)
{
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* Duplicate keys, found by sorting (a hash could be made slow by a crafted
 * file); the duplicate reported is the earliest one in the file. */
static int check_duplicates(struct loader *L, const struct ynode *map)
{
	struct ynode **keys, *dup = NULL, *first = NULL;
	char *shown, *safe;

	if (map->count < 2)
		return FP_OK;
	keys = malloc(map->count * sizeof *keys);
	if (!keys)
		return diag_oom(L->d);
	memcpy(keys, map->keys, map->count * sizeof *keys);
	qsort(keys, map->count, sizeof *keys, key_cmp);
	for (size_t i = 0, j; i < map->count; i = j) {
		for (j = i + 1;
		     j < map->count && keys[j]->len == keys[i]->len &&
		     memcmp(keys[j]->str, keys[i]->str, keys[i]->len) == 0;
		     j++)
			;
		if (j - i > 1 && (!dup || before(keys[i + 1], dup))) {
			dup = keys[i + 1];
			first = keys[i];
		}
	}
	free(keys);
	if (!dup)
		return FP_OK;
	/* A quoted key may hold escapes for control characters: show the key
	 * in its terminal-safe form, cut to a readable length. */
	shown = strndup(dup->str, dup->len > SHOW_MAX ? SHOW_MAX : dup->len);
	safe = shown ? escape_terminal(shown) : NULL;
	free(shown);
	if (!safe)
		return diag_oom(L->d);
	diag_set(L->d, L->path, dup->line, dup->col,
	         "duplicate key '%s%s' (first on line %d)", safe,
	         dup->len > SHOW_MAX ? "..." : "", first->line);
	free(safe);
	ydoc_attach_source(L->d, L->text, L->len, dup->line, dup->col);
	return FP_ERR;
}

static int on_end(struct loader *L)
{
	struct frame *f = &L->stack[--L->depth];

	if (L->build && f->kind == YNODE_MAP)
		return check_duplicates(L, f->node);
	return FP_OK;
}

static int on_event(struct loader *L, const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (++L->docs > 1)
			return fail_at(
			    L, ev->start_mark,
			    "only one YAML document is allowed per file");
		return FP_OK;
	case YAML_ALIAS_EVENT:
		return fail_at(L, ev->start_mark,
		               "YAML aliases are not allowed (*%s)",
		               ev->data.alias.anchor);
	case YAML_SCALAR_EVENT:
		return on_scalar(L, ev);
	case YAML_SEQUENCE_START_EVENT:
		return on_start(L, ev, YNODE_SEQ);
	case YAML_MAPPING_START_EVENT:
		return on_start(L, ev, YNODE_MAP);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return on_end(L);
	default:
		return FP_OK;
	}
}

/* Frees what a failed walk left: the tree so far and keys waiting for
 * their values. */
static void abandon(struct loader *L)
{
	for (int i = 0; i < L->depth; i++)
		node_free(L->stack[i].key);
	node_free(L->root);
	L->root = NULL;
	L->depth = 0;
}

/* One pass over the events; builds the tree into L->root if L->build. */
static int walk(struct loader *L)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	int rc = FP_OK;
	bool done = false;

	L->depth = 0;
	L->nodes = 0;
	L->docs = 0;
	L->root = NULL;
	if (!yaml_parser_initialize(&parser))
		return diag_oom(L->d);
	yaml_parser_set_input_string(&parser, (const unsigned char *)L->text,
	                             L->len);
	while (!done && rc == FP_OK) {
		if (!yaml_parser_parse(&parser, &ev)) {
			rc = parser_error(L, &parser);
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		rc = on_event(L, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (rc != FP_OK)
		abandon(L);
	return rc;
}

/* Reads a whole file into a NUL-terminated buffer the caller frees. */
/* Reads the file once (a pipe or "-" too) and takes its bytes. */
static int read_file(const char *path, char **text, size_t *len, struct diag *d)
{
	struct source src;

	if (source_read(path, YDOC_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	*text = src.data;
	*len = src.len;
	return FP_OK;
}

int ydoc_load(const char *path, const char *text, size_t len, struct ydoc **out,
              struct diag *d)
{
	return ydoc_load_capped(path, text, len, YDOC_MAX_NODES, out, d);
}

int ydoc_load_capped(const char *path, const char *text, size_t len,
                     size_t max_nodes, struct ydoc **out, struct diag *d)
{
	struct loader L = {.path = path, .d = d, .max_nodes = max_nodes};
	struct ydoc *doc = calloc(1, sizeof *doc);
	const char *nul;

	if (!doc || !(doc->path = strdup(path))) {
		free(doc);
		return diag_oom(d);
	}
	if (text) {
		if (!(doc->text = malloc(len + 1))) {
			ydoc_free(doc);
			return diag_oom(d);
		}
		memcpy(doc->text, text, len);
		doc->text[len] = '\0';
		doc->text_len = len;
	} else if (read_file(path, &doc->text, &doc->text_len, d) != FP_OK) {
		ydoc_free(doc);
		return FP_ERR;
	}
	L.text = doc->text;
	L.len = doc->text_len;
	/* libyaml would take a NUL for the end of the stream or complain
	 * vaguely; say what it is. */
	nul = memchr(L.text, '\0', L.len);
	if (nul) {
		fail_offset(&L, (size_t)(nul - L.text),
		            "NUL bytes are not allowed in a YAML file");
		ydoc_free(doc);
		return FP_ERR;
	}
	if (L.len > YDOC_PRECHECK_BYTES && walk(&L) != FP_OK) {
		ydoc_free(doc);
		return FP_ERR;
	}
	L.build = true;
	if (walk(&L) != FP_OK) {
		ydoc_free(doc);
		return FP_ERR;
	}
	doc->root = L.root;
	*out = doc;
	return FP_OK;
}

void ydoc_free(struct ydoc *doc)
{
	if (!doc)
		return;
	node_free(doc->root);
	free(doc->text);
	free(doc->path);
	free(doc);
}

struct ynode *ydoc_get(const struct ynode *map, const char *key)
{
	size_t klen;

	if (!map || map->kind != YNODE_MAP || !key)
		return NULL;
	klen = strlen(key);
	for (size_t i = 0; i < map->count; i++)
		if (map->keys[i]->len == klen &&
		    memcmp(map->keys[i]->str, key, klen) == 0)
			return map->items[i];
	return NULL;
}

bool ydoc_number(const struct ynode *node, double *out)
{
	double v;

	if (!node || node->kind != YNODE_SCALAR || node->quoted || node->block)
		return false;
	/* numfmt_parse allows surrounding blanks; a plain scalar has none,
	 * but "1e999" overflows to infinity, which is not a number we take. */
	if (!numfmt_parse(node->str, node->len, &v) || !isfinite(v))
		return false;
	*out = v;
	return true;
}

int ydoc_error(const struct ydoc *doc, const struct ynode *node, struct diag *d,
               const char *fmt, ...)
{
	int line = node ? node->line : 0, col = node ? node->col : 0;
	va_list ap;

	va_start(ap, fmt);
	diag_vset(d, doc->path, line, col, fmt, ap);
	va_end(ap);
	if (node)
		ydoc_attach_source(d, doc->text, doc->text_len, line, col);
	return FP_ERR;
}

const char *ydoc_line(const struct ydoc *doc, int line, size_t *len)
{
	if (!doc)
		return NULL;
	return ydoc_text_line(doc->text, doc->text_len, line, len);
}
