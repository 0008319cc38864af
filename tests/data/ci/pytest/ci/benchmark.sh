#!/bin/sh
set -eu
pytest -q -p no:cacheprovider --benchmark-only \
	--benchmark-min-rounds=10 --benchmark-json="$1" src/test_bench.py
