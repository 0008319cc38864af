#!/bin/sh
# CLI tests of where each case's pass state and runtime came from: the
# JSON record's per-case pass_source_* and runtime_source_* columns, read
# back with Python's json module, on the real harness files of
# tests/data/harness/, and checked against what each file holds (worked
# out from the files) and against the per-run summary (runs.SIDE).
# Skipped (77) without python3.
. "$TOP_SRCDIR/tests/cli/lib.sh"
H="$DATA/harness"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }

# A reader of the record: prints each case as
#   NAME PASS_BEFORE PASS_AFTER RUNTIME_BEFORE RUNTIME_AFTER
# (null as -), then "consistent" when, per side, the per-case sources add
# up to the run's summary: "merged" cases = pass_states.merged_cases,
# "assumed" = assumed_passing_cases, "absent" = missing_counted_failing,
# no runtime = no_runtime, "samples" only with n_SIDE, "aggregate" when and
# only when the side has a runtime_aggregate.
cat >"$TMP/sources.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cols = r["cases"]["columns"]
rows = [dict(zip(cols, row)) for row in r["cases"]["rows"]]
for c in rows:
    print(c["case"], *[c[k] or "-" for k in (
        "pass_source_before", "pass_source_after",
        "runtime_source_before", "runtime_source_after")])
bad = []
for s in ("before", "after"):
    side, col = r["runs"][s], lambda k: [c[k + "_" + s] for c in rows]
    ps, rs = col("pass_source"), col("runtime_source")
    names = [c["case"] for c in rows]
    if ps.count("merged") != side["pass_states"]["merged_cases"]:
        bad.append(s + ": merged")
    if ps.count("assumed") != side["pass_states"]["assumed_passing_cases"]:
        bad.append(s + ": assumed")
    if [n for n, p in zip(names, ps) if p == "absent"] != side["missing_counted_failing"]:
        bad.append(s + ": absent")
    if [n for n, x in zip(names, rs) if x is None] != side["no_runtime"]:
        bad.append(s + ": no runtime")
    if any(x == "samples" and n is None for x, n in zip(rs, col("n"))):
        bad.append(s + ": samples")
    if ("aggregate" in rs) != (side["runtime_aggregate"] is not None):
        bad.append(s + ": aggregate")
print("consistent" if not bad else "inconsistent: " + ", ".join(bad))
PY

# sources ARGS...: price --format json ARGS, the record read back.
sources() {
	run price --format json "$@"
	[ "$STATUS" = 0 ] || return
	python3 "$TMP/sources.py" "$OUT" >"$TMP/read" 2>&1 || echo "unreadable" >>"$TMP/read"
	cp "$TMP/read" "$OUT"
}

# pytest-benchmark JSON records no pass states; the JUnit reports give
# them for every case, and add test_raises (absent from before.json, its
# timed function raised) as failing without a runtime.
sources --results-before "$H/pytest/before-junit.xml" --results "$H/pytest/after-junit.xml" \
	"$H/pytest/before.json" "$H/pytest/after.json"
expect_out "test_bench.py::test_sum merged merged samples samples
test_bench.py::test_fails_after merged merged samples samples
test_bench.py::test_raises merged merged - samples
consistent" "pytest with both JUnit reports"
# Without the reports: every case assumed passing; --missing fail counts
# test_raises failing in the before run that lacks it.
sources --missing fail "$H/pytest/before.json" "$H/pytest/after.json"
expect_out "test_bench.py::test_sum assumed assumed samples samples
test_bench.py::test_fails_after assumed assumed samples samples
test_bench.py::test_raises absent assumed - samples
consistent" "pytest without reports, --missing fail"
# A report for the after run only.
sources --missing fail --results "$H/pytest/after-junit.xml" "$H/pytest/before.json" "$H/pytest/after.json"
expect_out "test_bench.py::test_sum assumed merged samples samples
test_bench.py::test_fails_after assumed merged samples samples
test_bench.py::test_raises absent merged - samples
consistent" "pytest, the after report only"
# hyperfine's CSV export: no pass states (assumed), the mean of each
# command's runs (an aggregate).
sources "$H/hyperfine/before.csv" "$H/hyperfine/after.csv"
expect_out "sleep assumed assumed aggregate aggregate
check assumed assumed aggregate aggregate
true assumed assumed aggregate aggregate
consistent" "hyperfine CSV: assumed, aggregate"
# Its JSON export records exit codes and every run's time.
sources "$H/hyperfine/before.json" "$H/hyperfine/after.json"
expect_out "sleep recorded recorded samples samples
check recorded recorded samples samples
true recorded recorded samples samples
consistent" "hyperfine JSON: recorded, samples"
# Google Benchmark with repetitions: recorded, samples; BM_err reported an
# error before the fix (no runtime).
sources "$H/gbench/before-reps.json" "$H/gbench/after-reps.json"
expect_grep "$OUT" "BM_err recorded recorded - samples" "gbench repetitions: BM_err"
expect_grep "$OUT" "BM_x/64 recorded recorded samples samples" "gbench repetitions: BM_x/64"
expect_grep "$OUT" "consistent" "gbench repetitions: consistent"
expect_no_grep "$OUT" "inconsistent" "gbench repetitions: consistent"
# Aggregates only: the median aggregate, said per case.
sources "$H/gbench/before-aggr.json" "$H/gbench/after-aggr.json"
expect_grep "$OUT" "BM_err recorded recorded - aggregate" "gbench aggregates: BM_err"
expect_grep "$OUT" "BM_x/64 recorded recorded aggregate aggregate" "gbench aggregates: BM_x/64"
expect_no_grep "$OUT" "inconsistent" "gbench aggregates: consistent"
# A prediction's after side is predicted; one runtime per case in a CSV.
sources --runtime-factor 2 "$DATA/cli/small.csv"
expect_out "a recorded predicted value predicted
b recorded predicted value predicted
c recorded predicted value predicted
consistent" "a prediction"
finish
