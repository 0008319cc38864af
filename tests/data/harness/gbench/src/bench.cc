// Tiny Google Benchmark harness for fixprice's reader tests.  Built twice:
// without AFTER (BM_err reports an error) and with -DAFTER (the fix: BM_err
// passes, the others do a little more work).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "spin.h"

static void BM_x(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(state.range(0)));
}
BENCHMARK(BM_x)->Arg(64);

template <typename T> static void BM_t(benchmark::State &state)
{
	std::vector<T> v((size_t)state.range(0), 1);
	for (auto _ : state) {
		T s = 0;
		for (int k = 0; k <= extra; k++)
			for (T x : v)
				benchmark::DoNotOptimize(s += x);
	}
}
BENCHMARK_TEMPLATE(BM_t, int)->Arg(4096);

static void BM_h(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(256));
}
BENCHMARK(BM_h)->Threads(2);

static void BM_err(benchmark::State &state)
{
#ifndef AFTER
	state.SkipWithError("wrong result: 41 != 42");
#endif
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(128));
}
BENCHMARK(BM_err);

static void BM_us(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(2000));
}
BENCHMARK(BM_us)->Unit(benchmark::kMicrosecond);

static void BM_ms(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(200000));
}
BENCHMARK(BM_ms)->Unit(benchmark::kMillisecond);

static void BM_s(benchmark::State &state)
{
	for (auto _ : state)
		benchmark::DoNotOptimize(spin(2000000));
}
BENCHMARK(BM_s)->Unit(benchmark::kSecond);

BENCHMARK_MAIN();
