#!/bin/sh
# Regenerates the pytest and pytest-benchmark outputs of this folder
# (Debian python3-pytest, python3-pytest-benchmark).  Run from this folder
# (sh make.sh more: only the files made after the first ones, below "more").
set -eu
part=${1:-all}
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp src/test_bench.py "$tmp/"
opts="-p no:cacheprovider --benchmark-min-rounds=3 --benchmark-max-time=0.000001
	--benchmark-warmup=off --benchmark-disable-gc"
if [ "$part" = all ]; then
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
fi
# more: machine_info.cpu holding py-cpuinfo's whole reading (its CPU
# frequency, hz_actual, read anew each run), through pytest-benchmark's
# pytest_benchmark_update_machine_info hook (src/conftest_cpuinfo.py).
cp src/conftest_cpuinfo.py "$tmp/conftest.py"
for v in before after; do
	fixed=0; [ $v = after ] && fixed=1
	(cd "$tmp" && FIXED=$fixed /usr/bin/python3 -m pytest -q $opts \
		--benchmark-json="$here/$v-cpuinfo.json" test_bench.py \
		>/dev/null 2>&1) || :
done
