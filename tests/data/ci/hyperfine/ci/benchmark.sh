#!/bin/sh
set -eu
hyperfine -N -i --runs 10 --warmup 1 --style none --export-json "$1" \
	-n sleep 'sleep 0.01' -n check ./src/check.sh
