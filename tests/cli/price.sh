#!/bin/sh
# CLI tests of `fixprice price`, on runs whose prices are worked out by hand.
#
# small-before.csv / small-after.csv (default metric, W = N = 4):
#   case  runtime b->a  passed b->a  ref  score b->a
#   a     2 -> 4        pass pass    2    1   -> 0.5
#   b     4 -> 2        fail pass    2    0.5 -> 1     newly passing
#   c     1 -> 1        pass pass    2    1   -> 1
#   d     5 -> 4        pass fail    4    0.8 -> 1     newly failing
#   gain = (0.3 + 0.5*1)/4*100 = 20
#   cost = 0.5*(0.5 - 0.5 + 0 - 0.2)/4*100 = -2.5      net = 22.5, accept
#   total_before = (0.8 + 0 + 0.8 + 0.7)/4*100 = 57.5
#   total_after  = (0.55 + 0.8 + 0.8 + 0)/4*100 = 53.75, delta_total = -3.75
#   The control disagrees by 26.25: d newly fails (-17.5 in the total, -2.5
#   in net: +20) and b's slowdown credit (6.25) is not in the total.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA/cli" || exit 1
B=small-before.csv
A=small-after.csv

run price $B $A
expect_status 0 "measured price"
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000" "verdict and numbers"
expect_grep "$OUT" "control: total_before 57.5000, total_after 53.7500, delta_total -3.7500" "control totals"
expect_grep "$OUT" "DIFFERS IN SIGN from net (net - delta_total = 26.2500), because" "control: a difference in sign"
expect_joined "$OUT" "d fails after the fix: the total changes by -17.5000 for it, net by 2.5000 (its gain share minus cost share)" "control: d in plain words"
expect_joined "$OUT" "the cost formula credits the speedup of b, which failed before and scored nothing in the total" "control: b in plain words"
expect_no_grep "$OUT" "PREDICTION" "measured runs are not a prediction"

run price small-both.csv
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000" "one file with both sides"

# Weights: b weighs 3, so W = 6; gain = 3*0.8/6*100 = 40,
# cost = 0.5*(0.5 - 3*0.5 - 0.2)/6*100 = -10.
run price $B $A --weight 'b=3'
expect_grep "$OUT" "REJECT, not judged against noise: net 50.0000 = gain 40.0000 - cost -10.0000" "--weight"
# A raised pass reward: gain = (0.6 + 0.5)/4*100 = 27.5.
run price $B $A --set pass_reward=0.6
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 30.0000 = gain 27.5000" "--set pass_reward"

# --check: 0 when accepted; 1 when rejected, 3 when inconclusive, with the
# record still printed.  d newly fails and net and delta_total differ in
# sign: both guards fire, and the decision (accept) is not the verdict.
run price $B $A --check
expect_status 3 "--check: the guards make an accept inconclusive"
expect_joined "$OUT" "verdict: not judged (every case has one sample, so the noise is not judged; rerun with several samples per case (a row per sample), or give --control RUN; guard newly-failing, 1 case passes before and fails after the fix; guard control, net and the metric's own delta_total differ in sign)" "both guards named"
expect_grep "$OUT" "  newly failing: d" "the newly failing case named"
run price $B $A --check --no-control-guard
expect_status 1 "--check: without the control guard, newly failing rejects"
expect_joined "$OUT" "--control RUN; guard newly-failing, 1 case passes before and fails after the fix)" "newly-failing guard named"
expect_grep "$OUT" "verdict: not judged (" "newly failing: still not judged"
expect_first "REJECT, not judged against noise: net 22.5000 = gain 20.0000 - cost -2.5000; the" "newly failing: the headline"
expect_joined "$OUT" "the point estimate accepts, a guard rejects it" "newly failing: the guard overrules the point estimate"
run price $B $A --check --no-control-guard --allow-newly-failing
expect_status 0 "--check on accept, both guards off"
expect_joined "$OUT" "verdict: not judged (every case has one sample, so the noise is not judged; rerun with several samples per case (a row per sample), or give --control RUN)" "single sample: noise not judged"
expect_first "ACCEPT, not judged against noise: net 22.5000 = gain 20.0000 - cost -2.5000" "single sample: the headline"
run price $EX/fp32-cube-matmul/before.csv --runtime-factor 2 --pass m512_k4096 --check
expect_status 1 "--check on reject"
expect_grep "$OUT" "REJECT, not judged against noise: net -22.2500 = gain 2.7500 - cost 25.0000" "shorthand scenario"
expect_grep "$OUT" "PREDICTION from scenario 'command line' (not measured)" "shorthands are a prediction"

# Formats on stdout; -o writes the same bytes to a file.
run price $B $A --format csv
expect_out 'case,weight,passed_before,passed_after,runtime_before,runtime_after,score_before,score_after,value_before,value_after,gain,cost,n_before,n_after
"a",1,true,true,2,4,1,0.5,0.8,0.55,0,6.25,,
"b",1,false,true,4,2,0.5,1,0,0.8,20,-6.25,,
"c",1,true,true,1,1,1,1,0.8,0.8,0,0,,
"d",1,true,false,5,4,0.8,1,0.7,0,0,-2.4999999999999996,,' "csv form"
cp "$OUT" "$TMP/expected.csv"
run price $B $A --format csv -o "$TMP/out.csv"
expect_status 0 "-o FILE"
if cmp -s "$TMP/out.csv" "$TMP/expected.csv"; then ok; else bad "-o FILE holds the same bytes as stdout"; fi
run price $B $A --format csv -o "$TMP/out.csv"
expect_error 2 "<command line>: $TMP/out.csv exists; use --force to replace it" "-o refuses to replace"
run price $B $A --format csv -o "$TMP/out.csv" --force
expect_status 0 "-o --force"
run price $B $A -o $B
expect_error 2 "<command line>: -o $B would overwrite the input $B" "-o onto an input"

# The same inputs give the same bytes.
run price $B $A --format json
cp "$OUT" "$TMP/one.json"
run price $B $A --format json
if cmp -s "$OUT" "$TMP/one.json"; then ok; else bad "json is deterministic"; fi
expect_grep "$OUT" '"decision": "accept"' "json decision"
expect_grep "$OUT" '"kind": "measured"' "json kind"

# Record folder: all three files, refused the second time without --force.
run price $B $A --record "$TMP/rec"
expect_status 0 "--record"
for f in decision.md decision.json cases.csv; do
	if [ -s "$TMP/rec/$f" ]; then ok; else bad "--record wrote $f"; fi
done
if [ "$(head -n 1 "$TMP/rec/decision.md")" = "**INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000 - cost -2.5000; the point estimate accepts, a guard makes it inconclusive**" ]
then ok; else bad "Markdown: the decision first"; fi
run price $B $A --record "$TMP/rec"
expect_error 2 "fixprice: $TMP/rec/decision.md exists; use --force to replace it" "record not overwritten"
run price $B $A --record "$TMP/rec" --force
expect_status 0 "--record --force"
cp -r "$TMP/rec" "$TMP/rec1"
run price $B $A --record "$TMP/rec" --force
if diff -r "$TMP/rec" "$TMP/rec1" >/dev/null; then ok; else bad "record folders are byte-identical"; fi

# Bad input: one line naming the file (and line, column), exit 2.
printf 'case,runtime,passed,ref_runtime\na,2,pass,2\nb,4,fail,2\nc,1,pass,2\nd,5,pass,4\ne,1,pass,1\nf,1,pass,1\n' > "$TMP/extra.csv"
run price "$TMP/extra.csv" $A
expect_error 2 "$TMP/extra.csv:6:1: case 'e' and 1 more are not in $A (--missing drop leaves such cases out; --missing fail counts them failing there, which is right only for a case that ran there and failed: one that never ran there would be priced as newly failing)" "missing cases"
run price "$TMP/extra.csv" $A --drop-missing
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000" "--drop-missing"
run price zero-runtime.csv zero-runtime.csv
expect_error 2 "zero-runtime.csv:3:3: runtime of case 'y' must be a finite number above 0, got 0" "runtime 0"
printf 'case,runtime,passed,ref_runtime\na,2,2,2\nb,4,0,2\nc,1,1,2\nd,5,1,4\n' > "$TMP/twice.csv"
run price "$TMP/twice.csv" $A
expect_error 2 "$TMP/twice.csv:2:5: passed of case 'a' must be a pass state (true/false, 1/0, pass/fail, yes/no), got 2" "pass state 2"
printf 'case,runtime,passed,ref_runtime\na,2,2,2\nb,4,fail,2\nc,1,1,2\nd,5,1,4\n' > "$TMP/mixed.csv"
run price "$TMP/mixed.csv" $A
expect_error 2 "$TMP/mixed.csv:3:5: cell 'fail' in column 'passed' is a pass state, but the column also holds numbers other than 0 and 1" "pass words beside other numbers"
run price $B $A --set bogus=1
expect_error 2 "fixprice: no parameter 'bogus' (there are: pass_reward, perf_weight)" "unknown parameter"
run price $B $A --runtime-factor 2
expect_error 2 "<command line>: give either two runs or one run and a scenario (--scenario, --runtime-factor, --pass, --fail)" "two runs and a scenario"
run price $B
expect_error 2 "$B: one run file needs columns runtime_before, runtime_after, passed_before and passed_after; runtime_before is missing (or give two run files)" "one run without both sides"
run price -m nosuch $B $A
expect_status 2 "unknown metric"
expect_grep "$ERR" "fixprice: no metric named 'nosuch' (shipped: " "unknown metric message"
# --column: a run with other column names; a FROM no run has is an error.
printf 'case,real_time,ok,ref_runtime\na,2,pass,2\nb,4,fail,2\nc,1,pass,2\nd,5,pass,4\n' > "$TMP/renamed.csv"
run price "$TMP/renamed.csv" $A --column runtime=real_time --column passed=ok
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000" "--column renames"
run price "$TMP/renamed.csv" $A --column runtime=nope
expect_error 2 "<command line>: --column runtime=nope: no input has a column 'nope'" "--column FROM nowhere"
run price $B $A --weight 'zzz*=3'
expect_error 2 "<command line>: --weight zzz*: no case matches 'zzz*'" "--weight glob matching nothing"
run price --format xml $B $A
expect_status 2 "unknown format"
run price
expect_status 2 "no inputs"
# One case is "1 case"; one resample "1 resample".
printf 'case,runtime,passed\na,1,1\n' >"$TMP/one-b.csv"
printf 'case,runtime,passed\na,2,1\n' >"$TMP/one-a.csv"
run price "$TMP/one-b.csv" "$TMP/one-a.csv"
expect_grep "$OUT" "metric pypto-gym version 1, 1 case, W 1" "one case in text"
run price "$TMP/one-b.csv" "$TMP/one-a.csv" --format md
expect_grep "$OUT" "Metric pypto-gym version 1, N = 1 case, W = 1." "one case in Markdown"
expect_grep "$OUT" "Largest shares of gain and cost (1 of 1 case):" "one case in the case table"
# Too few resamples to place the interval (five beyond each end: 10 /
# (1 - C)) are not judged: one resample gave ACCEPT [5.0476, 5.0476], a
# zero-width interval clear of the measured net, and another seed REJECT.
run price "$EX/noisy-fix/before.csv" "$EX/noisy-fix/after.csv" --bootstrap 1 --check
expect_status 0 "one resample: not judged, exits as the point estimate"
expect_first "ACCEPT, not judged against noise: net 1.3454 = gain 6.4875 - cost 5.1421" "one resample: not judged"
expect_joined "$OUT" "verdict: not judged (1 resample cannot place a 95 % interval, so the noise is not judged; rerun with --bootstrap 200 or more)" "one resample: the reason and the remedy"
expect_no_grep "$OUT" "1 resamples" "no '1 resamples'"
run price "$EX/noisy-fix/before.csv" "$EX/noisy-fix/after.csv" --bootstrap 199
expect_first "ACCEPT, not judged against noise: net 1.3454 = gain 6.4875 - cost 5.1421" "199 resamples: not judged"
run price "$EX/noisy-fix/before.csv" "$EX/noisy-fix/after.csv" --bootstrap 200
expect_first "INCONCLUSIVE: net 1.3454 = gain 6.4875 - cost 5.1421, 95 % interval [-0.7168," "200 resamples: judged"
run price "$EX/noisy-fix/before.csv" "$EX/noisy-fix/after.csv" --confidence 0.999 --format json
expect_grep "$OUT" '"noise_judged": false' "99.9 % on 2000 resamples: not judged (JSON)"
expect_grep "$OUT" "rerun with --bootstrap 10000 or more" "99.9 %: the resamples it needs"
# Samples all alike (a timer coarser than the noise) measure no noise:
# they gave REJECT [-4.5455, -4.5455] and NO MATERIAL EFFECT [0, 0].
printf 'case,repetition,runtime,passed\n' >"$TMP/alike-b.csv"
cp "$TMP/alike-b.csv" "$TMP/alike-a.csv"
for k in 1 2 3; do
	for c in a b c; do
		echo "$c,$k,10,1" >>"$TMP/alike-b.csv"
		echo "$c,$k,11,1" >>"$TMP/alike-a.csv"
	done
done
run price "$TMP/alike-b.csv" "$TMP/alike-a.csv" --check
expect_status 1 "samples alike: not judged, exits as the point estimate (reject)"
expect_first "REJECT, not judged against noise: net -4.5455 = gain 0.0000 - cost 4.5455" "samples alike: not judged"
expect_joined "$OUT" "verdict: not judged (the samples of each of the 3 cases with several are all alike, so the noise is not measured and not judged; time with a finer clock or more iterations per sample, or give --control RUN)" "samples alike: the reason and the remedy"
run price "$TMP/alike-b.csv" "$TMP/alike-b.csv"
expect_first "REJECT, not judged against noise: net 0.0000 = gain 0.0000 - cost 0.0000" "the same alike samples twice: not judged"
# One case whose samples differ is enough to judge the run.
sed 's/^a,2,11,1$/a,2,12,1/' "$TMP/alike-a.csv" >"$TMP/alike-a2.csv"
run price "$TMP/alike-b.csv" "$TMP/alike-a2.csv"
expect_no_grep "$OUT" "NOT JUDGED" "one case's samples differ: judged"
# A newly failing case whose share of net is 0 at the digits shown: net
# does not change for it (the cost of a: 0.5 * (1 - 1) = 0, no gain).
printf 'case,runtime,passed\na,1,1\nb,1,1\n' >"$TMP/nf-b.csv"
printf 'case,runtime,passed\na,1,0\nb,1,1\n' >"$TMP/nf-a.csv"
run price "$TMP/nf-b.csv" "$TMP/nf-a.csv"
expect_joined "$OUT" "- a fails after the fix: the total changes by -40.0000 for it, net not at all" "a share of 0 in words"
expect_no_grep "$OUT" "by 0.0000" "no 'by 0.0000'"
finish
