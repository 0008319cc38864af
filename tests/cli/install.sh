#!/bin/sh
# `make install DESTDIR=...` into a temporary folder: the program, the man
# pages, the shipped metrics (byte for byte), and under the documentation
# folder the README, doc/ and every example with its data; the installed
# program prices the installed examples; `make uninstall` leaves no file.
# (That an installed program reads its installed metrics is checked by
# `make installcheck`, which needs the real prefix: make distcheck runs it.)
. "$TOP_SRCDIR/tests/cli/lib.sh"
: "${TOP_BUILDDIR:?run through make check}"
: "${MAKE:=make}"
DEST=$TMP/dest

if $MAKE -C "$TOP_BUILDDIR" install DESTDIR="$DEST" >"$TMP/install.log" 2>&1
then ok; else bad "make install failed"; tail -20 "$TMP/install.log"; fi

# where WHAT: the one installed file whose path ends in WHAT.
where() { find "$DEST" -path "*/$1" | head -n 1; }
BIN=$(where bin/fixprice)
DOCDIR=$(where share/doc/fixprice/README.md)
DOCDIR=${DOCDIR%/README.md}
if [ -x "$BIN" ]; then ok; else bad "no installed bin/fixprice"; fi
if [ -n "$DOCDIR" ]; then ok; else bad "no README.md under share/doc/fixprice"; fi
for f in $(cd "$TOP_SRCDIR" && ls metrics/*.yaml); do
	got=$(where "share/fixprice/$f")
	if [ -n "$got" ] && cmp -s "$got" "$TOP_SRCDIR/$f"; then ok; else
		bad "share/fixprice/$f not installed as shipped"; fi
done
for f in $(cd "$TOP_SRCDIR" && find examples doc -type f); do
	if cmp -s "$DOCDIR/$f" "$TOP_SRCDIR/$f"; then ok; else
		bad "$f not installed under the documentation folder"; fi
done
for f in man1/fixprice.1 man5/fixprice-metric.5; do
	if [ -n "$(where "$f")" ]; then ok; else bad "no $f"; fi
done

# The installed program on the installed examples, from their folder.
cd "$DOCDIR" || exit 1
STATUS=0
"$BIN" price examples/fp32-cube-matmul/before.csv \
	--scenario examples/fp32-cube-matmul/fp32-cube.yaml >"$OUT" 2>"$ERR" ||
	STATUS=$?
expect_status 0 "installed worked example"
expect_grep "$OUT" "REJECT, not judged against noise: net -22.2500 = gain 2.7500 - cost 25.0000" "installed worked example"
STATUS=0
"$BIN" price -m kernelbench examples/kernelbench/before.json \
	examples/kernelbench/after.json --set p=1.5 >"$OUT" 2>"$ERR" || STATUS=$?
expect_grep "$OUT" "REJECT, not judged against noise: net 12.5000 = gain 37.5000 - cost 25.0000" "installed kernelbench example"
cd "$TMP" || exit 1

if $MAKE -C "$TOP_BUILDDIR" uninstall DESTDIR="$DEST" >>"$TMP/install.log" 2>&1
then ok; else bad "make uninstall failed"; fi
left=$(find "$DEST" -type f | head -5)
if [ -z "$left" ]; then ok; else bad "left after uninstall: $left"; fi
finish
