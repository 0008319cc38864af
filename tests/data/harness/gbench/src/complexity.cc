// Google Benchmark shapes beyond plain timings, for fixprice's reader
// tests: complexity rows (->Complexity(): BigO and RMS aggregates without
// real_time), a user-defined statistic (->ComputeStatistics("max")), and
// one benchmark per thread count.  Built twice: without AFTER, BM_fix
// reports an error; with -DAFTER (the fix) it passes and the others do a
// little more work.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "spin.h"

static void BM_c(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(state.range(0)));
	state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_c)->RangeMultiplier(4)->Range(64, 1024)->Complexity();

static double max_of(const std::vector<double> &v)
{
	return *std::max_element(v.begin(), v.end());
}

static void BM_stat(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(512));
}
BENCHMARK(BM_stat)->ComputeStatistics("max", max_of);

static void BM_th(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(256));
}
BENCHMARK(BM_th)->Threads(1)->Threads(2);

static void BM_fix(benchmark::State &state)
{
#ifndef AFTER
	state.SkipWithError("wrong result: 41 != 42");
#endif
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(128));
}
BENCHMARK(BM_fix);

BENCHMARK_MAIN();
