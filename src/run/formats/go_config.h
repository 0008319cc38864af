/* go_config.h: the configuration lines of Go benchmark text ("key:
 * value"), as the format's specification and benchstat read them: each
 * sets a key for the results after it, until the key is set again.  Two
 * results of one benchmark under different configurations are different
 * results, so a configuration is part of a result's identity (go.c).
 *
 * A configuration is interned: each distinct set of key-value pairs (in
 * order of the keys' first appearance) has a small number, so that
 * results compare configurations as numbers.  Two keys are left out of
 * the identity: `pkg`, which is part of a benchmark's name instead
 * (go_names.c), and the one the run is split by (--split-by), whose values
 * tell the before and the after results apart instead. */
#ifndef FP_RUN_GO_CONFIG_H
#define FP_RUN_GO_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strindex.h"

/* Caps on what a hostile file makes the reader keep. */
#define GO_MAX_KEYS 256     /* distinct configuration keys */
#define GO_MAX_CONFIGS 4096 /* distinct configurations */
#define GO_MAX_CONFIG 8192  /* bytes of one configuration's text */

struct go_config {
	const char *skip; /* the key left out of the identity, or NULL */
	size_t nkeys;
	char *key[GO_MAX_KEYS], *value[GO_MAX_KEYS]; /* value NULL: unset */
	bool dirty;     /* changed since `current` was interned */
	size_t current; /* the configuration's number */
	/* The interned configurations: "key: value\n" lines. */
	char **text;
	size_t n;
	struct strindex index;
};

/* Starts with no keys set; skip (borrowed) is left out of the identity.
 * False when out of memory. */
bool go_config_init(struct go_config *c, const char *skip);
void go_config_free(struct go_config *c);

/* Sets key[0..klen) to value[0..vlen).  Returns 0, or -1 when out of
 * memory, or -2 past GO_MAX_KEYS. */
int go_config_set(struct go_config *c, const char *key, size_t klen,
                  const char *value, size_t vlen);

/* The value of key now, or NULL if unset. */
const char *go_config_get(const struct go_config *c, const char *key);

/* The number of the configuration now (0, 1, ...).  Returns
 * STRINDEX_NONE when out of memory, STRINDEX_NONE - 1 past GO_MAX_CONFIGS
 * or GO_MAX_CONFIG. */
size_t go_config_id(struct go_config *c);

/* The first key whose value differs between configurations a and b, as
 * "KEY: A" and "KEY: B" (a missing key as "no KEY") into bufa and bufb
 * (size bytes each), and the key into key (ksize bytes). */
void go_config_diff(const struct go_config *c, size_t a, size_t b, char *bufa,
                    char *bufb, char *key, size_t size, size_t ksize);

/* How many values the lines "key: value" of text[0..len) give key: 0, 1,
 * 2, or 3 for three or more. */
size_t go_config_count(const char *text, size_t len, const char *key);

#endif
