#!/bin/sh
# make_sampled.sh csv N DIR | pytest DIR: writes DIR/before.* and DIR/after.*, a pair of
# runs with samples, the same bytes on every machine (integer arithmetic
# in awk only):
#   csv N     N cases x 5 repetitions as CSV rows (case, repetition,
#             runtime, passed); 1 case in 100 fails before; the fix makes
#             every case about 2 % slower, with 10 % between repetitions
#   pytest    a pytest-benchmark JSON pair of 4 benchmarks of 7,000,
#             18,000, 35,000 and 66,000 rounds each (stats.data), rounds of
#             a few microseconds with a long right tail, the fix 2 % slower
set -eu
kind=$1
case $kind in
csv) dir=$3 ;;
*) dir=$2 ;;
esac
mkdir -p "$dir"

csv() {
	awk -v n="$1" -v side="$2" 'BEGIN {
		print "case,repetition,runtime,passed"
		for (i = 0; i < n; i++) {
			h = (i * 2654435761) % 4294967296
			base = 1000 + h % 900000
			ok = side == "before" ? (i % 100 != 0) : 1
			for (r = 1; r <= 5; r++) {
				g = ((i * 5 + r) * 2246822519 + \
				     (side == "after")) % 4294967296
				u = (g % 10007) / 10007 - 0.5
				rt = base * (side == "after" ? 1.02 : 1) * \
				     (1 + 0.1 * u)
				printf "case_%d,%d,%.6f,%s\n", i, r, rt / 1000, \
				       ok ? "pass" : "fail"
			}
		}
	}'
}

pytest() {
	awk -v side="$1" 'BEGIN {
		split("7000 18000 35000 66000", size, " ")
		print "{\"machine_info\": {\"node\": \"bench\"},"
		print " \"commit_info\": {\"id\": \"" side "\"},"
		print " \"benchmarks\": ["
		for (b = 1; b <= 4; b++) {
			printf "  {\"name\": \"test_%d\", ", b
			printf "\"fullname\": \"test_bench.py::test_%d\", ", b
			printf "\"stats\": {\"rounds\": %d, \"data\": [", size[b]
			for (t = 0; t < size[b]; t++) {
				g = ((b * 100003 + t) * 2654435761 + \
				     (side == "after")) % 4294967296
				u = (g % 100003) / 100003
				rt = (b + 1) * (side == "after" ? 1.02 : 1) * \
				     (1 + 0.05 / (1.01 - u))
				printf "%s%.9f", t ? ", " : "", rt * 1e-6
			}
			printf "]}}%s\n", b < 4 ? "," : ""
		}
		print " ],"
		print " \"datetime\": \"2026-12-01T00:00:00\", \"version\": \"3.2.2\"}"
	}'
}

case $kind in
csv)
	csv "$2" before >"$dir/before.csv"
	csv "$2" after >"$dir/after.csv"
	;;
pytest)
	pytest before >"$dir/before.json"
	pytest after >"$dir/after.json"
	;;
*)
	echo "make_sampled.sh: csv N DIR or pytest DIR" >&2
	exit 2
	;;
esac
