#!/bin/sh
# Regenerates every Google Benchmark file of this folder from src/bench.cc
# (Debian libbenchmark-dev).  Run from this folder: sh make.sh (sh make.sh
# more: only the files made after the first ones, below "more").
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
part=${1:-all}
if [ "$part" = all ]; then
for v in before after; do
	def=; [ $v = after ] && def=-DAFTER
	g++ -O2 $def -o "$tmp/$v" src/bench.cc -lbenchmark -lpthread
	run() {
		out=$1; shift
		(cd "$tmp" && ./$v --benchmark_min_time=0.01 \
			--benchmark_out="$here/$out" "$@" >/dev/null 2>&1)
	}
	run $v.json --benchmark_out_format=json
	run $v-reps.json --benchmark_out_format=json --benchmark_repetitions=3
	run $v-aggr.json --benchmark_out_format=json --benchmark_repetitions=3 \
		--benchmark_report_aggregates_only=true
	run $v.csv --benchmark_out_format=csv
	run $v-reps.csv --benchmark_out_format=csv --benchmark_repetitions=3
done
# Complexity rows, a user statistic, two thread counts (src/complexity.cc),
# 3 repetitions: every row, and aggregates only.
for v in before after; do
	def=; [ $v = after ] && def=-DAFTER
	g++ -O2 $def -o "$tmp/c$v" src/complexity.cc -lbenchmark -lpthread
	for form in reps aggr; do
		only=false; [ $form = aggr ] && only=true
		(cd "$tmp" && ./c$v --benchmark_min_time=0.01 \
			--benchmark_repetitions=3 \
			--benchmark_report_aggregates_only=$only \
			--benchmark_out_format=json \
			--benchmark_out="$here/complexity-$v-$form.json" \
			>/dev/null 2>&1)
	done
done
# Complexity rows and a user statistic as CSV (src/complexity.cc).
for v in before after; do
	def=; [ $v = after ] && def=-DAFTER
	g++ -O2 $def -o "$tmp/c$v" src/complexity.cc -lbenchmark -lpthread
	(cd "$tmp" && ./c$v --benchmark_min_time=0.01 \
		--benchmark_repetitions=3 --benchmark_out_format=csv \
		--benchmark_out="$here/complexity-$v-reps.csv" >/dev/null 2>&1)
done
# A flaky fix (src/flaky.cc): BM_flaky fails every repetition before,
# one of 3 after; JSON and CSV.
for v in before after; do
	def=; [ $v = after ] && def=-DAFTER
	g++ -O2 $def -o "$tmp/f$v" src/flaky.cc -lbenchmark -lpthread
	for form in json csv; do
		(cd "$tmp" && ./f$v --benchmark_repetitions=3 \
			--benchmark_out_format=$form \
			--benchmark_out="$here/flaky-$v.$form" >/dev/null 2>&1)
	done
done
fi
# more: the console output (standard output, no --benchmark_out), which
# keeps no run.
g++ -O2 -o "$tmp/before" src/bench.cc -lbenchmark -lpthread
(cd "$tmp" && ./before --benchmark_min_time=0.01 > "$here/before-console.txt" \
	2>/dev/null)
