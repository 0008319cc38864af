/* shorten.c: labels that keep names apart (shorten.h). */
#include "util/shorten.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

#define SEPARATORS "/_-.:=,;|()[]{} "
#define DOTS "..."

struct mid {
	const char *s; /* the name without the common prefix */
	size_t len;    /* bytes, without the common suffix */
	size_t i;      /* the name's place */
};

static size_t step(const char *s, size_t len)
{
	size_t k = escape_utf8_len(s, len);

	return k ? k : 1;
}

size_t shorten_chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t k = 0; k < len; n++)
		k += step(s + k, len - k);
	return n;
}

/* Byte offsets of the characters of s[0..len), off[nch] = len; NULL when
 * out of memory. */
static size_t *offsets(const char *s, size_t len, size_t *nch)
{
	size_t n = shorten_chars(s, len), *off = malloc((n + 1) * sizeof *off);

	if (!off)
		return NULL;
	for (size_t k = 0, c = 0; c <= n; c++) {
		off[c] = k;
		if (k < len)
			k += step(s + k, len - k);
	}
	*nch = n;
	return off;
}

/* The common prefix of all names, cut after its last separator. */
static size_t common_prefix(const char *const *name, size_t n)
{
	size_t lcp = strlen(name[0]);

	for (size_t i = 1; i < n; i++) {
		size_t k = 0;

		while (k < lcp && name[i][k] == name[0][k])
			k++;
		lcp = k;
	}
	while (lcp > 0 && !strchr(SEPARATORS, name[0][lcp - 1]))
		lcp--;
	return lcp;
}

/* The common suffix of all names (bytes), from its first separator. */
static size_t common_suffix(const char *const *name, size_t n)
{
	size_t l0 = strlen(name[0]), lcs = l0;

	for (size_t i = 1; i < n; i++) {
		size_t li = strlen(name[i]), k = 0;

		while (k < lcs && k < li &&
		       name[i][li - 1 - k] == name[0][l0 - 1 - k])
			k++;
		lcs = k;
	}
	while (lcs > 0 && !strchr(SEPARATORS, name[0][l0 - lcs]))
		lcs--;
	return lcs;
}

static int by_start(const void *a, const void *b)
{
	const struct mid *x = a, *y = b;
	size_t m = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, m);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static int by_end(const void *a, const void *b)
{
	const struct mid *x = a, *y = b;

	for (size_t k = 0; k < x->len && k < y->len; k++) {
		unsigned char p = (unsigned char)x->s[x->len - 1 - k],
		              q = (unsigned char)y->s[y->len - 1 - k];
		if (p != q)
			return p < q ? -1 : 1;
	}
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static size_t lcp_of(const struct mid *x, const struct mid *y)
{
	size_t k = 0;

	while (k < x->len && k < y->len && x->s[k] == y->s[k])
		k++;
	return k;
}

static size_t lcs_of(const struct mid *x, const struct mid *y)
{
	size_t k = 0;

	while (k < x->len && k < y->len &&
	       x->s[x->len - 1 - k] == y->s[y->len - 1 - k])
		k++;
	return k;
}

/* For each name, the byte where it first differs from every other from the
 * start (first[i]) and from the end (last[i], counted from the end): the
 * most it shares with its neighbours in sorted order. */
static bool differ_at(struct mid *m, size_t n, size_t *first, size_t *last)
{
	struct mid *s = malloc(n * sizeof *s);

	if (!s)
		return false;
	memcpy(s, m, n * sizeof *s);
	qsort(s, n, sizeof *s, by_start);
	for (size_t k = 0; k < n; k++) {
		size_t a = k > 0 ? lcp_of(&s[k], &s[k - 1]) : 0,
		       b = k + 1 < n ? lcp_of(&s[k], &s[k + 1]) : 0;
		first[s[k].i] = a > b ? a : b;
	}
	qsort(s, n, sizeof *s, by_end);
	for (size_t k = 0; k < n; k++) {
		size_t a = k > 0 ? lcs_of(&s[k], &s[k - 1]) : 0,
		       b = k + 1 < n ? lcs_of(&s[k], &s[k + 1]) : 0;
		last[s[k].i] = a > b ? a : b;
	}
	free(s);
	return true;
}

/* The character holding byte b of off[0..nch]. */
static size_t char_at(const size_t *off, size_t nch, size_t b)
{
	size_t c = 0;

	while (c + 1 < nch && off[c + 1] <= b)
		c++;
	return c;
}

struct cut {
	size_t h, ws, we, t, L; /* head [0,h), window [ws,we), tail */
};

static size_t cost(const struct cut *c)
{
	return c->h + (c->we - c->ws) + c->t + 3 * (c->h < c->ws) +
	       3 * (c->we < c->L - c->t);
}

/* Grows head, window and tail in turn by one character while the label
 * stays within max. */
static void grow(struct cut *c, size_t max)
{
	for (bool moved = true; moved;) {
		moved = false;
		for (int k = 0; k < 4; k++) {
			struct cut t = *c;

			if (k == 0 && t.h < t.ws)
				t.h++;
			else if (k == 1 && t.ws > t.h)
				t.ws--;
			else if (k == 2 && t.we < t.L - t.t)
				t.we++;
			else if (k == 3 && t.L - t.t > t.we)
				t.t++;
			else
				continue;
			if (cost(&t) <= max) {
				*c = t;
				moved = true;
			}
		}
	}
}

static void put_chars(FILE *f, const char *s, const size_t *off, size_t from,
                      size_t to)
{
	fwrite(s + off[from], 1, off[to] - off[from], f);
}

/* The label of m (longer than max characters) keeping the characters lo..hi
 * where it differs from its neighbours. */
static char *cut_label(const struct mid *m, size_t first, size_t last,
                       size_t max)
{
	size_t nch, *off = offsets(m->s, m->len, &nch), a, b, len;
	struct cut c = {0};
	char *out = NULL;
	FILE *f;

	if (!off)
		return NULL;
	a = first >= m->len ? nch - 1 : char_at(off, nch, first);
	b = last >= m->len ? 0 : char_at(off, nch, m->len - 1 - last);
	c.L = nch;
	c.ws = a < b ? a : b;
	c.we = (a < b ? b : a) + 1;
	if (cost(&c) > max) /* too far apart: where it differs from the start */
		c.ws = a, c.we = a + 1;
	if (cost(&c) > max)
		c.we = c.ws + 1;
	grow(&c, max);
	f = open_memstream(&out, &len);
	if (f) {
		put_chars(f, m->s, off, 0, c.h);
		fputs(c.h < c.ws ? DOTS : "", f);
		put_chars(f, m->s, off, c.ws, c.we);
		fputs(c.we < c.L - c.t ? DOTS : "", f);
		put_chars(f, m->s, off, c.L - c.t, c.L);
		if (fclose(f) != 0) {
			free(out);
			out = NULL;
		}
	}
	free(off);
	return out;
}

static char *copy(const char *s, size_t len)
{
	char *t = malloc(len + 1);

	if (t) {
		memcpy(t, s, len);
		t[len] = '\0';
	}
	return t;
}

/* ---- Step 3: no two labels alike ---- */

struct ent {
	const char *s;
	size_t i;  /* the label's place; SIZE_MAX: reserved */
	int round; /* 0: as made; else the round that retagged it */
};

static int by_label(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;
	int c = strcmp(x->s, y->s);

	if (c)
		return c;
	/* The one that keeps its label comes first: reserved, then one
	 * already retagged (retagged labels all differ), then by place. */
	if ((x->i == SIZE_MAX) != (y->i == SIZE_MAX))
		return x->i == SIZE_MAX ? -1 : 1;
	if ((x->round > 0) != (y->round > 0))
		return x->round > 0 ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* label cut to leave room for "~...~N" (round tildes) at its end. */
static char *retag(const char *label, size_t i, int round, size_t max)
{
	char tag[48], *out;
	size_t tl, keep, nch, *off;
	int k = 0;

	while (k < round && k < 8)
		tag[k++] = '~';
	snprintf(tag + k, sizeof tag - (size_t)k, "%zu", i + 1);
	tl = strlen(tag);
	off = offsets(label, strlen(label), &nch);
	if (!off)
		return NULL;
	keep = nch + tl <= max ? nch : (max > tl ? max - tl : 0);
	out = malloc(off[keep] + tl + 1);
	if (out) {
		memcpy(out, label, off[keep]);
		memcpy(out + off[keep], tag, tl + 1);
	}
	free(off);
	return out;
}

/* One round: sorts, retags all but the first of each run of equal
 * labels; *changed says whether any was. */
static bool dedupe_round(struct shorten *s, struct ent *e, size_t ne,
                         int *rounds, int round, size_t max, bool *changed)
{
	size_t k = 1;

	qsort(e, ne, sizeof *e, by_label);
	*changed = false;
	/* Marked first (round -1), retagged after: the labels compared
	 * stay alive while the run is read. */
	for (; k < ne; k++)
		if (strcmp(e[k].s, e[k - 1].s) == 0 && e[k].i != SIZE_MAX)
			e[k].round = -1;
	for (k = 0; k < ne; k++) {
		char *t;

		if (e[k].round != -1)
			continue;
		if (!(t = retag(e[k].s, e[k].i, round, max)))
			return false;
		free(s->label[e[k].i]);
		s->label[e[k].i] = t;
		rounds[e[k].i] = round;
		*changed = true;
	}
	return true;
}

static bool shorten_dedupe(struct shorten *s, size_t max,
                           const char *const *reserved, size_t nreserved)
{
	size_t ne = s->n + nreserved;
	struct ent *e = malloc((ne ? ne : 1) * sizeof *e);
	int *rounds = calloc(s->n ? s->n : 1, sizeof *rounds);
	bool ok = e && rounds, changed = true;

	/* A retagged label ends in its own place, so retagged labels all
	 * differ; each round retags at least one label that was not. */
	for (int round = 1; ok && changed && round < 64; round++) {
		for (size_t i = 0; i < s->n; i++)
			e[i] = (struct ent){s->label[i], i, rounds[i]};
		for (size_t k = 0; k < nreserved; k++)
			e[s->n + k] = (struct ent){reserved[k], SIZE_MAX, 0};
		ok = dedupe_round(s, e, ne, rounds, round, max, &changed);
	}
	free(e);
	free(rounds);
	return ok;
}

/* Step 1 and 2 (shorten.h) into s->label. */
static bool make_labels(const char *const *name, size_t n, size_t max,
                        struct shorten *s)
{
	size_t p = 0, x = 0, *first = NULL, *last = NULL;
	bool fits = true, ok = false;
	struct mid *m = malloc(n * sizeof *m);

	for (size_t i = 0; i < n && fits; i++)
		fits = shorten_chars(name[i], strlen(name[i])) <= max;
	if (!fits && n >= 2) {
		p = common_prefix(name, n);
		x = common_suffix(name, n);
		for (size_t i = 0; i < n; i++)
			if (strlen(name[i]) < p + x + 1)
				x = 0;
		for (size_t i = 0; i < n; i++)
			if (strlen(name[i]) < p + 1)
				p = 0;
	}
	s->prefix = copy(name[0], p);
	s->suffix = copy(name[0] + strlen(name[0]) - x, x);
	first = malloc(n * sizeof *first);
	last = malloc(n * sizeof *last);
	if (!m || !s->prefix || !s->suffix || !first || !last)
		goto out;
	for (size_t i = 0; i < n; i++)
		m[i] = (struct mid){name[i] + p, strlen(name[i]) - p - x, i};
	if (!fits && !differ_at(m, n, first, last))
		goto out;
	for (size_t i = 0; i < n; i++) {
		s->label[i] = shorten_chars(m[i].s, m[i].len) <= max
		                  ? copy(m[i].s, m[i].len)
		                  : cut_label(&m[i], first[i], last[i], max);
		if (!s->label[i])
			goto out;
	}
	ok = true;
out:
	free(m);
	free(first);
	free(last);
	return ok;
}

bool shorten_names(const char *const *name, size_t n, size_t max,
                   const char *const *reserved, size_t nreserved,
                   struct shorten *out)
{
	memset(out, 0, sizeof *out);
	if (max < SHORTEN_MIN)
		max = SHORTEN_MIN;
	out->label = calloc(n ? n : 1, sizeof *out->label);
	out->n = n;
	if (!out->label)
		return false;
	if (n == 0) {
		out->prefix = copy("", 0);
		out->suffix = copy("", 0);
	} else if (!make_labels(name, n, max, out)) {
		shorten_free(out);
		return false;
	}
	if (!out->prefix || !out->suffix ||
	    !shorten_dedupe(out, max, reserved, nreserved)) {
		shorten_free(out);
		return false;
	}
	return true;
}

void shorten_free(struct shorten *s)
{
	if (s->label)
		for (size_t i = 0; i < s->n; i++)
			free(s->label[i]);
	free(s->label);
	free(s->prefix);
	free(s->suffix);
	memset(s, 0, sizeof *s);
}
