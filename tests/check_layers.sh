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
trap 'rm -f "$edges" "$edges.tmp" "$edges.err"' EXIT

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

# Calls between files: which .c defines each function that is not static
# (the house style puts a definition's name at the start of a line and the
# body's '{' alone on a line), and which other .c files name it (a call or
# a pointer in a table).  Two .c files behind one header that call each
# other are a cycle here even though the include graph cannot see it.
defs=$(mktemp)
calls=$(mktemp)
for file in $(echo "$files" | grep '\.c$'); do
	awk -v f="$file" '
		/^[A-Za-z_]/ && !/^static/ && !/^(struct|enum|union|typedef)[^(]*$/ { sig = $0; next }
		/^\{/ && sig != "" {
			s = sig; sub(/\(.*/, "", s); n = split(s, w, /[ *]+/)
			if (w[n] != "") print w[n], f
		}
		{ sig = "" }' "$file"
done | sort >"$defs"
cut -d' ' -f1 "$defs" >"$defs.names"
for file in $(echo "$files" | grep '\.c$'); do
	grep -owFf "$defs.names" "$file" | sort -u |
		join - "$defs" | awk -v f="$file" '$2 != f { print f, $2 }'
done >"$calls"
if tsort "$calls" >/dev/null 2>"$edges.err"; then
	passed=$((passed + 1))
else
	echo "the call graph between files has a cycle:"
	sed -e 's/^tsort: //' -e 's/^[^ ]*: input contains/  input contains/' -e 's/^/  /' "$edges.err"
	failed=$((failed + 1))
fi
rm -f "$defs" "$defs.names" "$calls"

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
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
