#!/bin/sh
# fixprice compare: candidates side by side, the best one and P(best).
#
# Three predictions on the worked example's before run (20 cases, 19 pass,
# ref_runtime = runtime; doc/pricing.md), each making m512_k4096 pass:
#   same-speed (runtimes kept): gain (0.3 + 0.5 * 1) / 20 * 100 = 4,
#     cost 0, net 4;
#   quarter-slower (x1.25, every score 0.8): gain (0.3 + 0.5 * 0.8) / 20
#     * 100 = 3.5, cost 20 * 0.5 * 0.2 / 20 * 100 = 10, net -6.5;
#   fp32-cube (x2, every score 0.5): gain 2.75, cost 25, net -22.25.
# Break-evens: quarter-slower's pass_reward (p + 0.4) * 5 = 10 at p = 1.6;
# its perf_weight 1.5 + 4 w = 20 w at w = 0.09375 (to rounding); the
# runtime factor of each, 1.5 + 2.5 / f = 50 (1 - 1 / f) at f = 105 / 97
# = 1.0824742268041236.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
W=$EX/fp32-cube-matmul
C=$DATA/compare
P=$EX/plan-comparison
# ARGS: the three predictions.
set -- "$W/before.csv" "$W/fp32-cube.yaml" "$C/same-speed.yaml" "$C/quarter-slower.yaml"

run compare "$@"
expect_status 0 "three predictions"
expect_first "best: same-speed, P(best) not measured (no case has two samples that differ, or fewer than 200 resamples); the largest net 4.0000 of 3 candidates" "text: the outcome first"
expect_grep "$OUT" "same-speed      4.0000   0.0000    4.0000  -              accept, not judged  -        none in [0.003, 30]     none in [0.005, 50]     1.0824742268041236" "same-speed's row"
expect_grep "$OUT" "quarter-slower  3.5000  10.0000   -6.5000  -              reject, not judged  -        1.6 " "quarter-slower's row"
expect_grep "$OUT" "fp32-cube       2.7500  25.0000  -22.2500" "fp32-cube's row, last"
run compare "$@" --format json
expect_first '{"best": "same-speed", "p_best": null,' "json: the outcome first"
python3 - "$OUT" <<'PY' && ok || bad "json: parsed back, figures exact"
import json, sys
d = json.load(open(sys.argv[1]))
c = {x['name']: x for x in d['candidates']}
assert [x['name'] for x in d['candidates']] == ['same-speed', 'quarter-slower', 'fp32-cube']
# Sums of doubles: exact where every term is (same-speed), else to
# rounding (0.8 = 1 / 1.25 and 0.55 / 20 are not doubles).
assert (c['same-speed']['gain'], c['same-speed']['cost'], c['same-speed']['net']) == (4, 0, 4)
def near(x, gain, cost, net):
    return all(abs(x[k] - v) < 1e-12 for k, v in (('gain', gain), ('cost', cost), ('net', net)))
assert near(c['quarter-slower'], 3.5, 10, -6.5), c['quarter-slower']
assert near(c['fp32-cube'], 2.75, 25, -22.25), c['fp32-cube']
be = {b['param']: b['crossings'] for b in c['quarter-slower']['breakevens']}
assert be['pass_reward'] == [1.6] and abs(be['perf_weight'][0] - 0.09375) < 1e-15, be
assert be['runtime_factor'] == [105 / 97], be
assert d['resamples'] == 0 and d['p_best'] is None and c['fp32-cube']['verdict'] == 'not judged'
PY

# --name names the candidates in order; the rest keep their file's name.
run compare "$@" --name 'fp32 cube' --name same
expect_grep "$OUT" "best: same, " "--name"
expect_grep "$OUT" "fp32 cube " "--name, first"
expect_grep "$OUT" "quarter-slower " "the third keeps its file's name"

# A hostile name is escaped in every form.
H='<script>`x`::warning::'
run compare "$@" --name "$H" --format md
expect_grep "$OUT" '| ``<script>`x`::warning::`` |' "md: the name in a code span"
expect_no_grep "$OUT" '| <script>' "md: no raw tag"
run compare "$@" --name "$H" --format github
expect_grep "$OUT" '| ``<script>`x`::warning::`` |' "github: the name in a code span"
if grep -q '^::' "$OUT"; then bad "github: a line starts a workflow command"; else ok; fi
run compare "$@" --name "$(printf 'a\033[2Jb')"
expect_grep "$OUT" 'a\x1b[2Jb' "text: a control character shown, not sent"
run compare "$@" --name "$H" --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["candidates"][2]["name"] == sys.argv[2]' "$OUT" "$H" && ok || bad "json: the name exact"

# Errors: one line, exit 2, nothing on stdout.
run compare "$W/before.csv"
expect_error 2 "fixprice compare: give BEFORE and at least one CANDIDATE (an after run or a scenario)" "no candidate"
run compare "$W/before.csv" "$W/after.csv" nothere.csv
expect_error 2 "nothere.csv: candidate 'nothere': cannot open: No such file or directory" "unreadable candidate"
run compare "$@" --name a --name a
expect_error 2 "<command line>: two candidates are named 'a' (candidates 1 and 2): give each its own --name" "duplicate --name"
run compare "$@" --name a --name b --name c --name d
expect_error 2 "<command line>: 4 --name for 3 candidates" "more names than candidates"
run compare "$@" --map pass_reward=1:0 perf_weight=0:1
expect_error 2 "<command line>: --map: LO must be below HI in '1:0'" "--map with a bad range"
run compare "$@" --map pass_reward=0:1
expect_error 2 "<command line>: --map needs two ranges, X=LO:HI Y=LO:HI" "--map with one range"
run compare "$@" --map pass_reward=0:1 perf_weight=0:1 z=0:1
expect_error 2 "<command line>: --map takes two ranges, X=LO:HI Y=LO:HI, got a third, 'z=0:1' (give BEFORE and the candidates before --map)" "--map with three ranges"
run compare "$@" --format csv
expect_error 2 "<command line>: compare writes text, md, json, github, not csv" "a form compare does not write"
run compare "$P/before.csv" "$P/split-k.csv" "$W/after.csv" --missing drop
expect_error 2 "fixprice: candidate 2 prices 6 cases against the first candidate's 12, or others: every candidate must price the same cases (check --missing and --cases)" "candidates over other cases"

# --map: which candidate wins.  With perf_weight w > 0, same-speed's net
# 5 (p + 0.5 w) is above quarter-slower's 5 (p + 0.4 w) - 20 w and
# fp32-cube's: it wins at every point.  At w = 0 the three nets are all
# 5 p (no cost, the same gain): a tie, which goes to the first candidate.
run compare "$@" --map pass_reward=0:1 perf_weight=0.1:1 --resolution 5
expect_grep "$OUT" "B  same-speed: largest net at 25 of 25 grid points" "map: the winner everywhere"
run compare "$@" --map pass_reward=0:1 perf_weight=0:1 --resolution 5
expect_grep "$OUT" "A  fp32-cube: largest net at 5 of 25 grid points" "map: a tie goes to the first"
run compare "$@" --map pass_reward=0:1 perf_weight=0.1:1 --resolution 3 --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["map"]["winner"] == [["same-speed"] * 3] * 3, d["map"]' "$OUT" && ok || bad "map: json"

# Measured candidates: P(best) over joint resamples.  split-k dominates
# fp32-all in every resample (net about 3.7 against -15.8, each within
# about 0.6), so its P(best) is exactly 1 and fp32-all's 0.
run compare "$P/before.csv" "$P/fp32-all.csv" "$P/split-k.csv" --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c={x["name"]: x for x in d["candidates"]}; assert d["best"] == "split-k" and d["p_best"] == 1.0 and c["fp32-all"]["p_best"] == 0.0 and d["resamples"] == 2000, d' "$OUT" && ok || bad "dominance: P(best) 1"

# P(best) against an independent computation: split-k, fp32-large and
# fp32-last resampled by the test's own code (each case's five samples
# drawn with replacement, the median, the default metric with ref_runtime
# the drawn before runtime; one draw of the before run per resample shared
# by the candidates, each after run drawn on its own), 20000 resamples,
# against fixprice's 4000: the two shares must agree within 4 standard
# errors of their difference.  Their Wilson intervals are printed.
run compare "$P/before.csv" "$P/split-k.csv" "$P/fp32-large.csv" "$P/fp32-last.csv" --bootstrap 4000 --format json
python3 - "$OUT" "$P" <<'PY' && ok || bad "P(best) against an independent computation"
import csv, json, math, random, sys
d = json.load(open(sys.argv[1]))
runs = {}
for name in ['before', 'split-k', 'fp32-large', 'fp32-last']:
    s = {}
    for row in csv.DictReader(open('%s/%s.csv' % (sys.argv[2], name))):
        s.setdefault(row['case'], []).append((float(row['runtime']), row['passed'] == '1'))
    runs[name] = s
cases = list(runs['before'])
rng = random.Random(7)
def med(xs):
    return sorted(rng.choice(xs) for _ in xs)[len(xs) // 2]
cands = ['split-k', 'fp32-large', 'fp32-last']
B = 20000
wins = dict.fromkeys(cands, 0.0)
for r in range(B):
    b = {c: med([x for x, _ in runs['before'][c]]) for c in cases}
    nets = []
    for k in cands:
        net = 0.0
        for c in cases:
            a = med([x for x, _ in runs[k][c]])
            pb, pa = runs['before'][c][0][1], runs[k][c][0][1]
            s = min(1, b[c] / a)
            net += (not pb and pa) * (0.3 + 0.5 * s) - 0.5 * (1 - s)
        nets.append(net / len(cases) * 100)
    top = max(nets)
    for k, n in zip(cands, nets):
        if n == top:
            wins[k] += 1.0 / nets.count(top)
def wilson(p, n, z=1.96):
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h
fp = {x['name']: x['p_best'] for x in d['candidates']}
ok = True
for k in cands:
    p1, p2 = fp[k], wins[k] / B
    pool = (p1 * 4000 + p2 * B) / (4000 + B)
    se = math.sqrt(max(pool * (1 - pool), 1e-12) * (1 / 4000 + 1 / B))
    lo1, hi1 = wilson(p1, 4000)
    lo2, hi2 = wilson(p2, B)
    print('  P(best) %s: fixprice %.4f [%.4f, %.4f], independent %.4f [%.4f, %.4f]'
          % (k, p1, lo1, hi1, p2, lo2, hi2))
    ok = ok and abs(p1 - p2) <= 4 * se
sys.exit(0 if ok else 1)
PY

# --plot-dir: the chart of the nets and the winner map, names in the data.
run compare "$@" --name "$H" --plot-dir plots --map pass_reward=0:1 perf_weight=0:1 --resolution 4
expect_status 0 "plots"
if [ -f plots/compare.gp ] && [ -f plots/compare.dat ] && [ -f plots/compare-map.gp ]; then ok; else bad "plots: the files"; fi
expect_no_grep plots/compare.gp "<script>" "plots: no name in the script"
expect_no_grep plots/compare-map.gp "<script>" "plots: no name in the map's script"
# The data file's strings escape <, > and the backquote (plot/escape_gp.h).
expect_grep plots/compare.dat '"\0074script\0076\0140x\0140::warning::"' "plots: the name in the data"


# --record DIR: compare's forms, its charts, every input with its hash and
# the command line, in one folder written whole or not at all, as price's.
run compare "$@" --record rec
expect_status 0 "--record"
for f in compare.txt compare.md compare.json compare.gp compare.dat; do
	if [ -s "rec/$f" ]; then ok; else bad "--record wrote $f"; fi
done
cp "$OUT" text.out
if cmp -s text.out rec/compare.txt; then ok; else bad "--record: compare.txt is the text form"; fi
run compare "$@" --format md
if cmp -s "$OUT" rec/compare.md; then ok; else bad "--record: compare.md is the md form"; fi
run compare "$@" --format json
if cmp -s "$OUT" rec/compare.json; then ok; else bad "--record: compare.json is the json form"; fi
python3 -m json.tool rec/compare.json >/dev/null && ok || bad "--record: compare.json parses"
# The hashes are the files' own (sha256sum's), each input once, the
# candidates' own inputs named; the runs are BEFORE and the candidates.
python3 - rec/compare.json "$@" <<'PY' && ok || bad "--record: inputs and invocation"
import hashlib, json, sys
d = json.load(open(sys.argv[1]))
args = sys.argv[2:]
assert d['kind'] == 'compare' and d['fixprice_version'], d
ins = {(x['role'], x['path']): x for x in d['inputs']}
assert len(ins) == len(d['inputs']) == 5, d['inputs']
for (role, path), x in ins.items():
    if not path.startswith('<builtin>'):
        assert x['sha256'] == hashlib.sha256(open(path, 'rb').read()).hexdigest(), x
assert ins[('before', args[0])]['candidate'] is None
assert [ins[('scenario', p)]['candidate'] for p in args[1:]] == ['fp32-cube', 'same-speed', 'quarter-slower']
assert [x['candidate'] for x in d['inputs'] if x['role'] == 'metric'] == [None]
inv = d['invocation']
assert inv['command'] == 'compare' and inv['runs'] == args, inv
assert inv['options']['scenario'] is None and inv['options']['bootstrap'] == 2000, inv
PY
# Again without --force: refused before anything is written.
cp -R rec rec0
run compare "$@" --record rec --name other
expect_error 2 "fixprice: rec/compare.txt exists; use --force to replace it" "--record: an existing record kept"
if diff -r rec rec0 >/dev/null; then ok; else bad "--record: the refused record unchanged"; fi
# --force: the folder swapped whole (a new folder in its place, holding
# the new record alone).
touch rec/stale.txt
ino=$(ls -di rec | cut -d' ' -f1)
run compare "$@" --record rec --force --name other
expect_status 0 "--record --force"
if [ "$(ls -di rec | cut -d' ' -f1)" != "$ino" ]; then ok; else bad "--record --force: not swapped whole"; fi
expect_grep rec/compare.txt "other" "--record --force: the new record"
if ls -d rec.fixprice-* >/dev/null 2>&1; then bad "--record --force: a staging folder left"; else ok; fi
# --record at an input: refused, exit 2, the input intact.
cp "$W/before.csv" b.csv
run compare b.csv "$W/fp32-cube.yaml" --record b.csv
expect_error 2 "b.csv: exists and is not a folder" "--record at an input file"
if cmp -s b.csv "$W/before.csv"; then ok; else bad "--record at an input: the input changed"; fi
mkdir in
cp "$W/before.csv" in/compare.json
run compare in/compare.json "$W/fp32-cube.yaml" --input-format csv --record in --force
expect_error 2 "fixprice: in/compare.json would overwrite the input in/compare.json" "--record over an input"
if cmp -s in/compare.json "$W/before.csv" && [ "$(ls in)" = compare.json ]; then ok; else bad "--record over an input: the folder changed"; fi
# verify checks price's records: compare's is refused in one line.
run verify rec
expect_error 2 "rec/compare.json: a record of fixprice compare: verify checks records of price (run the compare again: its inputs and command line are in the record)" "verify refuses a compare record"
run verify rec/compare.json
expect_status 2 "verify refuses compare's JSON"
# compare's JSON from before it had a kind: told by its candidates.
grep -v '"kind": "compare"' rec/compare.json >old.json
run verify old.json
expect_error 2 "old.json: a record of fixprice compare: verify checks records of price (run the compare again: its inputs and command line are in the record)" "verify refuses compare's JSON without a kind"


# Each candidate is read once, and what it is comes from the document the
# loader reads: a YAML run that starts with a comment and a name (not
# with cases:) is a run, priced as price prices it; a scenario given
# through a pipe (which can be read once only) is a scenario.
python3 - "$W/after.csv" >after-run.yaml <<'PY'
import csv, sys
print('# the after run as YAML\nname: after\ncases:')
for r in csv.DictReader(open(sys.argv[1])):
    print('  - {case: %s, runtime: %s, passed: %s, ref_runtime: %s}' % (r['case'], r['runtime'], r['passed'], r['ref_runtime']))
PY
run price "$W/before.csv" "$W/after.csv" --format json
cp "$OUT" price.json
run compare "$W/before.csv" after-run.yaml "$C/same-speed.yaml" --format json
python3 - "$OUT" price.json <<'PY' && ok || bad "a YAML run with a name first is a run"
import json, sys
d, p = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
c = {x['name']: x for x in d['candidates']}
assert not c['after-run']['prediction'] and c['same-speed']['prediction'], c
assert (c['after-run']['gain'], c['after-run']['cost'], c['after-run']['net']) == (p['gain'], p['cost'], p['net']), (c['after-run'], p['net'])
PY
rm -f pipe.yaml
if mkfifo pipe.yaml 2>/dev/null; then
	cat "$C/same-speed.yaml" >pipe.yaml &
	writer=$!
	STATUS=0
	timeout 60 "$FIXPRICE" compare "$W/before.csv" pipe.yaml --format json >"$OUT" 2>"$ERR" || STATUS=$?
	expect_status 0 "a scenario through a pipe, read once"
	# same-speed's net 4, worked out at the top.
	python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["candidates"][0]; assert c["prediction"] and c["net"] == 4, c' "$OUT" && ok || bad "a scenario through a pipe: its net"
	# A writer still blocked (the pipe never opened) must not hang the test.
	kill "$writer" 2>/dev/null
	wait "$writer" 2>/dev/null
fi


# The before run, loaded once per candidate, is read once: from standard
# input (which can be read once only) for three candidates, the same
# table as from the file.
run compare "$@"
cp "$OUT" from-file.txt
STATUS=0
"$FIXPRICE" compare - "$W/fp32-cube.yaml" "$C/same-speed.yaml" "$C/quarter-slower.yaml" <"$W/before.csv" >"$OUT" 2>"$ERR" || STATUS=$?
expect_status 0 "BEFORE from standard input, three candidates"
# Line 2 names the before run: "-" here.
if [ "$(sed 2d "$OUT")" = "$(sed 2d from-file.txt)" ]; then ok; else bad "BEFORE from standard input: the table differs"; fi
# Where strace is installed: every input opened once, the control run
# (the first candidate's samples, its rows reversed: a copy of a run is
# refused) and the metric file included.
if command -v strace >/dev/null 2>&1; then
	cp "$TOP_SRCDIR/metrics/pypto-gym.yaml" m.yaml
	reordered "$P/fp32-all.csv" >ctl.csv
	strace -f -e trace=open,openat -o trace.txt "$FIXPRICE" compare "$P/before.csv" "$P/fp32-all.csv" "$P/split-k.csv" --control ctl.csv -m m.yaml --bootstrap 200 >/dev/null 2>&1
	for f in "$P/before.csv" "$P/fp32-all.csv" "$P/split-k.csv" ctl.csv m.yaml; do
		n=$(grep -F "\"$f\"" trace.txt | grep -cv ENOENT)
		if [ "$n" = 1 ]; then ok; else bad "$f opened $n times, not once"; fi
	done
fi

finish
