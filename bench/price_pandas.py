"""price_pandas.py BEFORE AFTER: the pricing of `fixprice price BEFORE
AFTER` under the default metric (metrics/pypto-gym.yaml), written with
pandas as a user without fixprice would write it: read_csv, merge on the
case name, the metric's formulas as vector expressions.  Prints the same
gain, cost, net and totals, so that `make bench` can compare both the
numbers and the time (bench/price_vs_pandas.sh)."""
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
    if run["passed"].isna().any() or run["case"].duplicated().any():
        sys.exit(f"{path}: bad pass word or duplicate case")
    return run


def main():
    before = read(sys.argv[1])
    after = read(sys.argv[2])
    both = before.merge(after, on="case", how="inner", validate="1:1",
                        suffixes=("_before", "_after"))
    if len(both) != len(before) or len(both) != len(after):
        sys.exit("the runs do not have the same cases")
    w = len(both)
    score_b = np.minimum(1, both["ref_runtime_before"] /
                         both["runtime_before"])
    score_a = np.minimum(1, both["ref_runtime_after"] /
                         both["runtime_after"])
    pb = both["passed_before"]
    pa = both["passed_after"]
    value_b = pb * (PASS_REWARD + PERF_WEIGHT * score_b)
    value_a = pa * (PASS_REWARD + PERF_WEIGHT * score_a)
    total_b = value_b.sum() / w * 100
    total_a = value_a.sum() / w * 100
    newly = (pa == 1) & (pb == 0)
    gain = (newly * (PASS_REWARD + PERF_WEIGHT * score_a)).sum() / w * 100
    cost = (PERF_WEIGHT * (score_b - score_a)).sum() / w * 100
    print(f"net {gain - cost:.4f} = gain {gain:.4f} - cost {cost:.4f}")
    print(f"control: total_before {total_b:.4f}, total_after {total_a:.4f}")


main()
