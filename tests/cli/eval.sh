#!/bin/sh
# CLI tests of `fixprice eval`: values worked out by hand on small.csv
#   case runtime passed ref_runtime note
#   a    2       pass   2           ok
#   b    4       fail   2           slow
#   c    1       true   2           ok
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA/cli" || exit 1
R=small.csv

run eval "$R" 'sum(runtime)'           # 2 + 4 + 1
expect_status 0 "sum"; expect_out "7" "sum"
run eval "$R" 'mean(runtime)'          # 7/3, shortest exact form
expect_out "2.3333333333333335" "mean"
run eval "$R" 'sum(passed) / N'        # pass, fail, true: 2 of 3
expect_out "0.6666666666666666" "pass words"
run eval "$R" -- '-2**2 + 2**3**2'     # -(2^2) + 2^(3^2) = -4 + 512
expect_out "508" "precedence of ** and unary minus"
run eval "$R" 'count(runtime > 1) + if(1 < 2, 10, 20)'   # 2 + 10
expect_out "12" "count and if"
run eval --per-case "$R" 'min(1, ref_runtime / runtime)'
expect_out 'case,value
"a",1
"b",0.5
"c",1' "per-case values"
run eval --set k=2 --set j=1/4 "$R" 'sum(runtime * k) + j'   # 14 + 0.25
expect_out "14.25" "--set parameters, a constant formula as value"
run eval "$R" 'runtime / sum(runtime)' --per-case   # aggregate inside per-case
expect_out 'case,value
"a",0.2857142857142857
"b",0.5714285714285714
"c",0.14285714285714285' "aggregate inside a per-case formula"
run eval --disasm "$R" '1 + 2 * 3'
expect_status 0 "disasm"; expect_grep "$OUT" "7" "disasm shows the folded constant"

# Errors: one message with file, line, column, the source line and a caret;
# exit 2 and nothing on stdout.
run eval "$R" 'sum(runtim)'
expect_error 2 "<command line>:1:5: unknown name 'runtim'; did you mean 'runtime'?" "unknown name"
expect_err "<command line>:1:5: unknown name 'runtim'; did you mean 'runtime'?
  sum(runtim)
      ^" "unknown name with caret"
run eval "$R" 'runtime'
expect_error 2 "<command line>:1:1: the formula gives one value per case: use --per-case to print them, or an aggregate such as sum(...)" "per-case without --per-case"
run eval "$R" 'sum(1 / (runtime - 2))'
expect_error 2 "<command line>:1:7: division by zero in case 'a' (small.csv line 2)" "division by zero names the case"
expect_err "<command line>:1:7: division by zero in case 'a' (small.csv line 2)
  sum(1 / (runtime - 2))
        ^" "division by zero: caret under the operator"
run eval "$R" 'sum(note)'
expect_error 2 "small.csv:2:12: cell 'ok' in column 'note' is not a number" "text column used"
run eval "$R" '1 +'
expect_error 2 "<command line>:1:4: unexpected end of formula" "syntax error"
run eval "$R" 'clamp(1, 2)'
expect_error 2 "<command line>:1:1: clamp takes 3 arguments, got 2" "argument count"
# One argument may hold at most 128 KiB: 60000 parentheses each side here;
# 100000 are checked through a metric file in check.sh.
deep=$(awk 'BEGIN { for (i = 0; i < 60000; i++) printf "("; printf "1"; for (i = 0; i < 60000; i++) printf ")" }')
run eval "$R" "$deep"
expect_status 2 "60000 nested parentheses"
expect_grep "$ERR" "<command line>:1:257: formula nested deeper than 256 levels" "nesting limit message"
run eval badcell.csv 'sum(runtime)'
expect_error 2 "badcell.csv:3:3: cell 'abc' in column 'runtime' is not a number" "bad cell position"
run eval none.csv '1'
expect_error 2 "none.csv: cannot open: No such file or directory" "missing file"
run eval --set k=1/0 "$R" 'k'
expect_status 2 "--set with a domain error"
run eval --bogus "$R" 1
expect_status 2 "unknown option"
expect_grep "$ERR" "usage: fixprice eval" "unknown option prints the usage line"
run eval "$R"
expect_status 2 "missing formula"
# The run options are price's (run_group): over two runs eval loads, joins
# and prices them as price does and sees the metric's cross-side names.
# small-before.csv / small-after.csv (pypto-gym, N = W = 4):
#   a 2 pass -> 4 pass;  b 4 fail -> 2 pass;  c 1 pass -> 1 pass;
#   d 5 pass -> 4 fail;  ref_runtime 2, 2, 2, 4
B=small-before.csv A=small-after.csv
run eval "$B" "$A" 'sum(newly_passing)'              # b
expect_status 0 "two runs"; expect_out "1" "two runs: newly_passing"
run eval --per-case "$B" "$A" 'runtime_after - runtime_before'
expect_out 'case,value
"a",2
"b",-2
"c",0
"d",-1' "two runs: per-case cross names"
# b: score_after = min(1, 2/2) = 1; (0.3 + 0.5 * 1) / 4 * 100 = 20
run eval "$B" "$A" 'gain'
expect_out "20" "two runs: the metric's gain as price prices it"
run eval --set pass_reward=0.5 "$B" "$A" 'gain'     # (0.5 + 0.5) / 4 * 100
expect_out "25" "two runs: --set a metric parameter"
run eval --exclude d "$B" "$A" 'N'
expect_out "3" "two runs: --exclude"
run eval --cases '[ab]' "$B" "$A" 'sum(passed_after)'
expect_out "2" "two runs: --cases"
head -4 "$A" > "$TMP/after-3.csv"                    # no case d
run eval "$B" "$TMP/after-3.csv" 'N'
expect_error 2 "small-before.csv:5:1: case 'd' is not in $TMP/after-3.csv (--missing drop leaves such cases out; --missing fail counts them failing there, which is right only for a case that ran there and failed: one that never ran there would be priced as newly failing)" "two runs: a missing case"
run eval --missing fail --per-case "$B" "$TMP/after-3.csv" passed_after
expect_out 'case,value
"a",1
"b",1
"c",1
"d",0' "--missing fail: d fails after"
run eval --missing fail --per-case "$B" "$TMP/after-3.csv" runtime_after
expect_out 'case,value
"a",4
"b",2
"c",1
"d",' "--missing fail: d has no runtime after, shown empty"
run eval --missing drop "$B" "$TMP/after-3.csv" 'N'
expect_out "3" "--missing drop"
# A failing case without a runtime (an empty runtime sample) is listed
# empty by a bare column, over one run and over two.
printf 'case,repetition,runtime,passed\na,1,2,pass\nb,1,,fail\n' >"$TMP/nort.csv"
printf 'case,runtime,passed\na,3,pass\nb,5,pass\n' >"$TMP/fixed.csv"
run eval --per-case "$TMP/nort.csv" runtime
expect_out 'case,value
"a",2
"b",' "one run: no runtime is empty"
run eval --per-case "$TMP/nort.csv" "$TMP/fixed.csv" runtime_before
expect_out 'case,value
"a",2
"b",' "two runs: no runtime before is empty"
run eval "$TMP/nort.csv" "$TMP/fixed.csv" 'sum(newly_passing)'
expect_out "1" "two runs: the fix is a newly passing case"
run eval "$TMP/nort.csv" "$TMP/fixed.csv" 'sum(runtime_before)'
expect_status 2 "a formula reading a missing runtime is an error"
# --split-by: one Go file, note: before / note: after; BenchmarkCheck
# fails before (no runtime) and passes after; one GOMAXPROCS value in the
# file, so the -2 is cut from the names (kept in the context).
G="$DATA/harness/go"
run eval --split-by note "$G/notes.txt" 'sum(newly_passing)'
expect_out "1" "--split-by: BenchmarkCheck newly passing"
run eval --split-by note --cases 'BenchmarkCheck*' --per-case "$G/notes.txt" runtime_before
expect_out 'case,value
"BenchmarkCheck",' "--split-by --cases: no runtime before, empty"
# --results and --results-before: the pytest run's JUnit reports; before,
# test_fails_after fails and test_raises (absent from the JSON) is added
# failing; after, both pass.
P="$DATA/harness/pytest"
run eval --per-case --results-before "$P/before-junit.xml" --results "$P/after-junit.xml" "$P/before.json" "$P/after.json" 'newly_passing'
expect_out 'case,value
"test_bench.py::test_sum",0
"test_bench.py::test_fails_after",1
"test_bench.py::test_raises",1' "--results, --results-before over two runs"
# pass_from: where each case's pass state came from (0 its file, 1 a
# report, 2 absent, counted failing), a column once a report was merged or
# --missing fail added a case.
run eval --per-case --results "$P/after-junit.xml" "$P/after.json" pass_from
expect_out 'case,value
"test_bench.py::test_sum",1
"test_bench.py::test_raises",1
"test_bench.py::test_fails_after",1' "pass_from: every state the report's"
run eval --per-case --missing fail "$P/before.json" "$P/after.json" pass_from_before
expect_out 'case,value
"test_bench.py::test_sum",0
"test_bench.py::test_fails_after",0
"test_bench.py::test_raises",2' "pass_from_before: test_raises absent, counted failing"
# -m over one run: the metric's parameters, --set winning.
run eval -m pypto-gym "$R" 'perf_weight + pass_reward'    # 0.5 + 0.3
expect_out "0.8" "-m: the metric's parameters over one run"
run eval -m pypto-gym --set perf_weight=2 "$R" 'perf_weight'
expect_out "2" "-m with --set"
run eval -m no-such-metric "$R" 'N'
expect_status 2 "-m: an unknown metric"
expect_grep "$ERR" "no metric named 'no-such-metric'" "-m: the unknown metric named"
# Options only two runs can take, given one.
run eval --missing fail "$R" 'N'
expect_error 2 "<command line>: --missing: give two runs (BEFORE AFTER FORMULA)" "--missing over one run"
run eval --results-before "$P/before-junit.xml" "$P/before.json" 'N'
expect_error 2 "<command line>: --results-before: give two runs (BEFORE AFTER FORMULA); --results merges into one run" "--results-before over one run"
run eval --split-by note "$B" "$A" 'N'
expect_error 2 "<command line>: --split-by note: give one run file, which holds both runs" "--split-by with two runs"
run eval "$B" "$A" 'N' extra
expect_status 2 "four arguments"
expect_grep "$ERR" "give RUN FORMULA, or BEFORE AFTER FORMULA" "four arguments: what to give"
# eval's run options are run_group's, price's own table: every option of
# that group is in eval's help.
run help eval
for o in metric set missing drop-missing column input-format estimator time results results-before split-by cases exclude; do
	expect_grep "$OUT" "--$o" "help eval lists --$o"
done
finish
