#!/bin/sh
set -eu
sed -i 's/^static const int work = 1;$/static const int work = 6;/' src/bench.cc
