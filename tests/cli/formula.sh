#!/bin/sh
# formula.sh: the formula tests kept as data (tests/data/formula/*.test,
# its README says the format), each run over `fixprice eval`.
. "$(dirname "$0")/lib.sh"

DIR=$DATA/formula
cd "$DIR" || exit 1

# one FILE LINE FAIL FORMULA RUN EXPECTED: runs one block.
one() {
	run eval "$5" "$4"
	if [ "$3" ]; then
		if [ "$STATUS" = 2 ] && [ "$(head -n 1 "$ERR")" = "$6" ]; then
			ok
		else
			bad "$1:$2: $4: expected exit 2 and: $6"
		fi
	elif [ "$STATUS" = 0 ] && [ "$(cat "$OUT")" = "$6" ]; then
		ok
	else
		bad "$1:$2: $4: expected: $6"
	fi
}

for file in *.test; do
	n=0 start=0 fail='' formula='' input='' want='' state=formula
	# A blank line at the end closes the last block.
	{ cat "$file"; echo; } >"$TMP/blocks"
	while IFS= read -r line; do
		n=$((n + 1))
		case $line in \#*) continue ;; esac
		if [ -z "$line" ]; then
			[ "$state" = expected ] && one "$file" "$start" "$fail" \
				"$formula" "$input" "$want"
			fail='' want='' state=formula
			continue
		fi
		case $state in
		formula)
			start=$n
			if [ "$line" = "%%FAIL" ]; then fail=1; continue; fi
			formula=$line state=input ;;
		input) input=$line state=expected ;;
		expected)
			want=${want:+$want
}$line ;;
		esac
	done <"$TMP/blocks"
done

finish
