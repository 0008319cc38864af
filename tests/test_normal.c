/* test_normal.c: a deterministic stream of normal numbers (test_normal.h). */
#include <math.h>

#include "noise/rng.h"
#include "test_normal.h"

double uniform01(struct normal *g)
{
	g->state += NOISE_GOLDEN;
	return ((double)(noise_mix(g->state) >> 11) + 0.5) *
	       (1.0 / 9007199254740992.0);
}

double gauss(struct normal *g)
{
	double u = uniform01(g), v = uniform01(g);

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}
