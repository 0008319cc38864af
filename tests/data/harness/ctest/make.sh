#!/bin/sh
# Regenerates the CTest JUnit reports of this folder (Debian cmake).
# Run from this folder: sh make.sh
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in before after; do
	fixed=OFF; [ $v = after ] && fixed=ON
	cmake -S src -B "$tmp/$v" -DFIXED=$fixed >/dev/null
	(cd "$tmp/$v" && ctest --output-junit "$here/$v-junit.xml" >/dev/null 2>&1) || :
done
