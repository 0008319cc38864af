#!/bin/sh
# readers.sh: each harness read as it really runs (issue 56), on outputs
# the harnesses wrote (tests/data/harness/, each folder's `make.sh more`
# with the command and version in its README): Go as its format
# specification and benchstat read it, advice in the harness's own words,
# and what detection says of output no format reads.
. "$TOP_SRCDIR/tests/cli/lib.sh"
H=$DATA/harness

# ---- Go ------------------------------------------------------------------

# go test ./... over two packages, each with a BenchmarkGet: two cases
# named by package, priced against the same in the after run.  csrf's
# BenchmarkToken fails before (no result line) and passes after: the only
# gain, 0.8 / 3 * 100 with 3 cases (cache's and csrf's BenchmarkGet, and
# BenchmarkToken).  BenchmarkSize (sizes only) and BenchmarkBuild
# (build-real-ns/op only) are listed as not priced, not cases.
run price --format json "$H/go/multi-before.txt" "$H/go/multi-after.txt"
expect_status 0 "go ./...: one name in two packages is priced"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"gain":26.666666666666668,' "go ./...: the gain"
expect_grep "$TMP/flat.json" '["example.com/multi/cache.BenchmarkGet",1.0,true,true,' \
	"go ./...: cache's BenchmarkGet"
expect_grep "$TMP/flat.json" '["example.com/multi/csrf.BenchmarkGet",1.0,true,true,' \
	"go ./...: csrf's BenchmarkGet"
expect_grep "$TMP/flat.json" '"not_priced":["BenchmarkSize:nons/op,onlyB/op,allocs/op","BenchmarkBuild:nons/op,onlybuild-real-ns/op,B/op,allocs/op"]' \
	"go: results without ns/op are not priced"
# The same fix run with -v: BenchmarkSkip's --- SKIP makes no case, so the
# gain is the same (it moved from 26.67 to 22.86 when a skip counted in N).
run price --format json "$H/go/multi-before-v.txt" "$H/go/multi-after-v.txt"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" '"gain":26.666666666666668,' "go -v: the same gain"
expect_grep "$TMP/flat.json" '"BenchmarkSkip:skipped(---SKIP)"' "go -v: the skip listed"
expect_grep "$TMP/flat.json" '"N":3,' "go -v: N is 3"

# The -N suffix cut per line: Alloc ran with -cpu 1 (no suffix) in one run
# appended to a run of Spin (-2); the after run has both with -2.  Both
# join.
run price "$H/go/procs-before.txt" "$H/go/procs-after.txt"
expect_status 0 "go: one suffix-less line keeps the others' names joining"
expect_grep "$OUT" "metric pypto-gym version 1, 2 cases, W 2" "go: both cases joined"

# Only result lines (no PASS, FAIL or ok): pass states assumed, and the
# hint says where Go's come from, not JUnit.
run price "$H/go/grep-after.txt" "$H/go/grep-after.txt"
expect_joined "$OUT" "(go); every case taken as passing; keep go test's whole output, whose --- FAIL, PASS and ok lines say which benchmark failed (or go test -json)" \
	"go: pass states assumed without PASS/FAIL lines"
run price "$H/go/multi-before.txt" "$H/go/multi-after.txt"
expect_no_grep "$OUT" "pass states:" "go: PASS/FAIL lines record pass states"

# benchstat's configuration lines first (a key, a Unit line): read as Go;
# its one benchmark has no ns/op, so there is nothing to price.
run price "$H/go/units.txt"
expect_error 2 "$H/go/units.txt: no benchmark to price: none has a time per op (ns/op) or failed (BenchmarkBuild: no ns/op, only build-real-ns/op)" \
	"go: benchstat's Unit lines read as Go"

# Two configurations of one benchmark: --split-by is advised only for a
# key with two values (before and after), never for three.
printf 'note: a\nBenchmarkA 10 1 ns/op\nnote: b\nBenchmarkA 10 2 ns/op\nnote: c\n' >"$TMP/three.txt"
run price "$TMP/three.txt"
expect_error 2 "$TMP/three.txt:4:1: 'BenchmarkA' has results under two configurations, note: a (line 2) and note: b, which are two benchmarks of one name: give each configuration's results in a file of its own" \
	"go: no --split-by for a key of three values"

# ---- advice in the harness's own words ---------------------------------

# Google Benchmark, aggregates only: the file keeps no samples.
run price "$H/gbench/before-aggr.json" "$H/gbench/after-aggr.json"
expect_joined "$OUT" "the file keeps only each benchmark's aggregates: rerun without --benchmark_report_aggregates_only, or give --control RUN" \
	"gbench aggregates only: said, not a finer clock"
expect_no_grep "$OUT" "finer clock" "gbench aggregates only: no clock advice"
# One sample per case: Google Benchmark's own option.
run price "$H/gbench/before.csv" "$H/gbench/after.csv"
expect_joined "$OUT" "rerun with several samples per case (--benchmark_repetitions=N), or give --control RUN" \
	"gbench csv: --benchmark_repetitions"
# hyperfine's CSV: its JSON keeps every run; no JUnit for hyperfine.
run price "$H/hyperfine/before.csv" "$H/hyperfine/after.csv"
expect_joined "$OUT" "the CSV keeps only each command's statistics: give hyperfine's --export-json, which keeps every run's time, or give --control RUN" \
	"hyperfine csv: --export-json"
expect_no_grep "$OUT" "benchmark_repetitions" "hyperfine csv: no Google Benchmark option"
expect_no_grep "$OUT" "give --results" "hyperfine csv: no JUnit report suggested"

# A case one run lacks: --missing fail is no plain remedy (it prices a
# case that never ran as a gain).
run price "$H/pytest/before.json" "$H/pytest/after.json"
expect_no_grep "$ERR" "use --missing fail" "a missing case: no plain --missing fail"
expect_grep "$ERR" "one that never ran there would be priced as a gain" \
	"a missing case: what --missing fail would do"
# A 389-byte case name (hyperfine names a command by itself) is cut after
# 60 bytes in the error, as fixprice(1) says.
run price "$H/hyperfine/long.json" "$H/hyperfine/after.json"
expect_grep "$ERR" "case 'true xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not in" \
	"a long name cut in an error"
expect_no_grep "$ERR" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" \
	"a long name not whole"

# pytest-benchmark's CPU frequency (py-cpuinfo's hz_actual, kept whole by
# pytest-benchmark 3.4 and later) is read anew each run: another reading
# on one machine is no other context.  The after run's reading is set to
# another value here, as a second run might read it; its brand is not
# ignored.
H2="$H/pytest/before-cpuinfo.json"
sed 's/"hz_actual": "[^"]*"/"hz_actual": "1.4970 GHz"/; s/"hz_actual_raw": \[[0-9]*,/"hz_actual_raw": [1497000000,/' \
	"$H/pytest/after-cpuinfo.json" >"$TMP/hz.json"
if grep -q '"hz_actual": "1.4970 GHz"' "$TMP/hz.json"; then ok; else bad "hz.json: no reading set"; fi
run price --missing drop "$H2" "$TMP/hz.json"
expect_status 0 "pytest cpuinfo: priced"
expect_no_grep "$OUT" "context:" "pytest: the CPU frequency is no context that differs"
sed 's/"brand": "[^"]*"/"brand": "Other CPU"/' "$TMP/hz.json" >"$TMP/brand.json"
run price --missing drop "$H2" "$TMP/brand.json"
expect_grep "$OUT" "context: the runs differ in machine_info.cpu.brand" \
	"pytest: another CPU is still named"

# ---- criterion's baselines as the before run ---------------------------

# baselines/ is one target/criterion: the before run saved as `main`
# (--save-baseline main) and as `base`, the after run in new/ (run with
# --baseline base).  check is not benchmarked before: no base/ or main/.
C="$H/criterion/baselines"
run eval --per-case "$C@main" runtime_n
expect_out 'case,value
"scale/1000",10
"scale/4000",10
"spin",10' "criterion DIR@main: the saved baseline, without check"
run eval --per-case "$C" runtime_n
expect_grep "$OUT" '"check",10' "criterion DIR: new/, with check"
run price "$C@base" "$C"
expect_grep "$ERR" "$C: case 'check' is not in $C@base" "criterion DIR@base: check is missing before"
run price --missing fail "$C@base" "$C"
expect_status 0 "criterion DIR@base against DIR"
expect_grep "$OUT" "gain 20.0000" "criterion: check newly passing, 0.8 / 4 * 100"
expect_grep "$OUT" "missing before, counted failing: check" "criterion: check failing before"
run price --missing fail --format json "$C@main" "$C"
tr -d ' \n' <"$OUT" >"$TMP/flat.json"
expect_grep "$TMP/flat.json" "spin/main/sample.json" "criterion DIR@main: its files listed"
run price "$C@nothing" "$C"
expect_error 2 "$C@nothing: no criterion.rs benchmark has a baseline 'nothing' (NAME/nothing/sample.json, as cargo bench -- --save-baseline nothing writes; each run saves base/ unless run with --baseline)" \
	"criterion: a baseline no benchmark has"

# ---- detection names what it sees --------------------------------------

LIST="give --input-format FMT, one of csv, json, yaml, gbench, hyperfine, gbench-csv, hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion"
run price "$H/hyperfine/before-stdout.txt"
expect_error 2 "$H/hyperfine/before-stdout.txt: cannot tell the format: it looks like hyperfine's standard output, which keeps no run: give hyperfine --export-json FILE; $LIST" \
	"hyperfine's standard output, not Go's message"
run price "$H/gbench/before-console.txt"
expect_error 2 "$H/gbench/before-console.txt: cannot tell the format: it looks like Google Benchmark's console output, which keeps no run: give --benchmark_out=FILE --benchmark_out_format=json; $LIST" \
	"Google Benchmark's console output"
# compare.py's JSON and Catch2 v3's XML: no tool here writes them (Debian
# 12 ships neither compare.py nor Catch2 3), so their shape is written out
# from their writers' source (compare.py's --dump_to_json rows,
# XmlReporter::testRunStarting's root element).
printf '[{"name": "BM_x/64", "measurements": [{"real_time": 16.4, "cpu_time": 16.4, "real_time_other": 20.9, "cpu_time_other": 20.9, "time": 0.27, "cpu": 0.27}], "time_unit": "ns", "run_type": "iteration", "aggregate_name": "", "utest": {}}]\n' >"$TMP/compare.json"
run price "$TMP/compare.json"
expect_error 2 "$TMP/compare.json: it looks like Google Benchmark's compare.py JSON (--dump_to_json), which compares two runs and keeps neither: give each run's own JSON (--benchmark_out=FILE --benchmark_out_format=json) as BEFORE and AFTER" \
	"compare.py's JSON"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<Catch2TestRun name="bench" rng-seed="1" xml-format-version="3" catch2-version="3.4.0">\n</Catch2TestRun>\n' >"$TMP/v3.xml"
run price "$TMP/v3.xml"
expect_error 2 "$TMP/v3.xml: cannot tell the format: it looks like Catch2 v3's XML report (<Catch2TestRun>), which fixprice does not read (it reads Catch2 2's -r xml, <Catch>): give Catch2 v3's JUnit report (-r junit) with --results, beside a run; $LIST" \
	"Catch2 v3's XML"

finish
