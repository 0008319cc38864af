#!/bin/sh
# Regenerates the `go test -bench` outputs of this folder (Debian golang-go).
# Run from this folder: sh make.sh
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GOCACHE="$tmp/cache" GOPATH="$tmp/gopath" GOFLAGS=-mod=mod GOPROXY=off
cd src
for v in before after; do
	tags=; [ $v = after ] && tags=fixed
	go test -tags "$tags" -run '^$' -bench . -count 5 -benchmem -v \
		-benchtime 2000x > "$here/$v.txt" 2>&1 || :
done
