#!/bin/sh
set -eu
go test -run '^$' -bench . -benchtime 2000x -count 10 ./... >"$1"
