#!/bin/sh
# Small files with one responsibility: no source file in src/ or tests/
# over 600 lines, no function over 80 lines (a function body runs from a
# '{' alone at the start of a line to the next '}' there, which is the
# house style; tables are data and are not counted).  Prints each offender and
# "N passed, N failed".
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$TOP_SRCDIR" || exit 1
MAX_FILE=600
MAX_FUNC=80

awk -v maxf="$MAX_FILE" -v maxfn="$MAX_FUNC" '
FNR == 1 { if (prev) file_done(); prev = FILENAME; start = 0; sig = "" }
/^[a-zA-Z].*\(/ { sig = $0 }
/^\{/ { start = FNR }
/^\}/ && start {
	len = FNR - start - 1
	if (len > maxfn) { printf "%s:%d: %s is %d lines long (at most %d)\n", FILENAME, start, sig, len, maxfn; bad++ } else good++
	start = 0
}
function file_done() {
	if (lines[prev] > maxf) { printf "%s: %d lines (at most %d)\n", prev, lines[prev], maxf; bad++ } else good++
}
{ lines[FILENAME] = FNR }
END { if (prev) file_done(); printf "%d passed, %d failed\n", good, bad; exit bad > 0 }
' $(find src tests -name '*.[ch]' ! -name '*_builtin.c' | sort)
