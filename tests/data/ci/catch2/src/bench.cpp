// Catch2 benchmarks for the CI examples' test: "check" asserts the answer
// inside its benchmark; before the fix the answer is wrong, so the
// benchmark fails with no time, its test case fails and the run exits 1.
// Two cases, so that a case newly passing outweighs what a loaded
// machine's noise can cost.
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>

#include <cstdint>

static const int work = 1;

static int answer()
{
	return 41;
}

static uint64_t spin(int64_t n)
{
	uint64_t s = 0;
	for (int64_t i = 0; i < n * work; i++)
		s += (uint64_t)i * 2654435761u;
	return s;
}

TEST_CASE("spin", "[bench]")
{
	BENCHMARK("spin 256") { return spin(256); };
}

TEST_CASE("check result", "[bench]")
{
	BENCHMARK("check")
	{
		REQUIRE(answer() == 42);
		return spin(128);
	};
}
