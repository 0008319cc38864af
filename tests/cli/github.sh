#!/bin/sh
# --format github: the job summary (the Markdown record, its limit in
# bytes) and GitHub's workflow commands for the verdict and its guards,
# written to stdout only with GITHUB_ACTIONS set and --annotations (or
# stdout a terminal), their user text escaped as the runner reads it.
. "$TOP_SRCDIR/tests/cli/lib.sh"
unset GITHUB_ACTIONS
B=$EX/fp32-cube-matmul/before.csv
S=$EX/fp32-cube-matmul/fp32-cube.yaml
SMALL="$DATA/cli/small-before.csv $DATA/cli/small-after.csv"

# The summary is the Markdown record (it fits both limits).
run price "$B" --scenario "$S" --format md
cp "$OUT" "$TMP/md"
run price "$B" --scenario "$S" --format github
expect_status 0 "github to stdout"
if cmp -s "$OUT" "$TMP/md"; then ok; else bad "the summary differs from md"; fi
expect_no_grep "$OUT" "::" "no workflow command without GITHUB_ACTIONS"

# Under Actions with --annotations: the commands on stdout, the summary in
# the file.  Not judged (a prediction), the point estimate rejects: ::error.
export GITHUB_ACTIONS=true
run price "$B" --scenario "$S" --format github --annotations -o "$TMP/sum.md"
expect_status 0 "reject, annotated"
expect_out "::error title=fixprice pypto-gym::REJECT, not judged against noise: net -22.2500 = gain 2.7500 - cost 25.0000. a prediction measures nothing, so the noise is not judged; price the measured runs to judge it" "::error on reject"
if cmp -s "$TMP/sum.md" "$TMP/md"; then ok; else bad "the summary file differs"; fi

# Not judged, the point estimate accepts: ::notice (gain (0.3 + 0.5 * 1) / 20 * 100 = 4, nothing slower).
run price "$B" --runtime-factor 1 --pass m512_k4096 --format github \
	--annotations -o "$TMP/acc.md"
expect_out "::notice title=fixprice pypto-gym::ACCEPT, not judged against noise: net 4.0000 = gain 4.0000 - cost 0.0000. a prediction measures nothing, so the noise is not judged; price the measured runs to judge it" "::notice on accept"

# Not judged (one sample per case), both guards fired on the point
# estimate's accept: ::warning, as --check's 3, and one per guard.
# shellcheck disable=SC2086 # two paths
run price $SMALL --format github --annotations -o "$TMP/inc.md"
expect_out "::warning title=fixprice pypto-gym::INCONCLUSIVE, not judged against noise: net 22.5000 = gain 20.0000 - cost -2.5000; the point estimate accepts, a guard makes it inconclusive. every case has one sample, so the noise is not judged; rerun with several samples per case (a row per sample), or give --control RUN; guard newly-failing, 1 case passes before and fails after the fix; guard control, net and the metric's own delta_total differ in sign
::warning title=fixprice pypto-gym guard::1 case newly fails: d
::warning title=fixprice pypto-gym guard::net and delta_total differ in sign (net - delta_total = 26.2500)" "::warning on the guarded point estimate and per guard"
# --check still gates, after the commands.
# shellcheck disable=SC2086
run price $SMALL --format github --annotations -o "$TMP/inc.md" --force --check
expect_status 3 "inconclusive --check"
expect_grep "$OUT" "::warning title=fixprice pypto-gym::INCONCLUSIVE, not judged against noise" "commands before the gate"

# Guards off: no guard warnings.
# shellcheck disable=SC2086
run price $SMALL --format github --annotations -o "$TMP/off.md" \
	--allow-newly-failing --no-control-guard
expect_out "::notice title=fixprice pypto-gym::ACCEPT, not judged against noise: net 22.5000 = gain 20.0000 - cost -2.5000. every case has one sample, so the noise is not judged; rerun with several samples per case (a row per sample), or give --control RUN" "guards off: one notice"

# Without --annotations (stdout not a terminal here): none.
run price "$B" --scenario "$S" --format github -o "$TMP/quiet.md"
expect_status 0 "no --annotations"
expect_out "" "no commands without --annotations"
# GITHUB_ACTIONS empty counts as unset.
GITHUB_ACTIONS=''
run price "$B" --scenario "$S" --format github --annotations -o "$TMP/empty.md"
expect_out "" "no commands with GITHUB_ACTIONS empty"
GITHUB_ACTIONS=true
# Another form: no commands, even with GITHUB_ACTIONS set.
run price "$B" --scenario "$S" --format md -o "$TMP/plain.md"
expect_out "" "md: no commands"

# Standard output a terminal (script(1) gives it one): the summary, then
# the commands, without --annotations.
if command -v script >/dev/null 2>&1 &&
	script -qec "true" /dev/null >/dev/null 2>&1; then
	script -qec "\"$FIXPRICE\" price \"$B\" --scenario \"$S\" --format github" \
		/dev/null >"$TMP/tty" 2>&1
	if tr -d '\r' <"$TMP/tty" | grep -q '^::error title=fixprice pypto-gym::REJECT, not judged'; then
		ok; else bad "a terminal gets the commands"; fi
	if tr -d '\r' <"$TMP/tty" | grep -q '^### Arithmetic'; then
		ok; else bad "a terminal gets the summary"; fi
else
	echo "note: no script(1); the terminal case is not checked"
fi

# A hostile metric name: % : , and a line feed are escaped in the title.
sed 's/^name: pypto-gym$/name: "100%: a,b\\nc::x"/' \
	"$TOP_SRCDIR/metrics/pypto-gym.yaml" >"$TMP/evil.yaml"
run price -m "$TMP/evil.yaml" "$B" --scenario "$S" --format github \
	--annotations -o "$TMP/evil.md"
expect_status 0 "hostile metric name"
expect_out "::error title=fixprice 100%25%3A a%2Cb\\nc%3A%3Ax::REJECT, not judged against noise: net -22.2500 = gain 2.7500 - cost 25.0000. a prediction measures nothing, so the noise is not judged; price the measured runs to judge it" "the title escaped"

# Usage errors.
run price "$B" --scenario "$S" --format github --annotations
expect_error 2 "<command line>: --annotations needs -o FILE: the workflow commands go to standard output, the job summary to FILE" "--annotations to stdout"
run price "$B" --scenario "$S" --format github --annotations -o -
expect_error 2 "<command line>: --annotations needs -o FILE: the workflow commands go to standard output, the job summary to FILE" "--annotations -o -"
run price "$B" --scenario "$S" --format md --annotations -o "$TMP/x.md"
expect_error 2 "<command line>: --annotations needs --format github" "--annotations with md"
run sweep "$B" --scenario "$S" --param pass_reward=0:1 --format github
expect_error 2 "<command line>: sweep cannot write github (only price can)" "sweep github"
run tornado "$B" --scenario "$S" --annotations
expect_error 2 "fixprice tornado: unknown option '--annotations'" "tornado --annotations"

# The limit in bytes: 1,000 cases of 4-byte names.
awk 'BEGIN {
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/b.csv"
	print "case,runtime,passed,ref_runtime" >"'"$TMP"'/a.csv"
	for (i = 0; i < 1000; i++) {
		printf "\360\237\230\200%d,%d,pass,2\n", i, 1 + i % 5 >"'"$TMP"'/b.csv"
		printf "\360\237\230\200%d,%d,pass,2\n", i, 2 + i % 5 >"'"$TMP"'/a.csv"
	}
}'
unset GITHUB_ACTIONS
run price "$TMP/b.csv" "$TMP/a.csv" --format github --md-limit 20000
n=$(wc -c <"$OUT")
if [ "$n" -le 20000 ]; then ok; else bad "github: $n bytes > 20000"; fi
expect_grep "$OUT" "left out to fit the limit of 20,000 bytes" "github counts bytes"
run price "$TMP/b.csv" "$TMP/a.csv" --format md --md-limit 20000
n=$(LC_ALL=C tr -d '\200-\277' <"$OUT" | wc -c)
if [ "$n" -le 20000 ] && [ "$(wc -c <"$OUT")" -gt 20000 ]; then ok; else
	bad "md: counted in code points ($n)"; fi
finish
