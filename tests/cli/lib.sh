# lib.sh: helpers for the CLI tests, sourced by tests/cli/*.sh.
#
# Each check runs fixprice, compares its exit status and output with what
# was worked out by hand, and counts.  `finish` prints "N passed, N failed"
# and sets the exit status for the automake test driver.
set -u

: "${FIXPRICE:?run through make check}"
: "${TOP_SRCDIR:?run through make check}"
EX="$TOP_SRCDIR/examples"
DATA="$TOP_SRCDIR/tests/data"
# The script itself, wherever it cds (finish reads it).
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
# Shipped metrics come from the source tree, not an installed copy.
FIXPRICE_METRICS_PATH="$TOP_SRCDIR/metrics"
export FIXPRICE_METRICS_PATH
# fixprice never calls setlocale(), so LANG/LC_* cannot change how numbers
# are read or printed; the tests run with whatever the caller has.

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
OUT=$TMP/stdout
ERR=$TMP/stderr

# run ARGS...: runs fixprice, leaving stdout in $OUT, stderr in $ERR and the
# exit status in $STATUS.
run() {
	STATUS=0
	"$FIXPRICE" "$@" >"$OUT" 2>"$ERR" || STATUS=$?
}

ok() { passed=$((passed + 1)); }
bad() {
	failed=$((failed + 1))
	echo "FAIL: $*"
	echo "  stdout:"; sed 's/^/    /' "$OUT" | head -40
	echo "  stderr:"; sed 's/^/    /' "$ERR" | head -20
}

# expect_status N DESCRIPTION
expect_status() {
	if [ "$STATUS" = "$1" ]; then ok; else bad "$2: exit $STATUS, expected $1"; fi
}

# expect_out TEXT DESCRIPTION: stdout is exactly TEXT (plus final newline).
expect_out() {
	if [ "$(cat "$OUT")" = "$1" ]; then ok; else bad "$2: stdout differs"; echo "  expected: $1"; fi
}

# expect_first TEXT DESCRIPTION: the first line of stdout is exactly TEXT.
expect_first() {
	if [ "$(head -n 1 "$OUT")" = "$1" ]; then ok; else
		bad "$2: first line differs"; echo "  expected: $1"; fi
}

# expect_err TEXT DESCRIPTION: stderr is exactly TEXT.
expect_err() {
	if [ "$(cat "$ERR")" = "$1" ]; then ok; else
		bad "$2: stderr differs"; echo "  expected:"; printf '%s\n' "$1" | sed 's/^/    /'; fi
}

# expect_grep FILE PATTERN DESCRIPTION: a line of FILE matches (fixed string).
expect_grep() {
	if grep -qF -- "$2" "$1"; then ok; else bad "$3: no line with '$2' in $(basename "$1")"; fi
}

# expect_joined FILE TEXT DESCRIPTION: FILE holds TEXT (fixed) when read as
# one line: the text view wraps long lines at 80 columns, so the lines are
# joined and each run of blanks read as one space.
expect_joined() {
	if tr -s ' \n' '  ' <"$1" | grep -qF -- "$2"; then ok; else bad "$3: no '$2' in $(basename "$1") (lines joined)"; fi
}

# expect_no_grep FILE PATTERN DESCRIPTION
expect_no_grep() {
	if grep -qF -- "$2" "$1"; then bad "$3: unexpected '$2' in $(basename "$1")"; else ok; fi
}

# expect_error STATUS FIRST-LINE DESCRIPTION: failed with STATUS, nothing on
# stdout, and stderr's first line is FIRST-LINE.
expect_error() {
	expect_status "$1" "$3"
	if [ -s "$OUT" ]; then bad "$3: stdout not empty on error"; else ok; fi
	if [ "$(head -n 1 "$ERR")" = "$2" ]; then ok; else
		bad "$3: first stderr line differs"; echo "  expected: $2"; fi
}

# CSV file $1 with its rows after the header in reverse order: the same
# samples in other bytes, for a second run or a control where a copy of a
# run is refused.
reordered() { head -n 1 "$1"; tail -n +2 "$1" | tac; }

finish() {
	# A check the script calls but nobody defined would only print "not
	# found" and pass (price.sh called expect_first so).
	[ -r "$SELF" ] || bad "cannot read $SELF"
	for f in $(grep -o '^[[:space:]]*expect_[a-z_]*' "$SELF" | tr -d ' \t' |
		sort -u); do
		if command -v "$f" >/dev/null 2>&1; then ok; else
			bad "$f is called but not defined"; fi
	done
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
