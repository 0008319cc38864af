// A flaky fix for fixprice's reader tests: BM_flaky fails its check in
// every repetition before the fix; after it (-DAFTER), only in the second
// of its repetitions, and BM_steady does a little more work.  Iterations
// are fixed, so each repetition is one call and the calls can be counted.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "spin.h"

static void BM_flaky(benchmark::State &state)
{
	static int calls;
	bool fails = true;
#ifdef AFTER
	fails = ++calls == 2;
#else
	(void)calls;
#endif
	if (fails)
		state.SkipWithError("wrong result: 41 != 42");
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(512));
}
BENCHMARK(BM_flaky)->Iterations(20000);

static void BM_steady(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(256));
}
BENCHMARK(BM_steady)->Iterations(20000);

BENCHMARK_MAIN();
