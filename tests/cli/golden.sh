#!/bin/sh
# Outputs kept byte for byte: every command in tests/data/golden/commands
# must print (and, for a folder, write) exactly what it did when the golden
# copy was made.  Restructuring may not change a record by one byte.
# To accept a deliberate change: GOLDEN_UPDATE=1 make check TESTS=tests/cli/golden.sh
# Paths that differ between trees ($TOP_SRCDIR, the temporary folder) are
# written as @TOP@ and @TMP@.  Pictures (.svg, .png) depend on gnuplot's
# version and are not kept, nor the picture inline in index.html (kept as
# @SVG@); scripts and data are.
. "$TOP_SRCDIR/tests/cli/lib.sh"
GOLD=$DATA/golden
cd "$TOP_SRCDIR" || exit 1

# norm FILE: the file with tree-specific paths replaced.
norm() {
	sed -e "s|$TMP|@TMP@|g" -e "s|$TOP_SRCDIR|@TOP@|g" "$1" |
		awk '/^<svg / { print "@SVG@"; skip = 1 } !skip { print }
			skip && /^<\/svg>$/ { skip = 0 }'
}

# same GOT WANT NAME
same() {
	if [ "${GOLDEN_UPDATE:-}" ]; then
		mkdir -p "$(dirname "$2")"
		norm "$1" >"$2"
		ok
	elif norm "$1" | cmp -s - "$2"; then
		ok
	else
		bad "$3 differs from $(basename "$2")"
		norm "$1" | diff "$2" - | head -20
	fi
}

while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	case $name in
	*/)
		dir=$TMP/${name%/}
		rm -rf "$dir"
		# shellcheck disable=SC2086 # args are words by design
		run $(printf '%s\n' "$args" | sed "s|\\\$DIR|$dir|g")
		expect_status 0 "$name"
		same "$OUT" "$GOLD/${name%/}.out" "$name stdout"
		for f in "$dir"/*; do
			case $f in *.svg|*.png) continue ;; esac
			same "$f" "$GOLD/${name%/}/$(basename "$f")" "$name$(basename "$f")"
		done
		;;
	*)
		# shellcheck disable=SC2086
		run $args
		same "$OUT" "$GOLD/$name.out" "$name"
		;;
	esac
done <"$GOLD/commands"
finish
