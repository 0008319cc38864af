#!/bin/sh
# Regenerates the Catch2 JUnit reports of this folder (Debian catch2).
# Run from this folder: sh make.sh
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in before after; do
	def=; [ $v = after ] && def=-DFIXED
	g++ -O1 $def -o "$tmp/tests" src/tests.cpp
	(cd "$tmp" && ./tests -r junit -o "$here/$v-junit.xml" >/dev/null) || :
done
