#!/bin/sh
# fixprice verify trusts nothing in a record (issue 57): every path it
# opens, at every depth of a run that is a folder, resolves below the
# current folder (or --inputs DIR), links included; only regular files
# are read, a FIFO refused without blocking; a path that leads out is
# refused in the same words whether or not something is there.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
C="$DATA/harness/criterion"
OUTSIDE=$(mktemp -d)
trap 'rm -rf "$TMP" "$OUTSIDE"' EXIT
HINT="verify reads a record's inputs only below it (run verify where the record was made, or give --inputs DIR or --any-path)"
# trun ARGS...: run under a time limit, so that a read that blocks fails
# (status 124) instead of hanging the test.
trun() {
	STATUS=0
	timeout 20 "$FIXPRICE" "$@" >"$OUT" 2>"$ERR" || STATUS=$?
}
# run_at FILE RUN: LINE:COL of RUN among the runs of FILE's invocation.
run_at() {
	printf '%s:7' "$(grep -nF "      \"$2\"" "$1" | grep -v '"path"' |
		tail -n 1 | cut -d: -f1)"
}
# outside_err RUN FIELD-SAYS DESCRIPTION: refused as leading outside.
outside_err() {
	expect_error 2 "crec/decision.json:$(run_at crec/decision.json crit): the record's before run '$1' $2; $HINT" "$3"
}

# A criterion folder run, recorded and verified untouched.
cp -R "$C/before" crit && cp -R "$C/after" crit-after
run price --missing fail crit crit-after --record crec
expect_status 0 "the record"
trun verify crec
expect_status 0 "untouched"
mkdir "$OUTSIDE/crit" && cp -R crit/. "$OUTSIDE/crit/"
SPIN=crit/spin/new/sample.json
cp $SPIN spin-sample.json

# Depth 0, the record's folder itself a link out: refused, and the same
# words when the link leads nowhere.
mv crit crit-real
ln -s "$OUTSIDE/crit" crit
trun verify crec
outside_err crit "lies outside the current folder" "the run folder a link out"
rm crit && ln -s "$OUTSIDE/nothing-here" crit
trun verify crec
outside_err crit "lies outside the current folder" "a link out to nothing: the same words"
rm crit && mv crit-real crit

# Depth 1, a cargo target folder whose criterion/ leads out (to a copy
# outside, to /, to /usr, and up by '..').
mkdir tgt
sed '/"runs": \[$/{n;s/"crit"/"tgt"/}' crec/decision.json >tgt.json
for to in "$OUTSIDE/crit" / /usr ../../.. "$OUTSIDE/nothing-here"; do
	rm -f tgt/criterion
	ln -s "$to" tgt/criterion
	trun verify tgt.json
	expect_error 2 "tgt.json:$(run_at tgt.json tgt): the record's before run 'tgt' leads outside the current folder through 'tgt/criterion'; $HINT" "target/criterion -> $to"
done
expect_no_grep "$ERR" "spin" "nothing of what lies outside named"
rm tgt/criterion
ln -s ../crit tgt/criterion
trun verify tgt.json
expect_status 0 "a link that stays inside is followed"

# Depth 2 and 3: a benchmark's new/ folder and its sample.json leading
# out, absolute and relative; to a file there or to nothing.
for to in "$OUTSIDE/crit/spin/new/sample.json" ../../../../nothing \
	"$OUTSIDE/nothing"; do
	rm $SPIN
	ln -s "$to" $SPIN
	trun verify crec
	outside_err crit "leads outside the current folder through '$SPIN'" "sample.json -> $to"
done
rm $SPIN
ln -s ../../../spin-sample.json $SPIN
trun verify crec
expect_status 0 "sample.json a link inside: followed, unchanged"
rm $SPIN && cp spin-sample.json $SPIN
mv crit/spin/new crit/spin/new-real
ln -s "$OUTSIDE/crit/spin/new" crit/spin/new
trun verify crec
outside_err crit "leads outside the current folder through '$SPIN'" "new/ a link out"
rm crit/spin/new && mv crit/spin/new-real crit/spin/new
trun verify crec
expect_status 0 "put back: unchanged"

# With --inputs DIR the bounds are DIR's.
mkdir there && cp -R crit crit-after there/
rm there/$SPIN && ln -s "$OUTSIDE/crit/spin/new/sample.json" there/$SPIN
trun verify crec --inputs there/
expect_error 2 "crec/decision.json:$(run_at crec/decision.json crit): the record's before run 'there//crit' leads outside there/ through 'there//$SPIN'; $HINT" "--inputs DIR/: a link out of DIR"
trun verify crec --inputs there
expect_error 2 "crec/decision.json:$(run_at crec/decision.json crit): the record's before run 'there/crit' leads outside there through 'there/$SPIN'; $HINT" "--inputs: a link out of DIR"
# --any-path keeps its meaning: the record's paths are trusted.
trun verify crec --inputs there --any-path
expect_status 0 "--any-path: the link followed"
rm there/$SPIN && cp spin-sample.json there/$SPIN
trun verify crec --inputs there/
expect_status 0 "--inputs DIR/: below it, read"

# A FIFO is refused, never opened so that it blocks: as the record's run,
# through a link inside, and with --any-path.
cp "$DATA/cli/small-before.csv" "$DATA/cli/small-after.csv" .
run price small-before.csv small-after.csv --record rec
expect_status 0 "a file record"
mv small-before.csv keep.csv
mkfifo small-before.csv
trun verify rec
expect_error 2 "small-before.csv: cannot read the record's before run: not a regular file (a FIFO, a device or a socket)" "a FIFO: refused at once"
trun verify rec --any-path
expect_error 2 "small-before.csv: cannot read the record's before run: not a regular file (a FIFO, a device or a socket)" "a FIFO with --any-path"
rm small-before.csv && mkfifo fifo && ln -s fifo small-before.csv
trun verify rec
expect_error 2 "small-before.csv: cannot read the record's before run: not a regular file (a FIFO, a device or a socket)" "a link to a FIFO"
rm small-before.csv && ln -s /dev/zero small-before.csv
trun verify rec --any-path
expect_error 2 "small-before.csv: cannot read the record's before run: not a regular file (a FIFO, a device or a socket)" "a device"
rm small-before.csv
if python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("small-before.csv")' 2>/dev/null; then
	trun verify rec
	expect_error 2 "small-before.csv: cannot read the record's before run: not a regular file (a FIFO, a device or a socket)" "a socket"
	rm small-before.csv
fi
mv keep.csv small-before.csv
# A FIFO as a benchmark's file inside a folder: not a benchmark.
rm $SPIN && mkfifo $SPIN
trun verify crec
expect_status 1 "a FIFO inside a folder: no sample, not read"
expect_grep "$OUT" "input before: crit: CHANGED" "a FIFO inside: the run changed"

# The same words whether or not a file outside exists (no oracle).
printf 'case,runtime,passed\nSECRET_LINE,1,1\n' >"$OUTSIDE/secret.csv"
for p in "$OUTSIDE/secret.csv" "$OUTSIDE/absent.csv" ../../secret.csv; do
	sed "s#\"small-before.csv\"#\"$p\"#g" rec/decision.json >evil.json
	trun verify evil.json
	expect_error 2 "evil.json:$(run_at evil.json "$p"): the record's before run '$p' lies outside the current folder; $HINT" "outside: $p"
done
expect_no_grep "$ERR" "SECRET_LINE" "nothing of it quoted"

# The work is verify's to bound, not the record's.  A record asking for
# 10^7 resamples (the most price takes) of runs with samples is refused at
# once, at its place in the record; --bootstrap draws what it says.
G="$DATA/noise"
cp "$G/guard-before.csv" "$G/guard-after.csv" .
run price guard-before.csv guard-after.csv --seed 7 --record grec
expect_status 0 "a record with samples"
sed 's/"bootstrap": 2000/"bootstrap": 10000000/' grec/decision.json >big.json
line=$(grep -n '"bootstrap": 10000000' big.json | cut -d: -f1)
trun verify big.json
expect_error 2 "big.json:$line:20: the record asks for 10000000 bootstrap resamples, more than verify draws unless told (100000); give --bootstrap 10000000 to draw them, or --bootstrap N to draw fewer (the interval then differs from the record's)" "10^7 resamples: refused at once"
trun verify big.json --bootstrap 2000
expect_status 0 "--bootstrap 2000: the record's own interval again"
trun verify grec --bootstrap 500
expect_status 1 "--bootstrap 500: drawn, and the interval differs"
expect_grep "$OUT" "first difference: verdict.interval" "--bootstrap 500: said"
trun verify grec --bootstrap many
expect_error 2 "<command line>: --bootstrap must be a whole number from 0 to 10000000, got 'many'" "--bootstrap: a number"
# Under the resamples' cap, the draws': 100000 resamples of 2 x 60000
# samples are 1.2 x 10^10 draws.
awk 'BEGIN { print "case,repetition,runtime,passed"
	for (i = 1; i <= 30000; i++) { print "a," i ",1,pass"; print "b," i ",2,pass" } }' >many-b.csv
awk 'BEGIN { print "case,repetition,runtime,passed"
	for (i = 1; i <= 30000; i++) { print "a," i ",1,pass"; print "b," i ",1.5,pass" } }' >many-a.csv
run price many-b.csv many-a.csv --bootstrap 0 --record mrec
expect_status 0 "120000 samples, recorded without resamples"
sed 's/"bootstrap": 0/"bootstrap": 100000/' mrec/decision.json >draws.json
line=$(grep -n '"bootstrap": 100000' draws.json | cut -d: -f1)
trun verify draws.json
expect_error 2 "draws.json:$line:20: the record asks for 100000 bootstrap resamples of 120000 samples, more draws than verify makes unless told (10^10); give --bootstrap 100000 to draw them, or --bootstrap N to draw fewer (the interval then differs from the record's)" "10^10 draws: refused"

finish
