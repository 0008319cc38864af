#!/bin/sh
# breakeven, sweep, tornado and map on the worked example, against values
# worked out by hand.  With score_before = 1 for every case:
#   net(pass_reward p)    = (p + 0.25) * 5 - 25             -> 0 at p = 4.75
#   net(runtime_factor f) = (0.3 + 0.5/f) * 5 - 50 (1 - 1/f) -> f = 52.5/48.5
#   net(weight w of m512_k4096) = (0.55 w - 4.75 - 0.25 w) / (19 + w) * 100
#                                                          -> w = 95/6
#   net(perf_weight q)    = 1.5 + 2.5 q - 50 q              -> q = 1.5/47.5
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$EX/fp32-cube-matmul" || exit 1
IN="before.csv --scenario fp32-cube.yaml"

run breakeven $IN --param pass_reward
expect_status 0 "breakeven"
expect_out "pass_reward: net = 0 at 4.75 (now 0.3, net -22.25; searched 0.003 to 30 at 1000 points and where any branch of the metric flips, which finds every crossing)" "pass reward: net is affine in it, every crossing"
run breakeven $IN --param runtime_factor
expect_out "runtime_factor: net = 0 at 1.0824742268041236 (now 2, net -22.25; searched 0.02 to 200 at 1000 points; a crossing narrower than the step between two points may be missed)" "runtime factor, full precision"
run breakeven $IN --param perf_weight --format csv
expect_out 'param,value,lo,hi,crossing,jump
"perf_weight",0.5,0.005,50,0.031578947368421054,0' "perf weight as CSV"
run breakeven $IN --param runtime_factor --format json
expect_grep "$OUT" '"every_crossing": false' "runtime factor: sampled"
run breakeven $IN --param pass_reward --format json
expect_grep "$OUT" '"every_crossing": true' "pass reward: every crossing"
run breakeven $IN --param weight:m512_k4096 --format json
expect_grep "$OUT" '"param": "weight:m512_k4096"' "weight knob json"
expect_grep "$OUT" "15.83333333333333" "weight break-even 95/6"
run breakeven $IN --param pass_reward --range 0:1
expect_out "pass_reward: the sign of net never flips between 0 and 1 (net is -22.25 at 0.3; searched at 1000 points and where any branch of the metric flips, which finds every crossing)" "no flip in range"
run breakeven $IN --param nosuch
expect_error 2 "fixprice: no parameter 'nosuch' (there are: pass_reward, perf_weight, runtime_factor; or weight:GLOB)" "unknown parameter"
run breakeven $IN
expect_error 2 "<command line>: breakeven needs --param NAME" "missing --param"
run breakeven $IN --param weight:zzz
expect_error 2 "fixprice: weight:zzz: no case matches 'zzz'" "weight glob matching nothing"

# Sweeps: the crossing agrees with breakeven and is marked.
run sweep $IN --param pass_reward=4:5.5:0.5
expect_status 0 "sweep"
expect_out "         value           gain           cost            net  point estimate
             4          21.25             25          -3.75  reject
           4.5          23.75             25          -1.25  reject
          4.75             25             25              0  <- break-even
             5          26.25             25           1.25  accept
           5.5          28.75             25           3.75  accept" "sweep table"
run sweep $IN --param pass_reward=4:5 --format csv
expect_grep "$OUT" '"pass_reward",4.75,25,25,0,reject,1' "sweep csv marks the grid point at the break-even"
if [ "$(grep -c '^"pass_reward",4.75,' "$OUT")" = 1 ]; then ok; else bad "break-even on a grid point is one row"; fi
# The grid's points are the decimals they are meant to be: 0.2 + 0.1 is
# 0.30000000000000004, which --set 0.3 does not price.
run sweep $IN --param pass_reward=0.2:0.4:0.1 --format csv
expect_grep "$OUT" '"pass_reward",0.3,' "sweep csv: the point 0.3 as written"
expect_no_grep "$OUT" '0.30000000000000004' "sweep csv: no sum of the steps"
run sweep $IN --param runtime_factor=1:2:0.25 --format json
expect_grep "$OUT" '"crossings": [' "sweep json crossings"
expect_grep "$OUT" "1.0824742268041236" "sweep crossing = breakeven"
expect_grep "$OUT" '"every_crossing": false' "sweep json: net is not piecewise affine in the factor"
run sweep $IN --param runtime_factor=1:2:0.25
expect_grep "$OUT" "break-evens searched at 1000 points between the ends: a crossing narrower than the step between two may be missed" "sweep says what it may miss"
run sweep $IN --param pass_reward=1:0
expect_status 2 "sweep LO above HI"
# A range where the sign never flips says so, in one line: gain is
# (pass_reward + 0.25) / 20 * 100, cost 25.
run sweep $IN --param pass_reward=0:1:0.5
expect_out "         value           gain           cost            net  point estimate
             0           1.25             25         -23.75  reject
           0.5           3.75             25         -21.25  reject
             1           6.25             25         -18.75  reject
no break-even: net is below 0 at all 3 points from 0 to 1" "sweep that never flips"
run sweep $IN --param pass_reward=0:1:0.5 --format md
expect_grep "$OUT" "No break-even: net is below 0 at all 3 points from 0 to 1." "sweep md that never flips"
run sweep $IN --param pass_reward=10:12 --format json
expect_grep "$OUT" '"never_flips": true' "sweep json that never flips"
expect_grep "$OUT" '"crossings": []' "sweep json: no crossing"
run sweep $IN --param pass_reward=10:12
expect_grep "$OUT" "no break-even: net is above 0 at all 101 points from 10 to 12" "sweep above 0 throughout"
run sweep $IN --param pass_reward=4:5.5:0.5 --format json
expect_grep "$OUT" '"never_flips": false' "sweep json that flips"
# A break-even of 17 digits widens the value column instead of pushing the
# row out of line.  At runtime factor f, gain = 5 (0.3 + 0.5 / f) and
# cost = 50 (1 - 1/f): zero at f = 52.5 / 48.5, where gain = cost =
# 1.5 + 2.5 * 48.5 / 52.5 = 3.80952 (net 3.6e-15 from rounding there).
run sweep $IN --param runtime_factor=1:2:0.5
expect_out "             value           gain           cost            net  point estimate
                 1              4              0              4  accept
1.0824742268041236        3.80952        3.80952    3.55271e-15  <- break-even
               1.5        3.16667        16.6667          -13.5  reject
                 2           2.75             25         -22.25  reject
break-evens searched at 1000 points between the ends: a crossing narrower than the step between two may be missed" "sweep: the break-even in its column"

# Tornado: swings by hand at +/-25%:
#   runtime_factor 1.5..2.5: net -13.5..-27.5, swing 14
#   perf_weight 0.375..0.625: net -16.3125..-28.1875, swing 11.875
#   pass_reward 0.225..0.375: net -22.625..-21.875, swing 0.75
run tornado $IN
expect_out "net now: -22.25
parameter                 value        low       high   net at low  net at high      swing  flips
runtime_factor                2        1.5        2.5        -13.5        -27.5         14  no
perf_weight                 0.5      0.375      0.625     -16.3125     -28.1875     11.875  no
pass_reward                 0.3      0.225      0.375      -22.625      -21.875       0.75  no" "tornado table"
run tornado $IN --delta 50%
expect_grep "$OUT" "runtime_factor                2          1          3" "tornado --delta"
expect_grep "$OUT" "yes" "a 50% smaller runtime factor flips the decision"
run tornado $IN --delta -1
expect_status 2 "negative delta"

# Map: at runtime_factor 1 nothing is lost, so every pass reward accepts
# (p = 0: gain 0.5*1*5 = 2.5); at runtime_factor 3 and pass reward 0,
# net = 0.5/3*5 - 50*(1 - 1/3) = -32.5; at 1.5 and 3, net = 0 exactly,
# which decide (gain - cost > 0) rejects.
run map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --resolution 5 --format csv
expect_grep "$OUT" "1,0,2.5,accept" "map corner: no slowdown"
expect_grep "$OUT" "3,0,-32.5,reject" "map corner: 3x slower, no reward"
expect_grep "$OUT" "1.5,3,0,reject" "map point on the zero contour"
run map $IN --x runtime_factor=1:3 --y runtime_factor=0:1
expect_status 2 "map with one parameter twice"
run map $IN --x runtime_factor=1:3 --y pass_reward=0:6 --resolution 1
expect_status 2 "map resolution 1"
# Two identical runs: net is 0 at every value; breakeven says so instead of
# listing every sample point, and sweep adds no break-even rows.
printf 'case,runtime,passed,ref_runtime\na,2,pass,2\nb,4,fail,2\n' >"$TMP/same.csv"
run breakeven "$TMP/same.csv" "$TMP/same.csv" --param pass_reward
expect_status 0 "identical runs: breakeven"
expect_out "pass_reward: net is 0 everywhere between 0.003 and 30 (searched at 1000 points and where any branch of the metric flips), so no value of it decides anything; are the runs the same?" "identical runs: net is 0 everywhere (it is affine in the reward)"
run breakeven "$TMP/same.csv" "$TMP/same.csv" --param pass_reward --format json
expect_grep "$OUT" '"zero_everywhere": true' "identical runs: JSON says zero everywhere"
run sweep "$TMP/same.csv" "$TMP/same.csv" --param pass_reward=0:1:0.5
expect_no_grep "$OUT" "<- break-even" "identical runs: no break-even rows"
expect_grep "$OUT" "no break-even: net is 0 at all 3 points from 0 to 1" "identical runs: sweep says so"
# KernelBench's step-shaped net: the edges of the stretch where it is not 0.
printf 'case,runtime,passed,ref_runtime\nx,2,pass,3\ny,1,pass,1\n' >"$TMP/kb-before.csv"
printf 'case,runtime,passed,ref_runtime\nx,1,pass,3\ny,1,pass,1\n' >"$TMP/kb-after.csv"
run breakeven -m kernelbench "$TMP/kb-before.csv" "$TMP/kb-after.csv" --param p --range 0:5
expect_out "p: net = 0 at 1.4999999999999998 and 3 (now 1, net 0; searched 0 to 5 at 1000 points and where any branch of the metric flips, which finds every crossing)" "kernelbench: the flip at p = 1.5 and back at 3"

# A pole is not a break-even: gain 1 / (p - 0.3) changes sign at 0.3
# without passing 0 (it was "net = 0 at 0.30000000000000004", net
# 1.8e16 there); the words, the sweep's row and JSON say it jumps.
printf 'name: pole\nversion: 1\nparams: {p: 0.5}\nscore: passed\nvalue: passed\ntotal: sum(value)\ngain: sum(newly_passing) / (p - 0.3)\ncost: 0\n' >"$TMP/pole.yaml"
run breakeven -m "$TMP/pole.yaml" $IN --param p --range 0:1
expect_out "p: net changes sign at 0.30000000000000004 (a jump across 0: a step or a pole, net is not 0 there) (now 0.5, net 5; searched 0 to 1 at 1000 points and where any branch of the metric flips, which finds every crossing)" "a pole: a jump, not net = 0"
run breakeven -m "$TMP/pole.yaml" $IN --param p --range 0:1 --format json
expect_grep "$OUT" '"jumps": [' "a pole: JSON lists it among the jumps"
run sweep -m "$TMP/pole.yaml" $IN --param p=0.05:1:0.1
expect_grep "$OUT" "<- jumps across 0" "a pole: the sweep's row"
expect_no_grep "$OUT" "break-even" "a pole: no break-even row"
run price -m "$TMP/pole.yaml" $IN --record "$TMP/pole-rec"
expect_grep "$TMP/pole-rec/decision.json" '"jumps": [' "a pole: the record's JSON lists it among the jumps"
expect_grep "$TMP/pole-rec/decision.md" "0.3 (a jump across 0: a step or a pole, net is not 0 there)" "a pole: the record's Markdown says it jumps"
run compare -m "$TMP/pole.yaml" before.csv fp32-cube.yaml --format json
expect_grep "$OUT" '"jumps": [' "a pole: compare's JSON lists it among the jumps"
run compare -m "$TMP/pole.yaml" before.csv fp32-cube.yaml
expect_grep "$OUT" "0.30000000000000004 (a jump, net not 0)" "a pole: compare's cell says it jumps"
run sweep -m "$TMP/pole.yaml" $IN --param p=0.05:1:0.1 --format csv
expect_grep "$OUT" '"p",0.30000000000000004,18014398509481984,0,18014398509481984,accept,1,1' "a pole: the CSV row says it jumps"
expect_grep "$OUT" '"p",0.35,20.000000000000004,0,20.000000000000004,accept,0,0' "a pole: other CSV rows neither"
finish
