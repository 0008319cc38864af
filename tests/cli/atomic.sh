#!/bin/sh
# Issue 57: a record is added whole or not at all, also under kill -9; a
# dead run's staging folders are reaped by a later run, a live run's
# kept; a file written into the record folder during a commit is kept;
# -o never replaces a file through a link out of its folder.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
cp "$DATA/cli/small-before.csv" b.csv
cp "$DATA/cli/small-after.csv" a.csv
sed 's/^a,4,pass/a,3,pass/' a.csv >a2.csv
# No drawing (the scripts and data are written all the same): the kills
# below run fixprice some forty times.
GNUPLOT=$TMP/nonexistent
export GNUPLOT

# same A B: folders A and B hold the same files, byte for byte, staging
# folders aside (what a killed run leaves until a later run reaps it).
same() { diff -r -x '*.fixprice-*' "$1" "$2" >/dev/null 2>&1; }

# kill_each NAME DIR MIN ARGS...: the folder w.old is the state before;
# fixprice ARGS run in w/DIR makes w.new.  Then, in fresh copies of w.old,
# the same run with SIGKILL raised at the commit's first step, its second,
# ... (FIXPRICE_TEST_COMMIT_KILL) until one ends by itself: after each
# kill the folder must be the old state or the new, never a mix, and at
# least MIN steps must have been killed.
kill_each() {
	name=$1 dir=$2 min=$3
	shift 3
	rm -rf w w.new
	cp -a w.old w
	(cd "w/$dir" && "$FIXPRICE" "$@" >/dev/null 2>&1) || bad "$name: the whole run failed"
	mv w w.new
	n=1
	kills=0
	while [ $n -le 12 ]; do
		rm -rf w
		cp -a w.old w
		st=0
		(cd "w/$dir" && FIXPRICE_TEST_COMMIT_KILL=$n "$FIXPRICE" "$@" \
			>/dev/null 2>&1) || st=$?
		[ $st = 0 ] && break
		if [ $st != 137 ]; then bad "$name: kill at step $n: exit $st"; break; fi
		kills=$((kills + 1))
		if same w w.old; then ok; elif same w w.new; then ok; else
			bad "$name: kill -9 at step $n left neither the old state nor the new"
			diff -r -x '*.fixprice-*' w w.new | head -5
		fi
		n=$((n + 1))
	done
	if [ $kills -ge "$min" ]; then ok; else bad "$name: the commit was killed at $kills steps, expected $min or more"; fi
}

# -- kill -9 at every step of a commit -------------------------------------
# A folder of other files alone: the record joins them by one swap, the
# others kept by hard links.
rm -rf w.old
mkdir -p w.old/notes
echo mine >w.old/notes/README
kill_each "--record notes" . 4 price ../b.csv ../a.csv --record notes
if [ -f w.new/notes/decision.json ] && [ "$(cat w.new/notes/README)" = mine ]; then ok; else
	bad "--record notes: the record did not join the notes"; fi
# A project (other files and a folder): the record goes in as one folder,
# ./fixprice.
rm -rf w.old
mkdir -p w.old/proj/src
echo mine >w.old/proj/README
echo code >w.old/proj/src/main.c
kill_each "--record proj" . 2 price ../b.csv ../a.csv --record proj
if [ -f w.new/proj/fixprice/decision.json ] && [ ! -e w.new/proj/decision.json ]; then ok; else
	bad "--record proj: the record is not proj/fixprice"; fi
# The current folder, which a swap would leave: ./fixprice too.
kill_each "--record ." proj 2 price ../../b.csv ../../a.csv --record .
# Again over that record, with --force: it is swapped whole.
rm -rf w.old
mv w.new w.old
kill_each "--record . --force" proj 4 price ../../b.csv ../../a2.csv --record . --force
if same w.old w.new; then bad "--record . --force: nothing changed"; else ok; fi
# A record folder of its own, with a file of the user's kept.
rm -rf w.old
mkdir w.old
"$FIXPRICE" price b.csv a.csv --record w.old/rec >/dev/null 2>&1
echo notes >w.old/rec/notes.txt
kill_each "--record rec --force" . 4 price ../b.csv ../a2.csv --record rec --force
if [ "$(cat w.new/rec/notes.txt)" = notes ]; then ok; else bad "--force lost the user's notes.txt"; fi
# A new record folder.
rm -rf w.old
mkdir w.old
kill_each "--record new" . 1 price ../b.csv ../a.csv --record rec

# -- leftovers of dead runs are reaped, a live run's kept ------------------
# A run killed after the swap leaves the old record in rec.fixprice-XXXXXX;
# one killed by hand leaves its staging folder.
rm -rf r
mkdir r
"$FIXPRICE" price b.csv a.csv --record r/rec >/dev/null 2>&1
FIXPRICE_TEST_COMMIT_KILL=4 "$FIXPRICE" price b.csv a2.csv --record r/rec --force >/dev/null 2>&1
mkdir r/other.fixprice-Ab12Cd
echo half >r/other.fixprice-Ab12Cd/decision.md
if [ "$(ls -d r/*.fixprice-* | wc -l)" = 2 ]; then ok; else bad "the killed runs left $(ls -d r/*.fixprice-*)"; fi
# A live run, drawing (a gnuplot that takes its time), holds its staging
# folder.
mkdir bin
printf '#!/bin/sh\nsleep 30 & wait\n' >bin/slowplot
chmod +x bin/slowplot
GNUPLOT=$TMP/bin/slowplot "$FIXPRICE" price b.csv a.csv --record r/live >/dev/null 2>&1 &
live=$!
i=0
while [ ! -d r/live.fixprice-* ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
livedir=$(ls -d r/live.fixprice-* 2>/dev/null)
if [ -n "$livedir" ]; then ok; else bad "the live run has no staging folder"; fi
run price b.csv a.csv --record r/third
expect_status 0 "a later run"
left=$(ls -d r/*.fixprice-* 2>/dev/null)
if [ "$left" = "$livedir" ]; then ok; else bad "reaping left '$left', expected only the live run's $livedir"; fi
kill -TERM $live
wait $live
if [ -z "$(ls -d r/*.fixprice-* 2>/dev/null)" ]; then ok; else bad "the live run, stopped, left its staging folder"; fi

# -o's temporary file, left by a run killed before the commit's last step,
# goes with the next run that writes beside it.
mkdir o
FIXPRICE_TEST_COMMIT_KILL=1 "$FIXPRICE" price b.csv a.csv -o o/o.md >/dev/null 2>&1
if [ "$(ls -A o | grep -c '^\.o\.md\.fixprice-')" = 1 ] && [ ! -e o/o.md ]; then ok; else bad "the killed run left $(ls -A o)"; fi
run price b.csv a.csv -o o/p.md
expect_status 0 "a later run beside it"
if [ "$(ls -A o)" = p.md ]; then ok; else bad "reaping left $(ls -A o)"; fi

# -- a file written into the record folder during the commit is kept -------
# The commit waits 1 s between its steps; the file is written once the
# files to keep were linked into the new folder and before the swap.
rm -rf c
mkdir c
"$FIXPRICE" price b.csv a.csv --record c/rec >/dev/null 2>&1
echo mine >c/rec/mine.txt
FIXPRICE_TEST_COMMIT_DELAY=1 "$FIXPRICE" price b.csv a2.csv --record c/rec --force >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -f c/rec.fixprice-*/mine.txt ] && [ $i -lt 200 ]; do sleep 0.02; i=$((i + 1)); done
echo late >c/rec/late.txt
wait $pid || bad "the commit with a late file failed"
if [ "$(cat c/rec/late.txt 2>/dev/null)" = late ] && [ "$(cat c/rec/mine.txt)" = mine ]; then ok; else
	bad "a file written during the commit was lost"; ls -la c c/rec; fi
if grep -q '^"a",1,true,true,2,3,' c/rec/cases.csv; then ok; else bad "the new record is not in place"; fi
if [ -z "$(ls -d c/*.fixprice-* 2>/dev/null)" ]; then ok; else bad "the commit left $(ls -d c/*.fixprice-*)"; fi

# -- -o never replaces through a link out of its folder --------------------
mkdir -p out elsewhere
echo theirs >elsewhere/t.md
ln -s ../elsewhere/t.md out/o.md
run price b.csv a.csv -o out/o.md --force
expect_error 2 "out/o.md: is a symbolic link out of its folder; fixprice replaces no file through one" \
	"-o through a link out of its folder"
if [ "$(cat elsewhere/t.md)" = theirs ] && [ -L out/o.md ]; then ok; else bad "the link's target was replaced"; fi
ln -s /etc/passwd out/p.md
run price b.csv a.csv -o out/p.md --force
expect_status 2 "-o through an absolute link out of its folder"
# Inside its folder (or below) a link is still followed with --force.
mkdir out/sub
echo mine >out/sub/t.md
ln -s sub/t.md out/in.md
run price b.csv a.csv -o out/in.md --force
expect_status 0 "-o through a link inside its folder"
if [ -L out/in.md ] && grep -q "point estimate" out/sub/t.md; then ok; else bad "the link inside was not followed"; fi
finish
