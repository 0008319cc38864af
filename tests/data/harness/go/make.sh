#!/bin/sh
# Regenerates the `go test -bench` outputs of this folder (Debian golang-go).
# Run from this folder: sh make.sh (sh make.sh more: only the files made
# after the first ones, below "more").
set -eu
part=${1:-all}
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GOCACHE="$tmp/cache" GOPATH="$tmp/gopath" GOFLAGS=-mod=mod GOPROXY=off
cd src
# gotest VERSION ARGS...: go test of the before or the after version.
gotest() {
	tags=; [ "$1" = after ] && tags=fixed
	shift
	go test -tags "$tags" -run '^$' -bench . -benchmem -benchtime 2000x \
		"$@" 2>&1 || :
}
if [ "$part" = all ]; then
for v in before after; do
	gotest $v -count 5 -v > "$here/$v.txt"
	# Two configurations: GOMAXPROCS 1 and 2.
	gotest $v -count 3 -cpu 1,2 > "$here/$v-cpu.txt"
	# Two runs appended to one file, as a loop does.
	gotest $v -count 2 > "$here/$v-appended.txt"
	gotest $v -count 2 >> "$here/$v-appended.txt"
	# test2json events.
	gotest $v -count 3 -json > "$here/$v-json.json"
done
# One file holding both runs, told apart by a configuration line, with a
# line of prose before the first result.
{
	echo "Nightly benchmarks of example.com/harness, before and after the fix."
	echo "note: before"
	gotest before -count 3
	echo "note: after"
	gotest after -count 3
} > "$here/notes.txt"
fi
# more: one benchmark under two GOMAXPROCS values in one file (a run of
# Spin, then one of Alloc with -cpu 1 appended; after: both at once).
gotest before -count 3 -bench Spin > "$here/procs-before.txt"
gotest before -count 3 -bench Alloc -cpu 1 >> "$here/procs-before.txt"
gotest after -count 3 -bench 'Spin|Alloc' > "$here/procs-after.txt"
# Only the result lines, as a CI script keeps them (no PASS/FAIL).
gotest after -count 3 | grep '^Benchmark' > "$here/grep-after.txt"
# benchstat's configuration lines before go test's: a key, a Unit line.
{
	echo "branch: main"
	echo "Unit build-real-ns/op assume=exact"
	cd ../multi
	go test -run '^$' -bench Build -benchtime 2000x -count 2 ./cache 2>&1 || :
} > "$here/units.txt"
# Two packages (multi/), each with a BenchmarkGet, run by go test ./...
cd ../multi
for v in before after; do
	tags=; [ $v = after ] && tags=fixed
	for o in "" -v; do
		go test -tags "$tags" -run '^$' -bench . -benchmem \
			-benchtime 2000x -count 3 $o ./... \
			> "$here/multi-$v$o.txt" 2>&1 || :
	done
done
