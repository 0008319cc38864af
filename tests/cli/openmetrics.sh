#!/bin/sh
# --format openmetrics read back by a real parser: the OpenMetrics parser of
# the Prometheus Python client (Debian: python3-prometheus-client).  Skipped
# (77) when no python3 has the module.  The metric's name is hostile: quotes,
# a backslash, a line feed and non-ASCII must come back in the visible form
# every other form shows (util/escape.h: the backslash doubled, the line
# feed as \n), the label's own escaping undone exactly.
. "$TOP_SRCDIR/tests/cli/lib.sh"

PY=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import prometheus_client.openmetrics.parser' 2>/dev/null; then
		PY=$p
		break
	fi
done
if [ -z "$PY" ]; then
	echo "SKIP: no python3 with prometheus_client"
	exit 77
fi

# pypto-gym under a hostile name (YAML double-quoted: \" \\ \n are escapes).
sed 's/^name: pypto-gym$/name: "evil \\"quoted\\" back\\\\slash\\nnew line \\u00e9 {x=\\"1\\"}"/' \
	"$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/evil.yaml"

# Prints every sample as NAME|METRIC-LABEL|VERSION|KIND|VALUE, one a line;
# the metric label's line feed shown as <LF>, values to 10 digits.
parse() {
	"$PY" -c '
import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
for fam in text_string_to_metric_families(sys.stdin.read()):
    assert fam.type == "gauge", fam.type
    for s in fam.samples:
        print("|".join([s.name, s.labels["metric"].replace("\n", "<LF>"),
                        s.labels["version"], s.labels["kind"], "%.10g" % s.value]))
' <"$1"
}

# tests/data/cli/small-*: worked out in price.sh (gain 20, cost -2.5).
run price -m "$TMP/evil.yaml" "$DATA/cli/small-before.csv" \
	"$DATA/cli/small-after.csv" --format openmetrics
expect_status 0 "openmetrics, hostile name"
name='evil "quoted" back\\slash\nnew line é {x="1"}'
if parse "$OUT" >"$TMP/parsed" 2>"$TMP/parse-err"; then ok; else
	bad "the parser refused the output: $(cat "$TMP/parse-err")"; fi
if [ "$(cat "$TMP/parsed")" = "fixprice_verdict|$name|1|measured|0
fixprice_gain|$name|1|measured|20
fixprice_cost|$name|1|measured|-2.5
fixprice_net|$name|1|measured|22.5
fixprice_total_before|$name|1|measured|57.5
fixprice_total_after|$name|1|measured|53.75
fixprice_delta_total|$name|1|measured|-3.75
fixprice_accept|$name|1|measured|1" ]; then ok; else
	bad "parsed samples differ"; cat "$TMP/parsed"; fi
# The headline first, labelled with the verdict (the guards made it
# inconclusive).
expect_grep "$OUT" 'kind="measured",verdict="not judged"} 0' "openmetrics: the verdict's label"
if head -n 3 "$OUT" | grep -q '^fixprice_verdict{'; then ok; else bad "openmetrics: the verdict first"; fi

# The worked example (a prediction, reject), as the shipped metric.
run price "$EX/fp32-cube-matmul/before.csv" \
	--scenario "$EX/fp32-cube-matmul/fp32-cube.yaml" --format openmetrics
parse "$OUT" >"$TMP/parsed" 2>&1
expect_grep "$TMP/parsed" "fixprice_net|pypto-gym|1|prediction|-22.25" "prediction net"
expect_grep "$TMP/parsed" "fixprice_accept|pypto-gym|1|prediction|0" "reject is 0"

# Without "# EOF" the parser must refuse: the check above is a real one.
sed '$d' "$OUT" >"$TMP/no-eof"
if parse "$TMP/no-eof" >/dev/null 2>&1; then bad "parser took a cut exposition"; else ok; fi
finish
