#!/bin/sh
# Where the output goes and in which form: -o - is standard output; -o FILE
# takes the form from FILE's extension unless --format is given (then
# --format wins, whichever comes first).
. "$TOP_SRCDIR/tests/cli/lib.sh"
B=$DATA/cli/small-before.csv
A=$DATA/cli/small-after.csv
cd "$TMP" || exit 1

# The forms on standard output, to compare the files with.
for f in text md json csv openmetrics; do
	run price "$B" "$A" --format $f
	cp "$OUT" "$TMP/want.$f"
done

# same FILE FORM DESCRIPTION: FILE holds exactly what --format FORM prints.
same() {
	if cmp -s "$1" "$TMP/want.$2"; then ok; else bad "$3: not the $2 form"; fi
}

# -o -: standard output, and no file named '-'.
run price "$B" "$A" -o -
expect_status 0 "-o -"
same "$OUT" text "-o -"
if [ -e "$TMP/-" ]; then bad "-o - wrote a file named -"; else ok; fi
run price "$B" "$A" -o - --format md
same "$OUT" md "-o - --format md"

# The extension chooses the form.
for pair in out.md:md out.json:json out.csv:csv out.txt:text out.prom:openmetrics \
	out.unknown:text noext:text dir.md/x:text; do
	file=${pair%%:*}
	form=${pair#*:}
	mkdir -p "$TMP/dir.md"
	run price "$B" "$A" -o "$file"
	expect_status 0 "-o $file"
	same "$file" "$form" "-o $file"
	if [ -s "$OUT" ]; then bad "-o $file also wrote to stdout"; else ok; fi
done

# --format wins over the extension, given before or after -o.
run price "$B" "$A" --format json -o a.md
same a.md json "--format json -o a.md"
run price "$B" "$A" -o b.md --format text
same b.md text "-o b.md --format text"
run price "$B" "$A" -o c.unknown --format csv
same c.unknown csv "-o c.unknown --format csv"

# Only price writes openmetrics: the sensitivity commands say so at once.
run breakeven "$B" "$A" --param pass_reward -o be.prom
expect_error 2 "<command line>: -o be.prom: breakeven cannot write openmetrics (only price can); give --format" "breakeven -o .prom"
if [ -e be.prom ]; then bad "breakeven -o be.prom left a file"; else ok; fi
run sweep "$B" "$A" --param pass_reward=0:1:0.5 --format openmetrics
expect_error 2 "<command line>: sweep cannot write openmetrics (only price can)" "sweep --format openmetrics"
# ... and with --format the extension is only a name.
run breakeven "$B" "$A" --param pass_reward -o be.prom --format csv
expect_status 0 "breakeven -o be.prom --format csv"
expect_grep be.prom "pass_reward" "breakeven csv into be.prom"
finish
