#!/bin/sh
# Outputs never lose data: no output replaces an input (any input, by
# device and inode), a record or plot folder is replaced in one step or
# not at all, -o FILE and the folders commit together, one writer at a
# time, and a signal leaves the old outputs or the new ones, whole, and no
# staging folder.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
cp "$DATA/cli/small-before.csv" b.csv
cp "$DATA/cli/small-after.csv" a.csv
sed 's/^a,4,pass/a,3,pass/' a.csv >a2.csv
cp "$TOP_SRCDIR/metrics/pypto-gym.yaml" m.yaml
printf 'name: slower\nruntime: runtime * 2\n' >scen.yaml

# unchanged FILE COPY DESCRIPTION
unchanged() {
	if cmp -s "$1" "$2"; then ok; else bad "$3: $1 was changed"; fi
}
# no_staging DESCRIPTION: no staging folder or temporary file is left.
no_staging() {
	left=$(find . -name '*.fixprice-*' -o -name '.*.??????' | head -3)
	if [ -z "$left" ]; then ok; else bad "$1: left $left"; fi
}

# -- the four overwrite cases, with --force -------------------------------
cp m.yaml m.keep
run price -m ./m.yaml b.csv a.csv -o m.yaml --force
expect_error 2 "<command line>: -o m.yaml would overwrite the input ./m.yaml" "-o over the metric"
unchanged m.yaml m.keep "-o over the metric"
cp scen.yaml scen.keep
run price b.csv --scenario scen.yaml -o scen.yaml --force
expect_status 2 "-o over the scenario"
unchanged scen.yaml scen.keep "-o over the scenario"
cp b.csv b.keep
ln -s b.csv blink.csv
run price b.csv a.csv --control blink.csv -o b.csv --force
expect_status 2 "-o over an input through another name"
unchanged b.csv b.keep "-o over an input through another name"
mkdir rec
run price b.csv a.csv --record rec
expect_status 0 "a record"
mkdir rec5
cp b.csv rec5/cases.csv
run price rec5/cases.csv a.csv --record rec5 --force
expect_error 2 "fixprice: rec5/cases.csv would overwrite the input rec5/cases.csv" "--record over an input in it"
unchanged rec5/cases.csv b.csv "--record over an input in it"
no_staging "refusals"

# -- every file the command writes counts for --force ----------------------
mkdir plots
echo mine >plots/sweep.gp
run sweep b.csv a.csv --param pass_reward=0:1:0.5 --plot-dir plots
expect_status 2 "a plot file without --force"
expect_grep "$ERR" "fixprice: plots/sweep.gp exists; use --force to replace it" "the message"
if [ "$(cat plots/sweep.gp)" = mine ]; then ok; else bad "the user's sweep.gp was replaced"; fi
run sweep b.csv a.csv --param pass_reward=0:1:0.5 --plot-dir plots -o s.txt
expect_status 2 "a plot file without --force, with -o"
if [ -e s.txt ]; then bad "-o written though the plots were refused"; else ok; fi

# -- the outputs commit together, or none ----------------------------------
run price b.csv a.csv --record r2 --plot-dir r2 -o o.md
expect_status 2 "--record and --plot-dir the same folder"
expect_grep "$ERR" "is inside the folder r2" "the message"
if [ -e o.md ] || [ -e r2 ]; then bad "something was committed"; else ok; fi
run price b.csv a.csv --record r3 -o r3/x.md
expect_status 2 "-o inside the record folder"
# A failed rewrite keeps the old record byte for byte: the last step (-o
# over a folder) fails after the record was swapped in, which is taken back.
cp -r rec rec.keep
mkdir odir
run price b.csv a2.csv --record rec --force -o odir
expect_status 2 "-o over a folder fails at the end"
if diff -r rec rec.keep >/dev/null; then ok; else bad "the old record was not kept"; fi
no_staging "a failed rewrite"
# A name in the record folder taken by a folder: refused, nothing changed.
mkdir r4
mkdir r4/decision.md
run price b.csv a.csv --record r4 --force
expect_status 2 "a record name taken by a folder"
if [ -d r4/decision.md ] && [ "$(ls r4 | wc -l)" = 1 ]; then ok; else bad "r4 changed"; fi
no_staging "a name taken by a folder"

# --record . in a folder of other files publishes the record as one new
# folder in it, ./fixprice (never file by file: kill -9 would leave part of
# it, tests/cli/atomic.sh; and a swap would leave the current folder);
# --force replaces that folder whole.
mkdir here
(cd here && echo mine >README && "$FIXPRICE" price ../b.csv ../a.csv --record . >/dev/null 2>&1)
if [ -f here/fixprice/decision.md ] && [ "$(cat here/README)" = mine ] &&
	[ "$(LC_ALL=C ls here)" = "README
fixprice" ]; then ok; else bad "--record . did not add the record as ./fixprice"; fi
cp -r here here.keep
run price b.csv a2.csv --record here
expect_error 2 "fixprice: here/fixprice/cases.csv exists; use --force to replace it" \
	"--record into a folder of other files, again"
if diff -r here here.keep >/dev/null; then ok; else bad "a refused record changed the folder"; fi
(cd here && "$FIXPRICE" price ../b.csv ../a2.csv --record . --force >/dev/null 2>&1)
if diff -r here/fixprice here.keep/fixprice >/dev/null; then bad "--record . --force did not replace ./fixprice"; else ok; fi
if [ "$(LC_ALL=C ls here)" = "README
fixprice" ]; then ok; else bad "--record . --force: the folder holds $(ls here)"; fi
# A record's own names in the current folder: with --force that would
# swap the current folder itself: refused.
mkdir here2
cp here/fixprice/* here2/
echo mine >here2/README
cp -r here2 here2.keep
STATUS=0
(cd here2 && "$FIXPRICE" price ../b.csv ../a2.csv --record . --force >"$OUT" 2>"$ERR") || STATUS=$?
expect_error 2 ".: is the current folder, which --force would replace as a whole: write the record into a folder of its own" \
	"--record . --force"
if diff -r here2 here2.keep >/dev/null; then ok; else bad "--record . --force changed the folder"; fi

# -- -o through a symbolic link --------------------------------------------
echo target >t.txt
ln -s t.txt link.md
run price b.csv a.csv -o link.md
expect_error 2 "<command line>: -o link.md is a symbolic link; use --force to write where it points" "-o through a link"
if [ "$(cat t.txt)" = target ]; then ok; else bad "the link's target was written"; fi
ln -s nowhere dangling.md
run price b.csv a.csv -o dangling.md
expect_status 2 "-o through a dangling link"
run price b.csv a.csv -o link.md --force
expect_status 0 "-o through a link with --force"
if [ -L link.md ] && grep -q "the point estimate accepts" t.txt; then ok; else bad "--force: the target is replaced, the link kept"; fi

# -- two writers at a time -------------------------------------------------
# Into an existing empty folder, without --force: never both.
i=0
both=0
while [ $i -lt 20 ]; do
	rm -rf race
	mkdir race
	"$FIXPRICE" price b.csv a.csv --record race >/dev/null 2>&1 &
	p1=$!
	"$FIXPRICE" price b.csv a2.csv --record race >/dev/null 2>&1 &
	p2=$!
	s1=0; s2=0
	wait $p1 || s1=$?
	wait $p2 || s2=$?
	[ $s1 = 0 ] && [ $s2 = 0 ] && both=$((both + 1))
	i=$((i + 1))
done
if [ $both = 0 ]; then ok; else bad "two writers both succeeded $both times of 20"; fi
# With --force on both: each record whole, never a mix.
i=0
mixed=0
sha_a=$(sha256sum <a.csv | cut -d' ' -f1)
while [ $i -lt 20 ]; do
	"$FIXPRICE" price b.csv a.csv --record race --force >/dev/null 2>&1 &
	p1=$!
	"$FIXPRICE" price b.csv a2.csv --record race --force >/dev/null 2>&1 &
	p2=$!
	wait $p1
	wait $p2
	# cases.csv tells the run: case a runs 4 in a.csv, 3 in a2.csv.
	if grep -q "$sha_a" race/decision.json; then want=4; else want=3; fi
	if grep -q "^\"a\",1,true,true,2,$want," race/cases.csv; then :; else
		mixed=$((mixed + 1)); fi
	i=$((i + 1))
done
if [ $mixed = 0 ]; then ok; else bad "a mixed record $mixed times of 20"; fi
no_staging "the races"

# -- a signal at each step of the commit -----------------------------------
# A background job of a shell script starts with SIGINT ignored, and a
# suite run under nohup with SIGHUP ignored (fixprice keeps an ignored
# signal ignored, as nohup wants): give them back.
DEFSIG=
if env --default-signal=INT,HUP true 2>/dev/null; then
	DEFSIG="env --default-signal=INT,HUP"; fi
# The commit waits FIXPRICE_TEST_COMMIT_DELAY before each step (the plot
# folder, the record, -o); a SIGTERM or SIGINT at any time leaves the old
# outputs or the new ones, whole, and nothing staged.
mkdir sig
run price b.csv a.csv --record sig/rec --plot-dir sig/plots -o sig/o.md
expect_status 0 "the old outputs"
cp -r sig old
run price b.csv a2.csv --record sig/rec --plot-dir sig/plots -o sig/o.md --force
expect_status 0 "the new outputs"
cp -r sig new
if diff -r sig old >/dev/null; then bad "old and new outputs are the same"; else ok; fi
for t in 0.05 0.2 0.35 0.5 0.65 0.8 1.0; do
	for sig in TERM INT; do
		rm -rf sig
		cp -r old sig
		FIXPRICE_TEST_COMMIT_DELAY=0.3 $DEFSIG "$FIXPRICE" price b.csv a2.csv \
			--record sig/rec --plot-dir sig/plots -o sig/o.md --force \
			>/dev/null 2>&1 &
		pid=$!
		sleep $t
		kill -$sig $pid 2>/dev/null
		st=0
		wait $pid || st=$?
		case "$sig:$st" in TERM:143 | INT:130 | *:0) ok ;;
		*) bad "SIG$sig at $t s: exit $st" ;; esac
		if diff -r -x '*.svg' -x '*.png' sig old >/dev/null ||
			diff -r -x '*.svg' -x '*.png' sig new >/dev/null; then ok; else
			bad "SIG$sig at $t s: neither the old outputs nor the new"
			diff -r -x '*.svg' -x '*.png' sig old | head -5
		fi
		no_staging "SIG$sig at $t s"
	done
done
# A signal while gnuplot draws into the staging folder: it is removed and
# gnuplot stopped.
mkdir bin
printf '#!/bin/sh\nsleep 20 & wait\n' >bin/slowplot
chmod +x bin/slowplot
for sig in TERM INT HUP; do
	rm -rf sig
	cp -r old sig
	GNUPLOT=$TMP/bin/slowplot $DEFSIG "$FIXPRICE" price b.csv a2.csv --record sig/rec \
		--force >/dev/null 2>&1 &
	pid=$!
	sleep 0.5
	kill -$sig $pid
	st=0
	wait $pid || st=$?
	case "$sig:$st" in TERM:143 | INT:130 | HUP:129) ok ;;
	*) bad "SIG$sig while drawing: exit $st" ;; esac
	if diff -r sig old >/dev/null; then ok; else bad "SIG$sig while drawing: the old outputs changed"; fi
	no_staging "SIG$sig while drawing"
	if pgrep -f "$TMP/bin/slowplot" >/dev/null; then bad "SIG$sig: gnuplot lives on"; else ok; fi
done
finish
