// Catch2 (v2) benchmarks for fixprice's Catch2 XML reader tests: built
// with -DFIXED (after the fix) "check result" passes and its benchmark
// runs; without it the benchmark throws (a failing benchmark, no time).
// The others do a little more work after the fix.
#define CATCH_CONFIG_MAIN
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>

#ifdef FIXED
static const int extra = 2;
#else
static const int extra = 0;
#endif

static uint64_t spin(int64_t n)
{
	uint64_t s = 0;
	for (int64_t i = 0; i < n + n / 8 * extra; i++)
		s += (uint64_t)i * 2654435761u;
	return s;
}

TEST_CASE("spin", "[bench]")
{
	BENCHMARK("spin 64") { return spin(64); };
	BENCHMARK("spin 256") { return spin(256); };
}

TEST_CASE("check result", "[bench]")
{
	BENCHMARK("check")
	{
#ifndef FIXED
		throw std::runtime_error("wrong result: 41 != 42");
#endif
		return spin(128);
	};
}
