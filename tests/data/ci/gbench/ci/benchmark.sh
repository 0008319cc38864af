#!/bin/sh
set -eu
./bench --benchmark_repetitions=10 --benchmark_min_time=0.01 \
	--benchmark_out_format=json --benchmark_out="$1"
