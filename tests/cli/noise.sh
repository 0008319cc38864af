#!/bin/sh
# CLI tests of the verdict: the noise options, the control run, flaky
# cases under each pass policy, determinism across threads, errors.
#
# tests/data/noise/linear.yaml: net = sum(newly_passing) - sum(runtime_after
# - runtime_before).  On small-before/after.csv (tests/cli/price.sh):
#   net = 1 - ((4-2) + (2-4) + (1-1) + (4-5)) = 2.
# small-control.csv reruns the before code: a 2.2 (q = 1.1), c 0.9
# (q = 0.9), b and d as before (q = 1), so the control's net is
#   -((2.2-2) + (0.9-1)) = -0.1.
# With one sample per case, a resample takes a's after runtime as 4 * 1.1
# or 4 / 1.1 and c's as 1 * 0.9 or 1 / 0.9, so net = 7 - a - c is one of
#   1.4889 (4.4, 1.1111), 1.7 (4.4, 0.9), 2.2525, 2.4636 (3.6364, 0.9),
# each with odds 1/4, mean 1.9763 (the price at the mean pseudo-samples,
# 4.0182 and 1.0056: net is linear, so no bias).  Moved about the
# measured net 2 they are 1.5126, 1.7237, 2.2763 and 2.4874: the 95 %
# interval is [1.5126, 2.4636], its top held at the largest net the
# prices show (gain 1 less the smallest cost, -1.4636), P = 1.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA" || exit 1
L="-m noise/linear.yaml"
B=cli/small-before.csv
A=cli/small-after.csv

run price $L $B $A --control noise/small-control.csv --allow-newly-failing --check
expect_status 0 "control run: accept"
expect_joined "$OUT" "verdict: accept (the 95 % interval of net [1.5126, 2.4636] over 2000 resamples lies above 0)" "control run: judged"
expect_joined "$OUT" "ACCEPT: net 2.0000 = gain 1.0000 - cost -1.0000, 95 % interval [1.5126, 2.4636]; the point estimate accepts" "control run: the headline"
expect_joined "$OUT" "95 % interval over 2000 resamples: gain [1.0000, 1.0000]" "control run: the interval line, the level as the headline writes it"
expect_grep "$OUT" "net [1.5126, 2.4636]; P(decide) 1.0000" "control run: the interval from the pseudo-samples"
expect_joined "$OUT" "one pseudo-sample per case from the control run's differences" "control run: the method named"
expect_joined "$OUT" "control run: net -0.1000 against the before run (0 if there were no noise); the fix's net 2.0000" "control run: its net beside the fix's"
# A decide other than net > 0: gain - cost > 1.5 holds for the pseudo-
# samples' nets 1.7, 2.2525 and 2.4636, odds 3/4: P(decide) is the share
# of resamples where decide holds, though net's interval excludes 0, and
# no count of samples is estimated from 0.
sed 's/^decide: gain - cost > 0$/decide: gain - cost > 1.5/' noise/linear.yaml >"$TMP/l15.yaml"
run price -m "$TMP/l15.yaml" $B $A --control noise/small-control.csv --allow-newly-failing --check
expect_status 3 "decide > 1.5: inconclusive"
expect_joined "$OUT" "verdict: inconclusive (decide holds in 0.7590 of 2000 resamples, below 0.9750, one side of a 95 % interval)" "decide > 1.5: the share of resamples"
expect_joined "$OUT" "no count of samples estimated: decide is not net > 0 alone, and P(decide) does not narrow as net's interval does" "decide > 1.5: why no count"
expect_no_grep "$OUT" "would decide it" "decide > 1.5: no estimate from 0"
# P(decide) is held to one side of the interval at the confidence, as
# net's lower end is: gain - cost > -1.2 holds in 0.9515 of the noisy
# fix's resamples, at least 0.95 (it accepted) and below 0.975.
"$FIXPRICE" metrics --show pypto-gym | sed 's/^name: pypto-gym$/name: pg-t/; s/^decide: gain - cost > 0$/decide: gain - cost > -1.2/' >"$TMP/pg-t.yaml"
run price -m "$TMP/pg-t.yaml" "$EX/noisy-fix/before.csv" "$EX/noisy-fix/after.csv" --check
expect_status 3 "decide > -1.2: inconclusive"
expect_joined "$OUT" "verdict: inconclusive (decide holds in 0.9515 of 2000 resamples, below 0.9750, one side of a 95 % interval)" "decide > -1.2: against 0.975"
# A decide of net >= 0 is judged as net > 0, on the interval: the same
# run twice (every resample's net at most 0, many exactly 0) was rejected
# ("decide fails in 0.9925") beside an interval [-3.6596, 0].
"$FIXPRICE" metrics --show pypto-gym | sed 's/^name: pypto-gym$/name: pg-ge/; s/^decide: gain - cost > 0$/decide: gain - cost >= 0/' >"$TMP/pg-ge.yaml"
run price -m "$TMP/pg-ge.yaml" "$EX/noisy-fix/before.csv" "$EX/noisy-fix/before.csv" --check
expect_status 3 "decide >= 0, the same run twice: inconclusive"
expect_joined "$OUT" "verdict: inconclusive (the 95 % interval of net [-3.7026, 0.0000] over 2000 resamples is not clear of 0)" "decide >= 0: judged on the interval"
run price $L $B $A --control noise/small-control.csv --format json
expect_grep "$OUT" '"net": -0.1000000000000002' "control run: its net in JSON (-0.2 + 0.1, rounded)"
expect_grep "$OUT" '"pseudo_samples_from_control": true' "control run: pseudo-samples in JSON"
run price $L $B $A --control "$EX/fp32-cube-matmul/after.csv"
expect_status 2 "control run of other cases"
expect_grep "$ERR" "control run" "control run: the error says which input"

# Flaky: x fails in all three samples before; after, it passes in
# samples 1 and 3.  all: x fails after (net 0), majority and any: x passes
# (net 1).  Resampled with its pass states, x passes after with odds
# 8/27 (all), 20/27 (majority), 26/27 (any).  Net is 0 or 1 in every
# resample, so the 95 % interval is [0, 1] under each policy (0 comes up
# in more than 2.5 % of them): inconclusive each time, the interval and
# the verdict being one rule.
F="$L noise/flaky-before.csv noise/flaky-after.csv"
run price $F --check
expect_status 3 "flaky, all: inconclusive"
expect_grep "$OUT" "INCONCLUSIVE: net 0.0000 = gain 0.0000 - cost 0.0000" "flaky, all: x fails"
expect_joined "$OUT" "95 % interval [0.0000, 1.0000]; the point estimate rejects" "flaky, all: the point estimate"
expect_grep "$OUT" "  flaky (samples disagree on passing; pass policy all): x" "flaky case listed"
expect_grep "$OUT" "net is within noise at any count of samples" "net 0: within noise at any count"
run price $F --pass-policy majority --check
expect_status 3 "flaky, majority: inconclusive"
expect_grep "$OUT" "INCONCLUSIVE: net 1.0000 = gain 1.0000 - cost 0.0000" "flaky, majority: x passes"
expect_grep "$OUT" "  flaky (samples disagree on passing; pass policy majority): x" "flaky, majority: listed"
run price $F --pass-policy any --check
expect_status 3 "flaky, any: inconclusive (0 is inside the interval: P(net > 0) 0.9665 < 0.975)"
expect_joined "$OUT" "P(decide) 0.9615" "flaky, any: P near 26/27 = 0.963"

# A repetition that failed without a time is a sample of the pass state:
# x fails before; after, repetition 2 failed with no runtime, 1 and 3
# passed.  Under all, x fails (net 0); a resample passes it only when it
# draws neither copy of repetition 2, odds (2/3)^3 = 8/27 = 0.296 (it was
# not a sample, and every resample passed x: ACCEPT with [1, 1]).
run price $L noise/flaky-before.csv noise/failrep-after.csv --check
expect_status 3 "failing repetition: inconclusive"
expect_grep "$OUT" "INCONCLUSIVE: net 0.0000 = gain 0.0000 - cost 0.0000, 95 % interval [0.0000," "failing repetition: x fails"
expect_joined "$OUT" "net [0.0000, 1.0000]; P(decide) 0.2840" "failing repetition: drawn as a failing sample (8/27)"
expect_grep "$OUT" "  flaky (samples disagree on passing; pass policy all): x" "failing repetition: x is flaky"
run price $L noise/flaky-before.csv noise/failrep-after.csv --pass-policy majority
expect_joined "$OUT" "P(decide) 0.7400" "failing repetition, majority: 20/27 = 0.741"

# Where a score clips, the bias removed is not lent to a resample with no
# gain.  pypto-gym (the default metric): x passes 1 of 3 repetitions
# after, so under any it passes in 1 - (2/3)^3 = 19/27 = 0.704 of the
# resamples; a is unchanged and noisy, its resampled cost biased above 0,
# and removing that bias lifted the resamples in which x fails (gain 0,
# net at most 0) above 0: ACCEPT with P(decide) 0.979.
C="noise/flaky-clip-before.csv noise/flaky-clip-after.csv"
run price $C --pass-policy any --seed 3 --check
expect_status 3 "flaky at a clip: inconclusive"
expect_joined "$OUT" "INCONCLUSIVE: net 40.0000 = gain 40.0000 - cost 0.0000, 95 % interval [-0.0661, 40.0000]" "flaky at a clip: the interval holds 0"
expect_joined "$OUT" "gain [0.0000, 40.0000]" "flaky at a clip: gain 0 where x fails"
expect_joined "$OUT" "P(decide) 0.7030" "flaky at a clip: P near 19/27 = 0.704"
run price $C --pass-policy majority --seed 3
expect_joined "$OUT" "P(decide) 0.2615" "flaky at a clip, majority: 2 or 3 draws of the pass, 7/27 = 0.259"
# An A/A rerun newly passes nothing: net is at most 0 in every resample,
# and P(decide) is 0, as its interval says (it counted 0.7065 of them
# above 0, lifted by the bias removed).
run price "$EX/noisy-fix/before.csv" "$EX/noisy-fix/before.csv" --check
expect_status 3 "the same run twice: inconclusive"
expect_joined "$OUT" "net [-3.7026, 0.0000]; P(decide) 0.0000" "the same run twice: no resample above 0"

# A narrow step: kernelbench's value is passed * (score > p), and case a's
# score is 1.5 / 1.0027 = 1.49601 before, 1.5 after, so net is +50 only for
# p in [1.49601, 1.5), narrower than the step of the default grid there.
# The comparison score > p flips at each case's score, which breakeven and
# sweep look at: both edges are found on the default range, the same to
# the last digit as on a range of 1 to 2, and never "net is 0 everywhere".
run breakeven -m kernelbench noise/narrow-before.csv noise/narrow-after.csv --param p
expect_out "p: net = 0 at 1.4959609055550014 and 1.5 (now 1, net 0; searched 0.01 to 100 at 1000 points and where any branch of the metric flips, which finds every crossing)" "narrow step: found on the default range"
expect_no_grep "$OUT" "everywhere" "narrow step: not 'net is 0 everywhere'"
run price -m kernelbench noise/narrow-before.csv noise/narrow-after.csv --set p=1.497
expect_grep "$OUT" "net 50.0000 = gain 50.0000 - cost 0.0000" "narrow step: net +50 at p = 1.497"
run breakeven -m kernelbench noise/narrow-before.csv noise/narrow-after.csv --param p --range 1:2
expect_grep "$OUT" "p: net = 0 at 1.4959609055550014 and 1.5 (now 1, net 0; searched 1 to 2 at 1000 points" "narrow step: the same on a finer grid"
run sweep -m kernelbench noise/narrow-before.csv noise/narrow-after.csv --param p=0.01:100:1 --format csv
expect_grep "$OUT" '"p",1.4959609055550014,0,0,0,reject,1' "narrow step: sweep marks the lower edge"
expect_grep "$OUT" '"p",1.5,0,0,0,reject,1' "narrow step: sweep marks the upper edge"
run sweep -m kernelbench noise/narrow-before.csv noise/narrow-after.csv --param p=0.01:100:1
expect_no_grep "$OUT" "may be missed" "narrow step: sweep found every crossing"

# The margin: the interval of net [-0.7844, 3.5827] of the noisy fix lies
# within +-5 points, so the fix has no material effect (--check: 1); with
# a margin of 0.5 it is neither clear of the margin nor within it.  The
# metric's key margin does the same, and --margin overrides it.
N="$EX/noisy-fix"
run price $N/before.csv $N/after.csv --margin 5 --check
expect_status 1 "margin 5: no material effect exits 1"
expect_grep "$OUT" "NO MATERIAL EFFECT: net 1.3454 = gain 6.4875 - cost 5.1421, 95 % interval" "margin 5: the headline"
expect_joined "$OUT" "verdict: no material effect (the 95 % interval of net [-0.7844, 3.5827] over 2000 resamples lies within the margin -5.0000 to +5.0000)" "margin 5: the verdict line"
run price $N/before.csv $N/after.csv --margin 0.5 --check
expect_status 3 "margin 0.5: inconclusive"
expect_joined "$OUT" "is not clear of the margin -0.5000 to +0.5000)" "margin 0.5: not clear of the margin"
sed 's/^decide: gain - cost > 0$/decide: gain - cost > 0\nmargin: 5/' "$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/pg-margin.yaml"
run price -m "$TMP/pg-margin.yaml" $N/before.csv $N/after.csv --format json
expect_grep "$OUT" '"margin": 5.0' "the metric's margin, recorded"
expect_grep "$OUT" '"verdict": "no material effect"' "the metric's margin decides"
run price -m "$TMP/pg-margin.yaml" $N/before.csv $N/after.csv --margin 0 --check
expect_status 3 "--margin 0 overrides the metric's"
sed 's/^decide: gain - cost > 0$/decide: gain - cost > 0\nmargin: -1/' "$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/pg-bad.yaml"
run price -m "$TMP/pg-bad.yaml" $N/before.csv $N/after.csv
expect_status 2 "a negative margin is an error"
expect_grep "$ERR" "margin must be a number of points 0 or above" "a negative margin: the error says why"
run price $N/before.csv $N/after.csv --margin -1
expect_status 2 "--margin -1 is a usage error"

# The interval and P(decide) are one rule (doc/noise.md, step 4): the
# noisy fix's P(decide) 0.9085 puts 9.15 % of the widened resamples at or
# below 0, so its 81 % interval (9.5 % in each tail) lies above 0 and
# accepts, and its 82 % interval (9 %) does not.
run price $N/before.csv $N/after.csv
expect_joined "$OUT" "P(decide) 0.9085" "P(decide) of the noisy fix"
# The JSON record's doubt of the bias -0.22466968406900165 (the median's
# kink, 0.4 of the formula's): twice it below the centre (the measured
# net's side), 1.6 times above.
run price $N/before.csv $N/after.csv --format json
expect_joined "$OUT" '"doubt": { "below": 0.4493393681380033, "above": 0.35947149451040267 }' "the JSON record's doubt of the bias"
run price $N/before.csv $N/after.csv --confidence 0.81 --check
expect_status 0 "the 81 % interval lies above 0, as P(decide) says"
run price $N/before.csv $N/after.csv --confidence 0.82 --check
expect_status 3 "the 82 % interval does not, as P(decide) says"

# The samples-needed estimate says why it is absent: small-before/after
# (price.sh) measured three times each, 2 % apart.  The interval of net
# lies above 0, but d newly fails and net and delta_total differ in sign:
# the guards, not the noise, make it inconclusive, and the record says so
# instead of a count of samples.
run price noise/guard-before.csv noise/guard-after.csv --check
expect_status 3 "guards on judged runs: inconclusive"
expect_joined "$OUT" "verdict: inconclusive (the 95 % interval of net [21.8963, 23.1487] over 2000 resamples lies above 0; guard newly-failing, 1 case passes before and fails after the fix; guard control, net and the metric's own delta_total differ in sign)" "guards on judged runs: the verdict line"
expect_joined "$OUT" "no count of samples estimated: the control guard, not the noise, made the verdict inconclusive" "samples needed: why it is absent"
expect_no_grep "$OUT" "would decide it" "samples needed: no count"
run price noise/guard-before.csv noise/guard-after.csv --format json
expect_joined "$OUT" '"samples_per_case": null, "within_noise_at_any_count": false, "absent_because": "control_guard",' "samples needed, JSON: absent because of the control guard"
# With a margin of 22 the interval [21.8872, 23.1910] straddles it: the
# noise leaves it inconclusive too, and no count lifts the guard.
run price noise/guard-before.csv noise/guard-after.csv --margin 22 --format md
expect_joined "$OUT" "- no count of samples estimated: the control guard holds the verdict inconclusive at any count (the noise does too)" "samples needed: guard and noise (Markdown)"
run price noise/guard-before.csv noise/guard-after.csv --margin 22 --format json
expect_grep "$OUT" '"absent_because": "control_guard_and_noise"' "samples needed, JSON: guard and noise"
run price -m "$TMP/l15.yaml" $B $A --control noise/small-control.csv --allow-newly-failing --format json
expect_grep "$OUT" '"absent_because": "decide_not_net"' "samples needed, JSON: decide is not net"

# With a margin the count is for the margin's edge, not 0, about the
# interval's centre (noisy fix: centre, the measured net less its bias at
# the clip, 1.5700638087353525, interval [-0.7844329960408952,
# 3.582715139586464]):
#   margin 0.5, above: 3 * ((c - lo) / (c - 0.5))^2 = 14.52 -> 15
#   margin 3, within: 3 * ((hi - c) / (3 - c))^2 = 5.94 -> 6
# and with pass_reward 0 (centre -0.9299361912646482, interval
# [-3.2844329960408967, 1.0827151395864625]):
#   margin 0.25, below: 3 * ((hi - c) / (-0.25 - c))^2 = 26.29 -> 27
run price $N/before.csv $N/after.csv --margin 0.5
expect_joined "$OUT" "about 15 samples per case (now 3) would decide it: the interval of net would lie above the margin +0.5000" "samples needed: above a margin"
run price $N/before.csv $N/after.csv --margin 3
expect_joined "$OUT" "about 6 samples per case (now 3) would decide it: the interval of net would lie within the margin -3.0000 to +3.0000" "samples needed: within a margin"
run price $N/before.csv $N/after.csv --set pass_reward=0 --margin 0.25
expect_joined "$OUT" "about 27 samples per case (now 3) would decide it: the interval of net would lie below the margin -0.2500" "samples needed: below a margin"

# The same bytes for any number of threads, and for a second run.
H="$DATA/harness/hyperfine"
run price "$H/before.json" "$H/after.json" --format json --threads 1
cp "$OUT" "$TMP/one.json"
for t in 2 4 3; do
	run price "$H/before.json" "$H/after.json" --format json --threads $t
	if cmp -s "$OUT" "$TMP/one.json"; then ok; else bad "--threads $t: other bytes"; fi
done
run price "$H/before.json" "$H/after.json" --format json --seed 5
if cmp -s "$OUT" "$TMP/one.json"; then bad "--seed: the same bytes"; else ok; fi
run price "$H/before.json" "$H/after.json" --bootstrap 0
expect_grep "$OUT" "verdict: not judged (--bootstrap 0, so the noise is not judged)" "--bootstrap 0: not judged"

# The distribution of net: script and data always, drawn when gnuplot is
# there; a record folder links it.
run price "$H/before.json" "$H/after.json" --plot-dir "$TMP/plots"
expect_status 0 "distribution plot"
for f in net-distribution.gp net-distribution.dat shares.gp; do
	if [ -f "$TMP/plots/$f" ]; then ok; else bad "distribution plot: no $f"; fi
done
expect_grep "$TMP/plots/net-distribution.dat" '"95 % interval"' "distribution plot: the interval's label in the data"
run price "$H/before.json" "$H/after.json" --record "$TMP/rec"
expect_grep "$TMP/rec/decision.md" "net-distribution" "record: links the distribution plot"
run price $B $A --plot-dir "$TMP/plots1"
if [ -f "$TMP/plots1/net-distribution.gp" ]; then bad "one sample per case: a distribution plot"; else ok; fi
# With --control, the control run's plot is drawn from the control's own
# resamples: its data file gives the control's net and interval (as the
# JSON record has them), and other counts than the fix's.
N="$EX/noisy-fix"
run price $N/before.csv $N/after.csv --control $N/control.csv --plot-dir "$TMP/plotsc"
expect_status 0 "control plots"
expect_grep "$TMP/plotsc/control-distribution.dat" '"net (points)" -3.232122455071984 0 -1.1718285505050543 ' "control plot: the control run's interval and net"
# The verdict is on net less the control run's (folded in): so is the
# net-distribution plot, the headline's interval [-0.0563, 4.3059] and
# 1.3454 - (-1.1718) = 2.5172 marked, its axis named so.
expect_grep "$TMP/plotsc/net-distribution.dat" '"net less the control run\0047s (points)" -0.056332729599103806 4.305924066472965 2.5172226751714053 ' "the verdict's plot: net less the control run's, its interval and value"
expect_grep "$TMP/plotsc/net-distribution.dat" "net less the control\\0047s, over resamples" "the verdict's plot: its title says so"
if cmp -s "$TMP/plotsc/control-distribution.dat" "$TMP/plotsc/net-distribution.dat"; then bad "control plot: the fix's data"; else ok; fi
run price $N/before.csv $N/after.csv --control $N/control.csv --format json
expect_joined "$OUT" '"control_run": { "net": -1.1718285505050543, "interval": [ -3.232122455071984, 0.0 ], "folded": true, "fix_interval": [ -0.7844329960408952, 3.582715139586464 ], "fix_p_decide": 0.9085 }' "control plot: the record's control net and interval"
# The control run against the before run with the mean: an A/A rerun,
# its bias -0.6327 large against its spread.  Below the centre (the
# measured side) the doubt is 3 times the bias, 1.8981; above it 1.4
# times would be 0.8858, and the ceiling holds it to what widens the
# resamples' spread s by 1.65 (0.6768 = s sqrt(1.65^2 - 1), s = 0.5157).
run price $N/before.csv $N/control.csv --estimator mean --format json
expect_joined "$OUT" '"bias": { "gain": 0.0, "cost": 0.6327127435907669, "net": -0.6327127435907669 }, "center": -0.2851387280539459, "doubt": { "below": 1.8981382307723007, "above": 0.6767664366211632 }' "the mean's doubt above an A/A rerun's centre, held to its ceiling"
run price $N/before.csv $N/after.csv --control $N/control.csv --record "$TMP/recc"
expect_grep "$TMP/recc/decision.md" "control-distribution.svg" "record: links the control run's plot"
run price $N/before.csv $N/after.csv --plot-dir "$TMP/plotsn"
if [ -f "$TMP/plotsn/control-distribution.dat" ]; then bad "no control: a control plot"; else ok; fi

# The sensitivity commands on runs with samples (2000 resamples, as price:
# tornado's interval of net now is price's, [-0.7844, 3.5827]).
N="$EX/noisy-fix"
run breakeven $N/before.csv $N/after.csv --param pass_reward
expect_status 0 "breakeven with noise"
expect_grep "$OUT" "noise: 2000 resamples of the runs' samples, seed 20260901, 95 % intervals" "breakeven: the resampling"
# Its interval is where price's interval of net holds 0: from the range's
# start (at 0.02 price is inconclusive) to 0.394116, where price's lower
# end reaches 0, found to a millionth of the range's width (1e-4): price
# holds 0 at 0.3941 and accepts at 0.3942 (it was the resamples'
# crossings, [0.0427, 0.4624], and price accepted at 0.45 inside it).
expect_grep "$OUT" "  break-even 0.138553: in [0.003, 0.394116] (from the range's start), where price's 95 % interval of net holds 0" "breakeven: its interval"
run price $N/before.csv $N/after.csv --set pass_reward=0.3941
expect_first "INCONCLUSIVE: net 2.1296 = gain 7.2717 - cost 5.1421, 95 % interval [-0.0003," "breakeven: price just inside its end holds 0"
run price $N/before.csv $N/after.csv --set pass_reward=0.3942
expect_first "ACCEPT: net 2.1304 = gain 7.2725 - cost 5.1421, 95 % interval [0.0006, 4.3677];" "breakeven: price just beyond its end accepts"
run breakeven $N/before.csv $N/after.csv --param pass_reward --format json
tr -d ' \n' <"$OUT" >"$TMP/be.json"
expect_grep "$TMP/be.json" '"crossings":[{"interval":[0.003,0.39411624682503],"to_range_start":true,"to_range_end":false}]' "breakeven: the interval in JSON"
run breakeven $N/before.csv $N/after.csv --param pass_reward --threads 1
cp "$OUT" "$TMP/be1"
run breakeven $N/before.csv $N/after.csv --param pass_reward --threads 2
if cmp -s "$OUT" "$TMP/be1"; then ok; else bad "breakeven: other bytes on 2 threads"; fi
run tornado $N/before.csv $N/after.csv
expect_grep "$OUT" "  net now in [-0.784433, 3.58272]; swings smaller than its width (within noise): pass_reward, perf_weight" "tornado: swings within the noise"
run sweep $N/before.csv $N/after.csv --param pass_reward=0:0.6:0.2 --plot-dir "$TMP/sweep"
expect_grep "$OUT" "  net at 0 in [-3.28443, 1.08272]" "sweep: the band at 0"
expect_grep "$OUT" "  net at 0.6 in [1.71557, 6.08272]" "sweep: the band at 0.6"
# The band at every point is the interval price prints with the parameter
# set there (doc/noise.md, "In the sensitivity commands"): the clip's bias
# removed and doubted at each point; and with a flaky case (conv_tail's
# second repetition failing after), whose resamples are priced on
# runtimes alone as well.
awk -F, 'BEGIN { OFS = "," } $1 == "conv_tail" && $2 == 2 { $4 = 0 } { print }' \
	$N/after.csv >"$TMP/flaky-after.csv"
for after in $N/after.csv "$TMP/flaky-after.csv"; do
	run sweep $N/before.csv "$after" --pass-policy majority --param pass_reward=0:0.6:0.3 --format json
	cp "$OUT" "$TMP/band.json"
	for x in 0 0.3 0.6; do
		run price $N/before.csv "$after" --pass-policy majority --set pass_reward=$x --format json
		if python3 - "$TMP/band.json" "$OUT" "$x" <<'PY'; then ok; else bad "sweep's band at $x is not price's interval ($after)"; fi
import json, sys
band = json.load(open(sys.argv[1]))["noise"]["band"]
want = json.load(open(sys.argv[2]))["headline"]["interval"]
got = [b for b in band if b["x"] == float(sys.argv[3])][0]
sys.exit(not all(abs(g - w) <= 1e-9 * max(1, abs(w))
                 for g, w in zip((got["lo"], got["hi"]), want)))
PY
	done
done
# The same bytes on 1 and 2 threads, the flaky resamples priced on
# runtimes alone too.
run sweep $N/before.csv "$TMP/flaky-after.csv" --pass-policy majority --param pass_reward=0:0.6:0.1 --threads 1 --format json
cp "$OUT" "$TMP/sw1"
run sweep $N/before.csv "$TMP/flaky-after.csv" --pass-policy majority --param pass_reward=0:0.6:0.1 --threads 2 --format json
if cmp -s "$OUT" "$TMP/sw1"; then ok; else bad "sweep: other bytes on 2 threads"; fi
for f in sweep-band.gp sweep-band.dat sweep.gp; do
	if [ -f "$TMP/sweep/$f" ]; then ok; else bad "sweep: no $f"; fi
done
# The charts' titles state price's verdict on the same inputs, judged with
# the same resamples, confidence and seed (a confidence of 0.5 accepts).
for o in "" "--confidence 0.5" "--bootstrap 200 --seed 11"; do
	run price $N/before.csv $N/after.csv $o
	want=$(head -n 1 "$OUT" | cut -d: -f1 | tr 'A-Z' 'a-z')
	rm -rf "$TMP/sweepv" "$TMP/tornv"
	run sweep $N/before.csv $N/after.csv --param pass_reward=0:0.6:0.2 --plot-dir "$TMP/sweepv" $o
	expect_grep "$TMP/sweepv/sweep-band.dat" "\"pypto-gym: net and its noise -- verdict now: $want -- MEASURED\"" "sweep band title: price's verdict ($want) with '$o'"
	expect_grep "$TMP/sweepv/sweep.dat" "-- verdict now: $want --" "sweep title: price's verdict with '$o'"
	run tornado $N/before.csv $N/after.csv --plot-dir "$TMP/tornv" $o
	expect_grep "$TMP/tornv/tornado.dat" "-- verdict now: $want --" "tornado title: price's verdict with '$o'"
done
if [ "$want" = inconclusive ]; then ok; else bad "verdict titles: the last check is not of an inconclusive verdict"; fi
rm -rf "$TMP/sweepv"
run sweep $N/before.csv $N/after.csv --param pass_reward=0:0.6:0.2 --plot-dir "$TMP/sweepv" --bootstrap 0
expect_grep "$TMP/sweepv/sweep.dat" "-- point estimate now: accept --" "sweep --bootstrap 0: the point estimate, as price's NOT JUDGED"
run sweep $N/before.csv $N/after.csv --param pass_reward=0:0.6:0.2 --bootstrap 0
expect_no_grep "$OUT" "noise:" "sweep --bootstrap 0: no band"
run sweep $B $A --param pass_reward=0:0.6:0.2
expect_no_grep "$OUT" "noise:" "sweep on single samples: no band"

# Option errors.
run price "$EX/fp32-cube-matmul/before.csv" --runtime-factor 2 --control noise/small-control.csv
expect_error 2 "<command line>: --control judges measured runs; a prediction from a scenario has no noise to compare" "--control with a prediction"
run price $B $A --bootstrap x
expect_error 2 "<command line>: --bootstrap must be a whole number from 0 to 10000000, got 'x'" "--bootstrap x"
run price $B $A --threads 0
expect_error 2 "<command line>: --threads must be a whole number from 1 to 1024, got '0'" "--threads 0"
run price $B $A --confidence 1
expect_error 2 "<command line>: --confidence must be above 0 and below 1, got '1'" "--confidence 1"
run price $B $A --pass-policy most
expect_error 2 "<command line>: --pass-policy must be all, majority or any, got 'most'" "--pass-policy most"
run price $B $A --seed -1
expect_error 2 "<command line>: --seed must be a whole number from 0 to 18446744073709551615, got '-1'" "--seed -1"

# The metric's guards key.
printf 'guards:\n  newly_failing: off\n  control: off\n' >"$TMP/g.yaml"
cat "$TOP_SRCDIR/metrics/pypto-gym.yaml" "$TMP/g.yaml" >"$TMP/m.yaml"
run price -m "$TMP/m.yaml" $B $A --check
expect_status 0 "guards off in the metric: accept"
printf 'guards:\n  newly_failing: maybe\n' >"$TMP/g.yaml"
cat "$TOP_SRCDIR/metrics/pypto-gym.yaml" "$TMP/g.yaml" >"$TMP/m.yaml"
run price -m "$TMP/m.yaml" $B $A
expect_status 2 "guards: a bad switch"
expect_grep "$ERR" "guards.newly_failing must be on or off" "guards: the message"
# A gain at its largest: 40 cases, every one newly passing at its
# reference speed (noise/best-*.csv: 5 samples a side, each
# random.lognormvariate(0, 0.05) of Python's random.seed(6), to 6
# places, before then after per row), so each scores 1 and gain is 40 * (0.3 + 0.5) / 40 * 100 = 80,
# the most it can be, and net 80 less a cost of 0.  No resample draws
# every case at its best score at once, so the largest gain a resample
# reached (79.4935) lies below the truth, and the interval held there
# missed it; the range now reaches the corner's price (every case at
# its slowest before sample and fastest after sample): 80.
run price -m pypto-gym noise/best-before.csv noise/best-after.csv
expect_joined "$OUT" "gain [77.9928, 80.0000], cost [0.0000, 2.0072], net [75.9857, 80.0000]" "a gain at its largest: the interval holds it"
run sweep -m pypto-gym noise/best-before.csv noise/best-after.csv --param pass_reward=0.2:0.4:0.1
expect_grep "$OUT" "  net at 0.3 in [75.9857, 80]" "a gain at its largest: sweep's band is price's interval"
expect_grep "$OUT" "  net at 0.4 in [85.9857, 90]" "a gain at its largest: and at another reward, its own largest"
finish
