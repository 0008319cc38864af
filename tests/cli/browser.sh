#!/bin/sh
# The record's chart renders in a real browser: headless Chromium (Debian:
# chromium) runs Mermaid (from the npm registry: `npm install mermaid` in a
# scratch folder, or FIXPRICE_MERMAID: a folder holding
# node_modules/mermaid) on the ```mermaid block of the worked example and
# of 5,000 cases with hostile names, and must draw an SVG with the labels,
# without a parse or render error.  Skipped (77) when Chromium, npm or
# Mermaid cannot be had.
. "$TOP_SRCDIR/tests/cli/lib.sh"

CHROME=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then CHROME=$c; break; fi
done
if [ -z "$CHROME" ] || ! command -v node >/dev/null 2>&1; then
	echo "SKIP: no chromium or no node"
	exit 77
fi
MM=${FIXPRICE_MERMAID:-$TMP/npm}
if [ ! -f "$MM/node_modules/mermaid/dist/mermaid.min.js" ]; then
	mkdir -p "$MM"
	if ! command -v npm >/dev/null 2>&1 ||
		! (cd "$MM" && npm install --no-audit --no-fund --silent mermaid \
			>"$TMP/npm.log" 2>&1); then
		echo "SKIP: cannot install mermaid from npm"
		cat "$TMP/npm.log" 2>/dev/null | tail -5
		exit 77
	fi
fi
MERMAID=$MM/node_modules/mermaid/dist/mermaid.min.js

# page MARKDOWN HTML: a page that renders MARKDOWN's mermaid block and
# says "rendered" or "error: ..." in #status, with the SVG in #out.
page() {
	sed -n '/^```mermaid$/,/^```$/p' "$1" | sed '1d;$d' >"$TMP/chart.mmd"
	node -e '
const fs = require("fs");
const chart = fs.readFileSync(process.argv[1], "utf8");
process.stdout.write(`<!DOCTYPE html><html><head><meta charset="utf-8">
<script src="file://${process.argv[2]}"></script></head><body>
<p id="status">waiting</p><div id="out"></div><script>
mermaid.initialize({startOnLoad: false, securityLevel: "strict"});
mermaid.render("chart", ${JSON.stringify(chart)}).then(r => {
	document.getElementById("out").innerHTML = r.svg;
	document.getElementById("status").textContent = "rendered";
}).catch(e => {
	document.getElementById("status").textContent = "error: " + e;
});
</script></body></html>`);
' "$TMP/chart.mmd" "$MERMAID" >"$2"
}

# render HTML: the page's DOM after its scripts ran, in $TMP/dom.
render() {
	rm -rf "$TMP/profile"
	# Chromium writes crash reports under XDG_CONFIG_HOME: keep them in
	# the scratch folder, not the tree's.
	HOME=$TMP/home XDG_CONFIG_HOME=$TMP/xdg \
	"$CHROME" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --disable-breakpad \
		--user-data-dir="$TMP/profile" --allow-file-access-from-files \
		--virtual-time-budget=20000 --dump-dom "file://$1" \
		>"$TMP/dom" 2>"$TMP/chrome.log"
}

# check MARKDOWN NAME LABEL...: its chart draws, with each LABEL among the
# texts.
check() {
	page "$1" "$TMP/page.html"
	render "$TMP/page.html"
	if grep -q '<p id="status">rendered</p>' "$TMP/dom"; then ok; else
		bad "$2: $(grep -o '<p id="status">[^<]*' "$TMP/dom" | head -1)"
		tail -5 "$TMP/chrome.log"
		return
	fi
	if grep -q '<svg' "$TMP/dom"; then ok; else bad "$2: no SVG"; fi
	name=$2
	shift 2
	for label in "$@"; do
		if grep -qF -- "$label" "$TMP/dom"; then ok; else
			bad "$name: no label '$label'"; fi
	done
	# The value axis (on top of a horizontal chart) has its numbers.
	if grep -o 'class="top-axis".*' "$TMP/dom" |
		grep -q '>[0-9][0-9.]*</text>'; then ok; else
		bad "$name: no numbers on the value axis"; fi
}

run price "$EX/fp32-cube-matmul/before.csv" \
	--scenario "$EX/fp32-cube-matmul/fp32-cube.yaml" --format md
cp "$OUT" "$TMP/worked.md"
# The waterfall of the worked example, by hand: m512_k4096 gains
# (0.3 + 0.5 * 0.5) / 20 * 100 = 2.75, the gain; the cost 25 (20 cases
# each 0.5 * 0.5 / 20 * 100 = 1.25): 9 named (the largest shares of either
# side, ties in case order, are the gain and the first 9 costs) and
# "other cost (11 cases)" 11 * 1.25 = 13.75, so 2.75 - 9 * 1.25 - 13.75 =
# -22.25 = net.
check "$TMP/worked.md" "worked example" "+2.7500 m512_k4096" "+2.7500 gain" \
	"-13.7500 other cost (11 cases)" "-22.2500 net" "points"

# Hostile names: each pattern once, numbered.
awk 'BEGIN {
	split("a|b|c\t<script>alert(1)</script>\t`x` ``y``\t]]>\t/label ~bug\t@everyone\t#123\t```\t\342\200\256evil\t\"quoted\" [x]\t%%{init}%% #quot;\t<img src=x>", p, "\t")
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/b.csv"
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/a.csv"
	for (i = 0; i < 5000; i++) {
		name = p[i % 12 + 1] " " i
		gsub(/"/, "\"\"", name)
		printf "\"%s\",%d,%s,2\n", name, 1 + i % 7, i % 13 ? "pass" : "fail" >"'"$TMP"'/b.csv"
		printf "\"%s\",%g,pass,2\n", name, (1 + i % 7) * (i % 3 ? 1.5 : 0.5) >"'"$TMP"'/a.csv"
	}
}'
run price "$TMP/b.csv" "$TMP/a.csv" --format md
expect_status 0 "5,000 hostile cases"
cp "$OUT" "$TMP/big.md"
check "$TMP/big.md" "5,000 hostile cases" " net" "other cost ("
finish
