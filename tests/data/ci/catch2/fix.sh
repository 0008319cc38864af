#!/bin/sh
set -eu
sed -i 's/return 41;/return 42;/' src/bench.cpp
