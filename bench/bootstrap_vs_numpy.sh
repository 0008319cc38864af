#!/bin/sh
# bootstrap_vs_numpy.sh FIXPRICE: whole `fixprice price` processes that
# bootstrap, as a user meets them, in one run of `make bench`:
#
#   1. a pytest-benchmark pair of real size (bench/make_sampled.sh pytest:
#      4 benchmarks of 7,000 to 66,000 rounds, 2,000 resamples, median).
#      Target: under 1 s of CPU time;
#   2. 10^5 cases x 5 repetitions per run as CSV rows, 1,000 resamples,
#      against the same bootstrap written with pandas and numpy, reading
#      the same CSV files (bench/bootstrap_numpy.py).  Target: fixprice at
#      least 10x faster in CPU time.
#
# CPU time is user + sys (the machine may be shared: wall time then says
# more about the neighbours), each the best of $REPEAT runs, fixprice and
# numpy alternating so that both see the same load.  Both print the
# interval of net (from different random draws: close, not equal).
# Without numpy and pandas for python3 (Debian: python3-numpy,
# python3-pandas) the comparison is skipped with a message; without GNU
# time (Debian: time) the whole bench is.
set -eu
fixprice=$1
here=$(dirname "$0")
n=${CASES:-100000}
repeat=${REPEAT:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! [ -x /usr/bin/time ]; then
	echo "bootstrap_vs_numpy: skipped, /usr/bin/time is missing (Debian: time)"
	exit 0
fi

. "$here/common.sh"

sh "$here/make_sampled.sh" pytest "$tmp/pytest"
best=
i=0
while [ "$i" -lt "$repeat" ]; do
	run "$fixprice" price "$tmp/pytest/before.json" \
		"$tmp/pytest/after.json"
	best=$(lower "$best" "$t")
	i=$((i + 1))
done
echo "price, pytest-benchmark pair of 4 benchmarks (7,000-66,000 rounds)," \
     "2000 resamples: ${best} s CPU (best of $repeat; target < 1 s)"
echo "  $(tr '\n' ' ' <"$tmp/out" | sed -n 's/.*\(net \[[^]]*\]\).*/\1/p')"

python_with "numpy, pandas"
sh "$here/make_sampled.sh" csv "$n" "$tmp/csv"
fp= np=
i=0
while [ "$i" -lt "$repeat" ]; do
	run "$fixprice" price "$tmp/csv/before.csv" "$tmp/csv/after.csv" \
		--bootstrap 1000
	fp=$(lower "$fp" "$t")
	fp_line=$(tr '\n' ' ' <"$tmp/out" | sed -n 's/.*\(net \[[^]]*\]\).*/\1/p')
	if [ -n "$python" ]; then
		run "$python" "$here/bootstrap_numpy.py" \
			"$tmp/csv/before.csv" "$tmp/csv/after.csv" 1000
		np=$(lower "$np" "$t")
		np_line=$(cat "$tmp/out")
	fi
	i=$((i + 1))
done
echo "price, 2 CSV runs of $n cases x 5 repetitions, 1000 resamples:" \
     "fixprice ${fp} s CPU (best of $repeat), $fp_line"
if [ -z "$python" ]; then
	echo "numpy: skipped, no python3 with numpy and pandas" \
	     "(Debian: python3-numpy, python3-pandas)"
	exit 0
fi
echo "  numpy $("$python" -c 'import numpy; print(numpy.__version__)')" \
     "with pandas read_csv: ${np} s CPU (best of $repeat), $np_line"
awk -v a="$np" -v b="$fp" 'BEGIN {
	if (b > 0)
		printf "  ratio: fixprice %.1fx faster than numpy (target >= 10)\n",
		       a / b
}'
