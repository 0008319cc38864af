// Catch2's main, a file of its own so that a change to the benchmarks
// does not compile it again.
#define CATCH_CONFIG_MAIN
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>
