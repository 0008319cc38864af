#!/bin/sh
# Every example in examples/ with its expected decision and the numbers its
# README works out by hand.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$EX" || exit 1
W=fp32-cube-matmul
S="--scenario $W/fp32-cube.yaml"

# The worked example: reject, as a prediction and as a measured run.
run price $W/before.csv $S
expect_status 0 "worked example"
expect_grep "$OUT" "PREDICTION from scenario 'fp32 cube matmul' (not measured)" "labelled a prediction"
expect_grep "$OUT" "REJECT: net -22.2500 = gain 2.7500 - cost 25.0000" "worked example: reject"
expect_grep "$OUT" "control: total_before 76.0000, total_after 55.0000, delta_total -21.0000" "worked example: control"
expect_grep "$OUT" "DISAGREES with net by -1.2500 (net - delta_total); cases that account for it: m512_k4096" "worked example: the failing case's slowdown"
run price $W/before.csv $W/after.csv
expect_grep "$OUT" "REJECT: net -22.3036" "measured: reject"
run price $W/before.csv $S --check
expect_status 1 "worked example fails the gate"

# The three sign flips, each accept.
run price -m raised-pass-reward/metric.yaml $W/before.csv $S --check
expect_status 0 "raised pass reward passes the gate"
expect_grep "$OUT" "ACCEPT: net 1.2500 = gain 26.2500 - cost 25.0000" "raised pass reward"
run price -m unequal-weights/metric.yaml $W/before.csv $S --check
expect_status 0 "unequal weights pass the gate"
expect_grep "$OUT" "ACCEPT: net 3.2051 = gain 28.2051 - cost 25.0000" "unequal weights"
run price -m sublinear-regressions/metric.yaml $W/before.csv $S --check
expect_status 0 "sublinear regressions pass the gate"
expect_grep "$OUT" "ACCEPT: net 0.4842 = gain 3.8326 - cost 3.3484" "sublinear regressions"
run price -m pypto-gym-sublinear $W/before.csv $S
expect_grep "$OUT" "REJECT" "alpha 0.5 still rejects"
# Real harness output: the case that starts passing is a gain.
run price harness/gbench-before.json harness/gbench-after.json
expect_grep "$OUT" "ACCEPT: net 3.3072 = gain 11.4286 - cost 8.1213" "Google Benchmark pair"
run price --missing fail --results-before harness/pytest-before.xml --results harness/pytest-after.xml harness/pytest-before.json harness/pytest-after.json
expect_grep "$OUT" "ACCEPT: net 35.8691 = gain 47.4769 - cost 11.6079" "pytest pair with JUnit reports"

finish
