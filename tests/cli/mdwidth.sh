#!/bin/sh
# The Markdown record's tables keep their numbers in view at a comment's
# width whatever the names: the record, rendered by cmark-gfm (GitHub's
# Markdown) into a 1,000-pixel-wide column styled as GitHub styles a
# comment (a table as wide as its content, scrolled beyond the column),
# is measured in headless Chromium: the right edge of the last number
# column ("cost share") lies within the column.  With 100-character names
# that share nothing, and with samples per case (the widest runtime
# cells).  Skipped (77) without cmark-gfm or Chromium.
. "$TOP_SRCDIR/tests/cli/lib.sh"

CHROME=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then CHROME=$c; break; fi
done
if [ -z "$CHROME" ] || ! command -v cmark-gfm >/dev/null 2>&1; then
	echo "SKIP: no chromium or no cmark-gfm"
	exit 77
fi

# page MARKDOWN: the page in $TMP/page.html; its #status says, for each
# table with a "cost share" column, "RIGHT/LIMIT".
page() {
	{
		cat <<'EOF_HEAD'
<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { margin: 0; font-family: -apple-system, "Segoe UI", "Noto Sans",
  Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.5; }
#c { width: 1000px; box-sizing: border-box; padding: 0 16px; }
table { display: block; width: max-content; max-width: 100%;
  overflow: auto; border-spacing: 0; border-collapse: collapse; }
td, th { padding: 6px 13px; border: 1px solid #d1d9e0; }
</style></head><body><div id="c">
EOF_HEAD
		cmark-gfm -e table "$1"
		cat <<'EOF_TAIL'
</div><p id="status">waiting</p><script>
var box = document.getElementById("c").getBoundingClientRect(), out = [];
document.querySelectorAll("table").forEach(function (t) {
	var hit = Array.from(t.rows[0].cells).filter(function (c) {
		return c.textContent == "cost share"; });
	if (hit.length)
		out.push(Math.round(hit[0].getBoundingClientRect().right) +
			"/" + Math.round(box.right));
});
document.getElementById("status").textContent = out.join(" ");
</script></body></html>
EOF_TAIL
	} >"$TMP/page.html"
}

# measure MARKDOWN NAME: every case table's numbers within the column.
measure() {
	page "$1"
	rm -rf "$TMP/profile"
	HOME=$TMP/home XDG_CONFIG_HOME=$TMP/xdg \
	"$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update \
		--disable-sync --disable-breakpad --user-data-dir="$TMP/profile" \
		--window-size=1000,800 --dump-dom "file://$TMP/page.html" \
		>"$TMP/dom" 2>"$TMP/chrome.log"
	status=$(sed -n 's/.*<p id="status">\([^<]*\)<.*/\1/p' "$TMP/dom")
	echo "$2: $status"
	case $status in
	"" | waiting) bad "$2: nothing measured"; return ;;
	esac
	for m in $status; do
		if [ "${m%/*}" -le "${m#*/}" ]; then ok; else
			bad "$2: numbers end at ${m%/*} px, past ${m#*/} px"; fi
	done
}

# names FILE: FILE with each case's name made 100 characters of wide
# letters that no other name shares (a seeded draw, the same every run).
names() {
	awk -F, 'BEGIN { OFS = ","; srand(17) }
	NR == 1 { print; next }
	{
		if (!($1 in name)) {
			n = ""
			while (length(n) < 100)
				n = n substr("WMQOwmDG", 1 + int(rand() * 8), 1)
			name[$1] = n
		}
		$1 = name[$1]; print
	}' "$1"
}

# 20 cases, one sample each.
awk 'BEGIN {
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/b.csv"
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/a.csv"
	for (i = 0; i < 20; i++) {
		printf "c%d,%d,%s,2\n", i, 1 + i, i < 2 ? "fail" : "pass" >"'"$TMP"'/b.csv"
		printf "c%d,%d,pass,2\n", i, 2 + 2 * i >"'"$TMP"'/a.csv"
	}
}'
names "$TMP/b.csv" >"$TMP/b100.csv"
names "$TMP/a.csv" >"$TMP/a100.csv"
run price "$TMP/b100.csv" "$TMP/a100.csv" --format md
expect_status 0 "100-character names"
cp "$OUT" "$TMP/long.md"
measure "$TMP/long.md" "100-character names"
# The names are there, shortened (the CSV record has them whole).
if grep -q '\.\.\.' "$TMP/long.md"; then ok; else bad "names not shortened"; fi

# The noisy example: samples per case, so runtime cells "1.9117 (n 3)".
names "$EX/noisy-fix/before.csv" >"$TMP/nb.csv"
names "$EX/noisy-fix/after.csv" >"$TMP/na.csv"
run price "$TMP/nb.csv" "$TMP/na.csv" --format md
expect_status 0 "samples and 100-character names"
cp "$OUT" "$TMP/noisy.md"
if grep -q '(n 3)' "$TMP/noisy.md"; then ok; else bad "no sample counts"; fi
measure "$TMP/noisy.md" "samples and 100-character names"
finish
