// Tiny Catch2 (v2) suite for fixprice's JUnit reader tests: built with
// -DFIXED (after the fix) "check result" passes; without it, it fails.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

static int answer()
{
#ifdef FIXED
	return 42;
#else
	return 41;
#endif
}

TEST_CASE("spin", "[bench]") { REQUIRE(1 + 1 == 2); }
TEST_CASE("check result", "[bench]") { REQUIRE(answer() == 42); }
TEST_CASE("needs a GPU", "[.gpu]") { REQUIRE(false); }
