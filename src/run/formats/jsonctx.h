/* jsonctx.h: what the JSON readers share beyond positions: a context
 * object made run context, and a list of items made cases. */
#ifndef FP_RUN_FORMATS_JSONCTX_H
#define FP_RUN_FORMATS_JSONCTX_H

#include <stddef.h>

#include "run/builder.h"
#include "run/formats/jsonpos.h"

/* Adds the members of JSON object o to b's context, each key prefixed
 * with prefix (jsonctx.c says how values become text). */
int fmt_json_context(struct run_builder *b, const char *prefix,
                     struct json_t *o);

/* Adds each item of the JSON list, on which cursor c stands (each item's
 * position given to add), then finishes the run (rb_finish) into *out;
 * discards b either way. */
typedef int (*json_item_fn)(struct run_builder *b, size_t index,
                            struct json_t *item, const struct jcur *at,
                            const void *ctx);
int fmt_json_items(struct run_builder *b, struct json_t *list, struct jcur *c,
                   json_item_fn add, const void *ctx, struct run **out);

#endif
