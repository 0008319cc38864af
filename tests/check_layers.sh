#!/bin/sh
# The include graph of src/ follows the layers (doc/hacking.md): each
# folder may include only the folders listed for it below, and no file may
# reach itself through its includes.  Run by make check; prints every edge
# that breaks a rule, and "N passed, N failed".
#
#   util      nothing but util
#   formula   util
#   input     util, and the run model price/run.h
#   price     util, formula, input
#   sens      util, formula, price
#   noise     util, formula, price, sens
#   plot      util
#   report    util, formula, price, sens, noise, plot
#   cmd       everything
#   main.c    cmd, util
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$TOP_SRCDIR/src" || exit 1

allowed() {
	case $1 in
	util) echo "util" ;;
	formula) echo "util formula" ;;
	input) echo "util input price/run.h" ;;
	price) echo "util formula input price" ;;
	sens) echo "util formula price sens" ;;
	noise) echo "util formula price sens noise" ;;
	plot) echo "util plot" ;;
	report) echo "util formula price sens noise plot report" ;;
	cmd) echo "util formula input price sens noise plot report cmd" ;;
	.) echo "cmd util" ;;
	*) echo "" ;;
	esac
}

passed=0
failed=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT

for file in $(find . -name '*.[ch]' ! -name '*_builtin.c' | sed 's|^\./||' | sort); do
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
			case $target in "$r"|"$r"/*) ok=1 ;; esac
		done
		if [ "$ok" ]; then
			passed=$((passed + 1))
		else
			echo "src/$file includes $inc: $folder may include only: $rules"
			failed=$((failed + 1))
		fi
	done
done

# tsort reports a loop in the module graph (a module that reaches itself
# through others, such as two modules that each include the other's header).
# A module's edge to itself is no loop.
awk '$1 != $2' "$edges" >"$edges.tmp" && mv "$edges.tmp" "$edges"
if tsort "$edges" >/dev/null 2>"$edges.err"; then
	passed=$((passed + 1))
else
	echo "the include graph has a cycle:"
	sed -e 's/^tsort: //' -e 's/^[^ ]*: input contains/  input contains/' -e 's/^/  /' "$edges.err"
	failed=$((failed + 1))
fi
rm -f "$edges.err"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
