#!/bin/sh
# CLI tests of the hardening of inputs and outputs: devices and FIFOs are
# written, never replaced; user text reaches people in its visible form
# and cut; file paths in messages are shown visibly too.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA/cli" || exit 1
B=small-before.csv
A=small-after.csv

# -o on a device with --force writes to it; the device stays a device.
run price $B $A -o /dev/null --force
expect_status 0 "-o /dev/null --force"
if [ -c /dev/null ]; then ok; else bad "/dev/null is no longer a device"; fi

# A FIFO is written through (a reader first, so the writer does not block).
mkfifo "$TMP/pipe"
cat "$TMP/pipe" >"$TMP/piped" &
reader=$!
run price $B $A -o "$TMP/pipe" --force
wait $reader
expect_status 0 "-o FIFO --force"
if [ -p "$TMP/pipe" ]; then ok; else bad "the FIFO was replaced"; fi
expect_grep "$TMP/piped" "INCONCLUSIVE, not judged against noise: net 22.5000" "the FIFO got the record"

# A description of almost 1 MiB, with a right-to-left override and an ESC,
# is cut in decision.md and kept whole in decision.json.
awk 'BEGIN { printf "description: \"" ; for (i = 0; i < 1048000; i++)
	printf "d"; printf "\\u202e\\e\"\n" }' >"$TMP/desc"
awk '/^description:/ { skip = 1; next } skip && /^  / { next }
	{ skip = 0; print }' "$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/rest"
cat "$TMP/desc" "$TMP/rest" >"$TMP/big.yaml"
run price -m "$TMP/big.yaml" $B $A --record "$TMP/rec"
expect_status 0 "a 1 MiB description"
size=$(wc -c <"$TMP/rec/decision.md")
if [ "$size" -lt 20000 ]; then ok; else bad "decision.md is $size bytes"; fi
expect_grep "$TMP/rec/decision.md" "dddd..." "the description is cut"
size=$(wc -c <"$TMP/rec/decision.json")
if [ "$size" -gt 1048000 ]; then ok; else bad "decision.json cut: $size"; fi

# A path with a newline and an ESC is shown in the visible form.
esc=$(printf '\033')
bad_path="$TMP/a
b${esc}[2J.csv"
printf 'case,runtime\nx,1\n" y",2\n' >"$bad_path"
run eval "$bad_path" 'mean(runtime)'
expect_error 2 "$TMP/a\\nb\\x1b[2J.csv:3:1: case name ' y' has a leading blank" \
	"a hostile path in a message"
if grep -q "$esc" "$ERR"; then bad "a raw ESC reached stderr"; else ok; fi

# Every input is read once, so a pipe works anywhere a file does, and the
# record's hash is that of the bytes that were priced.
want=$(sha256sum <$B | cut -d' ' -f1)
run price - $A --format json <$B
expect_status 0 "a run on standard input"
expect_grep "$OUT" "\"sha256\": \"$want\"" "stdin's hash is the file's"
# Once: given twice it said "<stdin>: cannot tell the format: it is empty".
run price - - <$B
expect_error 2 "<command line>: standard input ('-') is given twice: it can be read once" "standard input twice"
run price - $A --metric - <$B
expect_error 2 "<command line>: standard input ('-') is given twice: it can be read once" "standard input as a run and the metric"
mkfifo "$TMP/run" "$TMP/metric" "$TMP/scen"
cat $B >"$TMP/run" &
run price "$TMP/run" $A
expect_status 0 "a run from a FIFO"
expect_grep "$OUT" "INCONCLUSIVE, not judged against noise: net 22.5000" "the FIFO run is priced"
cat "$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/metric" &
run price -m "$TMP/metric" $B $A
expect_status 0 "a metric from a FIFO"
printf 'name: slower\nruntime: runtime * 2\n' >"$TMP/scen" &
run price $B --scenario "$TMP/scen"
expect_status 0 "a scenario from a FIFO"
# Devices that never end are refused at once, not read to the cap.
run eval /dev/zero 'sum(runtime)'
expect_error 2 "/dev/zero: cannot read: a device is neither a file nor a pipe" \
	"/dev/zero is refused"
run price /dev/urandom $A
expect_error 2 "/dev/urandom: cannot read: a device is neither a file nor a pipe" \
	"/dev/urandom is refused"

# Values that should not pass.  A zero runtime is the run's fault, at its
# cell, also when a scenario multiplies it.
printf 'case,runtime,passed,ref_runtime\na,0,pass,1\nb,1,fail,1\n' >"$TMP/zero.csv"
run price "$TMP/zero.csv" --runtime-factor 2
expect_error 2 "$TMP/zero.csv:2:3: runtime of case 'a' must be a finite number above 0, got 0" \
	"a zero runtime under --runtime-factor is blamed on its cell"
# A reference runtime is a runtime: above 0 (it would turn a slowdown into
# a credit).
printf 'case,runtime,passed,ref_runtime\na,1,pass,2\nb,1,fail,-2\n' >"$TMP/negref.csv"
run price "$TMP/negref.csv" "$TMP/negref.csv"
expect_error 2 "$TMP/negref.csv:3:10: ref_runtime of case 'b' must be a finite number above 0, got -2" \
	"a negative ref_runtime"
# A cell off its case's line (after a quoted field with a line end in
# it) is blamed at its own line, as are the cells on their cases' lines.
printf 'case,note,runtime,passed\na,x,1,pass\nb,"two\nlines",-3,pass\nc,y,0,pass\n' >"$TMP/lines.csv"
run price "$TMP/lines.csv" "$TMP/lines.csv"
expect_error 2 "$TMP/lines.csv:4:8: runtime of case 'b' must be a finite number above 0, got -3" \
	"a cell off its case's line, at its line"
printf 'case,note,runtime,passed\na,x,1,pass\nb,"two\nlines",3,pass\nc,y,0,pass\n' >"$TMP/lines.csv"
run price "$TMP/lines.csv" "$TMP/lines.csv"
expect_error 2 "$TMP/lines.csv:5:5: runtime of case 'c' must be a finite number above 0, got 0" \
	"a cell after one off its case's line, at its line"
# Every sample is a runtime, as a cell is: a negative one widened the
# interval (the same file twice gave [-39.35, 0]) and a zero one failed
# a resample, blamed on the metric, as the seed happened to draw it.  At
# the sample's cell where the format says where it is, else at its case.
printf 'case,repetition,runtime,passed\na,1,1.0,1\na,2,-1.0,1\na,3,1.1,1\n' >"$TMP/sneg.csv"
run price "$TMP/sneg.csv" "$TMP/sneg.csv"
expect_error 2 "$TMP/sneg.csv:3:5: runtime sample of case 'a' must be a finite number above 0, got -1" \
	"a negative repetition, at its cell"
printf '[{"case":"m1","samples":[1,0,1],"passed":true},{"case":"m2","samples":[1,2],"passed":true}]\n' >"$TMP/s0.json"
run price "$TMP/s0.json" "$TMP/s0.json"
expect_error 2 "$TMP/s0.json:1:28: runtime sample of case 'm1' must be a finite number above 0, got 0" \
	"a zero sample in a JSON list, where it is written"
printf 'cases:\n  - {case: a, samples: [1, 2, -3], passed: true}\n' >"$TMP/sneg.yaml"
run price "$TMP/sneg.yaml" "$TMP/sneg.yaml"
expect_error 2 "$TMP/sneg.yaml:2:31: runtime sample of case 'a' must be a finite number above 0, got -3" \
	"a negative sample in a YAML list, where it is written"
H="$TOP_SRCDIR/tests/data/harness"
sed '14s/0.023981939/-0.023981939/' "$H/hyperfine/after-params.json" >"$TMP/hfneg.json"
run price "$TMP/hfneg.json" "$TMP/hfneg.json"
expect_error 2 "$TMP/hfneg.json:14:9: runtime sample of case 'check (n=1)' must be a finite number above 0, got -0.023981939" \
	"a negative time of hyperfine's, where it is written"
sed '64s/\([0-9]\)/-\1/' "$H/pytest/before.json" >"$TMP/pyneg.json"
run price "$TMP/pyneg.json" "$TMP/pyneg.json"
expect_error 2 "$TMP/pyneg.json:64:21: runtime sample of case 'test_bench.py::test_sum' must be a finite number above 0, got -4.1892000012921926e-05" \
	"a negative sample in pytest-benchmark's data, where it is written"
sed '7s/188.9 ns/0 ns/' "$H/go/before.txt" >"$TMP/go0.txt"
run price "$TMP/go0.txt" "$TMP/go0.txt"
expect_error 2 "$TMP/go0.txt:7:37: runtime sample of case 'BenchmarkSpin' must be a finite number above 0, got 0 ns/op" \
	"a zero ns/op of go test's, at its number"
# A failing case may have no runtime, in a CSV of one row per case too
# (an empty cell; it was "not a number"); a passing one may not.
printf 'case,runtime,passed\na,1,pass\nx,,fail\n' >"$TMP/nort.csv"
run price "$TMP/nort.csv" "$TMP/nort.csv"
expect_status 0 "a failing case without a runtime"
expect_grep "$OUT" "metric pypto-gym version 1, 2 cases, W 2" "a failing case without a runtime: a case"
printf 'case,runtime,passed\na,1,pass\nx,,pass\n' >"$TMP/nort.csv"
run price "$TMP/nort.csv" "$TMP/nort.csv"
expect_error 2 "$TMP/nort.csv:3:3: case 'x' passes but has no runtime (no samples): a passing case needs one" \
	"a passing case without a runtime, at its cell"
# A duplicate case in the before run: the same error whether it is found
# against the after run's names (two files, read at once) or alone (from
# standard input, read in turn), for a name the after run has and for
# one it lacks, and for a duplicate in the after run.
printf 'case,runtime,passed\nx,1,pass\na,1,pass\nb,2,pass\na,3,pass\nx,2,pass\n' >"$TMP/dupb.csv"
printf 'case,runtime,passed\nb,1,pass\na,2,pass\n' >"$TMP/dupa.csv"
dup_a="duplicate case 'a' (first on line 3): rows of one case are its samples only in a file with a 'repetition' column"
run price --missing drop "$TMP/dupb.csv" "$TMP/dupa.csv"
expect_error 2 "$TMP/dupb.csv:5:1: $dup_a" "a duplicate before, checked against after"
run price --missing drop - "$TMP/dupa.csv" <"$TMP/dupb.csv"
expect_error 2 "<stdin>:5:1: $dup_a" "a duplicate before, checked alone"
printf 'case,runtime,passed\nx,1,pass\na,1,pass\nx,3,pass\n' >"$TMP/dupb.csv"
run price --missing drop "$TMP/dupb.csv" "$TMP/dupa.csv"
expect_error 2 "$TMP/dupb.csv:4:1: duplicate case 'x' (first on line 2): rows of one case are its samples only in a file with a 'repetition' column" \
	"a duplicate before that after lacks"
run price "$TMP/dupa.csv" "$TMP/dupb.csv"
expect_error 2 "$TMP/dupb.csv:4:1: duplicate case 'x' (first on line 2): rows of one case are its samples only in a file with a 'repetition' column" \
	"a duplicate after"
# Weights: only their ratios matter.  Huge ones that overflow their sum
# are said to, tiny ones price like any others.
printf 'case,runtime,passed,ref_runtime\na,1,pass,1\nb,1,fail,1\n' >"$TMP/w0.csv"
printf 'case,runtime,passed,ref_runtime\na,1,pass,1\nb,1,pass,1\n' >"$TMP/w1.csv"
run price "$TMP/w0.csv" "$TMP/w1.csv" --weight '*=1e308'
expect_error 2 "$TOP_SRCDIR/metrics/pypto-gym.yaml: the case weights add up to more than a number can hold: use smaller weights (only their ratios matter to a weighted mean)" \
	"weights that overflow"
run price "$TMP/w0.csv" "$TMP/w1.csv" --weight '*=1e-307'
expect_status 0 "tiny weights"
expect_grep "$OUT" "ACCEPT, not judged against noise: net 40.0000 = gain 40.0000 - cost 0.0000" "tiny weights price as weights 1"

# Long user text is cut with an ellipsis wherever a person reads it, the
# listing of `check` too.
awk 'BEGIN { printf "name: big\nversion: 1\ndescription: "; for (i = 0; i < 20000; i++) printf "d";
	printf "\nsource: s\nweights: {default: 1}\nscore: runtime\nvalue: passed\n";
	printf "total: sum(value)\ngain: 1\ncost: 1\ndecide: gain - cost > 0\n" }' >"$TMP/big.yaml"
run check "$TMP/big.yaml"
expect_status 0 "check of a metric with a long description"
long=$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$OUT")
if [ "$long" -le 4200 ]; then ok; else bad "check printed a line of $long characters"; fi
expect_grep "$OUT" "ddd..." "the description is cut with an ellipsis"

# Outputs are all or nothing: a refusal, or standard output that cannot be
# written, leaves no record folder, plot folder or -o file behind.
mkdir "$TMP/aon" && cd "$TMP/aon" || exit 1
echo x >existing.txt
run price "$DATA/cli/$B" "$DATA/cli/$A" --record r -o existing.txt
expect_status 2 "--record with a refused -o"
if [ -e r ]; then bad "the record folder was written before the refusal"; else ok; fi
STATUS=0
"$FIXPRICE" price "$DATA/cli/$B" "$DATA/cli/$A" --record r >/dev/full 2>"$ERR" || STATUS=$?
expect_status 2 "--record with standard output full"
if [ -e r ]; then bad "the record folder was left although the exit is 2"; else ok; fi
STATUS=0
"$FIXPRICE" sweep "$DATA/cli/$B" "$DATA/cli/$A" --param pass_reward=0:1 \
	--plot-dir p >/dev/full 2>"$ERR" || STATUS=$?
expect_status 2 "--plot-dir with standard output full"
if [ -e p ]; then bad "the plot folder was left although the exit is 2"; else ok; fi
if [ "$(ls -A)" = existing.txt ]; then ok; else bad "left behind: $(ls -A)"; fi
# Into an existing folder: the record's files join the others, nothing
# else in it is touched, and no staging folder is left.
mkdir keep && echo mine >keep/mine.txt
run price "$DATA/cli/$B" "$DATA/cli/$A" --record keep
expect_status 0 "a record into an existing folder"
if [ "$(ls -A keep | tr '\n' ' ')" = "cases.csv comment.md decision.json decision.md index.html mine.txt shares.dat shares.gp shares.svg " ] ||
   [ "$(ls -A keep | tr '\n' ' ')" = "cases.csv comment.md decision.json decision.md index.html mine.txt shares.dat shares.gp " ]; then ok
else bad "the folder holds: $(ls -A keep | tr '\n' ' ')"; fi
# Messages name the final paths, not where files were written for now.
GNUPLOT=/nonexistent run price "$DATA/cli/$B" "$DATA/cli/$A" --record fresh
expect_grep "$ERR" "draw with: gnuplot -d -c fresh/shares.gp" "the note names the record folder"
run price "$DATA/cli/$B" "$DATA/cli/$A" --plot-dir pd --format md
expect_grep "$OUT" '`pd/shares.svg`' "the Markdown names the final plot folder"
if grep -q "](" "$OUT"; then bad "the posted Markdown has a link"; else ok; fi
cd "$DATA/cli" || exit 1

finish
