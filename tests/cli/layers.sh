#!/bin/sh
# layers.sh: tests/check_layers.sh fails where it must, on small trees made
# here: an include up a layer, two modules that include each other, and
# two .c files behind one header that call each other (a cycle only the
# call graph, read from the objects' symbols, shows); and passes on the
# same trees mended.
. "$(dirname "$0")/lib.sh"

CHECK="$TOP_SRCDIR/tests/check_layers.sh"

# tree NAME: an empty src/ under $TMP/NAME with the layer folders.
tree() {
	rm -rf "${TMP:?}/$1"
	mkdir -p "$TMP/$1/src/util" "$TMP/$1/src/run" "$TMP/$1/src/price"
	echo "$TMP/$1"
}

# layers DIR: compiles DIR's .c files beside themselves (the call graph is
# read from objects), runs the check on DIR, output in $OUT, status in
# $STATUS.
layers() {
	find "$1/src" -name '*.c' | while read -r c; do
		${CC:-cc} -c -I"$1/src" -o "${c%.c}.o" "$c" || exit 1
	done
	STATUS=0
	TOP_SRCDIR=$1 TOP_BUILDDIR=$1 sh "$CHECK" >"$OUT" 2>"$ERR" || STATUS=$?
}

# An include that points up: util may include only util.
t=$(tree up)
printf '#include "run/x.h"\n' >"$t/src/util/a.c"
printf 'int x;\n' >"$t/src/run/x.h"
layers "$t"
expect_status 1 "an include up a layer fails"
expect_grep "$OUT" "src/util/a.c includes run/x.h: util may include only: util" "and names the edge"

# Two modules that include each other's header.
t=$(tree loop)
printf '#include "price/b.h"\n' >"$t/src/price/a.h"
printf '#include "price/a.h"\n' >"$t/src/price/b.h"
layers "$t"
expect_status 1 "modules including each other fail"
expect_grep "$OUT" "the include graph has a cycle:" "and the loop is named"

# Two .c files behind one header, each calling the other: no include
# loop, but a call cycle.
t=$(tree calls)
cat >"$t/src/run/r.h" <<'H'
int run_a(void);
int run_b(int n);
H
cat >"$t/src/run/a.c" <<'C'
#include "run/r.h"
int run_a(void)
{
	return run_b(1);
}
C
cat >"$t/src/run/b.c" <<'C'
#include "run/r.h"
int run_b(int n)
{
	return n ? run_a() : 0;
}
C
layers "$t"
expect_status 1 "a call cycle behind one header fails"
expect_grep "$OUT" "the call graph between files has a cycle:" "and is named as such"

# The same tree with the cycle broken passes.
cat >"$t/src/run/b.c" <<'C'
#include "run/r.h"
int run_b(int n)
{
	return n + 1;
}
C
layers "$t"
expect_status 0 "one direction of calls passes"

# A cycle the source hides from a reader of lines: a definition whose
# signature wraps, and a call through a table of pointers.
cat >"$t/src/run/b.c" <<'C'
#include "run/r.h"
static int (*const next[])(void) = {run_a};
int
run_b(int n)
{
	return n ? next[0]() : 0;
}
C
layers "$t"
expect_status 1 "a wrapped signature and a table still show the cycle"
expect_grep "$OUT" "the call graph between files has a cycle:" "named so"

# The project's own tree passes, read from the objects make built.
STATUS=0
TOP_SRCDIR=$TOP_SRCDIR TOP_BUILDDIR=$TOP_BUILDDIR sh "$CHECK" >"$OUT" 2>"$ERR" ||
	STATUS=$?
expect_status 0 "src/ passes"

finish
