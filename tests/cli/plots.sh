#!/bin/sh
# Plots drawn by gnuplot from the commands: the pictures exist and are what
# they claim (SVG that parses as XML and holds the labels, PNG signature),
# scripts and data sit beside them, and without gnuplot everything but the
# picture is still written, with one line saying how to draw it.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$EX/fp32-cube-matmul" || exit 1
IN="before.csv --scenario fp32-cube.yaml"

if [ -z "${GNUPLOT:-}" ] || ! [ -x "$GNUPLOT" ]; then
	echo "SKIP: gnuplot not found"
	exit 77
fi

run sweep $IN --param pass_reward=0:6 --plot-dir "$TMP/p"
expect_status 0 "sweep with a plot"
for f in sweep.svg sweep.gp sweep.dat; do
	if [ -s "$TMP/p/$f" ]; then ok; else bad "sweep wrote $f"; fi
done
expect_grep "$ERR" "fixprice: drew $TMP/p/sweep.svg" "sweep says what it drew"
if [ -n "${XMLLINT:-}" ]; then
	if "$XMLLINT" --noout "$TMP/p/sweep.svg" 2>/dev/null; then ok; else bad "sweep.svg is XML"; fi
fi
expect_grep "$TMP/p/sweep.svg" "break-even: pass_reward = 4.75" "the break-even is labelled"

run map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --plot-dir "$TMP/p" --plot-format png
expect_status 0 "map as PNG"
if [ "$(head -c 8 "$TMP/p/map.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then ok; else bad "map.png has the PNG signature"; fi

run tornado $IN --plot-dir "$TMP/p" --ascii
expect_status 0 "tornado with text rendering"
expect_grep "$OUT" "runtime_factor" "the text rendering is printed"
if [ -s "$TMP/p/tornado.svg" ]; then ok; else bad "tornado.svg drawn"; fi

# --ascii renders the plots drawn: without a place to draw them it is a
# usage error, not silently nothing.
run tornado $IN --ascii
expect_error 2 "<command line>: --ascii needs --plot-dir DIR: it adds a text rendering of the plots drawn there" "tornado --ascii alone"
run sweep $IN --param pass_reward=0:1 --ascii -o "$TMP/sweep-ascii.txt"
expect_error 2 "<command line>: --ascii needs --plot-dir DIR: it adds a text rendering of the plots drawn there" "sweep --ascii alone"
if [ -e "$TMP/sweep-ascii.txt" ]; then bad "sweep --ascii alone wrote -o"; else ok; fi
run price $IN --ascii
expect_error 2 "<command line>: --ascii needs --plot-dir DIR or --record DIR: it adds a text rendering of the plots drawn there" "price --ascii alone"

# price --record: the shares plot in the record, linked from the Markdown.
run price $IN --record "$TMP/rec"
expect_status 0 "record with plot"
if [ -s "$TMP/rec/shares.svg" ]; then ok; else bad "record has shares.svg"; fi
expect_grep "$TMP/rec/decision.md" "](shares.svg)" "Markdown links the plot"

# --ascii puts the text rendering into the Markdown too, fenced so that no
# case name can end the block: a name with three backquotes gets a fence
# of four.
printf 'case,runtime,passed\n"x```y",1,pass\nb,1,fail\n' > "$TMP/b.csv"
printf 'case,runtime,passed\n"x```y",2,pass\nb,1,pass\n' > "$TMP/a.csv"
run price "$TMP/b.csv" "$TMP/a.csv" --record "$TMP/rec2" --ascii
expect_status 0 "record with a text plot"
expect_grep "$TMP/rec2/decision.md" '````text' "fence longer than the name's backquotes"

# Without gnuplot: same files but the picture, a note, exit 0.
GNUPLOT=/nonexistent/gnuplot run sweep $IN --param pass_reward=0:6 --plot-dir "$TMP/q"
expect_status 0 "no gnuplot is not an error"
if [ -s "$TMP/q/sweep.gp" ] && [ -s "$TMP/q/sweep.dat" ]; then ok; else bad "script and data written without gnuplot"; fi
if [ -e "$TMP/q/sweep.svg" ]; then bad "no picture without gnuplot"; else ok; fi
expect_grep "$ERR" "gnuplot not found" "the note says why"
expect_grep "$ERR" "draw with: gnuplot -d -c" "and how to draw"

# breakeven draws nothing: asking is a usage error.
run breakeven $IN --param pass_reward --plot-dir "$TMP/r"
expect_status 2 "breakeven has no plot"
finish
