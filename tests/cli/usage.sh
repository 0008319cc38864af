#!/bin/sh
# Usage errors, help, and the checked close of standard output: messages
# generated from the command table (src/cmd/), and one line and exit 2 for
# every command whose output cannot be written.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TOP_SRCDIR" || exit 1
E=examples/fp32-cube-matmul

# A mistyped command or long option gets the nearest name.
run swep
expect_error 2 "fixprice: no command 'swep'; did you mean 'sweep'?" "mistyped command"
run help tornadoo
expect_error 2 "fixprice: no command 'tornadoo'; did you mean 'tornado'?" "help of a mistyped command"
run --verison
expect_error 2 "fixprice: unknown option '--verison'; did you mean '--version'?" "mistyped global option"
run frobnicate
expect_error 2 "fixprice: no command 'frobnicate' (try 'fixprice --help')" "unknown command"
run sweep $E/before.csv --parm pass_reward=0:1
expect_error 2 "fixprice sweep: unknown option '--parm'; did you mean '--param'?" "mistyped option"
expect_err "fixprice sweep: unknown option '--parm'; did you mean '--param'?
usage: fixprice sweep [OPTIONS] BEFORE [AFTER] --param NAME=LO:HI[:STEP]
Run 'fixprice help sweep' for the options." "mistyped option and the short usage"
run price --for text $E/before.csv
expect_error 2 "fixprice price: option '--for' is ambiguous; possibilities: '--format' '--force'" "ambiguous option"
run price $E/before.csv --format
expect_error 2 "fixprice price: option '--format' needs an argument" "missing argument"
run price $E/before.csv -m
expect_error 2 "fixprice price: option '-m' needs an argument" "missing argument, short"
run price $E/before.csv --drop-missing=yes
expect_error 2 "fixprice price: option '--drop-missing' takes no argument" "unwanted argument"
run eval -q $E/before.csv 1
expect_error 2 "fixprice eval: unknown option '-q'" "unknown short option"
run breakeven $E/before.csv --param pass_reward --plot-dir "$TMP/p"
expect_error 2 "fixprice breakeven: unknown option '--plot-dir'" "breakeven draws no plot"
run price
expect_error 2 "fixprice price: give BEFORE AFTER, BOTH, or BEFORE with a scenario" "no inputs"

# Help three ways, the same text.
run help map
expect_status 0 "help map"
cp "$OUT" "$TMP/help-map"
expect_grep "$OUT" "  --resolution N          grid points along each axis (default 50," "help has the own options"
expect_grep "$OUT" "  --input-format FMT      the runs' format (default: by content and" "and the shared ones"
expect_grep "$OUT" "                          name): csv, json, yaml, gbench, hyperfine," "the formats listed from their table"
run map --help
if cmp -s "$OUT" "$TMP/help-map"; then ok; else bad "map --help differs from help map"; fi
run --help
expect_grep "$OUT" "  tornado    net as each parameter moves by +/- delta" "overview lists the commands"

# Standard output that cannot be written: exit 2 and one line.
if [ -w /dev/full ]; then
	for args in "check" "metrics" "eval $E/before.csv mean(runtime)" \
		"eval --per-case $E/before.csv runtime" \
		"eval --disasm $E/before.csv runtime" "help" "help price" \
		"price --help" "--help" "--version" \
		"price $E/before.csv $E/after.csv" \
		"sweep $E/before.csv --scenario $E/fp32-cube.yaml --param pass_reward=4:5" \
		"map $E/before.csv --scenario $E/fp32-cube.yaml --x runtime_factor=1:3 --y pass_reward=0:6 --format json"; do
		STATUS=0
		# shellcheck disable=SC2086 # args are words by design
		"$FIXPRICE" $args >/dev/full 2>"$ERR" || STATUS=$?
		: >"$OUT"
		expect_status 2 "$args >/dev/full"
		if [ "$(wc -l <"$ERR")" = 1 ] &&
		   grep -q "^fixprice: cannot write .*: No space left on device$" "$ERR"; then
			ok
		else
			bad "$args >/dev/full: not one line saying why"
		fi
	done
fi
# Help lists what each command takes: eval its --set and --input-format,
# the sensitivity commands none of price's own record options or forms.
run help eval
expect_grep "$OUT" "  --set NAME=VALUE" "help eval: --set"
expect_grep "$OUT" "  --input-format FMT" "help eval: --input-format"
for c in breakeven sweep tornado map; do
	run help $c
	for w in --md-limit --annotations openmetrics github .prom; do
		expect_no_grep "$OUT" "$w" "help $c: $w"
	done
	expect_grep "$OUT" "extension: text, md, json, csv" "help $c: its forms"
	cp "$OUT" "$TMP/help-of-$c"
	run $c --help
	if cmp -s "$OUT" "$TMP/help-of-$c"; then ok; else
		bad "$c --help differs from help $c"; fi
done
finish
