#!/bin/sh
# Accuracy gates in the metric (price/gate.h), worked by hand in
# examples/accuracy-gate/README.md: the gate decides pass states from
# error columns, a run's own disagreeing passed cell is an error, the
# record lists the cases near the gate, a scenario scales errors, a
# break-even runs over a gate parameter; and the cliff warning
# (noise/cliff.h) beside the suspicious gains.
. "$TOP_SRCDIR/tests/cli/lib.sh"
G=$EX/accuracy-gate
M=$G/metric.yaml
D=$DATA/gate

# Before a, b pass (40); after a, b, c, e (80): gain 40, cost 0.
run price -m "$M" "$G/before.csv" "$G/after.csv"
expect_status 0 "gate"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 40.0000 = gain 40.0000 - cost 0.0000" "gate: pass states from the errors"
expect_joined "$OUT" "near the accuracy gate: 4 case-sides within gate_near of their gate: 1 just outside (a fix can flip them): c (before, margin -1); 3 just inside (likely flaky): b (before, margin 0), b (after, margin 0), c (after, margin 0)." "near the gate, both sides"
run price -m "$M" "$G/before.csv" "$G/after.csv" --format md
expect_grep "$OUT" '**Near the accuracy gate:** 4 case-sides within gate_near of their gate: 1 just outside (a fix can flip them): `c` (before, margin -1); 3 just inside' "near: md"
run price -m "$M" "$G/before.csv" "$G/after.csv" --format github
expect_grep "$OUT" '**Near the accuracy gate:** 4 case-sides' "near: github"
run price -m "$M" "$G/before.csv" "$G/after.csv" --format json
if tr -d ' \n' <"$OUT" | grep -qF '"gate":{"near":[{"case":"b","side":"before","margin":0.0,"near":1.0,"passed":true},{"case":"c","side":"before","margin":-1.0,"near":1.0,"passed":false},{"case":"b","side":"after","margin":0.0,"near":1.0,"passed":true},{"case":"c","side":"after","margin":0.0,"near":1.0,"passed":true}]}'; then ok; else bad "near: json"; fi
if tr -d ' \n' <"$OUT" | grep -qF '"gain":40.0,"cost":0.0,"net":40.0'; then ok; else bad "gate: exact gain in json"; fi

# Halving the errors flips c alone: its margin -1 is within half its
# error count (1.5) of 0; d's -3 is not (2.5), e fails on its NaNs.
run price -m "$M" "$G/before.csv" --scenario "$G/halve-errors.yaml"
expect_status 0 "halve"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 20.0000 = gain 20.0000 - cost 0.0000" "halve: c alone flips"
run price -m "$M" "$G/before.csv" --scenario "$G/halve-errors.yaml" --format csv
expect_grep "$OUT" '"c",1,false,true,1,1,1,1,0,1,20,0,' "halve: csv, c newly passes"
expect_grep "$OUT" '"d",1,false,false,' "halve: csv, d still fails"
# A factor for one case: only d's errors scaled (5 * 0.4 = 2 <= 2).
printf 'errors: {"*": 1, d: 0.4}\n' >"$TMP/d.yaml"
run price -m "$M" "$G/before.csv" --scenario "$TMP/d.yaml"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 20.0000 = gain 20.0000" "errors: the last glob wins"

# Under a gate, a scenario's pass: or fail: would be overridden by the
# gate unseen: refused at its key (line 2, column 1; fail: at line 3
# column 3 in a flow mapping), as --pass and --fail are.
printf 'errors: {"*": 0.5}\npass: [c]\n' >"$TMP/pass.yaml"
run price -m "$M" "$G/before.csv" --scenario "$TMP/pass.yaml"
expect_error 2 "$TMP/pass.yaml:2:1: pass: the gate of $M decides every pass state; scale its error columns with errors: instead (errors: {\"*\": 0.5})" "gate: a scenario's pass: refused"
printf '{errors: {"*": 0.5},\n fail: []}\n' >"$TMP/fail.yaml"
run price -m "$M" "$G/before.csv" --scenario "$TMP/fail.yaml"
expect_error 2 "$TMP/fail.yaml:2:2: fail: the gate of $M decides every pass state; scale its error columns with errors: instead (errors: {\"*\": 0.5})" "gate: a scenario's fail: refused"
run price -m "$M" "$G/before.csv" --fail a
expect_error 2 "<command line>: --fail: the gate of $M decides every pass state; scale its error columns with errors: instead (errors: {\"*\": 0.5})" "gate: --fail refused"

# A run's own passed column that disagrees with the gate: exit 2 at the
# cell, naming the case (c has 3 errors of 64: the gate fails it).
sed '1s/$/,passed/; 2,$s/$/,1/' "$G/before.csv" >"$TMP/passed.csv"
run price -m "$M" "$TMP/passed.csv" "$G/after.csv"
expect_error 2 "$TMP/passed.csv:4:14: case 'c' is passed here, but the gate of $M fails it (the gate decides passed from the error columns)" "passed disagrees"
# One that agrees is fine.
sed '1s/$/,passed/; 2,3s/$/,1/; 4,$s/$/,0/' "$G/before.csv" >"$TMP/agrees.csv"
run price -m "$M" "$TMP/agrees.csv" "$G/after.csv"
expect_grep "$OUT" "net 40.0000" "passed agrees"

# Where the fix starts to pay: p1, p2 go from 0 to 4 errors of 64, q
# loses its NaN mismatch.  Below 4/64 = 0.0625 two newly fail and one
# newly passes (net -33.3333); from 0.0625 on, only q changes (+33.3333).
run breakeven -m "$M" "$D/tolerance-before.csv" "$D/tolerance-after.csv" --param max_error_ratio
expect_status 0 "breakeven"
expect_grep "$OUT" "max_error_ratio: net changes sign at 0.0625 (a jump across 0: a step or a pole, net is not 0 there) (now 0.03125, net -33.3333" "breakeven over max_error_ratio: a step of the gate, not a zero"
run sweep -m "$M" "$D/tolerance-before.csv" "$D/tolerance-after.csv" --param max_error_ratio=0.0625:0.125:0.0625
expect_grep "$OUT" "0.0625" "sweep: at the break-even"
run price -m "$M" "$D/tolerance-before.csv" "$D/tolerance-after.csv" --set max_error_ratio=0.0625
expect_grep "$OUT" "net 33.3333" "--set a gate parameter"

# Bad gates: an error at the key, exit 2.
bad_metric() { # KEYS MESSAGE DESCRIPTION
	grep -v '^gate' "$M" >"$TMP/bad.yaml"
	printf '%s\n' "$1" >>"$TMP/bad.yaml"
	run price -m "$TMP/bad.yaml" "$G/before.csv" "$G/after.csv"
	expect_status 2 "$3"
	expect_joined "$ERR" "$2" "$3: message"
}
bad_metric "gate: passed > 0" "gate may not read 'passed'" "gate reads passed"
bad_metric "gate: err_count < 1
gate_margin: score" "gate_margin may not read 'score'" "margin reads score"
bad_metric "gate_margin: 1" "gate_margin needs a gate (key gate)" "margin without gate"
bad_metric "gate: err_count < 1
gate_near: 2" "gate_near needs gate_margin" "near without margin"
bad_metric "gate: err_count < 1
gate_errors: [bogus]" "gate_errors: 'bogus' is not a column of the metric" "errors not a column"
bad_metric "gate: err_count < 1
gate_errors: bogus" "gate_errors must be a list of column names" "errors not a list"
bad_metric "gate: max_error_ratio > 0" "gate" "gate of one number"

# Bad scenario errors: exit 2, nothing on stdout.
bad_scenario() { # TEXT MESSAGE DESCRIPTION [METRIC]
	printf '%s\n' "$1" >"$TMP/s.yaml"
	run price -m "${4:-$M}" "$G/before.csv" --scenario "$TMP/s.yaml"
	expect_status 2 "$3"
	expect_joined "$ERR" "$2" "$3: message"
}
bad_scenario 'errors: [0.5]' "errors must be a mapping of case name or glob: factor" "errors a list"
bad_scenario 'errors: {"*": -1}' "errors.* must be >= 0" "errors negative"
bad_scenario 'errors: {"*": x}' "errors.* must be a number" "errors not a number"
bad_scenario 'errors: {"": 1}' "errors: a case name or glob must not be empty" "errors empty glob"
bad_scenario 'errors: {zz*: 1}' "s.yaml:1:10: errors 'zz*' matches no case" "errors unmatched, at its glob"
# A glob from the command line is blamed on it, not on the scenario file.
F="$EX/fp32-cube-matmul"
run price "$F/before.csv" --scenario "$F/fp32-cube.yaml" --pass 'nothing*'
expect_error 2 "<command line>: pass 'nothing*' matches no case in $F/before.csv" "--pass unmatched: the command line"
grep -v '^gate_errors' "$M" >"$TMP/noerr.yaml"
bad_scenario 'errors: {"*": 1}' "errors: the metric names no error columns to scale (its gate_errors)" "errors without gate_errors" "$TMP/noerr.yaml"

# A case the gate passes must have a runtime.
printf '%s\n' '[{"case": "a", "samples": [], "err_count": 0, "numel": 64, "nan_mismatch": 0},' \
	' {"case": "b", "samples": [1, 2], "err_count": 0, "numel": 64, "nan_mismatch": 0}]' >"$TMP/nr.json"
run price -m "$M" "$TMP/nr.json" "$TMP/nr.json"
expect_error 2 "$TMP/nr.json:1: case 'a' passes the gate of $M but has no runtime: a passing case needs one" "passing without runtime"

# One input with a cliff and a suspicious gain, and nothing else: k's
# after samples 0.98, 1, 1.02 have median 1 = its before runtime, on
# pypto-gym's clamp min(1, ref_runtime / runtime); s runs 20 times
# faster.  q and r are far from the clamp, s beyond it on the flat side.
run price "$D/cliff-before.csv" "$D/cliff-after.csv"
expect_status 0 "cliff"
expect_joined "$OUT" "near a cliff: 1 case-side is within noise of a point where its score changes slope or steps (the share of 200 resamples that cross it): k (after," "cliff: k alone"
expect_joined "$OUT" "suspicious gains: 1 case passes after the fix with an after runtime below 0.1 times the before runtime (fast because wrong?): s (10 -> 0.5, 0.05 of before)" "suspicious: s alone"
run price "$D/cliff-before.csv" "$D/cliff-after.csv" --format md
expect_grep "$OUT" '**Near a cliff:** 1 case-side is within noise' "cliff: md"
expect_grep "$OUT" '`k` (after, ' "cliff: md escapes the name"
# The share crosses with P(median of 3 draws < 1) = P(two or three draws
# are 0.98) = 3 (1/3)^2 (2/3) + (1/3)^3 = 7/27: that truth lies in the
# Wilson interval (z = 3.29, 99.9 %) of the 200 seeded resamples.
run price "$D/cliff-before.csv" "$D/cliff-after.csv" --format json
share=$(tr -d ' \n' <"$OUT" | sed -n 's/.*"cliffs":{"resamples":200,"min_share":0.025,"cases":\[{"case":"k","side":"after","share":\([0-9.e-]*\)}\]}.*/\1/p')
if [ -n "$share" ] && awk -v p="$share" 'BEGIN {
	n = 200; z = 3.29; t = 7 / 27
	c = (p + z * z / (2 * n)) / (1 + z * z / n)
	h = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
	printf "  cliff share %s, Wilson [%.4f, %.4f], truth %.4f\n", p, c - h, c + h, t
	exit !(c - h <= t && t <= c + h) }'; then ok; else bad "cliff: share $share against 7/27"; fi
# Two cliffs, each case within noise of another: the score's slope
# changes at 1 and at 0.1 of the reference (cliff2.yaml); k sits on the
# first, f (after samples 9.8, 10, 10.2) on the second, each crossed with
# P(median of 3 draws on its far side) = 7/27; so is g, whose after
# runtime is steady and whose reference (its before runtime) is not: the
# resampled column defaults must be what the cliffs read.
run price -m "$D/cliff2.yaml" "$D/cliff2-before.csv" "$D/cliff2-after.csv" --format json
for c in f k g; do
	share=$(tr -d ' \n' <"$OUT" | sed -n 's/.*"cliffs":{"resamples":200,[^]]*{"case":"'$c'","side":"after","share":\([0-9.e-]*\)}.*/\1/p')
	if [ -n "$share" ] && awk -v p="$share" 'BEGIN {
		n = 200; z = 3.29; t = 7 / 27
		c = (p + z * z / (2 * n)) / (1 + z * z / n)
		h = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
		exit !(c - h <= t && t <= c + h) }'; then ok; else bad "cliff2: $c's share '$share' against 7/27"; fi
done
# The crossings are counted per thread and added up: the same at any
# number of threads.
for t in 1 3; do
	run price -m "$D/cliff2.yaml" "$D/cliff2-before.csv" "$D/cliff2-after.csv" --format json --threads $t
	tr -d ' \n' <"$OUT" | grep -o '"cliffs":{[^]]*]' >"$TMP/cliffs-$t"
done
if [ -s "$TMP/cliffs-1" ] && cmp -s "$TMP/cliffs-1" "$TMP/cliffs-3"; then ok; else bad "cliff2: cliffs differ at 1 and 3 threads"; fi
# A gate metric with no branch moving with the runtime: no cliffs.
run price -m "$M" "$G/before.csv" "$G/after.csv" --format json
expect_no_grep "$OUT" '"cliffs"' "no noise judged: no cliffs key"

finish
