#!/bin/sh
# An input cut short or written while fixprice reads it (a run file is
# mapped, not copied: util/mapped.h): exit 2 with one line naming the
# file, and no output, not a crash or a record of bytes the file no
# longer holds.  FIXPRICE_TEST_READ_DELAY holds each run mapped for a
# while; the file is changed once /proc shows it mapped.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
[ -r /proc/self/maps ] || { echo "SKIP: no /proc/self/maps"; exit 77; }

# runs N FILE: a run of N cases, each 1 s and passing (some 100 KB for
# 5000: pages the parser reads after a cut).
runs() {
	awk -v n="$1" 'BEGIN { print "case,runtime,passed";
		for (i = 0; i < n; i++) printf "case_%06d,1.000,pass\n", i }' >"$2"
}

# while_mapped FILE ACTION DESCRIPTION: prices b.csv against a.csv into
# -o out.md, and runs ACTION once FILE is mapped.
while_mapped() {
	rm -f out.md
	STATUS=0
	FIXPRICE_TEST_READ_DELAY=3 "$FIXPRICE" price b.csv a.csv -o out.md \
		>"$OUT" 2>"$ERR" &
	pid=$!
	tries=0
	while ! grep -q "$TMP/$1" "/proc/$pid/maps" 2>/dev/null &&
		[ "$tries" -lt 400 ]; do
		sleep 0.05
		tries=$((tries + 1))
	done
	[ "$tries" -lt 400 ] || bad "$3: $1 never mapped"
	eval "$2"
	wait "$pid" || STATUS=$?
}

# no_record DESCRIPTION: -o out.md was not written.
no_record() {
	if [ -e out.md ]; then bad "$1: out.md written"; else ok; fi
}

runs 5000 b.csv
runs 5000 a.csv
run price b.csv a.csv
expect_status 0 "unchanged runs"

while_mapped b.csv 'truncate -s 100 b.csv' "before cut short"
expect_error 2 "b.csv: changed while it was read (cut short)" \
	"before cut short"
no_record "before cut short"

runs 5000 b.csv
while_mapped a.csv 'printf X | dd of=a.csv bs=1 seek=40 conv=notrunc 2>/dev/null' \
	"after written in place"
expect_error 2 "a.csv: changed while it was read" "after written in place"
no_record "after written in place"

# Cut within its last page: no SIGBUS (the page is there, zeros past
# the end), and the parse may fail on the NULs; what is said is that the
# file changed.
runs 5000 a.csv
size=$(wc -c <a.csv)
while_mapped a.csv "truncate -s $((size - 10)) a.csv" "after cut in its last page"
expect_error 2 "a.csv: changed while it was read" "after cut in its last page"
no_record "after cut in its last page"

# Renamed and replaced while read: the bytes mapped are the old file's,
# whole; nothing to say.
runs 5000 a.csv
while_mapped a.csv 'runs 10 a2.csv && mv a2.csv a.csv' "after replaced by rename"
expect_status 0 "after replaced by rename"
expect_grep out.md "N = 5000 cases" "after replaced by rename: the old bytes priced"
finish
