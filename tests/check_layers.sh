#!/bin/sh
# The include graph of src/ follows the layers (doc/hacking.md), and no file
# reaches itself through calls.  Run by make check; prints every edge or
# file that breaks a rule, and "N passed, N failed".
#
# Layers, each folder including only those below it and itself:
#   util < formula, run < price < sens < noise < plot, report < cmd < main.c
#   util      nothing but util
#   formula   util
#   run       util (run/formats/ is part of the run layer)
#   price     util, formula, run
#   sens      util, formula, run, price
#   noise     util, formula, run, price, sens
#   plot      util
#   report    util, formula, run, price, sens, noise, plot
#   cmd       everything
#   main.c    cmd, util
#
# Calls, not only includes: the files' call graph has no cycle either.
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$TOP_SRCDIR/src" || exit 1

allowed() {
	case $1 in
	util) echo "util" ;;
	formula) echo "util formula" ;;
	run | run/*) echo "util run" ;;
	price) echo "util formula run price" ;;
	sens) echo "util formula run price sens" ;;
	noise) echo "util formula run price sens noise" ;;
	plot) echo "util plot" ;;
	report) echo "util formula run price sens noise plot report" ;;
	cmd) echo "util formula run price sens noise plot report cmd" ;;
	.) echo "cmd util" ;;
	*) echo "" ;;
	esac
}

passed=0
failed=0
edges=$(mktemp)
trap 'rm -f "$edges" "$edges.tmp" "$edges.err" "$edges.calls"' EXIT

files=$(find . -name '*.[ch]' ! -name '*_builtin.c' | sed 's|^\./||' | sort)
for file in $files; do
	folder=$(dirname "$file")
	rules=$(allowed "$folder")
	if [ -z "$rules" ]; then
		echo "src/$file: folder $folder has no rule in tests/check_layers.sh"
		failed=$((failed + 1))
		continue
	fi
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file"); do
		[ "$inc" = config.h ] && continue
		# A bare name is a file of the same folder.
		case $inc in */*) target=$inc ;; *) target=$folder/$inc ;; esac
		target=${target#./}
		# Modules, not files: a .c and its .h are one node, so that two
		# modules that call each other show up as a loop.
		echo "${file%.?} ${target%.?}" >>"$edges"
		ok=
		for r in $rules; do
			case $target in "$r" | "$r"/*) ok=1 ;; esac
		done
		if [ "$ok" ]; then
			passed=$((passed + 1))
		else
			echo "src/$file includes $inc: $folder may include only: $rules"
			failed=$((failed + 1))
		fi
	done
done

# acyclic EDGES WHAT: counts a pass when tsort finds no loop in EDGES, else
# names WHAT and each loop.
acyclic() {
	if tsort "$1" >/dev/null 2>"$edges.err"; then
		passed=$((passed + 1))
	else
		echo "$2 has a cycle:"
		sed -e 's/^tsort: //' -e 's/^[^ ]*: input contains/  input contains/' -e 's/^/  /' "$edges.err"
		failed=$((failed + 1))
	fi
}

# Calls between files, read from the built objects' symbols (nm), not
# from the source: which object defines each external symbol (a function
# or a table) and which others use it.  Two .c files behind one header
# that call each other are a cycle here even though the include graph
# cannot see it, however their signatures are written.
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"
symbols=$(mktemp)
find "$TOP_BUILDDIR/src" -name '*.o' ! -name 'tests_*' | sort |
	while read -r obj; do
		rel=${obj#"$TOP_BUILDDIR/src/"}
		nm "$obj" | awk -v f="${rel%.o}" '
			$1 == "U" { print "U", $2, f }
			NF == 3 && $2 ~ /^[TDRBGSCV]$/ { print "D", $3, f }'
	done >"$symbols"
if [ ! -s "$symbols" ]; then
	echo "no objects under $TOP_BUILDDIR/src: build first (make)"
	failed=$((failed + 1))
else
	# Every definition first (the first reading), then each use.
	awk 'FNR == NR { if ($1 == "D") def[$2] = $3; next }
	     $1 == "U" && ($2 in def) && def[$2] != $3 { print $3, def[$2] }' \
		"$symbols" "$symbols" | sort -u >"$edges.calls"
	acyclic "$edges.calls" "the call graph between files"
fi
rm -f "$symbols" "$edges.calls"

# tsort reports a loop in the module graph (a module that reaches itself
# through others, such as two modules that each include the other's header).
# A module's edge to itself is no loop.
awk '$1 != $2' "$edges" >"$edges.tmp" && mv "$edges.tmp" "$edges"
acyclic "$edges" "the include graph"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
