#!/bin/sh
set -eu
python3 -m py_compile src/test_bench.py
