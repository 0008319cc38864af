#!/bin/sh
# What the commands' charts say: the metric, the verdict or the decision,
# PREDICTION or MEASURED in every title; the current values marked; a fine
# map drawn at the picture's resolution; progress on a terminal only.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$EX/fp32-cube-matmul" || exit 1
IN="before.csv --scenario fp32-cube.yaml"
# The data files are written without gnuplot too: the titles are in them.
NOGP=/nonexistent/gnuplot

GNUPLOT=$NOGP run sweep $IN --param pass_reward=0:6 --plot-dir "$TMP/p"
expect_status 0 "sweep"
expect_grep "$TMP/p/sweep.dat" '"pypto-gym: gain, cost and net -- point estimate now: reject -- PREDICTION"' "sweep title"
expect_grep "$TMP/p/sweep.dat" '"now: pass_reward = 0.3"' "sweep marks the current value"

GNUPLOT=$NOGP run map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --plot-dir "$TMP/p"
expect_status 0 "map"
expect_grep "$TMP/p/map.dat" '"pypto-gym: net over two parameters -- point estimate now: reject -- PREDICTION"' "map title"
expect_grep "$TMP/p/map.dat" '"now: runtime_factor = 2, pass_reward = 0.3"' "map marks the current point"

GNUPLOT=$NOGP run tornado $IN --plot-dir "$TMP/p"
expect_grep "$TMP/p/tornado.dat" '"pypto-gym: net as each parameter moves -- point estimate now: reject -- PREDICTION"' "tornado title"

# Not judged (one sample per case), the point estimate's accept overruled
# by the guards (d newly fails; net and delta_total differ in sign): the
# title says what price's --check does, as its first line.
GNUPLOT=$NOGP run sweep "$DATA/cli/small-before.csv" "$DATA/cli/small-after.csv" --param pass_reward=0:6 --plot-dir "$TMP/g"
expect_grep "$TMP/g/sweep.dat" '"pypto-gym: gain, cost and net -- point estimate now: inconclusive -- MEASURED"' "sweep title: the guards overrule the point estimate"

# Measured runs: MEASURED, and the verdict on the record's charts.
GNUPLOT=$NOGP run price before.csv after.csv --record "$TMP/rec"
expect_status 0 "record"
expect_grep "$TMP/rec/shares.dat" '"pypto-gym: where net comes from -- verdict: not judged -- MEASURED"' "record chart title"
GNUPLOT=$NOGP run price $IN --record "$TMP/rec2"
expect_grep "$TMP/rec2/shares.dat" ' -- PREDICTION"' "a prediction's chart says so"

# --resolution 1000: a million grid points, but the chart's data file
# holds 200 x 200 (every 5th point), a few MB, not 136.
GNUPLOT=$NOGP run map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --resolution 1000 --plot-dir "$TMP/big" --format csv
expect_status 0 "fine map"
size=$(wc -c <"$TMP/big/map.dat")
if [ "$size" -lt 10000000 ]; then ok; else bad "map.dat of $size bytes"; fi
rows=$(grep -c '^[0-9]' "$TMP/big/map.dat")
# 40000 grid rows and the two region labels.
if [ "$rows" -eq 40002 ]; then ok; else bad "map.dat has $rows rows"; fi
# The table keeps every point: a header and a million rows.
lines=$(wc -l <"$OUT")
if [ "$lines" -eq 1000001 ]; then ok; else bad "map csv has $lines lines"; fi
# Off a terminal, no progress line at all.
if grep -q "$(printf '\r')" "$ERR"; then bad "progress written to a file"; else ok; fi

# On a terminal (script(1) gives one), the progress line shows and is
# cleared before the last message.
if [ -n "${GNUPLOT:-}" ] && [ -x "$GNUPLOT" ] && command -v script >/dev/null 2>&1 &&
	script -qc true /dev/null >/dev/null 2>&1; then
	script -qc "GNUPLOT='$GNUPLOT' '$FIXPRICE' map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --resolution 1000 --plot-dir '$TMP/tty' --format csv >/dev/null" /dev/null >"$TMP/tty.out" 2>&1
	if grep -q "$(printf '\rfixprice: gnuplot is drawing a large chart...\033\\[K\r\033\\[Kfixprice: drew')" "$TMP/tty.out"; then
		ok
	else
		bad "progress line on a terminal: $(od -c "$TMP/tty.out" | head -5)"
	fi
fi
finish
