#!/bin/sh
# The tree keeps the house style of .clang-format: every source file in
# src/ is as clang-format would write it.  Style output differs between
# clang-format versions, so the check runs only with the version the tree
# was formatted with (14, Debian 12's) and is skipped (77) otherwise.
# To format: clang-format -i src/*/*.[ch] src/*.c
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$TOP_SRCDIR" || exit 1
cf=${CLANG_FORMAT:-clang-format}
case $("$cf" --version 2>/dev/null) in
*" version 14."*) ;;
*) echo "clang-format 14 not found: style not checked"; exit 77 ;;
esac
passed=0
failed=0
for f in $(find src -name '*.[ch]' ! -name '*_builtin.c' | sort); do
	if "$cf" "$f" | cmp -s - "$f"; then
		passed=$((passed + 1))
	else
		echo "$f: not formatted (clang-format -i $f)"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
