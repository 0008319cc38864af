#!/bin/sh
set -eu
g++ -O2 -o bench src/bench.cc -lbenchmark -lpthread
