#!/bin/sh
# CLI tests of criterion.rs runs: folders that cargo bench wrote
# (tests/data/harness/criterion/, made by its make.sh with Debian's
# librust-criterion-dev 0.3.6 and cargo 0.66, offline).  Before the fix
# `check` gives a wrong answer and is not benchmarked; after it, it is.
. "$TOP_SRCDIR/tests/cli/lib.sh"
C="$DATA/harness/criterion"
cd "$C" || exit 1

# One case per benchmark id, a parameter part of it: scale/1000 and
# scale/4000 are two cases.  The samples are times[i] / iters[i] ns.
run eval --per-case before runtime_n
expect_status 0 "a criterion folder"
expect_out 'case,value
"scale/1000",10
"scale/4000",10
"spin",10' "one case per benchmark, 10 samples each"
# spin's median: the 5th and 6th of its 10 per-iteration times,
# 158969318/118984 and 80650631/59492 ns: (1336.0562...+1355.6551...)/2 ns.
run eval --per-case --cases spin before runtime
expect_out 'case,value
"spin",1.3458556612653802e-06' "spin: the median per-iteration time, in seconds"
# scale/1000: 122569434/88686 and 172517909/118248 ns.
run eval --per-case --cases scale/1000 before runtime
expect_out 'case,value
"scale/1000",1.4205052981868616e-06' "scale/1000: the median"
# after/check: 51583459/12410640 and 147922587/33095040 ns.
run eval --per-case --cases check after runtime
expect_out 'case,value
"check",4.313010010966397e-09' "check after the fix"
run eval before 'sum(passed)'
expect_out "3" "criterion records no pass states: all taken as passing"

# The fix: check is not in before.  Said, and with --missing fail priced
# as a newly passing case; the pass states are said to be assumed.
run price before after
expect_error 2 "after: case 'check' is not in before (--missing drop leaves such cases out; --missing fail counts them failing there, which is right only for a case that ran there and failed: one that never ran there would be priced as a gain)" "check missing before"
run price --missing fail before after
expect_status 0 "--missing fail"
expect_grep "$OUT" "missing before, counted failing: check" "check counted failing before"
expect_joined "$OUT" "pass states: not recorded in before and after (criterion); every case taken as passing" "assumed pass states said"
expect_grep "$OUT" "runtimes: median of 10 samples per case" "samples said"
expect_joined "$OUT" "folder: before: 6 files read; its SHA-256 is that of their sha256sum lines (the JSON record's runs.before.files)" "the folder said: 3 benchmarks, 2 files each"
expect_joined "$OUT" "folder: after: 8 files read;" "the after folder: 4 benchmarks"
# gain: check newly passing, score_after 1 (no runtime before: its own
# after runtime is its reference): (0.3 + 0.5) / 4 * 100 = 20.
run price --missing fail --format json before after
cp "$OUT" "$TMP/r.json"
expect_grep "$TMP/r.json" '"gain": 20.0,' "the fix is a gain of 20"
expect_grep "$TMP/r.json" '["check",1.0,false,true,null,' "check: failing before without a runtime, passing after"
expect_grep "$TMP/r.json" ',0,10,"absent","assumed",null,"samples"]' "check: absent before, assumed after, samples after"
expect_grep "$TMP/r.json" ',10,10,"assumed","assumed","samples","samples"]' "the others: assumed, samples"
# Only check priced: before has none of the chosen cases, and --missing
# fail counts it failing there: (0.3 + 0.5) / 1 * 100 = 80.
run price --cases 'check*' --missing fail before after
expect_status 0 "--cases check --missing fail"
expect_grep "$OUT" "ACCEPT: net 80.0000 = gain 80.0000 - cost 0.0000" "check alone: a gain of 80"
run price --exclude '*' --missing fail before after
expect_error 2 "<command line>: --cases and --exclude leave no case of before or after" "nothing chosen in either run"
# The folder's files, hashed one by one, and the run's hash that of their
# listing (sha256sum's lines, by path).
listing() {
	(cd "$1" && find . -path '*/new/*' \( -name benchmark.json -o -name sample.json \) |
		sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum)
}
listing before >"$TMP/listing"
h=$(sha256sum <"$TMP/listing" | cut -d' ' -f1)
expect_grep "$TMP/r.json" "\"sha256\": \"$h\"" "the before input's hash is its listing's"
while read -r line; do
	expect_grep "$TMP/r.json" "\"$line\"" "files: $line"
done <"$TMP/listing"
expect_grep "$TMP/r.json" '"format": "criterion",' "format named"

# A cargo target folder (criterion/ inside) and a trailing slash read the
# same run.
mkdir -p "$TMP/target" && cp -R before "$TMP/target/criterion"
run eval "$TMP/target" 'N'
expect_out "3" "a cargo target folder: its criterion/"
run eval before/ 'sum(runtime_n)'
expect_out "30" "a trailing slash"
run eval --input-format criterion before 'N'
expect_out "3" "--input-format criterion"

# Errors: one line, exit 2, nothing on stdout.
mkdir "$TMP/empty"
run eval "$TMP/empty" 'N'
expect_error 2 "$TMP/empty: a folder, with no criterion.rs benchmark in it (NAME/new/sample.json, as cargo bench writes under target/criterion); a run is a file or such a folder" "a folder without benchmarks"
run eval --input-format csv before 'N'
expect_error 2 "before: a folder; --input-format csv reads a file (only criterion reads a folder)" "--input-format csv on a folder"
run eval --input-format criterion "$DATA/cli/small.csv" 'N'
expect_error 2 "$DATA/cli/small.csv: criterion: give the folder cargo bench wrote (target/criterion, or a copy of it), not a file" "--input-format criterion on a file"
run eval --split-by note before 'N'
expect_error 2 "before: --split-by note: before is read as criterion; only Go benchmark text has configuration lines to split by" "--split-by on a folder"
mkbad() { mkdir -p "$TMP/$1/x/new" && printf '%s' "$2" >"$TMP/$1/x/new/sample.json"; }
mkbad lengths '{"iters":[1.0,2.0],
 "times":[5.0]}'
run eval "$TMP/lengths" 'N'
expect_error 2 "$TMP/lengths/x/new/sample.json:2:10: 'times' has 1 numbers, 'iters' 2: one time per batch of iterations" "times and iters of different lengths"
mkbad zero '{"iters":[1.0,0],"times":[5.0,6.0]}'
run eval "$TMP/zero" 'N'
expect_error 2 "$TMP/zero/x/new/sample.json:1:15: iters[1] must be a number above 0" "an iteration count of 0"
mkbad notjson '{"iters":[1.0],'
run eval "$TMP/notjson" 'N'
expect_status 2 "sample.json that is no JSON"
expect_grep "$ERR" "$TMP/notjson/x/new/sample.json:1:" "the file's position named"
mkbad noid '{"iters":[1.0],"times":[5.0]}'
printf '{"group_id":"x"}' >"$TMP/noid/x/new/benchmark.json"
run eval "$TMP/noid" 'N'
expect_error 2 "$TMP/noid/x/new/benchmark.json:1:1: 'full_id' must be a string (criterion's benchmark id)" "benchmark.json without full_id"
# Without benchmark.json, the folder is the id.
mkbad noidfile '{"iters":[2.0],"times":[5.0]}'
run eval --per-case "$TMP/noidfile" runtime
expect_out 'case,value
"x",2.5e-09' "no benchmark.json: the folder names the case; 5 ns / 2"
finish
