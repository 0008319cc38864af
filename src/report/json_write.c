/* json_write.c: see json_write.h. */
#include "report/json_write.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/numfmt.h"

/* What jw_flush(w, false) leaves in memory at most, about. */
#define JW_PIECE (64 * 1024)

void jw_open(struct jw *w, FILE *out)
{
	*w = (struct jw){.out = out};
}

void jw_close(struct jw *w)
{
	free(w->p);
	w->p = NULL;
	w->n = w->cap = 0;
}

/* Room for `more` bytes at the end of the buffer. */
static bool room(struct jw *w, size_t more)
{
	size_t cap = w->cap ? w->cap : 2 * JW_PIECE;
	char *p;

	if (w->failed)
		return false;
	if (w->n + more <= w->cap)
		return true;
	while (cap < w->n + more)
		cap *= 2;
	p = realloc(w->p, cap);
	if (!p) {
		w->failed = true;
		return false;
	}
	w->p = p;
	w->cap = cap;
	return true;
}

bool jw_flush(struct jw *w, bool all)
{
	if (w->failed)
		return false;
	if ((all || w->n > JW_PIECE) && w->n) {
		if (fwrite(w->p, 1, w->n, w->out) != w->n)
			w->failed = true;
		w->n = 0;
	}
	return !w->failed;
}

void jw_raw(struct jw *w, const char *s, size_t n)
{
	if (!room(w, n))
		return;
	memcpy(w->p + w->n, s, n);
	w->n += n;
}

void jw_lit(struct jw *w, const char *s)
{
	jw_raw(w, s, strlen(s));
}

/* Whether s is valid UTF-8, as a JSON string must be. */
static bool is_utf8(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k)
		if ((unsigned char)s[i] < 0x80)
			k = 1;
		else if (!(k = escape_utf8_len(s + i, n - i)))
			return false;
	return true;
}

/* The letter of c's two-character escape, or 0 for none. */
static char short_escape(unsigned char c)
{
	switch (c) {
	case '"':
		return '"';
	case '\\':
		return '\\';
	case '\b':
		return 'b';
	case '\f':
		return 'f';
	case '\n':
		return 'n';
	case '\r':
		return 'r';
	case '\t':
		return 't';
	default:
		return 0;
	}
}

/* \uHHHH for cp, a surrogate pair above U+FFFF; the end of it. */
static char *put_u(char *o, unsigned long cp)
{
	static const char hex[] = "0123456789ABCDEF";

	if (cp > 0xffff) {
		o = put_u(o, 0xd800 + ((cp - 0x10000) >> 10));
		cp = 0xdc00 + ((cp - 0x10000) & 0x3ff);
	}
	memcpy(o, "\\u", 2);
	for (int k = 0; k < 4; k++)
		o[2 + k] = hex[(cp >> (12 - 4 * k)) & 15];
	return o + 6;
}

/* s[0..n), valid UTF-8, escaped as jansson escapes it (the quote, the
 * backslash and the controls below 0x20), and what must not reach a
 * terminal or a CI log raw even in data (escape_data_hidden: DEL, C1,
 * bidi and invisible characters, "##[") as \uHHHH: the same string to a
 * JSON reader. */
static void put_escaped(struct jw *w, const char *s, size_t n)
{
	char *o;

	/* \u00XX is the longest escape of a byte: 6 bytes for 1 (a hidden
	 * character of k bytes takes 6 or 12, at most 3k). */
	if (!room(w, 6 * n + 2))
		return;
	o = w->p + w->n;
	*o++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t k;
		long cp;
		char e;

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' &&
		    c != '#') {
			*o++ = (char)c;
		} else if (c >= 0x20 && c != '"' && c != '\\') {
			cp = escape_data_hidden(s + i, &k);
			if (cp >= 0)
				o = put_u(o, (unsigned long)cp);
			else
				memcpy(o, s + i, k), o += k;
			i += k - 1;
		} else if ((e = short_escape(c))) {
			*o++ = '\\';
			*o++ = e;
		} else {
			o = put_u(o, c);
		}
	}
	*o++ = '"';
	w->n = (size_t)(o - w->p);
}

void jw_str(struct jw *w, const char *s)
{
	size_t n = strlen(s);
	char *e;

	if (is_utf8(s, n)) {
		put_escaped(w, s, n);
		return;
	}
	e = escape_terminal(s);
	if (!e) {
		w->failed = true;
		return;
	}
	put_escaped(w, e, strlen(e));
	free(e);
}

void jw_real(struct jw *w, double x)
{
	if (!room(w, NUMFMT_MAX))
		return;
	w->n += numfmt_real(w->p + w->n, x);
}

void jw_int(struct jw *w, long long n)
{
	char buf[24];

	jw_raw(w, buf, (size_t)snprintf(buf, sizeof buf, "%lld", n));
}

/* A newline and `indent` spaces. */
static void newline(struct jw *w, int indent)
{
	if (!room(w, (size_t)indent + 1))
		return;
	w->p[w->n++] = '\n';
	memset(w->p + w->n, ' ', (size_t)indent);
	w->n += (size_t)indent;
}

static void put_object(struct jw *w, const json_t *v, int indent)
{
	const char *key;
	json_t *m;
	bool first = true;

	if (json_object_size(v) == 0) {
		jw_lit(w, "{}");
		return;
	}
	jw_lit(w, "{");
	json_object_foreach((json_t *)v, key, m)
	{
		if (!first)
			jw_lit(w, ",");
		first = false;
		newline(w, indent + 2);
		jw_str(w, key);
		jw_lit(w, ": ");
		jw_tree(w, m, indent + 2);
	}
	newline(w, indent);
	jw_lit(w, "}");
}

static void put_array(struct jw *w, const json_t *v, int indent)
{
	size_t n = json_array_size(v);

	if (n == 0) {
		jw_lit(w, "[]");
		return;
	}
	jw_lit(w, "[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			jw_lit(w, ",");
		newline(w, indent + 2);
		jw_tree(w, json_array_get(v, i), indent + 2);
	}
	newline(w, indent);
	jw_lit(w, "]");
}

void jw_tree(struct jw *w, const json_t *v, int indent)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		put_object(w, v, indent);
		break;
	case JSON_ARRAY:
		put_array(w, v, indent);
		break;
	case JSON_STRING:
		put_escaped(w, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		jw_int(w, (long long)json_integer_value(v));
		break;
	case JSON_REAL:
		jw_real(w, json_real_value(v));
		break;
	case JSON_TRUE:
		jw_lit(w, "true");
		break;
	case JSON_FALSE:
		jw_lit(w, "false");
		break;
	case JSON_NULL:
		jw_lit(w, "null");
		break;
	}
}
