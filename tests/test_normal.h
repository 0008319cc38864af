/* test_normal.h: a deterministic stream of normal numbers for the noise
 * tests' simulations (Box-Muller on splitmix64; test_normal.c). */
#ifndef TEST_NORMAL_H
#define TEST_NORMAL_H

#include <stdint.h>

struct normal {
	uint64_t state;
};

/* Uniform in (0, 1), never 0 or 1. */
double uniform01(struct normal *g);
/* Standard normal. */
double gauss(struct normal *g);

#endif
