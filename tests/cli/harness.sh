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
columns="$columns"' "cost", "n_before", "n_after", "pass_source_before",'
columns="$columns"' "pass_source_after", "runtime_source_before",'
columns="$columns"' "runtime_source_after"],'
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
price_both "gbench csv" "REJECT, not judged against noise: net -1.5341 = gain 11.4286 - cost 12.9626" \
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

# Go text, -count 5 -v.  Medians in ns/op:
#   BenchmarkSpin  208.3 / 228.3 -> 0.9123960
#   BenchmarkAlloc 37.68 / 19.06 faster: 1
#   BenchmarkSkip  skipped on both sides (--- SKIP): no case, not in N
#   BenchmarkCheck --- FAIL before (no result line), 131.1 after: score 1
# gain = 0.8 / 3 * 100 = 26.6667; cost = 50 / 3 * 0.0876040 = 1.4601
price_both "go" "ACCEPT: net 25.2066 = gain 26.6667 - cost 1.4601" \
	26.666666666666668 1.4601 25.2066 BenchmarkCheck null 0 \
	"$H/go/before.txt" "$H/go/after.txt"
run price "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "no runtime: BenchmarkCheck (before)" \
	"go: the no-runtime case"
expect_grep "$OUT" "not priced: BenchmarkSkip: skipped (--- SKIP)" \
	"go: the skipped benchmark is listed, not priced"
# min: Spin 188.9 / 227.1 -> 0.8317922, cost = 50 / 3 * 0.1682078 = 2.8035
run price --estimator min "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "ACCEPT: net 23.8632 = gain 26.6667 - cost 2.8035" "go: --estimator min"

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
expect_grep "$OUT" "REJECT, not judged against noise: net -1.2194 = gain 11.4286 - cost 12.6480" "--time cpu"
expect_grep "$OUT" "runtimes: median of 1 sample per case" "one sample"

# --column runtime=FROM replaces the reader's runtime: runtime_min is the
# --estimator min price above.
run price --column runtime=runtime_min "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "ACCEPT: net 23.8632 = gain 26.6667 - cost 2.8035" "--column runtime=runtime_min"
expect_grep "$OUT" "runtimes: from column 'runtime_min'" "says the column"

# --missing drop: the fixed case is dropped, and the decision line says so.
# test_sum and test_fails_after as above: cost = 50 / 2 * 0.6964732 =
# 17.4118, no gain.
run price --missing drop "$H/pytest/before.json" "$H/pytest/after.json"
expect_joined "$OUT" "REJECT: net -17.4118 = gain 0.0000 - cost 17.4118, 95 % interval [-17.7155, -17.0891]; the point estimate rejects (dropped test_bench.py::test_raises, which passes only after)" \
	"--missing drop names the dropped fix"
run price --drop-missing --format md "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" "(dropped test\_bench.py\:\:test\_raises, which passes only after)**" \
	"--drop-missing, md"
run price --drop-missing --format json "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" '"passes_in": "after"' "--drop-missing, json"

# Errors: one message, exit status 2.
G="$H/go/before.txt $H/go/after.txt"
run price --estimator mode $G
expect_error 2 "<command line>: --estimator: unknown estimator 'mode' (known: median, mean, min)" "unknown estimator"
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
# A test named twice (a rerun, suites merged) with two results has no one
# result: it made a second case of the same name (W one too large), or
# took the first by order.  Refused at the second, with or without a
# class; named twice with one result, it is one test.
printf 'case,runtime,passed\nt1,1.0,pass\nt2,2.0,pass\n' >"$TMP/ju-b.csv"
cp "$TMP/ju-b.csv" "$TMP/ju-a.csv"
printf '<?xml version="1.0"?>\n<testsuites><testsuite name="s">\n<testcase name="t1"/>\n<testcase name="t1"><failure message="boom"/></testcase>\n<testcase name="t2"/>\n</testsuite></testsuites>\n' >"$TMP/ju.xml"
run price "$TMP/ju-b.csv" "$TMP/ju-a.csv" --results "$TMP/ju.xml" --results-before "$TMP/ju.xml"
expect_error 2 "$TMP/ju.xml:4: testcase 't1' passed at line 3 and failed here: give one result per test" "a testcase named twice"
sed 's/name="t1"/classname="k" name="t1"/' "$TMP/ju.xml" >"$TMP/juc.xml"
run price "$TMP/ju-b.csv" "$TMP/ju-a.csv" --results "$TMP/juc.xml"
expect_error 2 "$TMP/juc.xml:4: testcase 'k.t1' passed at line 3 and failed here: give one result per test" "a testcase of a class named twice"
sed '4s/name="t1"/classname="k2" name="t1"/' "$TMP/juc.xml" >"$TMP/juk.xml"
run price "$TMP/ju-b.csv" "$TMP/ju-a.csv" --results "$TMP/juk.xml"
expect_no_grep "$ERR" "give one result" "one name in two classes: two tests"
sed 's|<failure message="boom"/>||' "$TMP/ju.xml" >"$TMP/jus.xml"
run price "$TMP/ju-b.csv" "$TMP/ju-a.csv" --results "$TMP/jus.xml" --results-before "$TMP/jus.xml"
expect_grep "$OUT" "metric pypto-gym version 1, 2 cases, W 2" "a testcase named twice with one result: one case"
run price --results "$H/catch2/before-junit.xml" "$H/go/before.txt"
expect_error 2 "<command line>: --results merges a report into the after run: give two runs (BEFORE AFTER)" \
	"--results, one run"
run price "$H/pytest/before.json" "$H/pytest/after.json"
expect_error 2 "$H/pytest/after.json:74:25: case 'test_bench.py::test_raises' is not in $H/pytest/before.json (--missing drop leaves such cases out; --missing fail counts them failing there, which is right only for a case that ran there and failed: one that never ran there would be priced as a gain)" \
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
# BenchmarkCheck fails in both runs of go test before the fix.
GB="$H/go/before.txt $H/go/before-appended.txt"
run price -m "$TMP/plain.yaml" $GB
expect_error 2 "$TMP/plain.yaml: default of column 'ref_runtime': 'runtime_after' is nan in case 'BenchmarkCheck', which has no runtime in $H/go/before.txt and $H/go/before-appended.txt (it fails there): test has_runtime (see fixprice-metric(5))" \
	"a column default without has_runtime"
sed 's/runtime_after)$/if(has_runtime_after, runtime_after, 1))/' \
	"$TMP/plain.yaml" >"$TMP/plain2.yaml"
run price -m "$TMP/plain2.yaml" $GB
expect_error 2 "$TMP/plain2.yaml:5:29: score_before: 'runtime' is nan in case 'BenchmarkCheck', which has no runtime in $H/go/before.txt (it fails there): test has_runtime (see fixprice-metric(5))" \
	"a score without has_runtime"

# The runs' context: an after run measured on another CPU (Go's cpu: line)
# is priced as before, with the axis that changed named.
sed 's/^cpu: AMD EPYC$/cpu: Intel Xeon/' "$H/go/after.txt" >"$TMP/after-xeon.txt"
run price "$H/go/before.txt" "$TMP/after-xeon.txt"
expect_grep "$OUT" "ACCEPT: net 25.2066 = gain 26.6667 - cost 1.4601" "context: same price"
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
# cost = 50 / 3 * 2 * (1 - 1 / 1.1) = 3.0303.
run price --runtime-factor 1.1 "$H/go/before.txt"
expect_grep "$OUT" "REJECT, not judged against noise: net -3.0303 = gain 0.0000 - cost 3.0303" "prediction"
expect_grep "$OUT" "no runtime: BenchmarkCheck (before, after)" \
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
expect_num "$OUT" net 25.2066 "stdin: the same price"
STATUS=0
cat "$H/pytest/before-junit.xml" | "$FIXPRICE" price --results-before - \
	"$H/pytest/before.json" "$H/pytest/after.json" >"$OUT" 2>"$ERR" || STATUS=$?
expect_status 0 "a report from a pipe"
expect_grep "$OUT" "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079" \
	"a report from a pipe: test_raises added, test_fails_after failing before"

# hyperfine's CSV export of the same runs records no exit codes: `check`
# exits 1 before and is taken as passing there, so the fix is no gain
# (medians 0.011004301 / 0.013049313 -> cost 50 / 3 * 0.1567118 = 2.6119).
# Every form says that the pass states were assumed and how the runtimes
# were made (hyperfine's median, no samples).
HC="$H/hyperfine/before.csv $H/hyperfine/after.csv"
run price $HC
expect_grep "$OUT" "REJECT, not judged against noise: net -2.6119 = gain 0.0000 - cost 2.6119" "hyperfine csv: price"
expect_joined "$OUT" "(hyperfine-csv); every case taken as passing; run hyperfine with -i --export-json, whose exit codes say which command failed (hyperfine writes no JUnit report)" \
	"hyperfine csv: text says pass states were assumed"
expect_grep "$OUT" "runtimes: median aggregate per case (the file keeps no samples)" \
	"hyperfine csv: text says the runtime is an aggregate"
for form in md github; do
	run price --format $form $HC
	expect_grep "$OUT" "after.csv (hyperfine-csv); every case taken as passing; run hyperfine with -i" \
		"hyperfine csv: $form says pass states were assumed"
done
run price --format json $HC
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"format":"hyperfine-csv","pass_states":{"recorded_by_file":false,"merged_from":null,"merged_cases":0,"assumed_passing_cases":3},"runtime_aggregate":{"statistic":"median","count_column":null}' \
	"hyperfine csv: json per run"
run price --format json "$H/hyperfine/before.json" "$H/hyperfine/after.json"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"format":"hyperfine","pass_states":{"recorded_by_file":true,"merged_from":null,"merged_cases":0,"assumed_passing_cases":0},"runtime_aggregate":null' \
	"hyperfine json: pass states recorded"
run price $H/hyperfine/before.json $H/hyperfine/after.json
expect_no_grep "$OUT" "pass states" "hyperfine json: nothing assumed, nothing said"

# A hyperfine parameter scan (-L n 1,2) under one -n name: each value is a
# case of its own, "check (n=1)" and "check (n=2)".  Both exit 1 before
# the fix (failing with a runtime) and 0 after.  Medians in s:
#   n=1 0.004870829 / 0.023981939 -> 0.2031040
#   n=2 0.027126592 / 0.089434097 -> 0.3033137
# gain = ((0.3 + 0.5 * 0.2031040) + (0.3 + 0.5 * 0.3033137)) / 2 * 100
#      = 42.6604; cost = 50 / 2 * 1.4935823 = 37.3396.
price_both "hyperfine -L" "INCONCLUSIVE: net 5.3209 = gain 42.6604 - cost 37.3396" \
	42.6604 37.3396 5.3209 "check (n=2)" 0.027126592 3 \
	"$H/hyperfine/before-params.json" "$H/hyperfine/after-params.json"
# The CSV export of the same runs: no exit codes, so no gain, and said.
run price "$H/hyperfine/before-params.csv" "$H/hyperfine/after-params.csv"
expect_grep "$OUT" "REJECT, not judged against noise: net -37.3396 = gain 0.0000 - cost 37.3396" "hyperfine -L csv"
expect_joined "$OUT" "(hyperfine-csv); every case taken as passing" "hyperfine -L csv: assumed, said"
run eval --per-case "$H/hyperfine/before-params.csv" runtime
expect_out "case,value
\"check (n=1)\",0.004870829
\"check (n=2)\",0.027126592" "hyperfine -L csv: the parameter in the name"

# pytest-benchmark's JSON records no failures either; with the JUnit
# reports merged, the record says from where.
run price --format md --results-before "$H/pytest/before-junit.xml" \
	--results "$H/pytest/after-junit.xml" "$H/pytest/before.json" "$H/pytest/after.json"
expect_grep "$OUT" "before-junit.xml for 3 of 3 cases of " "pytest: merged, md"
expect_grep "$OUT" "before.json, which records none (pytest-benchmark)" \
	"pytest: merged pass states, md"
run price --missing fail "$H/pytest/before.json" "$H/pytest/after.json"
expect_joined "$OUT" "(pytest-benchmark); every case taken as passing" "pytest: assumed, text"

# A parametrized pytest-benchmark test: each value its own case (the
# node id keeps the parameter).  Medians in s, before / after:
#   test_scale[1000] 5.2418000450416e-05 / 6.608799958485179e-05 -> 0.7931548
#   test_scale[4000] 1.2180099929537391e-04 / 2.775719995042891e-04 -> 0.4388090
# cost = 50 / 2 * 0.7680362 = 19.2009.
run price "$H/pytest/before-param.json" "$H/pytest/after-param.json"
expect_grep "$OUT" "REJECT: net -19.2009 = gain 0.0000 - cost 19.2009" "pytest param: two cases"
run eval --per-case "$H/pytest/before-param.json" runtime_n
expect_out "case,value
\"test_param.py::test_scale[1000]\",3
\"test_param.py::test_scale[4000]\",3" "pytest param: named by parameter"

# Google Benchmark aggregates only: the median aggregate, and said.
run price "$H/gbench/before-aggr.json" "$H/gbench/after-aggr.json"
expect_grep "$OUT" "runtimes: median aggregate of 3 repetitions per case" \
	"gbench aggregates only: the median aggregate, said"

# Go with -cpu 1,2: each GOMAXPROCS value is a case of its own
# (BenchmarkSpin and BenchmarkSpin-2), never merged.  Medians in ns/op:
#   Spin     553.1 / 302.0 faster: 1     Spin-2  543.8 / 327.3 faster: 1
#   Alloc    56.86 / 36.41 faster: 1     Alloc-2 50.20 / 78.52 -> 0.6393275
#   Check, Check-2: --- FAIL before (no result), newly passing: score 1
# gain = 2 * 0.8 / 6 * 100 = 26.6667; cost = 50 / 6 * 0.3606725 = 3.0056
price_both "go -cpu 1,2" "ACCEPT: net 23.6611 = gain 26.6667 - cost 3.0056" \
	26.666666666666668 3.0056 23.6611 BenchmarkCheck-2 null 0 \
	"$H/go/before-cpu.txt" "$H/go/after-cpu.txt"
tr -d ' \n' <"$TMP/r.json" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '["BenchmarkSpin",1.0,true,true,5.531e-07,3.0200000000000003e-07,' \
	"go -cpu: GOMAXPROCS 1 is its own case"
expect_grep "$TMP/flat.json" '["BenchmarkSpin-2",1.0,true,true,5.438e-07,3.273e-07,' \
	"go -cpu: GOMAXPROCS 2 is its own case"

# Two go test runs appended to one file: their results are samples of one
# case (4 each).  Spin 306.05 / 271.65 faster; Alloc 29.545 / 63.18 ->
# 0.4676322; cost = 50 / 3 * 0.5323678 = 8.8728; gain 0.8 / 3 * 100.
price_both "go appended" "ACCEPT: net 17.7939 = gain 26.6667 - cost 8.8728" \
	26.666666666666668 8.8728 17.7939 BenchmarkCheck null 0 \
	"$H/go/before-appended.txt" "$H/go/after-appended.txt"
run price "$H/go/before-appended.txt" "$H/go/after-appended.txt"
expect_grep "$OUT" "runtimes: median of 4 samples per case" "go appended: 4 samples"

# One file, a line of prose first, then note: before and note: after
# groups.  Without --split-by the two configurations are an error; with
# it, before and after.  Spin 569.1 / 228.5, Alloc 84.14 / 59.25: faster;
# Check newly passing: gain 0.8 / 3 * 100, no cost.
run price "$H/go/notes.txt"
expect_error 2 "$H/go/notes.txt:23:1: 'BenchmarkSpin' has results under two configurations, note: before (line 7) and note: after: give --split-by note to price one against the other" \
	"go notes: two configurations are never merged"
price_both "go --split-by" "ACCEPT: net 26.6667 = gain 26.6667 - cost 0.0000" \
	26.666666666666668 0 26.666666666666668 BenchmarkCheck null 0 \
	--split-by note "$H/go/notes.txt"
tr -d ' \n' <"$TMP/r.json" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"split_by":"note","split_value":"before"' "go --split-by: json, before"
expect_grep "$TMP/flat.json" '"split_by":"note","split_value":"after"' "go --split-by: json, after"
expect_grep "$TMP/flat.json" '"context_differs":[]' "go --split-by: the key is no context that differs"
run price --split-by note "$H/go/notes.txt"
expect_joined "$OUT" "notes.txt: before is note: before, after is note: after" \
	"go --split-by: text names the groups"
run price --split-by goos "$H/go/notes.txt"
expect_error 2 "$H/go/notes.txt: --split-by goos: the file has 1 value of 'goos' ('linux'), not two (the before and the after run)" \
	"--split-by a key with one value"
run price --split-by note "$H/go/before.txt" "$H/go/after.txt"
expect_error 2 "<command line>: --split-by note: give one run file, which holds both runs" \
	"--split-by with two files"
run price --split-by note "$H/hyperfine/before.json"
expect_error 2 "$H/hyperfine/before.json: --split-by note: $H/hyperfine/before.json is read as hyperfine; only Go benchmark text has configuration lines to split by" \
	"--split-by on another format"

# go test -json, named .json: the events decide, not the name.  Spin
# 402.2 / 333.1 faster, Alloc 40.33 / 50.32 -> 0.8014706, Skip skipped on
# both sides (its skip events: no case), Check fails before (its fail
# event): gain = 0.8 / 3 * 100 = 26.6667; cost = 50 / 3 * 0.1985294 =
# 3.3088.
price_both "go -json" "ACCEPT: net 23.3578 = gain 26.6667 - cost 3.3088" \
	26.666666666666668 3.3088 23.3578 BenchmarkCheck null 0 \
	"$H/go/before-json.json" "$H/go/after-json.json"
expect_grep "$TMP/r.json" '"format": "go-json",' "go -json: the format"

# --cases and --exclude: what is left out is listed, and why.  Go -count
# 5 without BenchmarkAlloc and BenchmarkCheck (BenchmarkSkip is skipped,
# no case): Spin alone, cost = 50 * 0.0876040 = 4.3802.
run price --exclude 'BenchmarkA[l]*' --exclude BenchmarkCheck "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "INCONCLUSIVE: net -4.3802 = gain 0.0000 - cost 4.3802" "--exclude: the price"
expect_joined "$OUT" "not priced: BenchmarkSkip: skipped (--- SKIP); BenchmarkAlloc: --exclude BenchmarkA[l]*; BenchmarkCheck: --exclude BenchmarkCheck" \
	"--exclude: listed, with why"
run price --cases 'BenchmarkCheck' "$H/go/before.txt" "$H/go/after.txt"
expect_grep "$OUT" "ACCEPT: net 80.0000 = gain 80.0000 - cost 0.0000" "--cases: only the fix"
expect_joined "$OUT" "not priced: BenchmarkSkip: skipped (--- SKIP); BenchmarkSpin: not matched by --cases; BenchmarkAlloc: not matched by --cases" \
	"--cases: the rest listed"
run price --format json --cases 'BenchmarkCheck' "$H/go/before.txt" "$H/go/after.txt"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"not_priced":["BenchmarkSkip:skipped(---SKIP)","BenchmarkSpin:notmatchedby--cases","BenchmarkAlloc:notmatchedby--cases"]' \
	"--cases: json"
run price --cases 'BenchmarkNone*' "$H/go/before.txt" "$H/go/after.txt"
expect_error 2 "<command line>: --cases and --exclude leave no case of $H/go/before.txt" "--cases leaving nothing"
run price --cases 'BenchmarkSpin' --cases 'BenchmarkNone*' "$H/go/before.txt" "$H/go/after.txt"
expect_error 2 "<command line>: --cases BenchmarkNone*: no case matches it" "--cases matching nothing"

# Google Benchmark with ->Complexity(), a user statistic (max) and two
# thread counts, 3 repetitions (src/complexity.cc).  The BigO and RMS rows
# (no real_time) and BM_stat_max are listed as not priced, never fatal;
# BM_th/threads:1 and BM_th/threads:2 are two cases.  Aggregates only:
# the median aggregates, before / after (ns) -> score:
#   BM_c/64 51.7350 / 71.3115 -> 0.7254790; BM_c/256 179.2645 / 239.3138
#   -> 0.7490772; BM_c/1024 718.8793 / 949.5091 -> 0.7571063; BM_stat
#   351.3041 / 513.8938 -> 0.6836124; BM_th/threads:1 169.5624 / 229.4333
#   -> 0.7390487; BM_th/threads:2 129.2629 / 217.3837 -> 0.5946300;
#   BM_fix errors before (no runtime), passes after.
# gain = 0.8 / 7 * 100 = 11.4286; cost = 50 / 7 * 1.7510467 = 12.5075.
price_both "gbench complexity, aggregates only" \
	"REJECT, not judged against noise: net -1.0789 = gain 11.4286 - cost 12.5075" \
	11.428571428571429 12.5075 -1.0789 BM_fix null 0 \
	"$H/gbench/complexity-before-aggr.json" "$H/gbench/complexity-after-aggr.json"
tr -d ' \n' <"$TMP/r.json" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"not_priced":["BM_c_BigO:notatiming","BM_c_RMS:notatiming","BM_stat_max:astatistic,notatiming"]' \
	"gbench complexity: not priced, json"
expect_grep "$TMP/flat.json" '"runtime_aggregate":{"statistic":"median","count_column":"repetitions"}' \
	"gbench aggregates only: json names the median aggregate"
expect_grep "$TMP/flat.json" '["BM_th/threads:1",' "gbench: threads:1 a case"
expect_grep "$TMP/flat.json" '["BM_th/threads:2",' "gbench: threads:2 a case"
run price "$H/gbench/complexity-before-aggr.json" "$H/gbench/complexity-after-aggr.json"
expect_joined "$OUT" "not priced: BM_c_BigO: not a timing; BM_c_RMS: not a timing; BM_stat_max: a statistic, not a timing" \
	"gbench complexity: not priced, text"
expect_grep "$OUT" "runtimes: median aggregate of 3 repetitions per case" \
	"gbench aggregates only: text names the median aggregate"
# Every row: the medians of the 3 iterations (worked out from the file the
# same way): cost 9.1143, net 2.3143.
run price "$H/gbench/complexity-before-reps.json" "$H/gbench/complexity-after-reps.json"
expect_grep "$OUT" "INCONCLUSIVE: net 2.3143 = gain 11.4286 - cost 9.1143" "gbench complexity, every row"
expect_joined "$OUT" "not priced: BM_c_BigO: not a timing; BM_c_RMS: not a timing" \
	"gbench complexity, every row: not priced"

# The same program's CSV: no run_type, so BM_c_BigO (time_unit "N"),
# BM_c_RMS (none) and BM_stat_max (a row like a benchmark's, with as many
# iterations as BM_stat has repetitions) are told by their names; they
# made the file unreadable ("unknown time_unit 'N'") and BM_stat_max a
# case of its own.  The same 7 cases as the JSON.
run price -v "$H/gbench/complexity-before-reps.csv" "$H/gbench/complexity-after-reps.csv"
expect_status 0 "gbench complexity csv: read"
expect_grep "$OUT" "metric pypto-gym version 1, 7 cases, W 7" "gbench complexity csv: 7 cases"
expect_joined "$OUT" "not priced: BM_c_BigO: not a timing; BM_c_RMS: not a timing; BM_stat_max: a statistic, not a timing" \
	"gbench complexity csv: not priced, as in JSON"

# A repetition that errored (src/flaky.cc: BM_flaky errors in every
# repetition before, in the second of 3 after) is a failing sample
# without a time, as a CSV row's: the case is flaky, fails under all and
# passes under majority (2 of 3), JSON and CSV alike.  It failed the case
# whatever the policy, and was not listed as flaky.
for f in json csv; do
	run price "$H/gbench/flaky-before.$f" "$H/gbench/flaky-after.$f"
	expect_joined "$OUT" "flaky (samples disagree on passing; pass policy all): BM_flaky/iterations:20000" "gbench $f: an errored repetition makes the case flaky"
	expect_grep "$OUT" "gain 0.0000" "gbench $f, all: BM_flaky fails"
	run price "$H/gbench/flaky-before.$f" "$H/gbench/flaky-after.$f" --pass-policy majority
	expect_grep "$OUT" "gain 40.0000" "gbench $f, majority: BM_flaky passes"
done

# Catch2's XML reporter (2.13): one case per benchmark, TESTCASE/BENCHMARK;
# `check` throws before the fix (a failing benchmark, no time).  Means in
# ns, before / after -> score:
#   spin/spin 64 20.2939 / 22.7193 -> 0.8932450
#   spin/spin 256 84.3644 / 91.2272 -> 0.9247723
#   check result/check: failed before, 52.6346 after: newly passing
# gain = 0.8 / 3 * 100 = 26.6667; cost = 50 / 3 * 0.1819827 = 3.0330.
price_both "catch2 xml" "ACCEPT, not judged against noise: net 23.6336 = gain 26.6667 - cost 3.0330" \
	26.666666666666668 3.0330 23.6336 "check result/check" null 0 \
	"$H/catch2/bench-before.xml" "$H/catch2/bench-after.xml"
tr -d ' \n' <"$TMP/r.json" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"format":"catch2","pass_states":{"recorded_by_file":true' "catch2: format, recorded"
expect_grep "$TMP/flat.json" '"runtime_aggregate":{"statistic":"mean","count_column":"samples"}' \
	"catch2: the mean aggregate, said"
run price "$H/catch2/bench-before.xml" "$H/catch2/bench-after.xml"
expect_grep "$OUT" "runtimes: mean aggregate of 20 samples per case" "catch2: text says the mean aggregate"
# --benchmark-no-analysis: Catch2 2.x still writes only the mean:
#   18.3933 / 22.7324 -> 0.8091227; 70.1026 / 87.4204 -> 0.8019021
# cost = 50 / 3 * 0.3889752 = 6.4829.
run price "$H/catch2/bench-before-raw.xml" "$H/catch2/bench-after-raw.xml"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 20.1837 = gain 26.6667 - cost 6.4829" "catch2 --benchmark-no-analysis"
# Its JUnit report merges by test-case name into the benchmarks of that
# test case (the reports of src/tests.cpp, whose test cases have the same
# names; Catch2 2.x's -r junit lists no benchmark-only test case, see
# bench-before-junit.xml): 'spin' into both spin benchmarks, 'check
# result' (failed before) into check result/check.
run price --results-before "$H/catch2/before-junit.xml" --results "$H/catch2/after-junit.xml" \
	"$H/catch2/bench-before.xml" "$H/catch2/bench-after.xml"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 23.6336 = gain 26.6667 - cost 3.0330" "catch2 + junit: the same price"
expect_joined "$OUT" "before-junit.xml for 3 of 3 cases of" "catch2 + junit: every benchmark matched"
# Catch2's console output (its default reporter) is no run: what to run.
run price "$H/catch2/bench-before-console.txt" "$H/catch2/bench-after.xml"
expect_error 2 "$H/catch2/bench-before-console.txt: cannot tell the format: it looks like Catch2's console output, which keeps no run: run the benchmarks with -r xml (a run), or the tests with -r junit (a report for --results); give --input-format FMT, one of csv, json, yaml, gbench, hyperfine, gbench-csv, hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion" "catch2 console output"
# A name that says JSON, content that says another format: both named.
cp "$H/gbench/before.csv" "$TMP/gbench.json"
run eval "$TMP/gbench.json" N
expect_error 2 "$TMP/gbench.json: the name says JSON, but its content is Google Benchmark CSV (--benchmark_format=csv), --input-format gbench-csv; give --input-format FMT, one of csv, json, yaml, gbench, hyperfine, gbench-csv, hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion" "JSON name, gbench CSV content"

# eval reads a run as price does: --estimator, --time, --results,
# --cases/--exclude, --column; a bare column lists cases without a value
# (failing, no runtime) as empty cells.
run eval --per-case "$H/go/before.txt" runtime
expect_out "case,value
\"BenchmarkSpin\",2.0830000000000003e-07
\"BenchmarkAlloc\",3.7680000000000004e-08
\"BenchmarkCheck\"," "eval --per-case: no runtime is empty"
run eval --per-case --estimator min --exclude 'BenchmarkS[k]*' "$H/go/before.txt" runtime
expect_out "case,value
\"BenchmarkSpin\",1.8890000000000003e-07
\"BenchmarkAlloc\",1.86e-08
\"BenchmarkCheck\"," "eval --estimator min --exclude"
run eval --cases 'BenchmarkSp*' --column runtime=runtime_max "$H/go/before.txt" 'sum(runtime)'
expect_out "2.635e-07" "eval --cases --column: BenchmarkSpin's largest sample, 263.5 ns"
run eval --results "$H/pytest/before-junit.xml" "$H/pytest/before.json" 'sum(passed)'
expect_out "1" "eval --results: test_fails_after fails, test_raises added failing"
run eval --time cpu "$H/go/before.txt" N
expect_error 2 "<command line>: --time cpu: $H/go/before.txt is go, which records no cpu time (only Google Benchmark's JSON and CSV do)" \
	"eval --time cpu on Go"

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
