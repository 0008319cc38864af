#!/bin/sh
# Where -m NAME (and the default metric) is found: a path, then
# $FIXPRICE_METRICS_PATH, then $XDG_CONFIG_HOME/fixprice/metrics (default
# ~/.config/fixprice/metrics), then the installed folder, then the built-in
# copy.  An edited copy in the user's folder is what prices, also without
# -m; `metrics` says where each metric comes from; `metrics --show`.
. "$TOP_SRCDIR/tests/cli/lib.sh"
B=$DATA/cli/small-before.csv
A=$DATA/cli/small-after.csv
unset FIXPRICE_METRICS_PATH
XDG_CONFIG_HOME=$TMP/config
export XDG_CONFIG_HOME
USER_DIR=$XDG_CONFIG_HOME/fixprice/metrics

# --show prints the file -m NAME would load: here the built-in copy (or an
# installed one), byte for byte the shipped file.
run metrics --show pypto-gym
expect_status 0 "metrics --show pypto-gym"
if cmp -s "$OUT" "$TOP_SRCDIR/metrics/pypto-gym.yaml"; then ok; else
	bad "--show pypto-gym is not metrics/pypto-gym.yaml"; fi
run metrics --show "$TOP_SRCDIR/examples/raised-pass-reward/metric.yaml"
if cmp -s "$OUT" "$TOP_SRCDIR/examples/raised-pass-reward/metric.yaml"; then
	ok; else bad "--show PATH is not the file"; fi
run metrics --show nosuch
expect_error 2 "fixprice: no metric named 'nosuch' (shipped: kernelbench, pypto-gym, pypto-gym-sublinear, pypto-gym-weighted)" "--show nosuch"
run metrics --show
expect_status 2 "--show without NAME"

# The copy for editing: pass_reward 0.3 -> 0.6.  Without -m, the edited
# copy prices, as --set pass_reward=0.6 does on the shipped one.
# As the manual says: the shell creates the copy empty before fixprice
# runs, and --show passes over it.
mkdir -p "$USER_DIR"
"$FIXPRICE" metrics --show pypto-gym >"$USER_DIR/pypto-gym.yaml"
if cmp -s "$USER_DIR/pypto-gym.yaml" "$TOP_SRCDIR/metrics/pypto-gym.yaml"; then
	ok; else bad "--show > the user's copy is not the shipped file"; fi
sed 's/^  pass_reward: 0.3$/  pass_reward: 0.6/' "$USER_DIR/pypto-gym.yaml" >"$TMP/edited"
mv "$TMP/edited" "$USER_DIR/pypto-gym.yaml"
run price "$B" "$A" --format json --set pass_reward=0.6 -m "$TOP_SRCDIR/metrics/pypto-gym.yaml"
grep '"net"' "$OUT" >"$TMP/want-net"
run price "$B" "$A" --format json
expect_status 0 "price with the user's copy"
grep '"net"' "$OUT" >"$TMP/got-net"
if cmp -s "$TMP/want-net" "$TMP/got-net"; then ok; else
	bad "the edited default did not price: $(cat "$TMP/got-net") vs $(cat "$TMP/want-net")"; fi
expect_grep "$OUT" "\"path\": \"$USER_DIR/pypto-gym.yaml\"" "the record names the user's copy"
run metrics
expect_grep "$OUT" "                     from: $USER_DIR/pypto-gym.yaml" "metrics says where pypto-gym is"
expect_grep "$OUT" "pypto-gym            Pass reward plus" "its description"

# $FIXPRICE_METRICS_PATH comes before the user's folder.
(FIXPRICE_METRICS_PATH=$TOP_SRCDIR/metrics; export FIXPRICE_METRICS_PATH
 run price "$B" "$A" --format json)
expect_grep "$OUT" "\"path\": \"$TOP_SRCDIR/metrics/pypto-gym.yaml\"" "FIXPRICE_METRICS_PATH first"
# ... and a path comes before both.
run price -m "$TOP_SRCDIR/examples/raised-pass-reward/metric.yaml" "$B" "$A" --format json
expect_grep "$OUT" "\"path\": \"$TOP_SRCDIR/examples/raised-pass-reward/metric.yaml\"" "a path first"

# XDG_CONFIG_HOME unset or relative: ~/.config.
mkdir -p "$TMP/home/.config/fixprice/metrics"
cp "$USER_DIR/pypto-gym.yaml" "$TMP/home/.config/fixprice/metrics/"
for xdg in '' 'relative/dir'; do
	(HOME=$TMP/home XDG_CONFIG_HOME=$xdg; export HOME XDG_CONFIG_HOME
	 run metrics)
	expect_grep "$OUT" "from: $TMP/home/.config/fixprice/metrics/pypto-gym.yaml" "XDG_CONFIG_HOME='$xdg': ~/.config"
done
finish
