#!/bin/sh
# Regenerates the criterion.rs runs of this folder (Debian 12:
# librust-criterion-dev 0.3.6-4, cargo 0.66.0+ds1-1 with rustc 1.63, from
# /usr/bin, offline: src/.cargo/config.toml points at Debian's crates).
# Run from this folder: sh make.sh (sh make.sh more: only the files made
# after the first ones, below "more").
set -eu
part=${1:-all}
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PATH=/usr/bin:$PATH
export CARGO_TARGET_DIR="$tmp/target" CARGO_HOME="$tmp/cargo"
cd src
# bench VERSION: the benchmarks of the before or the after version; their
# run folder (target/criterion) kept as VERSION/, each benchmark's new/
# benchmark.json, sample.json and estimates.json only.
bench() {
	features=; [ "$1" = after ] && features=--features=fixed
	/usr/bin/cargo bench --offline $features --bench bench -- --noplot \
		--sample-size 10 --warm-up-time 1 --measurement-time 1 \
		> "$tmp/$1.log" 2>&1 || { cat "$tmp/$1.log"; exit 1; }
	rm -rf "${here:?}/$1"
	(cd "$CARGO_TARGET_DIR/criterion" &&
		find . -path '*/new/*' \( -name benchmark.json -o -name sample.json \
			-o -name estimates.json \) | while read -r f; do
			mkdir -p "$here/$1/$(dirname "$f")"
			cp "$f" "$here/$1/$f"
		done)
	rm -rf "$CARGO_TARGET_DIR/criterion"
}
if [ "$part" = all ]; then
	bench before
	bench after
fi
# more: one target folder holding the before run as criterion's `base`
# (which each run saves, unless --baseline NAME compares against a
# baseline without saving) and as a baseline saved by name
# (--save-baseline main), and the after run as new/, run with --baseline
# base, criterion's documented way to compare a change; kept as
# baselines/, each benchmark's json files of new/, base/ and main/.
run() {
	/usr/bin/cargo bench --offline "$@" > "$tmp/more.log" 2>&1 ||
		{ cat "$tmp/more.log"; exit 1; }
}
opts="--noplot --sample-size 10 --warm-up-time 1 --measurement-time 1"
run --bench bench -- $opts --save-baseline main
run --bench bench -- $opts
# check, not benchmarked before, has no base to compare with (criterion
# panics): run after on its own, saved under another name, so that its
# base/ stays absent as before.
run --features=fixed --bench bench -- $opts --baseline base 'spin|scale'
run --features=fixed --bench bench -- $opts --save-baseline after check
rm -rf "${here:?}/baselines"
(cd "$CARGO_TARGET_DIR/criterion" &&
	find . \( -path '*/new/*' -o -path '*/base/*' -o -path '*/main/*' \) \
		\( -name benchmark.json -o -name sample.json \
		-o -name estimates.json \) | while read -r f; do
		mkdir -p "$here/baselines/$(dirname "$f")"
		cp "$f" "$here/baselines/$f"
	done)
