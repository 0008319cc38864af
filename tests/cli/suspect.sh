#!/bin/sh
# Suspicious gains: a case that passes after the fix with an after runtime
# below the metric's suspicious ratio (default 0.1) times its before
# runtime is flagged in the record, and nothing else is.
#
# tests/data/suspect/: five cases, each 10 before.  After: a 0.5 passing
# (0.05 of before: flagged), b 1 passing (0.1: not below 0.1), c 0.2 but
# failing (not credited: not flagged), d 5 newly passing (0.5), e 11.
# With suspicious 0.2, b (0.1 < 0.2) is flagged too; with 0, none.
. "$TOP_SRCDIR/tests/cli/lib.sh"
S=$DATA/suspect
M=$TOP_SRCDIR/metrics/pypto-gym.yaml

run price "$S/before.csv" "$S/after.csv"
expect_status 0 "default ratio"
expect_joined "$OUT" "suspicious gains: 1 case passes after the fix with an after runtime below 0.1 times the before runtime (fast because wrong?): a (10 -> 0.5, 0.05 of before)" "default ratio: a alone"
run price "$S/before.csv" "$S/after.csv" --format md
expect_grep "$OUT" '**Suspicious gains:** 1 case passes after the fix with an after runtime below 0.1 times the before runtime (fast because wrong?): `a` (10 -> 0.5, 0.05 of before).' "md"
run price "$S/before.csv" "$S/after.csv" --format json
if tr -d ' \n' <"$OUT" | grep -qF '"suspicious_gains":{"ratio":0.1,"cases":[{"case":"a","runtime_before":10.0,"runtime_after":0.5,"ratio":0.05}]}'; then ok; else bad "json: a alone"; fi

# The metric sets the ratio.
{ cat "$M"; echo "suspicious: 0.2"; } >"$TMP/m02.yaml"
run price -m "$TMP/m02.yaml" "$S/before.csv" "$S/after.csv"
expect_joined "$OUT" "suspicious gains: 2 cases pass after the fix with an after runtime below 0.2 times the before runtime (fast because wrong?): a (10 -> 0.5, 0.05 of before), b (10 -> 1, 0.1 of before)" "ratio 0.2: a and b"
{ cat "$M"; echo "suspicious: 0"; } >"$TMP/m0.yaml"
run price -m "$TMP/m0.yaml" "$S/before.csv" "$S/after.csv" --format json
expect_status 0 "ratio 0"
if tr -d ' \n' <"$OUT" | grep -qF '"suspicious_gains":{"ratio":0.0,"cases":[]}'; then ok; else bad "ratio 0: off"; fi
run price -m "$TMP/m0.yaml" "$S/before.csv" "$S/after.csv"
expect_no_grep "$OUT" "suspicious" "ratio 0: no line"

# Nothing flagged where nothing is fast: no line.
run price "$DATA/cli/small-before.csv" "$DATA/cli/small-after.csv"
expect_no_grep "$OUT" "suspicious" "small: none"

# A ratio that is no ratio: an error at its place.
for v in 1 -0.1 x; do
	{ cat "$M"; echo "suspicious: $v"; } >"$TMP/bad.yaml"
	line=$(wc -l <"$TMP/bad.yaml")
	run price -m "$TMP/bad.yaml" "$S/before.csv" "$S/after.csv"
	case $v in
	x) expect_status 2 "suspicious x" ;;
	*) expect_error 2 "$TMP/bad.yaml:$line:13: suspicious must be a ratio from 0 (off) to below 1" "suspicious $v" ;;
	esac
done

finish
