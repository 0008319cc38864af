#!/bin/sh
# The record folder's index.html: one self-contained page.  Checked in the
# file (no script, nothing that fetches) and in headless Chromium with the
# network off (every request sent to a closed port): the worked example's
# page puts the verdict first and draws (a screenshot, and the DOM after
# rendering), and hostile case names (<script>, </svg>, &, backquotes,
# ::error::) show as text, on the chart too, and start no element.
# Skipped (77) without Chromium.
. "$TOP_SRCDIR/tests/cli/lib.sh"

CHROME=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then CHROME=$c; break; fi
done
if [ -z "$CHROME" ]; then
	echo "SKIP: no chromium"
	exit 77
fi

# chrome ARGS...: headless Chromium, offline: a proxy that does not
# exist for every host, no background requests.
chrome() {
	rm -rf "$TMP/profile"
	HOME=$TMP/home XDG_CONFIG_HOME=$TMP/xdg \
	"$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update \
		--disable-sync --disable-breakpad --disable-quic \
		--proxy-server=127.0.0.1:9 --proxy-bypass-list='<-loopback>' \
		--user-data-dir="$TMP/profile" "$@" 2>"$TMP/chrome.log"
}

# static PAGE NAME: nothing in the page can run or fetch.
static() {
	if grep -qi '<script\|<iframe\|<object\|<embed\|<link\|<img\|<base' "$1"
	then bad "$2: an element that runs or fetches"
		grep -oi '<script[^>]*\|<iframe\|<object\|<embed\|<link[^>]*\|<img[^>]*\|<base' "$1" | head -3
	else ok; fi
	if grep -qiE '(src|action|background)=|href="[^#]|href='"'"'[^#]|url\([^#]|@import|javascript:| on[a-z]+=' "$1"
	then bad "$2: an attribute that fetches or runs"
		grep -oiE '(src|action|background)=.{0,30}|href="[^#].{0,30}|url\([^#].{0,30}| on[a-z]+=.{0,30}' "$1" | head -3
	else ok; fi
	if grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$1"
	then ok; else bad "$2: no policy against fetching"; fi
}

# The worked example.
run price "$EX/fp32-cube-matmul/before.csv" "$EX/fp32-cube-matmul/after.csv" \
	--record "$TMP/rec"
expect_status 0 "the worked example's record"
PAGE=$TMP/rec/index.html
if [ -f "$PAGE" ]; then ok; else bad "no index.html"; fi
static "$PAGE" "worked example"
chrome --log-net-log="$TMP/net.json" --dump-dom "file://$PAGE" >"$TMP/dom"
# Offline means offline: the network log has no request but Chromium's
# own (its update and account services, which no flag stops in every
# version) and the page's file.
grep -o '"url":"[^"]*"' "$TMP/net.json" | sort -u |
	grep -vE '"url":"(https?://[a-z0-9.-]*(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)[/:"]|file://)' \
	>"$TMP/asked" || true
if [ -s "$TMP/net.json" ] && [ ! -s "$TMP/asked" ]; then ok; else
	bad "worked example: the page asked the network"; head -3 "$TMP/asked"; fi
# The verdict first: the first thing in the body.
if tr -d '\n' <"$TMP/dom" | grep -q '<body><p id="verdict" class="reject">REJECT, not judged against noise: net -22.3036 = gain 2.7500 - cost 25.0536</p>'
then ok; else bad "worked example: the verdict is not first"
	tr -d '\n' <"$TMP/dom" | grep -o '<body>.\{0,200\}' | head -2; fi
# The arithmetic, the bars (by hand: 2.75 - 9 * 1.2x - 13.6874 = net),
# the plot inline, the cases.
for want in 'net = gain - cost = 2.7500 - 25.0536 = <b>-22.3036</b>' \
	'<td class="case">other cost (11 cases)</td><td class="n">-13.6874</td>' \
	'<td class="case">net</td><td class="n">-22.3036</td>' \
	'<figcaption>Where net comes from</figcaption>' \
	'<td class="case">m512_k4096</td></tr>'; do
	if grep -qF -- "$want" "$TMP/dom"; then ok; else
		bad "worked example: no '$want' in the page"; fi
done
if [ "$(grep -o '<svg' "$TMP/dom" | wc -l)" -eq 1 ]; then ok; else
	bad "worked example: not one inline SVG plot"; fi
if grep -q 'm128_k1024</text>' "$TMP/dom"; then ok; else
	bad "worked example: the plot's labels are not text in the page"; fi
# A screenshot: the page draws (a PNG of the window, not blank).
chrome --window-size=1000,1400 --screenshot="$TMP/shot.png" "file://$PAGE" \
	>/dev/null
if [ "$(head -c 8 "$TMP/shot.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] &&
	[ "$(wc -c <"$TMP/shot.png")" -gt 20000 ]; then ok; else
	bad "worked example: no screenshot"; fi

# Hostile names.
cat >"$TMP/b.csv" <<'CSV'
case,runtime,passed,ref_runtime
<script>alert(1)</script>,1,fail,2
</svg><b>bold</b>,2,pass,2
a & b &amp;,3,pass,2
`x` ``y``,4,pass,2
::error::pwned,5,pass,2
CSV
cat >"$TMP/a.csv" <<'CSV'
case,runtime,passed,ref_runtime
<script>alert(1)</script>,1,pass,2
</svg><b>bold</b>,4,pass,2
a & b &amp;,6,pass,2
`x` ``y``,8,pass,2
::error::pwned,10,pass,2
CSV
run price "$TMP/b.csv" "$TMP/a.csv" --record "$TMP/hostile"
expect_status 0 "hostile names"
PAGE=$TMP/hostile/index.html
static "$PAGE" "hostile names"
chrome --dump-dom "file://$PAGE" >"$TMP/dom"
# In the DOM after parsing: no element but ours, the names as text (the
# serialised DOM escapes < > & in text), "::" inert as everywhere.
if grep -qi '<script\|<b>bold' "$TMP/dom"; then
	bad "hostile names: a name became an element"; else ok; fi
for want in '<td class="case">&lt;script&gt;alert(1)&lt;/script&gt;</td></tr>' \
	'<td class="case">&lt;/svg&gt;&lt;b&gt;bold&lt;/b&gt;</td></tr>' \
	'<td class="case">a &amp; b &amp;amp;</td></tr>' \
	'<td class="case">`x` ``y``</td></tr>' \
	'<td class="case">\x3a:error::pwned</td></tr>'; do
	if grep -qF -- "$want" "$TMP/dom"; then ok; else
		bad "hostile names: no '$want'"; fi
done
# The chart's SVG is whole: one <svg>, one </svg>, the names as its text.
if [ "$(grep -o '<svg' "$TMP/dom" | wc -l)" -eq 1 ] &&
	[ "$(grep -o '</svg>' "$TMP/dom" | wc -l)" -eq 1 ]; then ok; else
	bad "hostile names: the SVG is broken"; fi
if grep -qF '&lt;/svg&gt;&lt;b&gt;bold&lt;/b&gt;</text>' "$TMP/dom"; then ok
else bad "hostile names: the chart's label is not the name as text"; fi
finish
