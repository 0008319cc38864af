#!/bin/sh
# Regenerates the Catch2 reports of this folder (Debian catch2).
# Run from this folder: sh make.sh
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in before after; do
	def=; [ $v = after ] && def=-DFIXED
	g++ -O1 $def -o "$tmp/tests" src/tests.cpp
	(cd "$tmp" && ./tests -r junit -o "$here/$v-junit.xml" >/dev/null) || :
	# Benchmarks (src/bench.cpp): the XML reporter with and without the
	# analysis, and the JUnit reporter of the same run.
	g++ -O1 $def -o "$tmp/bench" src/bench.cpp
	(cd "$tmp" && ./bench -r xml --benchmark-samples 20 \
		-o "$here/bench-$v.xml" >/dev/null) || :
	(cd "$tmp" && ./bench -r xml --benchmark-samples 20 \
		--benchmark-no-analysis -o "$here/bench-$v-raw.xml" >/dev/null) || :
	(cd "$tmp" && ./bench -r junit --benchmark-samples 20 \
		-o "$here/bench-$v-junit.xml" >/dev/null) || :
	# The console reporter (the default), which keeps no run: before only.
	[ $v = after ] || (cd "$tmp" && ./bench --benchmark-samples 20 \
		> "$here/bench-$v-console.txt") || :
done
