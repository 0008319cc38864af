#!/bin/sh
# README.md says what it runs, and it runs: every command of its indented
# code blocks whose first word is fixprice (or ./fixprice) or mkdir runs as
# written, from a copy of the repository root's examples (fixprice on PATH,
# a home folder of its own), and succeeds; so does the fixprice command at
# the end of the set-up line.  The set-up line installs exactly the
# packages .ci/run installs (but clang and its fuzzing runtime, which only
# CI's clang build and fuzzing use).
. "$TOP_SRCDIR/tests/cli/lib.sh"
README=$TOP_SRCDIR/README.md

ROOT=$TMP/root
mkdir -p "$ROOT/bin" "$TMP/home"
cp -R "$TOP_SRCDIR/examples" "$ROOT/"
ln -s "$FIXPRICE" "$ROOT/fixprice"
ln -s "$FIXPRICE" "$ROOT/bin/fixprice"

# The code lines: four spaces in, outside fenced blocks, comments left out.
sed -n 's/^    \([^ #].*\)$/\1/p' "$README" >"$TMP/code"
setup=$(grep '^S=\$(command -v sudo); ' "$TMP/code")
{
	grep -E '^(\./fixprice|fixprice|mkdir) ' "$TMP/code"
	printf '%s\n' "$setup" | sed -n 's/.* && \(\.\/fixprice .*\)$/\1/p'
} >"$TMP/commands"
n=$(wc -l <"$TMP/commands")
# A README that lost its examples (or an extraction that broke) is a failure.
if [ "$n" -ge 17 ]; then ok; else bad "only $n commands found in README.md"; fi

while IFS= read -r cmd; do
	STATUS=0
	(cd "$ROOT" && PATH=$ROOT/bin:$PATH HOME=$TMP/home \
		XDG_CONFIG_HOME= FIXPRICE_METRICS_PATH= sh -c "$cmd") \
		>"$OUT" 2>"$ERR" || STATUS=$?
	expect_status 0 "README: $cmd"
	case $cmd in
	*--format\ openmetrics*) expect_grep "$OUT" "# EOF" "README: $cmd" ;;
	esac
done <"$TMP/commands"
# What the commands wrote where they said.
for f in pricing/decision.md pricing/decision.json pricing/cases.csv \
	decision.md; do
	if [ -s "$ROOT/$f" ]; then ok; else bad "README's commands wrote no $f"; fi
done
if cmp -s "$TMP/home/.config/fixprice/metrics/pypto-gym.yaml" \
	"$TOP_SRCDIR/metrics/pypto-gym.yaml"; then ok; else
	bad "README's --show did not copy pypto-gym.yaml"; fi

# The packages: README's set-up line against .ci/run's list.
printf '%s\n' "$setup" | sed -n 's/.*apt-get install -y \([^&]*\) &&.*/\1/p' |
	tr ' ' '\n' | sed '/^$/d' | sort >"$TMP/readme-packages"
sed -n '/^packages=(/,/)/p' "$TOP_SRCDIR/.ci/run" |
	sed -e 's/^packages=(//' -e 's/)$//' | tr ' ' '\n' |
	sed -e '/^$/d' -e '/^clang$/d' -e '/^libclang-rt-14-dev$/d' | sort >"$TMP/ci-packages"
if [ -s "$TMP/ci-packages" ] && cmp -s "$TMP/readme-packages" "$TMP/ci-packages"
then ok; else
	bad "README's packages differ from .ci/run's"
	diff "$TMP/ci-packages" "$TMP/readme-packages"
fi
finish
