#!/bin/sh
# Regenerates the hyperfine exports of this folder (Debian hyperfine).
# "check" exits 1 before the fix (kept in the run by -i) and 0 after it;
# the other commands sleep a little longer after it.  Run from this folder
# (sh make.sh more: only the files made after the first ones, below "more").
set -eu
part=${1:-all}
if [ "$part" = all ]; then
hf() {
	v=$1 check=$2 sleep=$3
	hyperfine -N -i --runs 3 --warmup 1 --style none \
		--export-json $v.json --export-csv $v.csv \
		-n sleep "sleep $sleep" -n check "sh -c 'exit $check'" \
		-n true "true" >/dev/null 2>&1
}
hf before 1 0.01
hf after 0 0.012
# A parameter scan whose two values -n gives one name: "check" sleeps
# 1 or 2 ms and exits 1 before the fix, 0 after it.
hp() {
	v=$1 check=$2
	hyperfine -N -i --runs 3 --warmup 1 --style none \
		--export-json $v-params.json --export-csv $v-params.csv \
		-L n 1,2 -n check "sh -c 'sleep 0.00{n}; exit $check'" \
		>/dev/null 2>&1
}
hp before 1
hp after 0
fi
# more: the standard output of the before run, which keeps no run.
hyperfine -N -i --runs 3 --warmup 1 -n sleep "sleep 0.01" \
	-n check "sh -c 'exit 1'" -n true "true" > before-stdout.txt 2>/dev/null
# A command of 389 bytes, named by itself (no -n).
long=$(printf 'x%.0s' $(seq 1 384))
hyperfine -N --runs 2 --style none --export-json long.json "true $long" \
	>/dev/null 2>&1
