/* sha256.h: SHA-256 of files and buffers as lowercase hex (via nettle).
 *
 * Decision records name every input by its hash, so that a later reader can
 * tell whether the file they have is the one the decision was made from. */
#ifndef FP_SHA256_H
#define FP_SHA256_H

#include <stddef.h>

#include "util/diag.h"

/* Hashes the bytes of the file at path into hex (64 digits and a NUL).
 * Errors: "FILE: cannot read: REASON". */
int sha256_file(const char *path, char hex[65], struct diag *d);

/* Hashes data[0..len) into hex (64 digits and a NUL). */
void sha256_hex(const void *data, size_t len, char hex[65]);

/* Finishes nettle's incremental hash ctx (sha256_init, sha256_update) into
 * hex, for inputs hashed as they are read (util/source.c). */
struct sha256_ctx;
void sha256_ctx_hex(struct sha256_ctx *ctx, char hex[65]);

#endif
