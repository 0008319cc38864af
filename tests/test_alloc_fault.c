/* test_alloc_fault.c: allocation failures on demand (test_alloc_fault.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_alloc_fault.h"

/* The real functions and their stand-ins, as ld's --wrap names them. */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
FILE *__real_open_memstream(char **buf, size_t *len);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
FILE *__wrap_open_memstream(char **buf, size_t *len);

static long countdown = -1;
static bool hit;
static enum memstream_mode ms_mode = MEMSTREAM_REAL;

void alloc_fail_at(long n)
{
	countdown = n;
	hit = false;
}

bool alloc_failed(void)
{
	return hit;
}

void memstream_mode(enum memstream_mode mode)
{
	ms_mode = mode;
}

/* True if this allocation is the one to fail. */
static bool fail_now(void)
{
	if (countdown < 0)
		return false;
	if (countdown-- > 0)
		return false;
	hit = true;
	return true;
}

void *__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
	return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
	return fail_now() ? NULL : __real_strndup(s, n);
}

FILE *__wrap_open_memstream(char **buf, size_t *len)
{
	switch (ms_mode) {
	case MEMSTREAM_NULL: return NULL;
	case MEMSTREAM_FULL: return fopen("/dev/full", "w");
	case MEMSTREAM_READONLY: return fopen("/dev/null", "r");
	default: return __real_open_memstream(buf, len);
	}
}

long alloc_sweep(int (*fn)(void *arg, struct diag *d), void *arg)
{
	struct diag d;

	for (long k = 0;; k++) {
		int rc;

		memset(&d, 0, sizeof d);
		alloc_fail_at(k);
		rc = fn(arg, &d);
		if (!alloc_failed()) {
			alloc_fail_at(-1);
			if (rc != FP_OK)
				fail_msg("no allocation failed, but the result "
				         "was %d with \"%s\"", rc, d.msg);
			return k;
		}
		if (rc != FP_OK && (rc != FP_ERR ||
		                    !strstr(d.msg, "out of memory")))
			fail_msg("allocation %ld failed, but the result was %d "
			         "with \"%s\"", k, rc, d.msg);
	}
}
