#include "util/sha256.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <nettle/sha2.h>

void sha256_ctx_hex(struct sha256_ctx *ctx, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	unsigned char digest[SHA256_DIGEST_SIZE];

	sha256_digest(ctx, sizeof digest, digest);
	for (size_t i = 0; i < sizeof digest; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 0xf];
	}
	hex[64] = '\0';
}

void sha256_hex(const void *data, size_t len, char hex[65])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_ctx_hex(&ctx, hex);
}

int sha256_file(const char *path, char hex[65], struct diag *d)
{
	unsigned char buf[65536];
	struct sha256_ctx ctx;
	size_t got;
	FILE *f = fopen(path, "rb");

	if (!f)
		return diag_set(d, path, 0, 0, "cannot read: %s",
		                strerror(errno));
	sha256_init(&ctx);
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		sha256_update(&ctx, got, buf);
	if (ferror(f)) {
		int err = errno;
		fclose(f);
		return diag_set(d, path, 0, 0, "cannot read: %s",
		                strerror(err));
	}
	fclose(f);
	sha256_ctx_hex(&ctx, hex);
	return FP_OK;
}
