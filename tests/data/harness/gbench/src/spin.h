// The work every benchmark here times: n steps before the fix, an eighth
// more per unit of `extra` after it (-DAFTER).
#include <benchmark/benchmark.h>

#include <cstdint>

#ifdef AFTER
static const int extra = 2;
#else
static const int extra = 0;
#endif

static uint64_t spin(int64_t n)
{
	uint64_t s = 0;
	for (int64_t i = 0; i < n + n / 8 * extra; i++)
		benchmark::DoNotOptimize(s += (uint64_t)i * 2654435761u);
	return s;
}
