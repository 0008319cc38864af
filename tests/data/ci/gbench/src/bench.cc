// Google Benchmark for the CI examples' test: BM_check calls SkipWithError
// until the fix; `work` is how much BM_work and BM_check do (the slowdown
// raises it).  Two cases, so that a case newly passing outweighs what a
// loaded machine's noise can cost.
#include <benchmark/benchmark.h>

#include <cstdint>

static const int work = 1;

static uint64_t spin(int64_t n)
{
	uint64_t s = 0;
	for (int64_t i = 0; i < n * work; i++)
		benchmark::DoNotOptimize(s += (uint64_t)i * 2654435761u);
	return s;
}

static void BM_work(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(256));
}
BENCHMARK(BM_work);

static bool fixed = false;

static void BM_check(benchmark::State &state)
{
	if (!fixed)
		state.SkipWithError("wrong result: 41 != 42");
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(128));
}
BENCHMARK(BM_check);

BENCHMARK_MAIN();
