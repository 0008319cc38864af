#!/bin/sh
# gnuplot is not trusted to finish or to have written a whole picture: a
# gnuplot that hangs is stopped after --plot-timeout (with whatever it
# started), one that leaves a child holding its output does not hang
# fixprice, and a truncated SVG or PNG is an error that commits nothing.
# Fake gnuplots on PATH stand in for the failures.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
cp "$DATA/cli/small-before.csv" b.csv
cp "$DATA/cli/small-after.csv" a.csv
mkdir bin
SWEEP="sweep b.csv a.csv --param pass_reward=0:1:0.5"

# fake NAME BODY: bin/NAME, a gnuplot called as gnuplot -d -c SCRIPT TERM OUT.
fake() {
	printf '#!/bin/sh\n%s\n' "$2" >"bin/$1"
	chmod +x "bin/$1"
}
fake sleeper 'sleep 30 & wait'
fake truncsvg 'printf "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><g>" >"$5"; exit 0'
fake truncpng 'printf "\211PNG\r\n\032\n0000" >"$5"; exit 0'
fake linger 'printf "<svg xmlns=\"http://www.w3.org/2000/svg\"/>" >"$5"; sleep 30 & exit 0'
fake noisy 'head -c 5000000 /dev/zero | tr "\0" x >&2; echo >&2; echo "\"s.gp\" line 3: the last word" >&2; exit 1'

# elapsed COMMAND...: runs fixprice, $SECS the whole seconds it took.
elapsed() {
	t0=$(date +%s)
	run "$@"
	SECS=$(($(date +%s) - t0))
}

GNUPLOT=$TMP/bin/sleeper elapsed $SWEEP --plot-dir p1 --plot-timeout 1
expect_status 2 "a gnuplot that sleeps"
expect_grep "$ERR" "did not finish within 1 s, stopped (--plot-timeout)" "the message"
if [ "$SECS" -le 10 ]; then ok; else bad "a sleeping gnuplot took $SECS s to stop"; fi
if [ -e p1 ]; then bad "a plot folder was committed"; else ok; fi
if pgrep -f "$TMP/bin/sleeper" >/dev/null; then bad "the sleeping gnuplot lives on"; else ok; fi
GNUPLOT=$TMP/bin/truncsvg run $SWEEP --plot-dir p2 -o o2.txt
expect_status 2 "a truncated SVG"
expect_grep "$ERR" "gnuplot wrote an incomplete svg into p2/sweep.svg" "the message"
if [ -e p2 ] || [ -e o2.txt ]; then bad "something was committed"; else ok; fi
GNUPLOT=$TMP/bin/truncpng run $SWEEP --plot-dir p3 --plot-format png
expect_status 2 "a truncated PNG"
if [ -e p3 ]; then bad "a plot folder was committed"; else ok; fi
GNUPLOT=$TMP/bin/linger elapsed $SWEEP --plot-dir p4
expect_status 0 "a gnuplot that leaves a child holding its output"
if [ "$SECS" -le 10 ]; then ok; else bad "the lingering child held fixprice $SECS s"; fi
GNUPLOT=$TMP/bin/noisy run $SWEEP --plot-dir p5
expect_status 2 "5 MB on gnuplot's stderr"
expect_grep "$ERR" "p5/sweep.gp:3: gnuplot: the last word" "its last message is kept"
run $SWEEP --plot-dir p6 --plot-timeout -1
expect_error 2 "<command line>: --plot-timeout needs seconds from 0 (no limit) to 1000000, got '-1'" \
	"a negative timeout"
# A real gnuplot within the default timeout, when there is one.
if [ -n "${GNUPLOT:-}" ] && command -v "$GNUPLOT" >/dev/null 2>&1; then
	run $SWEEP --plot-dir p7 --plot-timeout 0
	expect_status 0 "no limit"
	expect_grep p7/sweep.svg "</svg>" "a whole SVG"
fi
# A full disk mid-SVG: gnuplot writes into a 64 KiB tmpfs (root only).
if [ "$(id -u)" = 0 ] && command -v "${GNUPLOT:-gnuplot}" >/dev/null 2>&1 &&
	mkdir full && mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
	# Room for the script and the data, not for the picture (35 KB).
	head -c 30000 /dev/zero >full/filler 2>/dev/null
	run sweep b.csv a.csv --param pass_reward=0:1:0.01 --plot-dir full/p -o full/o.txt
	expect_status 2 "a full disk while drawing"
	expect_grep "$ERR" "gnuplot wrote an incomplete svg into full/p/sweep.svg" "a full disk mid-SVG"
	if [ -e full/p ] || [ -e full/o.txt ]; then bad "a full disk: something was committed"; else ok; fi
	left=$(ls -A full | grep -v '^filler$' || true)
	if [ -z "$left" ]; then ok; else bad "a full disk: left $left"; fi
	umount full
fi
finish
