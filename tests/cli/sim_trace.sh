#!/bin/sh
# The simulations' trace (tests/sim_trace.h) and tests/sim_rules.py, the
# study aid that reads it: a row of 25 fields per trial, the nested ratio
# when asked, and the script makes every interval from its row again as
# fixprice printed it (--check; it fails with the script's hull or range
# changed), so that the other rules it tries are made the same way.
# Skipped (77) without python3.
. "$TOP_SRCDIR/tests/cli/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: no python3"
	exit 77
fi

# Half the cases unchanged (the bias widens the interval) and an A/A
# rerun (the range, net <= 0, cuts it), the mean and the median: 24 rows.
for only in "half unchanged" "A/A"; do
	STATUS=0
	FIXPRICE_SIM_TRACE=$TMP/trace.tsv FIXPRICE_SIM_TRIALS=6 \
		FIXPRICE_SIM_NESTED=3 FIXPRICE_SIM_ONLY=$only \
		"$TOP_BUILDDIR/tests/test_noise_sim" >"$OUT" 2>"$ERR" ||
		STATUS=$?
	expect_status 0 "the simulation of $only with a trace"
done
rows=$(awk -F '\t' 'NF == 25 && $20 > 0' "$TMP/trace.tsv" | wc -l)
if [ "$rows" -eq 24 ]; then ok; else
	bad "24 rows of 25 fields with a nested ratio, found $rows"; fi

STATUS=0
python3 "$TOP_SRCDIR/tests/sim_rules.py" --check "$TMP/trace.tsv" >"$OUT" \
	2>"$ERR" || STATUS=$?
expect_status 0 "sim_rules.py --check"
expect_out "0 intervals made again differ from those printed" \
	"every interval made again"
STATUS=0
python3 "$TOP_SRCDIR/tests/sim_rules.py" "$TMP/trace.tsv" >"$OUT" \
	2>"$ERR" || STATUS=$?
expect_status 0 "sim_rules.py"
expect_grep "$OUT" "median, half unchanged (clip): 6 trials" "a summary"
expect_grep "$OUT" "quad 2/0 (whole)" "the other rules, with the whole excess"
finish
