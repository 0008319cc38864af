/* go_config.c: configurations of Go benchmark text (go_config.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/go_config.h"

bool go_config_init(struct go_config *c, const char *skip)
{
	*c = (struct go_config){.skip = skip, .dirty = true};
	c->text = calloc(GO_MAX_CONFIGS, sizeof *c->text);
	if (!c->text)
		return false;
	if (!strindex_init(&c->index, (const char *const *)c->text,
	                   GO_MAX_CONFIGS)) {
		free(c->text);
		c->text = NULL;
		return false;
	}
	return true;
}

void go_config_free(struct go_config *c)
{
	for (size_t i = 0; i < c->nkeys; i++) {
		free(c->key[i]);
		free(c->value[i]);
	}
	for (size_t i = 0; c->text && i < c->n; i++)
		free(c->text[i]);
	if (c->text)
		strindex_free(&c->index);
	free(c->text);
	memset(c, 0, sizeof *c);
}

/* Whether key is left out of the identity: the split key, and the
 * package, which is part of a benchmark's name instead (go_names.c). */
static bool left_out(const struct go_config *c, const char *key)
{
	return (c->skip && strcmp(key, c->skip) == 0) ||
	       strcmp(key, "pkg") == 0;
}

static long find_key(const struct go_config *c, const char *key, size_t klen)
{
	for (size_t i = 0; i < c->nkeys; i++)
		if (strncmp(c->key[i], key, klen) == 0 && c->key[i][klen] == 0)
			return (long)i;
	return -1;
}

int go_config_set(struct go_config *c, const char *key, size_t klen,
                  const char *value, size_t vlen)
{
	long k = find_key(c, key, klen);
	char *v;

	if (k >= 0 && c->value[k] && strlen(c->value[k]) == vlen &&
	    memcmp(c->value[k], value, vlen) == 0)
		return 0; /* the same again: an appended run's header */
	if (k < 0) {
		if (c->nkeys == GO_MAX_KEYS)
			return -2;
		if (!(c->key[c->nkeys] = strndup(key, klen)))
			return -1;
		k = (long)c->nkeys++;
	}
	if (!(v = strndup(value, vlen)))
		return -1;
	free(c->value[k]);
	c->value[k] = v;
	if (!left_out(c, c->key[k]))
		c->dirty = true;
	return 0;
}

const char *go_config_get(const struct go_config *c, const char *key)
{
	long k = find_key(c, key, strlen(key));

	return k >= 0 ? c->value[k] : NULL;
}

/* The configuration now as text, or NULL (out of memory, or too long:
 * *too_long set). */
static char *config_text(const struct go_config *c, bool *too_long)
{
	size_t len = 1;
	char *s;

	for (size_t i = 0; i < c->nkeys; i++)
		if (c->value[i] && !left_out(c, c->key[i]))
			len += strlen(c->key[i]) + strlen(c->value[i]) + 3;
	*too_long = len > GO_MAX_CONFIG;
	if (*too_long || !(s = malloc(len)))
		return NULL;
	s[0] = '\0';
	for (size_t i = 0; i < c->nkeys; i++)
		if (c->value[i] && !left_out(c, c->key[i])) {
			strcat(s, c->key[i]);
			strcat(s, ": ");
			strcat(s, c->value[i]);
			strcat(s, "\n");
		}
	return s;
}

size_t go_config_id(struct go_config *c)
{
	bool too_long;
	char *s;
	size_t got;

	if (!c->dirty)
		return c->current;
	if (!(s = config_text(c, &too_long)))
		return too_long ? STRINDEX_NONE - 1 : STRINDEX_NONE;
	if ((got = strindex_find(&c->index, s)) != STRINDEX_NONE) {
		free(s);
	} else if (c->n == GO_MAX_CONFIGS) {
		free(s);
		return STRINDEX_NONE - 1;
	} else {
		c->text[c->n] = s;
		strindex_add(&c->index, c->n);
		got = c->n++;
	}
	c->dirty = false;
	c->current = got;
	return got;
}

/* The value of the line "key: ..." in text (a configuration), or NULL;
 * its length in *len. */
static const char *lookup(const char *text, const char *key, size_t klen,
                          size_t *len)
{
	for (const char *s = text; *s;) {
		const char *nl = strchr(s, '\n');
		if (strncmp(s, key, klen) == 0 && s[klen] == ':') {
			*len = (size_t)(nl - s) - klen - 2;
			return s + klen + 2;
		}
		s = nl + 1;
	}
	return NULL;
}

/* "KEY: VALUE" or "no KEY" into buf. */
static void show(char *buf, size_t size, const char *key, size_t klen,
                 const char *v, size_t vlen)
{
	if (v)
		snprintf(buf, size, "%.*s: %.*s", (int)klen, key, (int)vlen, v);
	else
		snprintf(buf, size, "no %.*s", (int)klen, key);
}

void go_config_diff(const struct go_config *c, size_t a, size_t b, char *bufa,
                    char *bufb, char *key, size_t size, size_t ksize)
{
	const char *ta = c->text[a], *tb = c->text[b];

	snprintf(key, ksize, "KEY");
	snprintf(bufa, size, "?");
	snprintf(bufb, size, "?");
	for (int pass = 0; pass < 2; pass++) {
		for (const char *s = pass ? tb : ta; *s;) {
			const char *colon = strchr(s, ':'),
			           *nl = strchr(s, '\n');
			size_t klen = (size_t)(colon - s), la = 0, lb = 0;
			const char *va = lookup(ta, s, klen, &la);
			const char *vb = lookup(tb, s, klen, &lb);
			if (!va || !vb || la != lb || memcmp(va, vb, la) != 0) {
				snprintf(key, ksize, "%.*s", (int)klen, s);
				show(bufa, size, s, klen, va, la);
				show(bufb, size, s, klen, vb, lb);
				return;
			}
			s = nl + 1;
		}
	}
}

size_t go_config_count(const char *text, size_t len, const char *key)
{
	const char *seen[3], *s = text, *end = text + len;
	size_t seen_len[3], n = 0, klen = strlen(key);

	while (s < end && n < 3) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t l = nl ? (size_t)(nl - s) : (size_t)(end - s), k;
		const char *v = s + klen + 1;
		if (l > klen && memcmp(s, key, klen) == 0 && s[klen] == ':') {
			while (v < s + l && (*v == ' ' || *v == '\t'))
				v++;
			l = (size_t)(s + l - v);
			while (l > 0 && (v[l - 1] == ' ' || v[l - 1] == '\r'))
				l--;
			for (k = 0; k < n; k++)
				if (seen_len[k] == l &&
				    memcmp(seen[k], v, l) == 0)
					break;
			if (k == n) {
				seen[n] = v;
				seen_len[n++] = l;
			}
		}
		s = nl ? nl + 1 : end;
	}
	return n;
}
