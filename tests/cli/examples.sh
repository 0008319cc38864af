#!/bin/sh
# Every example in examples/ with its expected decision and the numbers its
# README works out by hand.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$EX" || exit 1
W=fp32-cube-matmul
S="--scenario $W/fp32-cube.yaml"

# The worked example: reject, as a prediction and as a measured run.
run price $W/before.csv $S
expect_status 0 "worked example"
expect_grep "$OUT" "PREDICTION from scenario 'fp32 cube matmul' (not measured)" "labelled a prediction"
expect_grep "$OUT" "REJECT, not judged against noise: net -22.2500 = gain 2.7500 - cost 25.0000" "worked example: reject"
expect_grep "$OUT" "control: total_before 76.0000, total_after 55.0000, delta_total -21.0000" "worked example: control"
expect_grep "$OUT" "note: same sign as net, another size (net - delta_total = -1.2500), because" "worked example: the control's size is a note"
expect_joined "$OUT" "the cost formula charges the slowdown of m512_k4096, which failed before and scored nothing in the total" "worked example: the failing case's slowdown in plain words"
run price $W/before.csv $W/after.csv
expect_grep "$OUT" "REJECT, not judged against noise: net -22.3036" "measured: reject"
run price $W/before.csv $S --check
expect_status 1 "worked example fails the gate"

# The three sign flips, each accept.
run price -m raised-pass-reward/metric.yaml $W/before.csv $S --check
expect_status 0 "raised pass reward passes the gate"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 1.2500 = gain 26.2500 - cost 25.0000" "raised pass reward"
run price -m unequal-weights/metric.yaml $W/before.csv $S --check
expect_status 0 "unequal weights pass the gate"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 3.2051 = gain 28.2051 - cost 25.0000" "unequal weights"
run price -m sublinear-regressions/metric.yaml $W/before.csv $S --check
expect_status 0 "sublinear regressions pass the gate"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 0.4842 = gain 3.8326 - cost 3.3484" "sublinear regressions"
run price -m pypto-gym-sublinear $W/before.csv $S
expect_first "REJECT, not judged against noise: net -11.3769 = gain 3.2678 - cost 14.6447" "alpha 0.5 still rejects"
# Real harness output: the case that starts passing is a gain.
run price harness/gbench-before.json harness/gbench-after.json
expect_grep "$OUT" "ACCEPT: net 3.3072 = gain 11.4286 - cost 8.1213" "Google Benchmark pair"
run price --missing fail --results-before harness/pytest-before.xml --results harness/pytest-after.xml harness/pytest-before.json harness/pytest-after.json
expect_grep "$OUT" "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079" "pytest pair with JUnit reports"

# A fix within its noise: inconclusive, and how many repetitions decide it.
N=noisy-fix
run price $N/before.csv $N/after.csv --check
expect_status 3 "noisy fix: inconclusive"
expect_grep "$OUT" "INCONCLUSIVE: net 1.3454 = gain 6.4875 - cost 5.1421" "noisy fix: the headline"
expect_joined "$OUT" "95 % interval [-0.7844, 3.5827]; the point estimate accepts" "noisy fix: the decision alone"
expect_joined "$OUT" "verdict: inconclusive (the 95 % interval of net [-0.7844, 3.5827] over 2000 resamples is not clear of 0)" "noisy fix: the verdict"
# The noise arm: the before run resampled against itself, what noise alone
# gives an unchanged fix through the score's clip (about the control
# run's -1.1718).
expect_joined "$OUT" "noise arm (the before run resampled against itself): net -1.2609 on average, interval [-2.6661, -0.2267]; the fix's net 1.3454" "noisy fix: the noise arm beside the fix"
expect_joined "$OUT" "about 7 samples per case (now 3) would decide it: the interval of net would exclude 0" "noisy fix: repetitions that would decide it"
expect_grep "$OUT" "cases that widen the interval most: conv_tail, conv2, conv11" "noisy fix: the widest cases"
run price $N/before.csv $N/after.csv --control $N/control.csv
expect_joined "$OUT" "control run: net -1.1718 against the before run (0 if there were no noise), interval [-3.2321, 0.0000]; the fix's net 1.3454" "noisy fix: the noise floor"

# Three runs per side (examples/between-runs/README.md): within a run the
# fix is sure (one run per side, or the runs' samples pooled: accept);
# with the runs resampled as runs it is not (inconclusive, exit 3).
R=between-runs
run price $R/before-run1.csv $R/after-run1.csv --check
expect_status 0 "between runs: one run per side accepts"
expect_joined "$OUT" "ACCEPT: net 3.2141 = gain 6.6667 - cost 3.4525, 95 % interval [3.0132, 3.4167]" "between runs: one run per side"
run price $R/before-pooled.csv $R/after-pooled.csv --check
expect_status 0 "between runs: pooled accepts"
expect_joined "$OUT" "ACCEPT: net 3.1794 = gain 6.6667 - cost 3.4873, 95 % interval [2.4756, 3.8067]" "between runs: pooled"
run price $R/before.csv $R/after.csv --check
expect_status 3 "between runs: the runs as runs, inconclusive"
expect_joined "$OUT" "INCONCLUSIVE: net 3.1794 = gain 6.6667 - cost 3.4873, 95 % interval [-4.5771, 6.6667]; the point estimate accepts" "between runs: the hierarchical interval"
expect_grep "$OUT" "runtimes: median over 3 runs of the median of 5 samples" "between runs: the record says how"
# The run pairs alone (run 2 and run 3's rows): 1.78 and 3.18, intervals
# apart from each other and from run 1's.
for j in 2 3; do
	for s in before after; do
		awk -F, -v j=$j 'NR == 1 { print "case,repetition,runtime,passed"; next }
			$2 == j { print $1 "," $3 "," $4 "," $5 }' $R/$s.csv >"$TMP/$s-$j.csv"
	done
done
run price "$TMP/before-2.csv" "$TMP/after-2.csv"
expect_joined "$OUT" "ACCEPT: net 1.7793 = gain 6.6667 - cost 4.8874, 95 % interval [1.6118, 1.9645]" "between runs: run 2 alone"
run price "$TMP/before-3.csv" "$TMP/after-3.csv"
expect_joined "$OUT" "ACCEPT: net 3.1794 = gain 6.6667 - cost 3.4873, 95 % interval [2.9919, 3.3777]" "between runs: run 3 alone"

# Five plans compared: split-k ahead of fp32-large, but not surely
# (examples/plan-comparison/README.md).
P=plan-comparison
run compare $P/before.csv $P/fp32-all.csv $P/fp32-last.csv $P/fp32-large.csv $P/split-k.csv $P/bf16-accum.csv
expect_grep "$OUT" "best: split-k, P(best) 0.6070 over 2000 joint resamples; net 3.7005 of 5 candidates" "plan comparison: the outcome"
expect_grep "$OUT" "fp32-all     9.0993  24.9154  -15.8161  [-16.2205, -15.4060]  reject        0.0000" "plan comparison: fp32-all rejected"

# Each example README's commands run as written from the repository root,
# where the build leaves ./fixprice (no fixprice on PATH in a clone):
# indented lines starting ./fixprice, with their backslash continuations.
ROOT=$TMP/root
mkdir -p "$ROOT"
cp -R "$EX" "$ROOT/"
ln -s "$FIXPRICE" "$ROOT/fixprice"
for readme in "$EX"/*/README.md; do
	case $readme in */ci/*) continue ;; esac
	if grep -q '^    fixprice ' "$readme"; then
		bad "${readme#"$EX"/}: calls fixprice, not ./fixprice"; else ok; fi
	awk '/^    \.\/fixprice / { cmd = ""; on = 1 }
		on { line = $0; sub(/^ +/, "", line); cont = sub(/ *\\$/, "", line)
			cmd = cmd (cmd == "" ? "" : " ") line
			if (!cont) { print cmd; on = 0 } }' "$readme" >"$TMP/cmds"
	if [ -s "$TMP/cmds" ]; then ok; else bad "${readme#"$EX"/}: no ./fixprice command"; fi
	while IFS= read -r cmd; do
		STATUS=0
		(cd "$ROOT" && PATH=/nonexistent:/usr/bin:/bin sh -c "${cmd%%#*}") \
			>"$OUT" 2>"$ERR" || STATUS=$?
		expect_status 0 "${readme#"$EX"/}: $cmd"
	done <"$TMP/cmds"
done
finish
