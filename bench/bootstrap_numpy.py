"""bootstrap_numpy.py BEFORE AFTER B: the bootstrap of `fixprice price
BEFORE AFTER --bootstrap B` under the default metric (metrics/pypto-gym.yaml)
written with pandas and numpy as a user without fixprice would write it:
read_csv, each case's repetitions as a row of a matrix, B resamples of
every case's samples with replacement (vectorised over the cases), the
median of each, the metric's formulas as vector expressions, and the 95 %
percentile interval of net widened by sqrt(n / (n - 1)), as fixprice
once did.  The work is the same, the interval is not: where a score
clips, the resamples are biased again and this interval need not hold
the measured net, while fixprice's removes the bias (doc/noise.md, "The
bootstrap"); the bench compares the times only.
The CSV runs have one row per repetition (case, repetition, runtime,
passed) and the same number of repetitions for every case.  Prints the
interval (bench/bootstrap_vs_numpy.sh)."""
import sys

import numpy as np
import pandas as pd

PASS_REWARD = 0.3
PERF_WEIGHT = 0.5
PASS_WORDS = {"pass": 1.0, "fail": 0.0, "true": 1.0, "false": 0.0,
              "yes": 1.0, "no": 0.0, "1": 1.0, "0": 0.0}


def read(path):
    run = pd.read_csv(path, dtype={"case": str, "passed": str})
    run["passed"] = run["passed"].str.lower().map(PASS_WORDS)
    run = run.sort_values(["case", "repetition"], kind="stable")
    k = run.groupby("case", sort=False).size()
    if k.nunique() != 1:
        sys.exit(f"{path}: cases with different numbers of repetitions")
    k = int(k.iloc[0])
    names = run["case"].to_numpy()[::k]
    samples = run["runtime"].to_numpy().reshape(-1, k)
    passed = run["passed"].to_numpy().reshape(-1, k).min(axis=1)
    return pd.Index(names), samples, passed


def main():
    nb, sb, pb = read(sys.argv[1])
    na, sa, pa = read(sys.argv[2])
    B = int(sys.argv[3])
    order = na.get_indexer(nb)
    if (order < 0).any() or len(na) != len(nb):
        sys.exit("the runs do not have the same cases")
    sa, pa = sa[order], pa[order]
    n, k = sb.shape
    newly = ((pa == 1) & (pb == 0)).astype(float)
    rows = np.arange(n)[:, None]
    g = np.random.default_rng(1)
    net = np.empty(B)
    for r in range(B):
        rb = np.median(sb[rows, g.integers(0, k, (n, k))], axis=1)
        ra = np.median(sa[rows, g.integers(0, k, (n, k))], axis=1)
        score_a = np.minimum(1, rb / ra)
        gain = (newly * (PASS_REWARD + PERF_WEIGHT * score_a)).sum()
        cost = (PERF_WEIGHT * (1 - score_a)).sum()
        net[r] = (gain - cost) / n * 100
    lo, mid, hi = np.quantile(net, [0.025, 0.5, 0.975])
    w = np.sqrt(k / (k - 1))
    print(f"net in [{mid - w * (mid - lo):.4f}, {mid + w * (hi - mid):.4f}]")


main()
