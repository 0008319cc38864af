#!/bin/sh
# Names that stay apart (issue 17): where the record shortens case names
# (the text table, the Markdown table, the Mermaid chart's labels and the
# gnuplot chart's data), two different cases never get the same label, and
# the label keeps the part that tells them apart; cases.csv and the JSON
# keep them whole.  On the issue's examples: ten attention kernels whose
# long names differ only in the middle, and CRC32 benchmarks whose names
# differ only in the polynomial (IEEE, Castagnoli), with names that differ
# only at the end and in one character beside them.
. "$TOP_SRCDIR/tests/cli/lib.sh"

# labels FILE: the labels of one output, one a line, for uniq -d.
dups() {
	sort "$1" | uniq -d >"$TMP/dups"
	if [ -s "$TMP/dups" ]; then bad "$2: the same label twice: $(head -2 "$TMP/dups")"
	else ok; fi
}

# pair NAMES-FILE: before.csv and after.csv of these cases: the first
# newly passing at its runtime (a share of gain only), every other one
# slower (a share of cost only), so that no case has two bars.
pair() {
	awk 'BEGIN { print "case,runtime,passed,ref_runtime" >"'"$TMP"'/b.csv"
		print "case,runtime,passed,ref_runtime" >"'"$TMP"'/a.csv" }
	{ printf "\"%s\",%d,%s,1\n", $0, NR, NR == 1 ? "fail" : "pass" >"'"$TMP"'/b.csv"
	  printf "\"%s\",%d,pass,1\n", $0, NR == 1 ? 1 : NR * 2 + NR % 3 >"'"$TMP"'/a.csv" }' "$1"
}

# check NAME WANT...: the record of $TMP/b.csv, $TMP/a.csv keeps every
# label apart in all four places, and shows each WANT in each.
check() {
	what=$1
	shift
	rm -rf "$TMP/rec" "$TMP/out.txt"
	run price "$TMP/b.csv" "$TMP/a.csv" --record "$TMP/rec" -o "$TMP/out.txt"
	expect_status 0 "$what"
	# The text table: the lines after its header.
	sed -n '/^  case /,/^[a-z]/p' "$TMP/out.txt" | sed '1d;/^[a-z]/d' |
		awk '{ print $1 }' >"$TMP/l"
	dups "$TMP/l" "$what, text table"
	# The Markdown tables: the last cell of each case row.
	grep '^| [0-9]' "$TMP/rec/decision.md" | awk -F' [|] ' '{ print $NF }' >"$TMP/l"
	dups "$TMP/l" "$what, Markdown table"
	# The Mermaid labels.
	grep '^    x-axis' "$TMP/rec/decision.md" | tr ',' '\n' |
		sed 's/^.*"[-+][0-9.]* //; s/".*//' >"$TMP/l"
	dups "$TMP/l" "$what, Mermaid labels"
	# The gnuplot chart's labels.
	sed -n '4,$p' "$TMP/rec/shares.dat" | awk -F'"' '{ print $2 }' >"$TMP/l"
	dups "$TMP/l" "$what, shares.dat"
	for want in "$@"; do
		for f in "$TMP/rec/decision.md" "$TMP/rec/shares.dat"; do
			if grep -qF -- "$want" "$f"; then ok; else
				bad "$what: no '$want' in ${f##*/}"; fi
		done
	done
	# Whole names in cases.csv and the JSON.
	while read -r name; do
		if grep -qF -- "$name" "$TMP/rec/cases.csv" &&
			grep -qF -- "$name" "$TMP/rec/decision.json"; then ok; else
			bad "$what: '$name' not whole in cases.csv and JSON"; fi
	done <"$TMP/names"
}

# Ten kernels, differing only in the middle of 80-character names.
for v in fwd bwd fwd_causal bwd_causal fwd_gqa bwd_gqa fwd_mqa bwd_mqa \
	fwd_alibi bwd_alibi; do
	echo "kernels/attention_flash_v2_${v}_bf16_seq4096_head128_coming_and_going"
done >"$TMP/names"
pair "$TMP/names"
check "ten attention kernels" alibi mqa

# CRC32: IEEE against Castagnoli (and Koopman), each at two sizes.
for p in IEEE Castagnoli Koopman; do
	for s in 1kB 4kB; do
		echo "BenchmarkCRC32/poly=$p/size=$s/align=1/with_a_long_tail_for_the_table"
	done
done >"$TMP/names"
pair "$TMP/names"
check "CRC32 polynomials" IEEE Castagnoli

# Only at the end, and only one character, in 60-character names.
for k in 1 2 3 4 5 6; do
	echo "suite.module.TestSomethingVeryLongIndeedThatGoesOnAndOn_case$k"
	echo "suite.module.TestSomethingVeryLongIndeedThatGoesOnAndOn_caseX${k}y"
done >"$TMP/names"
pair "$TMP/names"
check "names apart at the end"
awk 'BEGIN { for (k = 0; k < 12; k++) {
	n = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	print substr(n, 1, 10 + 3 * k) "Z" substr(n, 12 + 3 * k) } }' >"$TMP/names"
pair "$TMP/names"
check "names one character apart"

# Names that look the same but are not (issue 57): a Cyrillic a (U+0430)
# or a zero-width space where the other run has a Latin a.  The join's
# error names the case that looks the same and says why they differ.
printf 'case,runtime,passed\nlayer,1,pass\nconv,2,pass\n' >"$TMP/lb.csv"
printf 'case,runtime,passed\nl\320\260yer,1,pass\nconv,2,pass\n' >"$TMP/la.csv"
run price "$TMP/lb.csv" "$TMP/la.csv"
expect_error 2 "$TMP/lb.csv:2:1: case 'layer' is not in $TMP/la.csv, whose case 'l$(printf '\320\260')yer' looks the same: they differ only in letters of another alphabet or invisible characters (1 missing in all; --missing drop leaves them out if they are other cases)" "a Cyrillic a: flagged"
printf 'case,runtime,passed\nla\342\200\213yer,1,pass\nconv,2,pass\n' >"$TMP/la.csv"
run price "$TMP/lb.csv" "$TMP/la.csv"
expect_error 2 "$TMP/lb.csv:2:1: case 'layer' is not in $TMP/la.csv, whose case 'la\\u200byer' looks the same: they differ only in letters of another alphabet or invisible characters (1 missing in all; --missing drop leaves them out if they are other cases)" "a zero-width space: flagged"
finish
