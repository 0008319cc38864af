#!/bin/sh
# No line fixprice writes to a terminal or a CI log can act as a workflow
# command: case names, paths and source lines that hold "::" where a line
# starts, or "##[" anywhere, show in the visible form (\x3a: and \x23#[),
# in every output form; eval --per-case shows names as cases.csv does.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1

# inert FILE DESCRIPTION: no line of FILE that a runner would obey.
inert() {
	if grep -qE '^[[:space:]]*::' "$1" || grep -qF '##[' "$1"; then
		bad "$2: a workflow command in $(basename "$1")"
		grep -nE '^[[:space:]]*::|##\[' "$1" | head -5
	else ok; fi
}

printf 'case,runtime,passed,ref_runtime\n"::error x::y",2,fail,2\n"x ::add-mask::s",4,fail,2\n"##[warning]z",1,fail,2\n' >b.csv
printf 'case,runtime,passed,ref_runtime\n"::error x::y",2,pass,2\n"x ::add-mask::s",4,pass,2\n"##[warning]z",1,pass,2\n' >a.csv

for f in text md github csv openmetrics; do
	run price b.csv a.csv --format $f -v
	expect_status 0 "price --format $f"
	inert "$OUT" "price --format $f"
	inert "$ERR" "price --format $f (stderr)"
done
run price b.csv a.csv -v
expect_grep "$OUT" '\x3a:error x::y' "text: the name in its visible form"
expect_grep "$OUT" '\x23#[warning]z' "text: ##[ in its visible form"
run price b.csv a.csv --format json
expect_grep "$OUT" '"::error x::y"' "json keeps the exact name (data)"
GITHUB_ACTIONS=true run price b.csv a.csv --format github --annotations -o summary.md
expect_status 0 "github annotations"
grep -vE '^::(notice|warning|error) title=fixprice [a-z0-9-]*::' "$OUT" >cmds
inert cmds "the workflow commands (but fixprice's own)"
inert summary.md "the job summary"
run price b.csv a.csv --record rec
expect_status 0 "a record folder"
for f in rec/decision.md rec/cases.csv; do inert "$f" "$f"; done

# eval --per-case: the names as in cases.csv (visible, spreadsheet-safe).
esc=$(printf '\033')
bel=$(printf '\007')
cr=$(printf '\r')
printf 'case,runtime\n"::error x::y",1\n"=1+2",2\n"a%s]0;t%sb",3\n"r\342\200\256l",4\n"c%sd",5\n' \
	"$esc" "$bel" "$cr" >e.csv
run eval --per-case e.csv 'runtime'
expect_status 0 "eval --per-case"
inert "$OUT" "eval --per-case"
expect_grep "$OUT" '"\x3a:error x::y",1' "eval: ::"
expect_grep "$OUT" "\"'=1+2\",2" "eval: a formula cell is guarded"
expect_grep "$OUT" '"a\x1b]0;t\x07b",3' "eval: OSC shown"
expect_grep "$OUT" '"r\u202el",4' "eval: bidi override shown"
expect_grep "$OUT" '"c\rd",5' "eval: CR shown"
if grep -q "$esc\|$bel\|$cr" "$OUT"; then bad "eval: a raw control"; else ok; fi

# Error messages and the source lines under them.
printf 'case,runtime\n"::error x::y",x\n' >bad.csv
run eval bad.csv 'mean(runtime)'
expect_status 2 "a bad cell"
inert "$ERR" "an error naming a cell"
cp bad.csv '::error p::q.csv'
run eval '::error p::q.csv' 'mean(runtime)'
expect_error 2 "\\x3a:error p::q.csv:2:16: cell 'x' in column 'runtime' is not a number" \
	"a path that is a workflow command"
run eval a.csv 'mean(runtime) + ::x'
expect_status 2 "a formula with ::"
inert "$ERR" "the source line under an error"
expect_grep "$ERR" '  mean(runtime) + \x3a:x' "the source line, visible"
run eval a.csv '##[error] + 1'
inert "$ERR" "##[ in a formula"

# The "gnuplot not found" note names the script by a path the user chose.
dir="p${esc}[2J${bel}"
GNUPLOT=/nonexistent run sweep b.csv a.csv --param pass_reward=0:1:0.5 --plot-dir "$dir"
expect_status 0 "sweep without gnuplot"
expect_grep "$ERR" "gnuplot not found" "the note"
if grep -q "$esc\|$bel" "$ERR"; then bad "a raw ESC or BEL in the note"; else ok; fi
finish
