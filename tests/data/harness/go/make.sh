#!/bin/sh
# Regenerates the `go test -bench` outputs of this folder (Debian golang-go).
# Run from this folder: sh make.sh
set -eu
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
