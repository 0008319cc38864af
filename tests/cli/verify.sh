#!/bin/sh
# fixprice verify: a saved record against today's inputs, priced again with
# the record's own invocation.
#
# On small-before/after.csv with pypto-gym (tests/cli/price.sh): gain 20
# (b newly passes, (0.3 + 0.5 * 1) / 4 * 100), cost -2.5, net 22.5;
# inconclusive (one sample per case, and the guards).  Editing a's after
# runtime from 4 to 8 halves its score after (min(1, 2 / 8) = 0.25 instead
# of 0.5): its cost share goes from 0.5 * (1 - 0.5) / 4 * 100 = 6.25 to
# 0.5 * (1 - 0.25) / 4 * 100 = 9.375, the cost from -2.5 to 0.625, net
# from 22.5 to 20 - 0.625 = 19.375, and a's share of net from -6.25 to
# -9.375 (moved by -3.125); no other case moves.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
cp "$DATA/cli/small-before.csv" "$DATA/cli/small-after.csv" .
B=small-before.csv
A=small-after.csv

# expect_first LINE DESCRIPTION: stdout's first line is LINE.
# run_at FILE RUN: LINE:COL of RUN among the runs of FILE's invocation.
run_at() {
	printf '%s:7' "$(grep -nF "      \"$2\"" "$1" | grep -v '"path"' |
		tail -n 1 | cut -d: -f1)"
}
run price $B $A --record rec
expect_status 0 "the record"
expect_grep rec/decision.json '"invocation": {' "the record holds its invocation"

# Untouched: exit 0, the outcome first in every form.
run verify rec
expect_status 0 "untouched"
expect_first "unchanged: the decision stands: inconclusive, not judged against noise, net 22.5" "untouched: text"
expect_grep "$OUT" "input after: small-after.csv: unchanged (sha256 01162ea94f50)" "untouched: the after run's hash"
expect_grep "$OUT" "priced again: with the record's own invocation" "untouched: how"
run verify rec/decision.json --format md
expect_status 0 "untouched: the JSON file named"
expect_first "**unchanged**: the decision stands: inconclusive, not judged against noise, net 22.5" "untouched: md"
run verify rec --format json
expect_first '{"outcome": "unchanged",' "untouched: json"
expect_grep "$OUT" '"decision_stands": true,' "untouched: json stands"
run verify rec -o out.json
expect_status 0 "-o out.json"
if [ "$(head -n 1 out.json)" = '{"outcome": "unchanged",' ]; then ok; else bad "-o out.json: not JSON"; fi
run verify rec --format csv
expect_error 2 "<command line>: verify writes text, md, json, not csv" "csv refused"

# One runtime edited: exit 1, the input named, the new net exact.
cp $A orig-after.csv
sed 's/^a,4,pass,2$/a,8,pass,2/' orig-after.csv >$A
run verify rec
expect_status 1 "edited"
expect_first "changed: the figures differ; the decision still stands: inconclusive, not judged against noise, net 22.5 -> 19.375" "edited: text"
expect_grep "$OUT" "input after: small-after.csv: CHANGED (sha256 01162ea94f50 -> " "edited: the input named"
expect_grep "$OUT" "input before: small-before.csv: unchanged" "edited: the other input"
expect_grep "$OUT" "net: 22.5 -> 19.375" "edited: net"
expect_grep "$OUT" "cost: -2.5 -> 0.625" "edited: cost"
expect_grep "$OUT" "  a: -6.25 -> -9.375 (-3.125)" "edited: the case that moved"
expect_no_grep "$OUT" "  b: " "edited: b did not move"
run verify rec --format json
expect_status 1 "edited: json"
expect_first '{"outcome": "changed",' "edited: json first line"
if tr -d ' \n' <"$OUT" | grep -qF '"net":{"recorded":22.5,"today":19.375}'; then ok; else bad "edited: the exact net"; fi
if tr -d ' \n' <"$OUT" | grep -qF '"role":"after","path":"small-after.csv","today_path":"small-after.csv","sha256_recorded":"01162ea94f504adadf42720d9df34dc3333d16a4136bdef6850fd127d10053e5"'; then ok; else bad "edited: json input"; fi
cp orig-after.csv $A

# Other bytes, the same figures (a blank line at the end): unchanged, and
# said.
printf '\n' >>$A
run verify rec
expect_status 0 "other bytes"
expect_first "unchanged: the decision stands: inconclusive, not judged against noise, net 22.5 (the figures are byte-identical, though 1 input differs by hash)" "other bytes: said"
cp orig-after.csv $A

# The metric edited (version 2, pass_reward 0.5): b's gain share is
# (0.5 + 0.5 * 1) / 4 * 100 = 25 instead of 20, so net is 27.5.
cp "$TOP_SRCDIR/metrics/pypto-gym.yaml" m.yaml
run price -m m.yaml $B $A --record mrec
sed 's/^version: 1$/version: 2/; s/pass_reward: 0.3$/pass_reward: 0.5/' "$TOP_SRCDIR/metrics/pypto-gym.yaml" >m.yaml
run verify mrec
expect_status 1 "metric edited"
expect_first "changed: the figures differ; the decision still stands: inconclusive, not judged against noise, net 22.5 -> 27.5" "metric edited: net"
expect_grep "$OUT" "metric: pypto-gym version 1 -> 2: CHANGED (sha256 39e765e95904 -> " "metric edited: named"
expect_grep "$OUT" "  b: 26.25 -> 31.25 (+5)" "metric edited: b moved"

# An input deleted: exit 2, one line naming it.
mv $B gone.csv
run verify rec
expect_error 2 "small-before.csv: cannot read the record's before run: No such file or directory" "input deleted"
if [ "$(wc -l <"$ERR")" = 1 ]; then ok; else bad "input deleted: one line"; fi

# --inputs DIR: the inputs by base name elsewhere.
mkdir elsewhere
cp gone.csv elsewhere/$B
cp $A elsewhere/$A
run verify rec --inputs elsewhere
expect_status 0 "--inputs"
expect_grep "$OUT" "input before: elsewhere/small-before.csv: unchanged" "--inputs: the path used"
run verify rec --inputs nowhere
expect_error 2 "nowhere/small-before.csv: cannot read the record's before run: No such file or directory" "--inputs: missing there"
mv gone.csv $B

# A record made with --set, --weight, --estimator, --seed, --bootstrap,
# --confidence, --pass-policy, --margin and the guard switches (runs with
# samples, so the noise is judged) verifies unchanged ...
G="$DATA/noise"
run price "$G/guard-before.csv" "$G/guard-after.csv" --set pass_reward=0.4 \
	--weight 'a=2' --estimator mean --seed 7 --bootstrap 500 --confidence 0.9 \
	--pass-policy majority --margin 0.01 --allow-newly-failing \
	--no-control-guard --record judged
expect_status 0 "judged record"
# Its inputs lie outside the current folder: read only when the record's
# paths are trusted.
run verify judged
expect_error 2 "judged/decision.json:$(run_at judged/decision.json "$G/guard-before.csv"): the record's before run '$G/guard-before.csv' lies outside the current folder; verify reads a record's inputs only below it (run verify where the record was made, or give --inputs DIR or --any-path)" "options: outside the folder refused"
run verify judged --any-path
expect_status 0 "options: unchanged"
expect_first "unchanged: the decision stands: accept, net 15" "options: headline"
# ... and its seed is the one it recorded: another gives another interval.
sed '/"invocation": {/,$ s/"seed": "7"/"seed": "8"/' judged/decision.json >seed8.json
run verify seed8.json --any-path
expect_status 1 "another seed"
expect_grep "$OUT" "first difference: verdict.interval.net" "another seed: the interval"
# A scenario with a parameter set.
E="$EX/fp32-cube-matmul"
run price "$E/before.csv" --scenario "$E/fp32-cube.yaml" --set pass_reward=0.6 \
	--weight 'm512*=3' --record scen
run verify scen --any-path
expect_status 0 "scenario: unchanged"
expect_grep "$OUT" "input scenario: $E/fp32-cube.yaml: unchanged" "scenario: hashed"
# A control run, hashed as an input.
run price -m "$G/linear.yaml" $B $A --control "$G/small-control.csv" \
	--allow-newly-failing --record ctl
run verify ctl --any-path
expect_status 0 "control: unchanged"
expect_grep "$OUT" "input control: $G/small-control.csv: unchanged" "control: hashed"

# JUnit reports merged into both runs (tests/cli/harness.sh: net 35.8691),
# found again by base name with --inputs.
P="$DATA/harness/pytest"
mkdir junit
cp "$P/before.json" "$P/after.json" "$P/before-junit.xml" "$P/after-junit.xml" junit/
run price --results-before junit/before-junit.xml --results junit/after-junit.xml \
	junit/before.json junit/after.json --record jrec
expect_first "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079, 95 % interval [35.5995," "junit: the record"
mv junit moved
run verify jrec --inputs moved
expect_status 0 "junit: unchanged"
expect_grep "$OUT" "input results after: moved/after-junit.xml: unchanged" "junit: the report hashed"
printf '\n' >>moved/after-junit.xml
run verify jrec --inputs moved
expect_status 0 "junit: other bytes, same figures"
expect_grep "$OUT" "input results after: moved/after-junit.xml: CHANGED" "junit: the report named"
rm moved/after-junit.xml
run verify jrec --inputs moved
expect_error 2 "moved/after-junit.xml: cannot read the record's results (after): No such file or directory" "junit: report missing"

# A tampered record naming a file outside (a secret's path): refused
# before it is read, so no error quotes its first line; a symbolic link
# inside that leads outside, and a base name of '..' under --inputs, too.
OUTSIDE=$(mktemp -d)
printf 'case,runtime,passed\nSECRET_LINE_x,1,1\n' >"$OUTSIDE/secret.csv"
sed "s#\"small-before.csv\"#\"$OUTSIDE/secret.csv\"#g" rec/decision.json >evil.json
run verify evil.json
expect_error 2 "evil.json:$(run_at evil.json "$OUTSIDE/secret.csv"): the record's before run '$OUTSIDE/secret.csv' lies outside the current folder; verify reads a record's inputs only below it (run verify where the record was made, or give --inputs DIR or --any-path)" "outside: refused"
expect_no_grep "$ERR" "SECRET_LINE" "outside: nothing of it quoted"
ln -s "$OUTSIDE/secret.csv" link.csv
sed 's#"small-before.csv"#"link.csv"#g' rec/decision.json >link.json
run verify link.json
expect_error 2 "link.json:$(run_at link.json link.csv): the record's before run 'link.csv' lies outside the current folder; verify reads a record's inputs only below it (run verify where the record was made, or give --inputs DIR or --any-path)" "outside through a link: refused"
sed 's#"small-before.csv"#"elsewhere/.."#g' rec/decision.json >up.json
run verify up.json --inputs elsewhere
expect_error 2 "up.json:$(run_at up.json elsewhere/..): the record's before run 'elsewhere/..' lies outside elsewhere; verify reads a record's inputs only below it (run verify where the record was made, or give --inputs DIR or --any-path)" "--inputs: '..' refused"
rm -r "$OUTSIDE"

# A record from another version: verified with what it recorded, and said.
sed 's/"fixprice_version": "[^"]*"/"fixprice_version": "0.0.1"/' rec/decision.json >old.json
run verify old.json
expect_status 0 "older version"
expect_grep "$OUT" "made by fixprice 0.0.1; verified with fixprice " "older version: said"
# One made before records carried an invocation: rebuilt from the record.
sed '/"invocation": {/,$d' judged/decision.json | sed '$s/,$//' >noinv.json
echo "}" >>noinv.json
run verify noinv.json --any-path
expect_status 0 "no invocation"
expect_grep "$OUT" "priced again: with what the record holds" "no invocation: said"

# A tampered record: exit 2 at its file, line and column.
sed 's/^  "net": 22.5,$/  "net": "x",/' rec/decision.json >bad.json
line=$(grep -n '^  "net": "x",$' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:10: not a fixprice record: 'net' is missing or of the wrong type" "tampered net"
sed 's/"estimator": "median"/"estimator": "best"/' rec/decision.json >bad.json
line=$(grep -n '"estimator": "best"' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:20: invocation: --estimator: unknown estimator 'best' (known: median, mean, min)" "tampered estimator"
sed 's/"bootstrap": 2000/"bootstrap": "many"/' rec/decision.json >bad.json
line=$(grep -n '"bootstrap": "many"' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:20: not a fixprice record: invocation 'bootstrap' must be a whole number" "tampered bootstrap"
sed 's/"margin": null/"margin": null, "turbo": true/' rec/decision.json >bad.json
line=$(grep -n '"turbo": true' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:23: invocation option 'turbo' is not one this fixprice knows" "unknown option"
sed 's/"role": "after",/"role": 5,/' rec/decision.json >bad.json
line=$(grep -n '"role": 5,' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:15: not a fixprice record: 'role' is missing or of the wrong type" "tampered input role"
sed 's/^      \["b",/      [7,/' rec/decision.json >bad.json
line=$(grep -n '^      \[7,' bad.json | cut -d: -f1)
run verify bad.json
expect_error 2 "bad.json:$line:7: not a fixprice record: 'cases.rows' is missing or of the wrong type" "tampered case name"
sed 's/"command": "price"/"command": "sweep"/' rec/decision.json >bad.json
run verify bad.json
expect_error 2 "bad.json: the record was made by 'sweep'; verify checks records of price" "not price's"
sed '/"runs": \[$/{n;s/"small-before.csv"/"-"/}' rec/decision.json >stdin.json
run verify stdin.json
expect_error 2 "stdin.json:$(run_at stdin.json -): the record's before run was read from standard input, which cannot be read again" "standard input"
printf '{"kind": ' >bad.json
run verify bad.json
expect_status 2 "not JSON"

# Several runs per side (--before/--after), kept in the invocation as the
# options "before" and "after": two after runs of equal samples (the
# second its rows reversed, for a copy is refused) price as one (the
# median over runs of equal estimates), net 22.5.  Editing a's
# runtime in the second from 4 to 8 makes a's after estimate the median
# of 4 and 8, 6: its score after min(1, 2 / 6) = 1/3, its cost share
# 0.5 * (1 - 1/3) / 4 * 100 = 8.3333 instead of 6.25, so cost -2.5 + 2.0833
# = -0.416667 and net 20 + 0.416667 = 20.4167.
cp $A a1.csv
cp orig-after.csv a1.csv
reordered orig-after.csv >rev-after.csv
cp rev-after.csv a2.csv
run price --before $B --after a1.csv a2.csv --record many
expect_status 0 "several runs: the record"
expect_grep many/decision.json '"after": [' "several runs: kept as options"
run verify many
expect_status 0 "several runs: untouched"
expect_grep "$OUT" "input after: a2.csv: unchanged (sha256 67b4c01ea2a6)" "several runs: each run hashed"
sed 's/^a,4,pass,2$/a,8,pass,2/' orig-after.csv >a2.csv
run verify many
expect_status 1 "several runs: one edited"
expect_first "changed: the decision no longer stands: inconclusive, not judged against noise -> inconclusive, net 22.5 -> 20.4167" "several runs: the new net"
expect_grep "$OUT" "input after: a2.csv: CHANGED (sha256 67b4c01ea2a6 -> " "several runs: the edited run named"
expect_grep "$OUT" "input after: a1.csv: unchanged" "several runs: the other after run"
rm a2.csv
run verify many
expect_error 2 "a2.csv: cannot read the record's after run: No such file or directory" "several runs: one missing"
mkdir runs-elsewhere && cp $B a1.csv runs-elsewhere/ && cp rev-after.csv runs-elsewhere/a2.csv
run verify many --inputs runs-elsewhere
expect_status 0 "several runs: --inputs"

# Usage.
run verify
expect_status 2 "no record"
run verify rec rec
expect_status 2 "two records"

finish
