#!/bin/sh
# CLI tests of `fixprice eval`: values worked out by hand on small.csv
#   case runtime passed ref_runtime note
#   a    2       pass   2           ok
#   b    4       fail   2           slow
#   c    1       true   2           ok
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$DATA/cli" || exit 1
R=small.csv

run eval "$R" 'sum(runtime)'           # 2 + 4 + 1
expect_status 0 "sum"; expect_out "7" "sum"
run eval "$R" 'mean(runtime)'          # 7/3, shortest exact form
expect_out "2.3333333333333335" "mean"
run eval "$R" 'sum(passed) / N'        # pass, fail, true: 2 of 3
expect_out "0.6666666666666666" "pass words"
run eval "$R" -- '-2**2 + 2**3**2'     # -(2^2) + 2^(3^2) = -4 + 512
expect_out "508" "precedence of ** and unary minus"
run eval "$R" 'count(runtime > 1) + if(1 < 2, 10, 20)'   # 2 + 10
expect_out "12" "count and if"
run eval --per-case "$R" 'min(1, ref_runtime / runtime)'
expect_out 'case,value
"a",1
"b",0.5
"c",1' "per-case values"
run eval --set k=2 --set j=1/4 "$R" 'sum(runtime * k) + j'   # 14 + 0.25
expect_out "14.25" "--set parameters, a constant formula as value"
run eval "$R" 'runtime / sum(runtime)' --per-case   # aggregate inside per-case
expect_out 'case,value
"a",0.2857142857142857
"b",0.5714285714285714
"c",0.14285714285714285' "aggregate inside a per-case formula"
run eval --disasm "$R" '1 + 2 * 3'
expect_status 0 "disasm"; expect_grep "$OUT" "7" "disasm shows the folded constant"

# Errors: one message with file, line, column, the source line and a caret;
# exit 2 and nothing on stdout.
run eval "$R" 'sum(runtim)'
expect_error 2 "<command line>:1:5: unknown name 'runtim'; did you mean 'runtime'?" "unknown name"
expect_err "<command line>:1:5: unknown name 'runtim'; did you mean 'runtime'?
  sum(runtim)
      ^" "unknown name with caret"
run eval "$R" 'runtime'
expect_error 2 "<command line>:1:1: the formula gives one value per case: use --per-case to print them, or an aggregate such as sum(...)" "per-case without --per-case"
run eval "$R" 'sum(1 / (runtime - 2))'
expect_error 2 "<command line>:1:7: division by zero in case 'a' (small.csv line 2)" "division by zero names the case"
expect_err "<command line>:1:7: division by zero in case 'a' (small.csv line 2)
  sum(1 / (runtime - 2))
        ^" "division by zero: caret under the operator"
run eval "$R" 'sum(note)'
expect_error 2 "small.csv:2:12: cell 'ok' in column 'note' is not a number" "text column used"
run eval "$R" '1 +'
expect_error 2 "<command line>:1:4: unexpected end of formula" "syntax error"
run eval "$R" 'clamp(1, 2)'
expect_error 2 "<command line>:1:1: clamp takes 3 arguments, got 2" "argument count"
# One argument may hold at most 128 KiB: 60000 parentheses each side here;
# 100000 are checked through a metric file in check.sh.
deep=$(awk 'BEGIN { for (i = 0; i < 60000; i++) printf "("; printf "1"; for (i = 0; i < 60000; i++) printf ")" }')
run eval "$R" "$deep"
expect_status 2 "60000 nested parentheses"
expect_grep "$ERR" "<command line>:1:257: formula nested deeper than 256 levels" "nesting limit message"
run eval badcell.csv 'sum(runtime)'
expect_error 2 "badcell.csv:3:3: cell 'abc' in column 'runtime' is not a number" "bad cell position"
run eval none.csv '1'
expect_error 2 "none.csv: cannot open: No such file or directory" "missing file"
run eval --set k=1/0 "$R" 'k'
expect_status 2 "--set with a domain error"
run eval --bogus "$R" 1
expect_status 2 "unknown option"
expect_grep "$ERR" "usage: fixprice eval" "unknown option prints the usage line"
run eval "$R"
expect_status 2 "missing formula"
finish
