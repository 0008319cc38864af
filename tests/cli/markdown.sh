#!/bin/sh
# The Markdown record pasted as a comment: it fits its limit (counted in
# Unicode code points, as GitHub counts) whatever the cases and their names,
# comes summary first, and degrades in the documented order (the folded
# table, then the top table, then the chart, then the tail, then one line).
# Every record made here is also rendered by cmark-gfm (Debian: cmark-gfm;
# those checks are skipped without it): no raw HTML element from a case
# name, every table row with as many cells as its header, no line starting
# with / (a GitLab quick action), no code fence closed early.
# The issue's test: 5,000 cases with hostile names fit 65,536 characters.
. "$TOP_SRCDIR/tests/cli/lib.sh"
LC_ALL=C
export LC_ALL

# units FILE: Unicode code points of a UTF-8 file (bytes that do not
# continue a character).
units() { tr -d '\200-\277' <"$1" | wc -c | tr -d ' '; }

# Hostile names, one a line (CSV cells; the third field is quoted).
cat >"$TMP/patterns" <<'NAMES'
a|b|c
<script>alert(1)</script>
`code` ``two``
]]>
/label ~bug
@everyone
#123
```
‮evil
<img src=x onerror=alert(1)>
[link](http://evil.example)
%%{init: {}}%% #quot; x
~~~
/merge
<details><summary>x</summary>
NAMES

# cases N FILE-BEFORE FILE-AFTER: N cases named by the patterns in turn,
# numbered; every 50th fails before, every 97th fails after, runtimes 1.5x
# slower after but every 5th faster.
cases() {
	awk -v n="$1" -v b="$2" -v a="$3" '
	NR == FNR { pat[np++] = $0; next }
	END {
		print "case,runtime,passed,ref_runtime" >b
		print "case,runtime,passed,ref_runtime" >a
		for (i = 0; i < n; i++) {
			name = pat[i % np] " " i
			gsub(/"/, "\"\"", name)
			r = 1 + i % 7
			printf "\"%s\",%g,%s,%g\n", name, r,
				i % 50 == 0 ? "fail" : "pass", r * 1.2 >b
			printf "\"%s\",%g,%s,%g\n", name,
				i % 5 == 0 ? r * 0.8 : r * 1.5,
				i % 97 == 0 ? "fail" : "pass", r * 1.2 >a
		}
	}' "$TMP/patterns" /dev/null
}

HAVE_CMARK=
if command -v cmark-gfm >/dev/null 2>&1; then HAVE_CMARK=1; else
	echo "note: no cmark-gfm; the rendering checks are skipped"; fi

# checks FILE LIMIT NAME: the record FILE fits LIMIT and renders safely.
checks() {
	n=$(units "$1")
	if [ "$n" -le "$2" ]; then ok; else bad "$3: $n characters > $2"; fi
	# No line a GitLab quick action.
	if grep -q '^[[:space:]]*/' "$1"; then
		bad "$3: a line starts with /"; grep -n '^[[:space:]]*/' "$1" | head -3
	else ok; fi
	# Every row of a table has as many cells as the table's first line:
	# unescaped | counted, a backslash escaping the next character.
	if awk '
	function cells(s,   i, c, n) {
		n = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\\") i++
			else if (c == "|") n++
		}
		return n
	}
	/^\|/ { k = cells($0); if (!intable) { want = k; intable = 1 }
		else if (k != want) { print FNR ": " k " cells, header " want; bad = 1 }
		next }
	{ intable = 0 }
	END { exit bad }' "$1" >"$TMP/cells"; then ok; else
		bad "$3: a table row with another number of cells"; head -3 "$TMP/cells"; fi
	# The fences we write: ```mermaid closed by the ``` after its last bar
# (the init directive, the chart's 4 lines and its one series).
	if awk '
	/^```mermaid$/ { open = 1; lines = 0; next }
	open && /^```$/ { if (lines != 6 || last !~ /^    bar \[/) bad = 1; open = 0; next }
	open { lines++; last = $0; if ($0 ~ /`/) bad = 1 }
	END { exit bad || open }' "$1"; then ok; else bad "$3: the mermaid block is broken"; fi
	[ "$HAVE_CMARK" ] || return 0
	cmark-gfm --unsafe -e table -e autolink -e strikethrough -e tagfilter \
		"$1" >"$TMP/html"
	# Only the elements the record's own Markdown makes.
	grep -o '<[a-zA-Z/][a-zA-Z0-9]*' "$TMP/html" | tr -d '</' | sort -u |
		grep -v -x -E 'p|h3|strong|em|code|pre|table|thead|tbody|tr|th|td|ul|li|details|summary|img|a' \
		>"$TMP/tags"
	if [ ! -s "$TMP/tags" ]; then ok; else
		bad "$3: raw HTML elements: $(tr '\n' ' ' <"$TMP/tags")"; fi
	# Links only where the record makes them (plots): none from a name.
	if grep -q '<a ' "$TMP/html"; then bad "$3: a link in the HTML"; else ok; fi
	# One code block per fence written, the chart's holding only chart lines.
	fences=$(grep -c '^```' "$1")
	pres=$(grep -o '<pre' "$TMP/html" | wc -l | tr -d ' ')
	if [ $((fences / 2)) = "$pres" ]; then ok; else
		bad "$3: $pres code blocks for $fences fence lines"; fi
}

# The worked example, as it is and under the smallest limit.
run price "$EX/fp32-cube-matmul/before.csv" \
	--scenario "$EX/fp32-cube-matmul/fp32-cube.yaml" --format md
expect_status 0 "worked example"
cp "$OUT" "$TMP/worked.md"
checks "$TMP/worked.md" 65536 "worked example"
expect_grep "$OUT" '**Cases:** 1 newly passing, 0 newly failing, 0 still failing; 20 slower, 0 faster; runtime after/before over the 20 cases with both: median 2, geometric mean 2.' "worked counts"
expect_grep "$OUT" '<details><summary>The other 10 cases</summary>' "worked fold"

# 5,000 hostile cases under the default limit: the issue's test.
cases 5000 "$TMP/b.csv" "$TMP/a.csv"
run price "$TMP/b.csv" "$TMP/a.csv" --format md
expect_status 0 "5,000 hostile cases"
cp "$OUT" "$TMP/big.md"
checks "$TMP/big.md" 65536 "5,000 hostile cases"
echo "5,000 hostile cases: $(units "$TMP/big.md") characters"
head -n 1 "$OUT" >"$TMP/verdict-line"
expect_grep "$OUT" '```mermaid' "5,000: the chart"
expect_grep "$OUT" 'Largest shares of gain and cost (10 of 5,000 cases):' "5,000: top ten"
expect_grep "$OUT" '<details><summary>The next ' "5,000: a partial fold"
expect_grep "$OUT" 'more cases, left out to fit the limit of 65,536 characters (all of them in the CSV record, `--format csv`).' "5,000: the rest counted"
expect_grep "$OUT" '### Provenance' "5,000: provenance"
expect_grep "$OUT" '&lt;script&gt;alert\(1\)&lt;/script&gt;' "5,000: script as text"
expect_grep "$OUT" "@$(printf '\342\200\213')everyone" "5,000: no mention"
expect_grep "$OUT" "\\#$(printf '\342\200\213')123" "5,000: #123 shown"
expect_no_grep "$OUT" "#123" "5,000: no issue reference"
expect_grep "$OUT" '\\u202e' "5,000: U+202E shown"
expect_no_grep "$OUT" "$(printf '\342\200\256')" "5,000: no raw U+202E"

# The record folder: decision.md within the limit, "all of them in cases.csv".
run price "$TMP/b.csv" "$TMP/a.csv" --record "$TMP/rec"
expect_status 0 "5,000 record folder"
checks "$TMP/rec/decision.md" 65536 "decision.md"
expect_grep "$TMP/rec/decision.md" '(all of them in cases.csv).' "decision.md: cases.csv"

# 1,000 cases: as above.
cases 1000 "$TMP/b1.csv" "$TMP/a1.csv"
run price "$TMP/b1.csv" "$TMP/a1.csv" --format md
checks "$OUT" 65536 "1,000 hostile cases"
echo "1,000 hostile cases: $(units "$OUT") characters"
# GitLab's limit holds all 1,000.
run price "$TMP/b1.csv" "$TMP/a1.csv" --format md --md-limit 1000000
cp "$OUT" "$TMP/gitlab.md"
checks "$TMP/gitlab.md" 1000000 "1,000 under GitLab's limit"
expect_grep "$OUT" '<details><summary>The other 990 cases</summary>' "GitLab: all folded"
expect_no_grep "$OUT" 'more cases, left out' "GitLab: nothing left out"

# Shrinking limits: never past them, the summary whole until one line, and
# what goes first goes first.
prev=
for limit in 2000 2500 3000 3500 4000 6000 8000 12000 20000 40000 65536; do
	run price "$TMP/b.csv" "$TMP/a.csv" --format md --md-limit "$limit"
	expect_status 0 "--md-limit $limit"
	cp "$OUT" "$TMP/l.md"
	checks "$TMP/l.md" "$limit" "--md-limit $limit"
	# What the record holds, as a word: one line < summary < tail <
	# chart < top < fold; each limit holds no less than the one before.
	if grep -q '^\*\*fixprice: ' "$TMP/l.md"; then s=0
	elif ! grep -q 'Break-even values, plots and provenance are left out' "$TMP/l.md" &&
		! grep -q '```mermaid' "$TMP/l.md"; then s=2
	elif ! grep -q '```mermaid' "$TMP/l.md"; then s=1
	elif ! grep -q '^Largest shares' "$TMP/l.md"; then s=3
	elif ! grep -q '<details>' "$TMP/l.md"; then s=4
	else s=5; fi
	if [ "$s" != 0 ] && ! head -n 1 "$TMP/l.md" | cmp -s - "$TMP/verdict-line"; then
		bad "--md-limit $limit: the verdict line is not first"; fi
	if [ -z "$prev" ] || [ "$s" -ge "$prev" ]; then ok; else
		bad "--md-limit $limit holds less ($s) than a smaller limit ($prev)"; fi
	prev=$s
done
# 65,536 holds everything but part of the fold; 2,000 holds little.
if [ "$prev" = 5 ]; then ok; else bad "65536 lost more than the fold ($prev)"; fi

# Too small or not a number: usage errors.
run price "$TMP/b1.csv" "$TMP/a1.csv" --format md --md-limit 1999
expect_error 2 "<command line>: --md-limit 1999 is below 2000, too little for a record's summary" "--md-limit 1999"
run price "$TMP/b1.csv" "$TMP/a1.csv" --format md --md-limit 12k
expect_error 2 "<command line>: --md-limit needs a whole number of characters, got '12k'" "--md-limit 12k"
run price "$TMP/b1.csv" "$TMP/a1.csv" --format md --md-limit -5
expect_error 2 "<command line>: --md-limit needs a whole number of characters, got '-5'" "--md-limit -5"
run sweep "$EX/fp32-cube-matmul/before.csv" \
	--scenario "$EX/fp32-cube-matmul/fp32-cube.yaml" --param pass_reward=0:1 \
	--format md --md-limit 5000
expect_error 2 "fixprice sweep: unknown option '--md-limit'" "sweep --md-limit"

# A summary that cannot fit: a scenario whose name is long and all '&'.
awk 'BEGIN { s = ""; for (i = 0; i < 3000; i++) s = s "&"; print "name: \"" s "\"" }' >"$TMP/long.yaml"
sed -n '/^name:/!p' "$EX/fp32-cube-matmul/fp32-cube.yaml" >>"$TMP/long.yaml"
run price "$EX/fp32-cube-matmul/before.csv" --scenario "$TMP/long.yaml" \
	--format md --md-limit 2000
expect_status 0 "a summary too long"
if [ "$(wc -l <"$OUT")" = 1 ] && grep -q -E '^\*\*fixprice: reject\.\*\* The summary of this record \([0-9]{2},[0-9]{3} characters\) does not fit the limit of 2,000 characters \(--md-limit\): see the JSON record\.$' "$OUT"
then ok; else bad "the one-line record"; fi
finish
