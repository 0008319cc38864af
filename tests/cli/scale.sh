#!/bin/sh
# Weight rules and a scenario's pass and fail lists are matched in time
# linear in cases (exact names by a hash index, globs by their literal
# prefix, at most 256 globs): 10^5 rules over 10^5 cases price in well
# under a second more than no rules (it took a minute before).
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1
N=100000
awk -v n=$N 'BEGIN { print "case,runtime,passed,ref_runtime"
	for (i = 0; i < n; i++) printf "case_%d,%d,%s,2\n", i, 1 + i % 5, i % 3 ? "pass" : "fail" }' >b.csv
awk -v n=$N 'BEGIN { print "case,runtime,passed,ref_runtime"
	for (i = 0; i < n; i++) printf "case_%d,%d,pass,2\n", i, 1 + i % 4 }' >a.csv
M=$TOP_SRCDIR/metrics/pypto-gym.yaml
{
	sed '/^weights:/,$d' "$M"
	printf 'weights:\n  default: 1\n  cases:\n'
	awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "    case_%d: %d\n", i, 1 + i % 7
		print "    \"case_1?\": 9" }'
	sed -n '/^columns:/,$p' "$M"
} >m.yaml
{
	printf 'name: half\npass:\n'
	awk -v n=$N 'BEGIN { for (i = 0; i < n; i += 2) printf "  - case_%d\n", i }'
	printf 'fail:\n'
	awk -v n=$N 'BEGIN { for (i = 1; i < n; i += 2) printf "  - case_%d\n", i }'
} >s.yaml

# ms COMMAND...: runs fixprice twice; $MS is how long the faster run took
# in milliseconds (the machine may be shared).
ms() {
	MS=
	for try in 1 2; do
		t0=$(date +%s%N)
		run "$@"
		t=$((($(date +%s%N) - t0) / 1000000))
		if [ -z "$MS" ] || [ $t -lt $MS ]; then MS=$t; fi
	done
}
# The rules may cost 1 s more than none, plus twice the time without them
# when the machine is slow or shared (it was a minute before); sanitizers
# make everything several times slower.
LIMIT=1000
if grep -q __asan_init "$FIXPRICE" 2>/dev/null; then LIMIT=8000; fi

ms price b.csv a.csv --format csv
expect_status 0 "10^5 cases, no rules"
base=$MS
ms price -m m.yaml b.csv a.csv --format csv
expect_status 0 "10^5 weight rules over 10^5 cases"
took=$((MS - base))
LIMIT=$((LIMIT + 2 * base))
echo "10^5 weight rules over 10^5 cases: $MS ms ($base ms without rules)"
if [ $took -lt $LIMIT ]; then ok; else bad "10^5 weight rules took $took ms more than none (limit $LIMIT)"; fi
# The last matching rule wins: case_12 is 12 % 7 + 1 = 6 by name, then
# "case_1?" (a later glob) makes it 9; case_5 keeps 6, case_123 its 5.
expect_grep "$OUT" '"case_12",9,' "a later glob wins over an exact name"
expect_grep "$OUT" '"case_5",6,' "an exact name"
expect_grep "$OUT" '"case_123",5,' "a name the glob does not match"
ms price b.csv --scenario s.yaml --format csv
expect_status 0 "a scenario of 10^5 names"
took=$((MS - base))
echo "a scenario listing 10^5 cases: $MS ms"
if [ $took -lt $LIMIT ]; then ok; else bad "a scenario of 10^5 names took $took ms more (limit $LIMIT)"; fi
expect_grep "$OUT" '"case_3",1,false,false,' "case_3 fails in the scenario"
expect_grep "$OUT" '"case_4",1,true,true,' "case_4 passes in the scenario"

# The cap on globs.
{
	sed '/^weights:/,$d' "$M"
	printf 'weights:\n  default: 1\n  cases:\n'
	awk 'BEGIN { for (i = 0; i < 257; i++) printf "    \"case_%d*\": 2\n", i }'
	sed -n '/^columns:/,$p' "$M"
} >many.yaml
run price -m many.yaml b.csv a.csv
expect_error 2 "many.yaml: 257 weight rules, 257 of them globs: at most 1000000 rules and 256 globs (* ? [ or \\) may be given" \
	"more than 256 weight globs"
finish
