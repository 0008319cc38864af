#!/bin/sh
set -eu
sed -i 's/^N = 3000 if FIXED else 2000$/N = 3000 if FIXED else 12000/' \
	src/test_bench.py
