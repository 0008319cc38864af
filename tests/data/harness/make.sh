#!/bin/sh
# Regenerates every file under tests/data/harness/ by running each tool's
# own make.sh.  Run from this folder: sh make.sh
set -eu
for tool in gbench hyperfine pytest go catch2 ctest criterion; do
	(cd $tool && sh make.sh)
done
