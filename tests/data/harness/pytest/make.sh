#!/bin/sh
# Regenerates the pytest and pytest-benchmark outputs of this folder
# (Debian python3-pytest, python3-pytest-benchmark).  Run from this folder.
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp src/test_bench.py "$tmp/"
opts="-p no:cacheprovider --benchmark-min-rounds=3 --benchmark-max-time=0.000001
	--benchmark-warmup=off --benchmark-disable-gc"
for v in before after; do
	fixed=0; [ $v = after ] && fixed=1
	(cd "$tmp" && FIXED=$fixed /usr/bin/python3 -m pytest -q $opts \
		--benchmark-json="$here/$v.json" \
		--junitxml="$here/$v-junit.xml" test_bench.py >/dev/null 2>&1) || :
	(cd "$tmp" && FIXED=$fixed /usr/bin/python3 -m pytest -q $opts \
		--benchmark-save-data --benchmark-json="$here/$v-data.json" \
		test_bench.py >/dev/null 2>&1) || :
	# Stats only: a saved file without --benchmark-save-data.
	(cd "$tmp" && FIXED=$fixed /usr/bin/python3 -m pytest -q $opts \
		--benchmark-storage="file://$tmp/store" --benchmark-save=$v \
		test_bench.py >/dev/null 2>&1) || :
	cp "$tmp"/store/*/*_$v.json "$here/$v-saved.json"
done
# A parametrized test (src/test_param.py): one case per parameter value.
cp src/test_param.py "$tmp/"
for v in before after; do
	fixed=0; [ $v = after ] && fixed=1
	(cd "$tmp" && FIXED=$fixed /usr/bin/python3 -m pytest -q $opts \
		--benchmark-json="$here/$v-param.json" test_param.py \
		>/dev/null 2>&1) || :
done
