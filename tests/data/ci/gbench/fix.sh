#!/bin/sh
set -eu
sed -i 's/^static bool fixed = false;$/static bool fixed = true;/' src/bench.cc
