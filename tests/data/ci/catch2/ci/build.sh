#!/bin/sh
set -eu
g++ -O0 -c -o main.o src/main.cpp
g++ -O1 -c -o bench.o src/bench.cpp
g++ -o bench main.o bench.o
