#!/bin/sh
# harness.sh: pricing the real harness outputs of tests/data/harness end to
# end, where the fix makes a failing case pass: that case is a gain, never a
# regression and never a dropped case.  Every expected number is worked out
# by hand from the files below (pypto-gym, every weight 1, N cases):
#
#   score = 1 for a case without a runtime; else min(1, ref / runtime) with
#   ref = the before runtime, or the after runtime for a case without one
#   before.  So every score_before is 1, and
#     gain = sum over newly passing cases of (0.3 + 0.5 score_after) / N * 100
#     cost = 50 / N * sum over cases of (1 - score_after)
#   where score_after = min(1, before / after) for a case with both runtimes,
#   and 1 for the newly passing case without a before runtime (its ref is its
#   own after runtime).
. "$TOP_SRCDIR/tests/cli/lib.sh"
H=$DATA/harness

# expect_num FILE KEY VALUE DESCRIPTION: the top-level JSON member KEY (a
# line '  "KEY": NUMBER,') is VALUE, worked out by hand to 4 decimals, to
# within 5e-5.
expect_num() {
	if awk -v key="  \"$2\": " -v want="$3" '
		index($0, key) == 1 {
			x = substr($0, length(key) + 1); sub(/,$/, "", x); x += 0
			d = x - want; if (d < 0) d = -d
			found = 1; exit !(d <= 5e-5)
		}
		END { if (!found) exit 1 }' "$1"; then ok; else
		bad "$4: $2 is not $3"; grep -F "  \"$2\": " "$1" | head -1; fi
}

# price_both NAME EXPECTED-FIRST-LINE GAIN COST NET CASE RUNTIME N ARGS...:
# the text record's first line (the verdict, net = gain - cost; it goes
# on with the interval and the point estimate), then the JSON record's gain, cost and
# net, and the fixed case CASE failing before with runtime RUNTIME ("null":
# none) from N samples, passing after, a gain.
columns='"columns": ["case", "weight", "passed_before", "passed_after",'
columns="$columns"' "runtime_before", "runtime_after", "score_before",'
columns="$columns"' "score_after", "value_before", "value_after", "gain",'
columns="$columns"' "cost", "n_before", "n_after"],'
price_both() {
	name=$1 line=$2 gain=$3 cost=$4 net=$5 fixcase=$6 rt=$7 n=$8
	shift 8
	run price "$@"
	expect_status 0 "$name: text"
	if head -n 1 "$OUT" | grep -qF -- "$line"; then ok; else
		bad "$name: verdict line"; echo "  expected: $line"
		echo "  got: $(head -n 1 "$OUT")"; fi
	expect_no_grep "$OUT" "dropped" "$name: nothing dropped"
	run price --format json "$@"
	expect_status 0 "$name: json"
	cp "$OUT" "$TMP/r.json"
	expect_num "$TMP/r.json" gain "$gain" "$name"
	expect_num "$TMP/r.json" cost "$cost" "$name"
	expect_num "$TMP/r.json" net "$net" "$name"
	expect_grep "$TMP/r.json" '"dropped_cases": 0,' "$name: none dropped"
	# The fixed case's row (cells in the order of "columns"): fails with
	# no runtime before, passes after, from N samples.
	expect_grep "$TMP/r.json" "$columns" "$name: columns"
	cells=$(awk -F, -v c="      [\"$fixcase\"" \
		'$1 == c { print $3, $4, $5, $13 }' "$TMP/r.json")
	if [ "$cells" = "false true $rt $n" ]; then ok; else
		bad "$name: the row of $fixcase: $cells"; fi
}

# Google Benchmark JSON, 3 repetitions, 7 cases; BM_err calls SkipWithError
# before the fix.  Medians (ns unless said) before / after, after / before:
#   BM_x/64         16.44732872  / 20.91433116   score 0.7864149
#   BM_t<int>/4096  1061.485525  / 3290.460803   score 0.3225953
#   BM_h/threads:2  65.06752173  / 67.61104594   score 0.9623803
#   BM_us           0.7184684 us / 0.6483225 us  faster: score 1
#   BM_ms           0.0606256 ms / 0.0639691 ms  score 0.9477319
#   BM_s            0.000540371 s/ 0.000640333 s score 0.8438929
#   BM_err          none         / 55.48894      newly passing, score 1
# gain = 0.8 / 7 * 100 = 11.4285714
# cost = 50 / 7 * (0.2135851 + 0.6774047 + 0.0376197 + 0 + 0.0522681
#        + 0.1561071) = 50 / 7 * 1.1369847 = 8.1213
# net = 3.3072
price_both "gbench json" "ACCEPT: net 3.3072 = gain 11.4286 - cost 8.1213" \
	11.428571428571429 8.1213 3.3072 BM_err null 0 \
	"$H/gbench/before-reps.json" "$H/gbench/after-reps.json"
run price -v "$H/gbench/before-reps.json" "$H/gbench/after-reps.json"
expect_grep "$OUT" "runtimes: median of 3 samples per case" "gbench: estimator"
expect_grep "$OUT" "no runtime: BM_err (before)" "gbench: no runtime listed"
expect_grep "$OUT" "unreliable timings: library_build_type is debug in both runs" \
	"gbench: a debug build"
expect_grep "$OUT" "  BM_err               1         fail        pass            - (n 0)  5.54889e-08 (n 3)" \
	"gbench: per-case n"

# The mean instead: BM_t<int>/4096 1061.443665 / 3290.153912 = 0.3226115,
# BM_x/64 16.45329481 / 20.86447909 = 0.7885742, BM_h 65.01638454 /
# 71.74134827 = 0.9062608, BM_us 0.6744586 / 0.6482154 faster: 1, BM_ms
# 0.0588660 / 0.0658714 = 0.8936505, BM_s 0.000562923 / 0.000640438 =
# 0.8789662; cost = 50 / 7 * (0.2114258 + 0.6773885 + 0.0937392 + 0
# + 0.1063495 + 0.1210338) = 50 / 7 * 1.2099368 = 8.6424
run price --estimator mean "$H/gbench/before-reps.json" "$H/gbench/after-reps.json"
expect_grep "$OUT" "ACCEPT: net 2.7862 = gain 11.4286 - cost 8.6424" "gbench: --estimator mean"
expect_grep "$OUT" "runtimes: mean of 3 samples per case" "gbench: says mean"

# Google Benchmark CSV, one sample per case: before / after real_time
#   BM_x/64 16.3414 / 20.7196 -> 0.7886928; BM_t 1067.45 / 3269.62 ->
#   0.3264783; BM_h 36.6827 / 70.233 -> 0.5223006; BM_us 0.628064 / 0.660573
#   -> 0.9507869; BM_ms 0.0542469 / 0.0654678 -> 0.8286043; BM_s 0.000501703
#   / 0.000652943 -> 0.7683718; BM_err fails with no time before.
# cost = 50 / 7 * (0.2113072 + 0.6735217 + 0.4776994 + 0.0492131 + 0.1713957
#        + 0.2316282) = 50 / 7 * 1.8147653 = 12.9626; net = -1.5341: the
# slowdown outweighs the fix, but BM_err is still a gain of 11.4286.
price_both "gbench csv" "NOT JUDGED: net -1.5341 = gain 11.4286 - cost 12.9626" \
	11.428571428571429 12.9626 -1.5341 BM_err null 0 \
	"$H/gbench/before.csv" "$H/gbench/after.csv"

# hyperfine JSON, 3 runs each; `check` exits 1 before (it has times, so a
# runtime: failing with a runtime), 0 after.  Medians in s:
#   sleep 0.011004301 / 0.013049313 -> 0.8432882
#   check 0.000743329 / 0.00066312 (newly passing, faster: score 1)
#   true  0.000598603 / 0.00056985 (faster: 1)
# gain = 0.8 / 3 * 100 = 26.6667; cost = 50 / 3 * 0.1567118 = 2.6119
price_both "hyperfine json" "ACCEPT: net 24.0548 = gain 26.6667 - cost 2.6119" \
	26.666666666666668 2.6119 24.0548 check 0.000743329 3 \
	"$H/hyperfine/before.json" "$H/hyperfine/after.json"

# Go text, -count 5.  Medians in ns/op:
#   BenchmarkSpin  208.3 / 228.3 -> 0.9123960
#   BenchmarkAlloc 37.68 / 19.06 faster: 1
#   BenchmarkSkip  skipped on both sides, no runtime: score 1 twice
#   BenchmarkCheck --- FAIL before (no result line), 131.1 after: score 1
# gain = 0.8 / 4 * 100 = 20; cost = 50 / 4 * 0.0876040 = 1.0951
price_both "go" "ACCEPT: net 18.9049 = gain 20.0000 - cost 1.0951" \
	20 1.0951 18.9049 BenchmarkCheck null 0 \
	"$H/go/before.txt" "$H/go/after.txt"
run price "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "no runtime: BenchmarkSkip (before, after), BenchmarkCheck (before)" \
	"go: both no-runtime cases"
# min: Spin 188.9 / 227.1 -> 0.8317922, cost = 12.5 * 0.1682078 = 2.1026
run price --estimator min "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "ACCEPT: net 17.8974 = gain 20.0000 - cost 2.1026" "go: --estimator min"

# pytest-benchmark JSON: test_raises raised before, so before.json lacks
# it; --missing fail counts it failing there with no runtime.  Medians in s:
#   test_sum         4.1892e-05 / 6.3966e-05 -> 0.6549104
#   test_fails_after 4.0761e-05 / 6.2843e-05 -> 0.6486164 (the JSON does not
#                    say it failed before)
# gain = 0.8 / 3 * 100 = 26.6667
# cost = 50 / 3 * (0.3450896 + 0.3513836) = 50 / 3 * 0.6964732 = 11.6079
price_both "pytest" "ACCEPT: net 15.0588 = gain 26.6667 - cost 11.6079" \
	26.666666666666668 11.6079 15.0588 test_bench.py::test_raises null 0 \
	--missing fail "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" '"missing_counted_failing": [' "pytest: counted failing in json"
run price --missing fail "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" "missing before, counted failing: test_bench.py::test_raises" \
	"pytest: counted failing in text"

# The same with the JUnit reports, which say what the timing file does not:
# test_raises failed before (added as a failing case without a runtime) and
# test_fails_after failed before (it has a runtime: score_after 0.6486164).
# gain = (0.8 + 0.3 + 0.5 * 0.6486164) / 3 * 100 = 1.4243082 / 3 * 100
#      = 47.4769; cost as above 11.6079; net 35.8691
price_both "pytest junit" "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079" \
	47.4769 11.6079 35.8691 test_bench.py::test_raises null 0 \
	--results-before "$H/pytest/before-junit.xml" \
	--results "$H/pytest/after-junit.xml" \
	"$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" '"role": "results before",' "junit: an input of the record"

# --time cpu, Google Benchmark CSV: cpu_time before / after
#   BM_x 16.2794 / 20.6513 -> 0.7882990; BM_t 1035.08 / 3261.41 -> 0.3173720;
#   BM_h 72.2641 / 90.2827 -> 0.8004200; BM_us 0.515087 / 0.657695 ->
#   0.7831716; BM_ms 0.0505187 / 0.0654685 -> 0.7716474; BM_s 0.000501707 /
#   0.00065295 -> 0.7683697
# cost = 50 / 7 * (0.2117010 + 0.6826280 + 0.1995800 + 0.2168284 + 0.2283526
#        + 0.2316303) = 50 / 7 * 1.7707203 = 12.6480; net = -1.2194
run price --time cpu "$H/gbench/before.csv" "$H/gbench/after.csv"
expect_grep "$OUT" "NOT JUDGED: net -1.2194 = gain 11.4286 - cost 12.6480" "--time cpu"
expect_grep "$OUT" "runtimes: median of 1 sample per case" "one sample"

# --column runtime=FROM replaces the reader's runtime: runtime_min is the
# --estimator min price above.
run price --column runtime=runtime_min "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "ACCEPT: net 17.8974 = gain 20.0000 - cost 2.1026" "--column runtime=runtime_min"
expect_grep "$OUT" "runtimes: from column 'runtime_min'" "says the column"

# --missing drop: the fixed case is dropped, and the decision line says so.
# test_sum and test_fails_after as above: cost = 50 / 2 * 0.6964732 =
# 17.4118, no gain.
run price --missing drop "$H/pytest/before.json" "$H/pytest/after.json"
expect_joined "$OUT" "REJECT: net -17.4118 = gain 0.0000 - cost 17.4118, 95 % interval [-17.8644, -16.8887]; the point estimate rejects (dropped test_bench.py::test_raises, which passes only after)" \
	"--missing drop names the dropped fix"
run price --drop-missing --format md "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" "(dropped test\_bench.py\:\:test\_raises, which passes only after)**" \
	"--drop-missing, md"
run price --drop-missing --format json "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" '"passes_in": "after"' "--drop-missing, json"

# Errors: one message, exit status 2.
G="$H/go/before.txt $H/go/after.txt"
run price --estimator mode $G
expect_error 2 "<command line>: --estimator: unknown estimator 'mode' (median, mean or min)" "unknown estimator"
run price --time wall $G
expect_error 2 "<command line>: --time: 'wall' is not real or cpu" "unknown time"
run price --time cpu $G
expect_error 2 "<command line>: --time cpu: $H/go/before.txt is go, which records no cpu time (only Google Benchmark's JSON and CSV do)" \
	"--time cpu on Go"
run price --missing skip $G
expect_error 2 "<command line>: --missing: 'skip' is not error, fail or drop" "unknown --missing"
run price --missing fail "$H/go/before.txt"
expect_error 2 "<command line>: --missing: give two runs (BEFORE AFTER)" "--missing, one run"
run price --results "$H/catch2/before-junit.xml" $G
expect_error 2 "$H/catch2/before-junit.xml: no test in the report matches a case of $H/go/after.txt (tests are matched by name: CLASSNAME.NAME, pytest's node id, or NAME alone)" \
	"--results matching no case"
run price --results a.xml --results b.xml $G
expect_error 2 "<command line>: --results given twice: one report per run" "--results twice"
run price --results "$H/catch2/before-junit.xml" "$H/go/before.txt"
expect_error 2 "<command line>: --results merges a report into the after run: give two runs (BEFORE AFTER)" \
	"--results, one run"
run price "$H/pytest/before.json" "$H/pytest/after.json"
expect_error 2 "$H/pytest/after.json:74: case 'test_bench.py::test_raises' is not in $H/pytest/before.json (use --missing fail to count such cases failing there, or --missing drop to leave them out)" \
	"a case one run lacks is an error by default"

# A passing case without a runtime is refused, naming the case and file.
printf '%s\n' '[{"case": "a", "passed": true, "samples": []},' \
	' {"case": "b", "passed": true, "samples": [1, 2]}]' >"$TMP/nr.json"
run price "$TMP/nr.json" "$TMP/nr.json"
expect_error 2 "$TMP/nr.json:1: case 'a' passes but has no runtime (no samples): a passing case needs one" \
	"a passing case without a runtime"

# A metric whose formulas use runtime without has_runtime: the fault names
# the case and says it has no runtime.
cat >"$TMP/plain.yaml" <<'EOF'
name: plain
version: 1
columns:
  - ref_runtime: if(has_runtime_before, runtime_before, runtime_after)
score: min(1, ref_runtime / runtime)
value: passed * (0.3 + 0.5 * score)
total: sum(weight * value) / W * 100
gain: sum(weight * newly_passing * (0.3 + 0.5 * score_after)) / W * 100
cost: sum(weight * 0.5 * (score_before - score_after)) / W * 100
EOF
run price -m "$TMP/plain.yaml" $G
expect_error 2 "$TMP/plain.yaml: default of column 'ref_runtime': 'runtime_after' is nan in case 'BenchmarkSkip', which has no runtime in $H/go/before.txt and $H/go/after.txt (it fails there): test has_runtime (see fixprice-metric(5))" \
	"a column default without has_runtime"
sed 's/runtime_after)$/if(has_runtime_after, runtime_after, 1))/' \
	"$TMP/plain.yaml" >"$TMP/plain2.yaml"
run price -m "$TMP/plain2.yaml" $G
expect_error 2 "$TMP/plain2.yaml:5:29: score_before: 'runtime' is nan in case 'BenchmarkSkip', which has no runtime in $H/go/before.txt (it fails there): test has_runtime (see fixprice-metric(5))" \
	"a score without has_runtime"

# The runs' context: an after run measured on another CPU (Go's cpu: line)
# is priced as before, with the axis that changed named.
sed 's/^cpu: AMD EPYC$/cpu: Intel Xeon/' "$H/go/after.txt" >"$TMP/after-xeon.txt"
run price "$H/go/before.txt" "$TMP/after-xeon.txt"
expect_grep "$OUT" "ACCEPT: net 18.9049 = gain 20.0000 - cost 1.0951" "context: same price"
expect_grep "$OUT" "context: the runs differ in cpu: the price may measure more than the fix" \
	"context: the axis that changed, text"
run price --format md "$H/go/before.txt" "$TMP/after-xeon.txt"
expect_grep "$OUT" "- context: the runs differ in cpu: the price may measure more than the fix" \
	"context: md"
run price --format json "$H/go/before.txt" "$TMP/after-xeon.txt"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"context_differs":["cpu"]' "context: json"

# A prediction from a run with cases without a runtime: they have none
# after either.  Spin and Alloc 1.1 times slower: score_after 1 / 1.1,
# cost = 50 / 4 * 2 * (1 - 1 / 1.1) = 2.2727.
run price --runtime-factor 1.1 "$H/go/before.txt"
expect_grep "$OUT" "NOT JUDGED: net -2.2727 = gain 0.0000 - cost 2.2727" "prediction"
expect_grep "$OUT" "no runtime: BenchmarkSkip (before, after), BenchmarkCheck (before, after)" \
	"prediction: no runtime after either"
run price --runtime-factor 1.1 --pass BenchmarkCheck "$H/go/before.txt"
expect_error 2 "<command line>: case 'BenchmarkCheck' is predicted to pass, but it has no runtime before to predict one from" \
	"prediction: a case without a runtime cannot be made to pass"

# Standard input and pipes, for a run and for a report: read once, by the
# reader, which hashes the very bytes it parsed.
STATUS=0
"$FIXPRICE" price --format json - "$H/go/after.txt" <"$H/go/before.txt" \
	>"$OUT" 2>"$ERR" || STATUS=$?
expect_status 0 "a run from standard input"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
want=$(sha256sum <"$H/go/before.txt" | cut -d' ' -f1)
expect_grep "$TMP/flat.json" "{\"role\":\"before\",\"path\":\"-\",\"sha256\":\"$want\"}" "stdin: the hash of the bytes read"
expect_num "$OUT" net 18.9049 "stdin: the same price"
STATUS=0
cat "$H/pytest/before-junit.xml" | "$FIXPRICE" price --results-before - \
	"$H/pytest/before.json" "$H/pytest/after.json" >"$OUT" 2>"$ERR" || STATUS=$?
expect_status 0 "a report from a pipe"
expect_grep "$OUT" "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079" \
	"a report from a pipe: test_raises added, test_fails_after failing before"

# hyperfine's CSV export: the case names are in `command`, and a `passed`
# column of the file's own is read, not hidden behind one made up.
printf 'mean,stddev,median,min\n1,0,1,1\n' >"$TMP/nocmd.csv"
run eval --input-format hyperfine-csv "$TMP/nocmd.csv" 'sum(passed)'
expect_error 2 "$TMP/nocmd.csv:1:1: no 'command' column in the header" \
	"hyperfine CSV without command"
printf 'command,mean,stddev,median,min,passed\na,1,0,1,1,0\nb,2,0,2,2,1\n' >"$TMP/passed.csv"
run eval --input-format hyperfine-csv "$TMP/passed.csv" 'sum(passed)'
expect_out "1" "hyperfine CSV with a passed column of its own"

finish
