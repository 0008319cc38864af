#!/bin/sh
# CLI tests of several runs per side (--before B1 B2 B3 --after A1 A2 A3).
#
# tests/data/noise/linear.yaml: net = gain - sum(runtime_after -
# runtime_before).  tests/data/multirun/ holds three runs per side, three
# samples per case and run (a2.csv lists y first):
#   before x: b1 10 12 11 (median 11), b2 13 14 15 (14), b3 9 10 8 (9)
#   before y: b1 5 5 6 (5), b2 7 6 8 (7), b3 4 6 5 (5)
#   after  x: a1 9 9 10 (9), a2 12 8 10 (10), a3 7 8 20 (8)
#   after  y: a1 5 6 6 (6), a2 4 4 9 (4), a3 5 5 5 (5)
# The median over runs of the runs' medians: before x 11, y 5; after x 9,
# y 5; so cost = (9 - 11) + (5 - 5) = -2 and net 2.  (Pooling the nine
# samples would give y 6 before, and net 3.)
# The mean over runs of the runs' means: before x (11 + 14 + 9) / 3 = 34/3,
# y (16/3 + 7 + 5) / 3 = 52/9; after x (28/3 + 10 + 35/3) / 3 = 31/3, y
# (17/3 + 17/3 + 5) / 3 = 49/9; cost = -3/3 - 3/9 = -4/3, net 1.3333.
# a4.json gives one runtime per case (x 8, y 5), one sample each: with it
# the after medians over four runs are x median(9, 10, 8, 8) = 8.5 and y
# median(6, 4, 5, 5) = 5, so net = 2.5.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA" || exit 1
L="-m noise/linear.yaml"
M=multirun
B="--before $M/b1.csv $M/b2.csv $M/b3.csv"
A="--after $M/a1.csv $M/a2.csv $M/a3.csv"

run price $L $B $A
expect_status 0 "three runs: priced"
expect_joined "$OUT" "net 2.0000 = gain 0.0000 - cost -2.0000" "three runs: the median over runs of the medians"
expect_grep "$OUT" "runtimes: median over 3 runs of the median of 3 samples" "three runs: the record says how"
run price $L $B $A --estimator mean
expect_joined "$OUT" "net 1.3333 = gain 0.0000 - cost -1.3333" "three runs: the mean over runs of the means"
expect_grep "$OUT" "runtimes: mean over 3 runs of the mean of 3 samples" "three runs, mean: the record says how"
run price $L $B $A $M/a4.json
expect_joined "$OUT" "net 2.5000 = gain 0.0000 - cost -2.5000" "four after runs, one of another format"
expect_joined "$OUT" "runtimes: before median over 3 runs of the median of 3 samples; after median over 4 runs of the median of 1 to 3 samples" "four after runs: samples per run from 1 to 3"
run price $L $B $A --format json
expect_grep "$OUT" '"runtime_estimate": "median over 3 runs of the median of 3 samples"' "JSON: the estimate over runs"
expect_grep "$OUT" '"runs": 3,' "JSON: the number of runs"
for f in b1.csv b2.csv b3.csv a1.csv a2.csv a3.csv; do
	expect_grep "$OUT" "\"path\": \"$M/$f\"" "JSON: $f among the inputs"
done
expect_grep "$OUT" "\"sha256\": \"$(sha256sum $M/b2.csv | cut -c1-64)\"" "JSON: b2.csv hashed"

# The hierarchical bootstrap: the same bytes for any thread count.
run price $L $B $A --format json --threads 1
cp "$OUT" "$TMP/t1.json"
run price $L $B $A --format json --threads 2
if cmp -s "$TMP/t1.json" "$OUT"; then ok; else
	bad "several runs: the record differs between 1 and 2 threads"; fi

# One run per side by the options is the positional BEFORE AFTER.
run price $L $M/b1.csv $M/a1.csv
cp "$OUT" "$TMP/positional.txt"
run price $L --before $M/b1.csv --after $M/a1.csv
if cmp -s "$TMP/positional.txt" "$OUT"; then ok; else
	bad "one run per side: options and positional runs differ"; fi
expect_grep "$OUT" "runtimes: median of 3 samples per case" "one run per side: today's words"

# Errors.
run price $L $B --after $M/a1.csv $M/a-other.csv
expect_error 2 "$M/a1.csv:5:1: case 'y' is not in $M/a-other.csv (every run of a side must have the same cases)" "a run without a case: at the case in the run that has it"
run price $L $B --after $M/a-other.csv $M/a1.csv
expect_error 2 "$M/a1.csv:5:1: case 'y' is not in $M/a-other.csv (every run of a side must have the same cases)" "a run with another case"
run price $L $B
expect_error 2 "<command line>: --before needs --after: give the runs of both sides" "--before alone"
# A passing case with no runtime in one of the runs: its estimate over
# the runs hid the run, and a resample drawing that run alone failed,
# blamed on the metric (--bootstrap 0 priced it).
printf 'case,run,repetition,runtime,passed\nx,1,1,9,pass\ny,1,1,5,pass\nx,2,1,10,pass\ny,2,1,,pass\n' >"$TMP/mr.csv"
for b in 0 2000; do
	run price "$TMP/mr.csv" "$TMP/mr.csv" --bootstrap $b
	expect_error 2 "$TMP/mr.csv:3: case 'y' passes but has no runtime in run 2 of 2: a passing case needs one in each" "a run without a runtime, --bootstrap $b"
done
run price $L $A
expect_error 2 "<command line>: --after needs --before: give the runs of both sides" "--after alone"
run price $L $B $A $M/b1.csv --scenario scenarios/x.yaml
expect_error 2 "<command line>: --before and --after give both sides: no positional run, --split-by or scenario with them" "--before with a scenario"
run price $L $B $A -- $M/b1.csv
expect_error 2 "<command line>: --before and --after give both sides: no positional run, --split-by or scenario with them" "--before with a positional run"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do cp $M/b1.csv "$TMP/b1-$i.csv"; done
run price $L $B "$TMP"/b1-*.csv $A
expect_error 2 "<command line>: --before: at most 16 runs per side" "too many runs"

# A run column: before-runs.csv holds b1, b2, b3's rows as runs 3, 1, 2
# (runs 3 first), after-runs.json and after-runs.yaml a1, a2, a3's samples
# as items of runs 1, 2, 3.  Runs are taken in ascending label order, so
# the one-file form is the several-files form: the same figures, byte for
# byte, in every form but the inputs (JSON: the inputs, the after file's
# format, the invocation).
# (Markdown lists the inputs in a table: its rows "| before | `PATH` |".)
figures() { grep -v '^| \(before\|after\) | `' "$OUT" >"$1"; }
for form in text csv md; do
	run price $L $B $A --format $form
	figures "$TMP/files.$form"
	run price $L $M/before-runs.csv $M/after-runs.json --format $form
	expect_status 0 "run column ($form): priced"
	figures "$TMP/one.$form"
	if cmp -s "$TMP/files.$form" "$TMP/one.$form"; then ok; else
		bad "run column ($form): differs from one file per run"; fi
	run price $L --before $M/before-runs.csv --after $M/after-runs.yaml --format $form
	figures "$TMP/one.$form"
	if cmp -s "$TMP/files.$form" "$TMP/one.$form"; then ok; else
		bad "run column, YAML ($form): differs from one file per run"; fi
done
run price $L $M/before-runs.csv $M/after-runs.json
expect_grep "$OUT" "runtimes: median over 3 runs of the median of 3 samples" "run column: the record says how"
run price $L $M/before-runs.csv $M/after-runs.json --format json
expect_grep "$OUT" '"runs": 3,' "run column, JSON: the number of runs"
expect_grep "$OUT" "\"path\": \"$M/before-runs.csv\"" "run column, JSON: the file among the inputs"
if [ "$(grep -c '"path": "multirun/' "$OUT")" = 2 ]; then ok; else
	bad "run column, JSON: each file listed once among the inputs"; fi

# A record of runs given by a run column is re-priced by verify from its
# own invocation (the positional files).
run price $L $M/before-runs.csv $M/after-runs.json --record "$TMP/rec"
expect_status 0 "run column: a record"
run verify "$TMP/rec"
expect_status 0 "run column: verify"
expect_grep "$OUT" "unchanged: the decision stands: inconclusive, net 2" "run column: verify re-prices it"

# Errors of a run column.
printf 'case,run,repetition,runtime,passed\nx,1,1,10,pass\ny,1,1,5,pass\nx,2,1,11,pass\n' >"$TMP/lack.csv"
run price $L "$TMP/lack.csv" $M/a1.csv
expect_error 2 "$TMP/lack.csv:3:1: case 'y' is in run 1, not in run 2 (every run of a side must have the same cases)" "a run without a case"
# The column is the case's cell, wherever the case column stands.
printf 'run,runtime,passed,case\n1,10,pass,x\n1,5,pass,yy\n2,11,pass,x\n' >"$TMP/lack-last.csv"
run price $L "$TMP/lack-last.csv" $M/a1.csv
expect_error 2 "$TMP/lack-last.csv:3:10: case 'yy' is in run 1, not in run 2 (every run of a side must have the same cases)" "a run without a case: its cell's column"
printf 'cases:\n  - {case: x, run: 1, runtime: 10, passed: true}\n  - {case: x, run: 2, runtime: 11, passed: true}\n  - {case: y, run: 2, runtime: 5, passed: true}\n' >"$TMP/lack.yaml"
run price $L "$TMP/lack.yaml" $M/a1.csv
expect_error 2 "$TMP/lack.yaml:4:12: case 'y' is in run 2, not in run 1 (every run of a side must have the same cases)" "a YAML run without a case: its value's column"
run price $L --before $M/before-runs.csv $M/b1.csv $A
expect_error 2 "$M/before-runs.csv:2:3: a 'run' column gives every run of a side in one file: give this file alone to --before, or one file per run without the column" "a run column among several files"
run price $L $M/before-runs.csv
expect_error 2 "$M/before-runs.csv:2:3: a 'run' column gives the runs of one side: give BEFORE AFTER, each with its runs" "a run column in a run holding both sides"
# Paired rounds: rounds-b.csv and rounds-a.csv are three interleaved
# rounds of 3 samples, equal within a round, drifting between them:
#   before x 10, 12, 11; y 5, 6, 5.5    after x 9, 11, 10; y 5, 6, 5.5
# after is before less 1 (x) or the same (y) in every round, so a
# resample that draws the same rounds on both sides gives net 1 every
# time: the interval is [1, 1], whatever the widening.  Read as unpaired
# runs (the same rows under a run column), a resample draws each side's
# runs on its own, and the drift is between-run noise: x's medians over
# 3 drawn runs differ by up to 12 - 9 = 3 from 1 either way.
run price $L $M/rounds-b.csv $M/rounds-a.csv
expect_joined "$OUT" "ACCEPT: net 1.0000 = gain 0.0000 - cost -1.0000, 95 % interval [1.0000, 1.0000]" "rounds: resampled as pairs, the drift cancels"
expect_grep "$OUT" "runtimes: median over 3 paired rounds of the median of 3 samples" "rounds: the record says so"
sed 's/^case,round,/case,run,/' $M/rounds-b.csv >"$TMP/runs-b.csv"
sed 's/^case,round,/case,run,/' $M/rounds-a.csv >"$TMP/runs-a.csv"
run price $L "$TMP/runs-b.csv" "$TMP/runs-a.csv"
expect_joined "$OUT" "INCONCLUSIVE: net 1.0000 = gain 0.0000 - cost -1.0000, 95 % interval [-2.0000, 4.0000]" "the same rows as unpaired runs: wider"
run price $L $M/rounds-b.csv $M/rounds-a.csv --format json
expect_grep "$OUT" '"paired_rounds": true,' "rounds, JSON: paired"
run price $L $M/before-runs.csv $M/after-runs.json --format json
expect_grep "$OUT" '"paired_rounds": false,' "runs, JSON: not paired"
printf 'case,round,repetition,runtime,passed\nx,1,1,9,pass\ny,1,1,5,pass\nx,4,1,9,pass\ny,4,1,5,pass\nx,2,1,9,pass\ny,2,1,5,pass\n' >"$TMP/r4.csv"
run price $L $M/rounds-b.csv "$TMP/r4.csv"
expect_error 2 "$TMP/r4.csv:2:3: rounds 1, 2, 4 after, 1, 2, 3 before: rounds pair before and after, so both sides give the same rounds" "rounds: other labels after"
run price $L $M/rounds-b.csv "$TMP/runs-a.csv"
expect_error 2 "$TMP/runs-a.csv:2:3: rounds pair before and after: give a 'round' column on both sides, not on before alone" "rounds on one side"
run price $L $M/b1.csv $M/rounds-a.csv
expect_error 2 "$M/rounds-a.csv:2:3: rounds pair before and after: give a 'round' column on both sides, not on after alone" "rounds on the other side"

run eval $L $M/before-runs.csv 'sum(runtime)'
expect_error 2 "$M/before-runs.csv:2:3: a 'run' column gives several runs: eval takes one (price merges them)" "eval: a run column"
# What would decide an inconclusive verdict of several runs (need_runs.h):
# multirun/within-*.csv (3 runs per side of 5 samples, no offset between
# runs, 15 % noise per sample, after 6 % slower) spread mostly within runs,
# so more samples per run would do; examples/between-runs spreads between
# runs, so no count of samples per run would.  The arithmetic is
# test_need_runs's; here the shares' sides and the forms.
run price $M/within-before.csv $M/within-after.csv --check
expect_status 3 "within runs: inconclusive (--check exits 3)"
expect_joined "$OUT" "about 4 runs per side (now 3), or about 6 samples per run (now 5), would decide it" "within runs: more runs or more samples per run"
expect_joined "$OUT" "the samples within runs give 86.9 % of the resampled variance of net" "within runs: the share"
run price $M/within-before.csv $M/within-after.csv --format json
expect_grep "$OUT" '"runs_per_side": 4,' "JSON: runs per side"
expect_grep "$OUT" '"samples_per_run": 6' "JSON: samples per run"
expect_grep "$OUT" '"within_runs_share": 0.86' "JSON: the share within runs"
run price "$TOP_SRCDIR/examples/between-runs/before.csv" "$TOP_SRCDIR/examples/between-runs/after.csv"
expect_joined "$OUT" "about 10 runs per side (now 3) would decide it" "between runs: more runs"
expect_joined "$OUT" "no count of samples per run would: the samples within runs give 0.208 %" "between runs: no count of samples per run"
run price "$TOP_SRCDIR/examples/between-runs/before.csv" "$TOP_SRCDIR/examples/between-runs/after.csv" --format json
expect_grep "$OUT" '"samples_per_run": null' "JSON: no count of samples per run"
# A control with an after run's samples (a2, a3), or the before run's
# (rounds-b): their rows in another order, for a copy of a run of the
# fix is refused (below).
C2="$TMP/c2.csv" C3="$TMP/c3.csv" CR="$TMP/rounds-c.csv"
reordered $M/a2.csv >"$C2"
reordered $M/a3.csv >"$C3"
reordered $M/rounds-b.csv >"$CR"
# --control with several before runs: the control run is priced against
# the before side as the fix's is, all its runs merged.  Means: before x
# 34/3, y 52/9 (above); the control a2.csv x 10, y 17/3: cost = (10 -
# 34/3) + (17/3 - 52/9) = -13/9, net 1.4444 (against b1 alone, x 11 and
# y 16/3, it was 0.6667).
run price $L $B $A --estimator mean --control "$C2"
expect_joined "$OUT" "control run: net 1.4444 against the before run" "--control: against every before run"
# Several control runs are the runs of the control's side, merged as the
# fix's are: a2 x 10, y 17/3 and a3 x 35/3, y 5 give x 65/6, y 16/3, so
# cost = (65/6 - 34/3) + (16/3 - 52/9) = -17/18 and net 0.9444.
run price $L $B $A --estimator mean --control "$C2" "$C3" --format json
expect_grep "$OUT" '"role": "control",' "--control twice: the record names the control runs"
if [ "$(grep -c '"role": "control"' "$OUT")" = 2 ]; then ok; else bad "--control A B: both control runs in the record"; fi
expect_grep "$OUT" '"control": [' "the invocation lists the control runs"
run price $L $B $A --estimator mean --control "$C2" --control "$C3"
expect_joined "$OUT" "control run: net 0.9444 against the before run" "--control A --control B: the control's runs merged"
run price $L $M/b1.csv $M/a1.csv --estimator mean --control "$C2" "$C3"
expect_joined "$OUT" "control run: net" "--control with several runs after positional BEFORE AFTER"
# The split between the levels is given for every verdict of several runs
# on a side, and only then (doc/noise.md, "The split, whatever the
# verdict").  examples/between-runs: runs 4 % apart, samples 1 % within.
E=$TOP_SRCDIR/examples/between-runs
run price $E/before.csv $E/after.csv --format json
if python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["verdict"]["bootstrap"]["between_runs_share"]
sys.exit(not 0.99 < s <= 1)' "$OUT"; then ok; else bad "between-runs: the runs give over 99 % of the variance"; fi
run price $E/before-run1.csv $E/after-run1.csv --format json
expect_no_grep "$OUT" "between_runs_share" "one run per side: no split in JSON"
run price $E/before-run1.csv $E/after-run1.csv
expect_no_grep "$OUT" "between runs:" "one run per side: no split in text"
# Decided (accept) on two runs per side (run 1 twice, its rows in another
# order: nothing between them): the split is said all the same.
reordered $E/before-run1.csv >"$TMP/before-run1-copy.csv"
reordered $E/after-run1.csv >"$TMP/after-run1-copy.csv"
run price --before $E/before-run1.csv "$TMP/before-run1-copy.csv" --after $E/after-run1.csv "$TMP/after-run1-copy.csv"
expect_grep "$OUT" "ACCEPT: net 3.2141" "two runs per side: accepted"
expect_joined "$OUT" "between runs: " "a decided verdict of runs: the split"
run price --before $E/before-run1.csv "$TMP/before-run1-copy.csv" --after $E/after-run1.csv "$TMP/after-run1-copy.csv" --format md
expect_grep "$OUT" "- between runs: 0 % of the resampled variance of net" "Markdown: the split"
# Folded in, the split is of net less the control run's.
run price $L $B $A --estimator mean --control "$C2" "$C3"
expect_joined "$OUT" "of the resampled variance of net less the control run's" "a folded control: the split of the difference"
# A control run measured in the before run's rounds pairs with them as the
# after run does: rounds-b.csv as its own control draws the same rounds as
# the before side in every resample, so its net is 0 throughout and the
# fix's sure net stands (with the control's rounds drawn apart it was
# [-3, 3] and inconclusive).  The within-runs share is exactly 0 (equal
# samples within a round), not a rounding's 1e-29, and no zero bias is
# printed as 0.0000.
run price $L $M/rounds-b.csv $M/rounds-a.csv --control "$CR"
expect_joined "$OUT" "ACCEPT: net 1.0000 = gain 0.0000 - cost -1.0000, net less the control run's 1.0000, 95 % interval [1.0000, 1.0000]" "a control in the before run's rounds pairs with them"
expect_joined "$OUT" "control run: net 0.0000 against the before run (0 if there were no noise), interval [0.0000, 0.0000]" "the paired control's interval"
expect_joined "$OUT" "between runs: 100 % of the resampled variance of net less the control run's" "the paired control: no rounding's share"
expect_no_grep "$OUT" "noise biases" "no bias printed as 0.0000"

# YAML 1.1's on and off are pass states, as yes and no are (off was "not a
# number"); a pass column's bad cell says what it may hold.
printf 'cases:\n  - {case: a, runtime: 10, passed: off}\n  - {case: b, runtime: 10, passed: On}\n' >"$TMP/onoff.yaml"
printf 'cases:\n  - {case: a, runtime: 10, passed: on}\n  - {case: b, runtime: 9, passed: yes}\n' >"$TMP/onoff-after.yaml"
# a newly passes: gain (0.3 + 0.5 * min(1, 10 / 10)) / 2 * 100 = 40; b is
# faster, its score clipped at 1: no cost.
run price "$TMP/onoff.yaml" "$TMP/onoff-after.yaml"
expect_first "ACCEPT, not judged against noise: net 40.0000 = gain 40.0000 - cost 0.0000" "on and off: pass states"
printf 'case,runtime,passed\na,1,maybe\n' >"$TMP/maybe.csv"
run price "$TMP/maybe.csv" "$TMP/maybe.csv"
expect_error 2 "$TMP/maybe.csv:2:5: cell 'maybe' in column 'passed' is neither a number nor a pass state (true, false, pass, fail, yes, no, on, off)" "a pass column's bad cell"

# A (case, repetition) given twice would be two samples, a copy narrowing
# the interval: refused at the second; the same repetition in another run
# (a 'run' column) is another sample.
printf 'case,repetition,runtime,passed\na,1,10,1\na,2,11,1\na,1,12,1\nb,1,5,1\n' >"$TMP/rep2.csv"
run price "$TMP/rep2.csv" "$TMP/rep2.csv"
expect_error 2 "$TMP/rep2.csv:4:3: case 'a': repetition 1 is given twice, on line 2 and here (each repetition is one sample)" "a repetition given twice"
printf 'case,repetition,runtime,passed\na,2,10,1\nb,1,5,1\na,1,11,1\nb,2,5,1\na,1,12,1\n' >"$TMP/rep3.csv"
run price "$TMP/rep3.csv" "$TMP/rep3.csv"
expect_error 2 "$TMP/rep3.csv:6:3: case 'a': repetition 1 is given twice, on line 4 and here (each repetition is one sample)" "a repetition given twice, rows out of order"
printf 'case,repetition,runtime,passed\na,2,10,1\nb,1,5,1\na,1,11,1\nb,2,5,1\n' >"$TMP/rep4.csv"
run price "$TMP/rep4.csv" "$TMP/rep4.csv"
expect_status 0 "repetitions out of order, each once"
printf 'case,run,repetition,runtime,passed\na,1,1,10,1\na,1,2,11,1\na,2,1,12,1\na,2,2,12,1\nb,1,1,5,1\nb,2,1,5,1\n' >"$TMP/rep-runs.csv"
run price "$TMP/rep-runs.csv" "$TMP/rep-runs.csv"
expect_status 0 "the same repetition in two runs"
# One file given twice on a side, by another name too, is not two runs.
run price --before "$TMP/rep-runs.csv" "$TMP/maybe.csv" "$TMP/../$(basename "$TMP")/rep-runs.csv" --after "$TMP/rep-runs.csv"
expect_error 2 "<command line>: --before: '$TMP/../$(basename "$TMP")/rep-runs.csv' is run 1 and run 3: each run is another measurement, so give each file once" "one file as two runs of a side"
# Nor is a copy of it: two measurements never agree to the byte.
cp "$TMP/rep-runs.csv" "$TMP/rep-copy.csv"
run price --before "$TMP/rep-runs.csv" "$TMP/rep-copy.csv" --after "$TMP/rep-runs.csv"
expect_error 2 "<command line>: --before: '$TMP/rep-copy.csv' (run 2) has the same bytes as '$TMP/rep-runs.csv' (run 1): each run is another measurement, so give each once" "a copy of a run as another run of a side"
run price --before "$TMP/rep-runs.csv" --after "$TMP/rep-runs.csv" "$TMP/rep4.csv" "$TMP/rep-copy.csv"
expect_error 2 "<command line>: --after: '$TMP/rep-copy.csv' (run 3) has the same bytes as '$TMP/rep-runs.csv' (run 1): each run is another measurement, so give each once" "a copy of a run as another run of the after side"
# A control is a rerun of the unchanged code: not a copy of any run of
# the fix, and its own runs each another measurement.
cp "$M/a2.csv" "$TMP/a2-copy.csv"
run price $L $B $A --estimator mean --control "$TMP/a2-copy.csv" "$M/a2.csv"
expect_error 2 "<command line>: control runs: --control: '$M/a2.csv' (run 2) has the same bytes as '$TMP/a2-copy.csv' (run 1): each run is another measurement, so give each once" "two control runs with the same bytes"
run price $L $B $A --estimator mean --control "$M/a2.csv" "./$M/a2.csv"
expect_error 2 "<command line>: control runs: --control: './$M/a2.csv' is run 1 and run 2: each run is another measurement, so give each file once" "one control run given twice"
cp "$M/b1.csv" "$TMP/b1-copy.csv"
run price $L $M/b1.csv $M/a1.csv --control "$TMP/b1-copy.csv"
expect_error 2 "<command line>: --control: '$TMP/b1-copy.csv' has the same bytes as the before run '$M/b1.csv': a control is a rerun of the unchanged code, another measurement" "a control run that is a copy of the before run"
run price $L $B $A --estimator mean --control "$M/a1.csv"
expect_error 2 "<command line>: --control: '$M/a1.csv' has the same bytes as the after run '$M/a1.csv': a control is a rerun of the unchanged code, another measurement" "a control run that is an after run"
run price cli/small-both.csv --control cli/small-both.csv
expect_error 2 "<command line>: --control: 'cli/small-both.csv' has the same bytes as the before-and-after run 'cli/small-both.csv': a control is a rerun of the unchanged code, another measurement" "a control run that is the file of both runs"
finish
