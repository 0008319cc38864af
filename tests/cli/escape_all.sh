#!/bin/sh
# Every output form of every command that writes escapes what it prints
# (issue 57): a metric name, a description and case names holding every
# C0 control but NUL, LF and CR (those inside a CSV cell), DEL, every C1
# control, the bidi controls U+202A-202E and U+2066-2069, and the CI
# command prefixes ##[error], ::error:: and ##vso[, through price,
# breakeven, sweep, tornado, map, compare and verify in text, md, github,
# json, csv and openmetrics (each form a command writes), and the record
# folder's files (index.html among them).  No raw one reaches the output:
# no control byte but a line end, no C1 or bidi character, no ##[ or
# ##vso[, no line whose first non-blank characters are ::.
. "$TOP_SRCDIR/tests/cli/lib.sh"
cd "$TMP" || exit 1

# H: the hostile characters, as a YAML/JSON string body and as CSV text.
C0='\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000b\u000c\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\u007f'
C1='\u0080\u0081\u0082\u0083\u0084\u0085\u0086\u0087\u0088\u0089\u008a\u008b\u008c\u008d\u008e\u008f\u0090\u0091\u0092\u0093\u0094\u0095\u0096\u0097\u0098\u0099\u009a\u009b\u009c\u009d\u009e\u009f'
BIDI='\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069'
CI='##[error]x ::error::y ##vso[task.setvariable]z'
H="$C0$C1$BIDI $CI"
sed -e "s/^name: pypto-gym\$/name: \"::error::m$H\"/" \
	-e '/^description: >-$/,/^source:/{/^description/d;/^  /d}' \
	"$TOP_SRCDIR/metrics/pypto-gym.yaml" >evil.yaml
printf 'description: "##[error]d%s"\n' "$H" >>evil.yaml
# The CSV names: the same characters as bytes (printf reads \NNN octal).
HB=$(printf '\001\002\003\004\005\006\007\010\011\013\014\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177')
for c in 200 201 202 203 204 205 206 207 210 211 212 213 214 215 216 217 \
	220 221 222 223 224 225 226 227 230 231 232 233 234 235 236 237; do
	HB="$HB$(printf "\\302\\$c")"
done
for c in '\342\200\252' '\342\200\253' '\342\200\254' '\342\200\255' \
	'\342\200\256' '\342\201\246' '\342\201\247' '\342\201\250' \
	'\342\201\251'; do
	HB="$HB$(printf "$c")"
done
side() { # side PASS-OF-FIRST RUNTIME-STEP
	printf 'case,runtime,passed,ref_runtime\n'
	printf '"::error::a%s",%s,%s,2\n' "$HB" 1 "$1"
	printf '"##[error]b%s\n::warning::c",%s,pass,2\n' "$HB" "$2"
	printf '"##vso[task.complete]d%s %s",3,pass,2\n' "$HB" "$CI"
	printf 'plain,4,pass,2\n'
}
side fail 2 >b.csv
side pass 3 >a.csv
side pass 4 >a2.csv

# The raw sequences no output may hold, one a line for grep -F.
: >raw.txt
for c in 200 201 202 203 204 205 206 207 210 211 212 213 214 215 216 217 \
	220 221 222 223 224 225 226 227 230 231 232 233 234 235 236 237; do
	printf "\\302\\$c\\n" >>raw.txt
done
printf '\342\200\252\n\342\200\253\n\342\200\254\n\342\200\255\n\342\200\256\n' >>raw.txt
printf '\342\201\246\n\342\201\247\n\342\201\250\n\342\201\251\n##[\n##vso[\n' >>raw.txt
# Tab is left out: the charts' own scripts and SVG indent with it (a
# name's tab is \t by the rule all the same).
CTRL=$(printf '[\001-\010\013-\037\177]')

# raw FILE: what of the above FILE holds, on stdout; false if nothing.
raw() {
	if LC_ALL=C grep -q "$CTRL" "$1"; then
		LC_ALL=C grep -n "$CTRL" "$1" | head -2 | od -c | head -4
		return 0
	fi
	LC_ALL=C grep -nF -f raw.txt "$1" | head -2 | grep . ||
		LC_ALL=C grep -nE '^[[:space:]]*::' "$1" | head -2 | grep .
}
# clean FILE DESCRIPTION
clean() {
	if raw "$1" >"$TMP/raw"; then
		bad "$2: raw"
		cat "$TMP/raw"
	else ok; fi
}
# The inputs are hostile indeed: the check sees each kind in them.
for f in b.csv evil.yaml raw.txt; do
	if raw "$f" >/dev/null; then ok; else bad "$f: the check sees nothing"; fi
done
printf 'x\033y\n' >t && if raw t >/dev/null; then ok; else bad "ESC unseen"; fi
printf 'x\342\200\256\n' >t && if raw t >/dev/null; then ok; else bad "U+202E unseen"; fi
printf 'x ##vso[\n' >t && if raw t >/dev/null; then ok; else bad "##vso[ unseen"; fi
printf '  ::error::x\n' >t && if raw t >/dev/null; then ok; else bad ":: unseen"; fi

run price -m evil.yaml b.csv a.csv --record rec
expect_status 0 "the record"
for f in rec/*; do
	[ -f "$f" ] && clean "$f" "record: ${f#rec/}"
done
P="--param pass_reward"
for cmd in "price" "breakeven $P" "sweep $P=0:1:0.5" "tornado" \
	"map --x perf_weight=0:1 --y pass_reward=0:6 --resolution 3" \
	"compare" "verify"; do
	for form in text md github json csv openmetrics; do
		case $cmd in
		compare) set -- compare -m evil.yaml b.csv a.csv a2.csv ;;
		verify) set -- verify rec ;;
		*) set -- $cmd -m evil.yaml b.csv a.csv ;;
		esac
		run "$@" --format $form
		if [ "$STATUS" = 2 ] && grep -qE "(not|cannot write) $form( |\$)" "$ERR"; then
			continue # a form this command does not write
		fi
		case $STATUS in 0 | 1) ok ;; *) bad "$cmd --format $form: exit $STATUS" ;; esac
		clean "$OUT" "$cmd --format $form"
		clean "$ERR" "$cmd --format $form (stderr)"
	done
done

finish
