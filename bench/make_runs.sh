#!/bin/sh
# make_runs.sh N DIR: writes DIR/before.csv and DIR/after.csv, a pair of
# CSV runs of N cases (case, ref_runtime, runtime, passed), the same bytes
# on every machine for the same N.
#
# Names look like a benchmark's (kernel, shape); the after run lists the
# cases in another order (i -> i * 7919 mod N when that is a permutation),
# so that the join has to look every name up.  About 1 case in 50 fails
# before, 1 in 97 after; the fix makes runtimes move by up to +-10%.  The
# values come from integer arithmetic only, so every awk prints the same.
set -eu
n=$1
dir=$2
mkdir -p "$dir"

# gen SIDE: the rows of one run, in that run's order.
gen() {
	awk -v n="$n" -v side="$1" 'BEGIN {
		print "case,ref_runtime,runtime,passed"
		step = 7919
		# A step sharing a factor with n would visit some cases twice.
		a = n; b = step
		while (b) { t = a % b; a = b; b = t }
		if (a != 1) step = 1
		for (k = 0; k < n; k++) {
			i = side == "after" ? (k * step) % n : k
			h = (i * 2654435761) % 4294967296
			ref = 1000 + h % 900000
			if (side == "before") {
				rt = ref + h % 7919
				ok = i % 50 != 7
			} else {
				rt = ref + h % 7919 + \
				     int(ref * (h % 201 - 100) / 1000)
				ok = i % 97 != 3
			}
			printf "k%d_m%d_n%d_%d,%d.%03d,%d.%03d,%s\n", \
			       i % 64, (i / 64) % 512, i % 4096, i, \
			       ref / 1000, ref % 1000, rt / 1000, rt % 1000, \
			       ok ? "pass" : "fail"
		}
	}'
}

gen before >"$dir/before.csv"
gen after >"$dir/after.csv"
