#!/bin/sh
set -eu
./bench -r xml --benchmark-samples 10 -o "$1"
