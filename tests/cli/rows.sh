#!/bin/sh
# A row added to an extension point's table is the whole change: the
# program built with -DFP_TEST_ROWS (tests/fixprice-rows, Makefile.am) has a
# test estimator, and help, errors, the price and the record take it from
# the table with no other line changed.
. "$TOP_SRCDIR/tests/cli/lib.sh"
FIXPRICE="$TOP_BUILDDIR/tests/fixprice-rows"
export FIXPRICE

# One case of five samples: the median is 3, the mean 23.2, and the test
# row's mean less the smallest and largest sample (2 + 3 + 10) / 3 = 5.
printf 'case,repetition,runtime,passed\na,1,1,1\na,2,2,1\na,3,3,1\na,4,10,1\na,5,100,1\n' >"$TMP/b.csv"
cp "$TMP/b.csv" "$TMP/a.csv"

run price --help
if grep -q 'test-midmean' "$OUT"; then ok; else bad "help lists the row"; fi

run price "$TMP/b.csv" "$TMP/a.csv" --estimator nosuch
expect_status 2 "an unknown estimator"
expect_err "<command line>: --estimator: unknown estimator 'nosuch' (known: median, mean, min, test-midmean)" \
	"the error lists the row"

run price "$TMP/b.csv" "$TMP/a.csv" --estimator test-midmean --format json
expect_status 0 "prices with the row"
if python3 - "$OUT" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["cases"]["rows"]
col = d["cases"]["columns"].index("runtime_before")
assert d["runs"]["before"]["estimator"] == "test-midmean"
assert d["verdict"]["estimator"] == "test-midmean"
assert rows[0][col] == 5.0, rows[0][col]
assert d["verdict"]["bootstrap"]["B"] == 2000
PY
then ok; else bad "the record holds the row's estimate"; fi

finish
