"""sim_rules.py [--check | --grid EST] TRACE...: the coverage of other
rules for the interval of net, made of the rows that FIXPRICE_SIM_TRACE writes
(tests/sim_trace.h), for each configuration in them: how each rule
misses, below the truth or above it, at 95 % and at 80 %.  A study aid,
not a test; the rules:

  printed     the intervals as fixprice printed them
  remade      the same made again from the row (the check of this
              script): quad KD/KU below with the row's kd, ku and
              ceiling (the estimator's: 3/1.4, at most 1.65, for the
              mean, 2/1.6 for the median)
  quad KD/KU  each side's spread about the centre (the price less its
              bias) widened by the bias's own uncertainty, KD times the
              bias on the measured price's side and KU times on the
              other, added in quadrature (sqrt(1 + (K bias / s)^2), s
              the resamples' 80 % width over 2.563), the other side's
              factor at most the ceiling; KD/KU 2/0
  held        the rule before it: the interval with the bias removed
              and as measured, holding both
  widened     held, the quantiles about the centre scaled by the nested
              ratio (FIXPRICE_SIM_NESTED; never narrowed)
  point       widened, holding the measured price only
  plain       widened, holding nothing
and each again with the whole excess (no Monte Carlo guard): kink times
(mean - ref), the resamples' quantiles moved by the difference.  Every
rule keeps its interval within the range net can take, as fixprice does.
--grid EST (mean or median) makes the intervals again under every rule
of a grid of guards, shares of the kink factor, doubts and ceilings
(rule(), as bias.c's bias_rules takes them) and prints the ten that
miss the fewest configurations held to the bands (doc/noise.md, step 4:
how the rules were chosen; some minutes).  --check only counts the rows
whose intervals, made again, differ from
those printed (exit 1 if any): a few may, where resamples with no gain
were held at or below 0 (interval.c, keep_no_gain), which the row's
quantiles do not show.  The column se is the Monte Carlo error of the
resamples' mean (NaN in rows written before it), from which a rule can
guard the excess otherwise than by the row's guard of it (the last
column; 3 in rows written before it, whose ref was the price at the
expected estimates, not at the resamples' mean ones).  Rows written
before kd and ku were the mean's rule for every estimator (2/0.3), and
before the ceiling had none."""
import math
import sys


def wilson(k, n, z=1.959964):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * (c - h), 100 * (c + h)


def within_range(lo, hi, r):
    """lo, hi kept within the range net can take, as fixprice keeps them."""
    return (min(max(lo, r["range_lo"]), r["range_hi"]),
            max(min(hi, r["range_hi"]), r["range_lo"]))


def quad(r, q, bias, kd, ku, ceiling=math.inf):
    """The two intervals of quantiles q about the centre (the price less
    bias), each side widened by the bias's doubt, KD times it on the
    measured price's side and KU on the other (that side's factor at most
    CEILING), in quadrature."""
    c = r["point"] - bias
    s = (q[3] - q[2]) / 2.563103
    fd = math.sqrt(1 + (kd * bias / s) ** 2) if s > 0 else 1
    fu = min(math.sqrt(1 + (ku * bias / s) ** 2), ceiling) if s > 0 else 1
    down, up = (fd, fu) if bias < 0 else (fu, fd)
    return [within_range(c + down * (lo - c), c + up * (hi - c), r)
            for lo, hi in ((q[0], q[1]), (q[2], q[3]))]


def rule(r, guard, share, kd, ku, ceiling):
    """r's two intervals under another estimator's rule (bias.c): the
    excess (mean - ref) less GUARD Monte Carlo errors of the resamples'
    mean, SHARE of the kink formula's factor, the doubt KD/KU and its
    CEILING; the resamples' quantiles moved with the bias."""
    c = r["correction"]
    d = r["mean"] - r["ref"]
    ex = 0 if abs(d) <= guard * r["se"] else d - math.copysign(
        guard * r["se"], d)
    bias = share / (math.sqrt(1 + 1 / c ** 2) - 1) * ex
    q = [x + r["bias"] - bias for x in (r["q025"], r["q975"], r["q10"],
                                        r["q90"])]
    return quad(r, q, bias, kd, ku, ceiling)


def misses(rows, params):
    """The configurations of rows whose coverage under rule(params) lies
    outside 93-97 % (80 %: 77-83 %) in a set of 400 trials (numbered
    0-399, 400-799, ...: the battery's test), as (config, first trial,
    level, coverage); and the squared distance from 95 and 80."""
    out, dev = [], 0.0
    for config, rs in rows.items():
        if "near the clip" in config:
            continue
        sets = {}
        for r in rs:
            cov = sets.setdefault(int(r["trial"]) // 400 * 400, [0, 0, 0])
            for lv, (lo, hi) in enumerate(rule(r, *params)):
                cov[lv] += lo <= r["truth"] <= hi
            cov[2] += 1
        for first, cov in sets.items():
            for lv, (nom, tol) in enumerate(((95, 2), (80, 3))):
                p = 100 * cov[lv] / cov[2]
                dev += (p - nom) ** 2 / tol ** 2
                if abs(p - nom) > tol + 1e-9:
                    out.append((config, first, nom, round(p, 2)))
    return out, dev


# Doubts away from the measured price with their ceilings: none, and
# from 1.5 to 2 with the doubts that reach them at a bound.
CEILINGS = [(ku, math.inf) for ku in (0, 0.3, 0.6, 0.9, 1.2, 1.4, 1.6, 2)] + \
    [(ku, c) for ku in (1.2, 1.4, 1.6, 2)
     for c in (1.5, 1.55, 1.6, 1.65, 1.7, 1.75, 1.8, 2)]


def grid(rows, est):
    """The rules for estimator est (guard, share, KD, KU, ceiling) that
    miss the fewest configurations of rows, best first (doc/noise.md,
    step 4)."""
    rows = {k: v for k, v in rows.items() if k.startswith(est + ",")}
    tried = []
    for guard in (1.5, 2, 2.5, 3):
        for share in (0.4, 0.5, 0.6, 0.7, 0.85, 1.0, 1.2):
            for kd in (0, 0.5, 1, 1.5, 2, 2.5, 3):
                for ku, ceiling in CEILINGS:
                    p = (guard, share, kd, ku, ceiling)
                    m, dev = misses(rows, p)
                    tried.append((len(m), dev, p, m))
    tried.sort(key=lambda t: (t[0], t[1]))
    for n, dev, p, m in tried[:10]:
        print(f"guard {p[0]} share {p[1]} K {p[2]}/{p[3]} ceiling {p[4]}: "
              f"{n} misses {m}, distance {dev:.1f}")


def rules(r, whole):
    point, bias, kink = r["point"], r["bias"], r["kink"]
    q = [r["q025"], r["q975"], r["q10"], r["q90"]]
    if whole:
        new = kink * (r["mean"] - r["ref"])
        q = [x + bias - new for x in q]
        bias = new
    c = point - bias
    w = max(1.0, r["nested"])
    out = {}
    for name, widen, hold in (("held", 1, "bias"), ("widened", w, "bias"),
                              ("point", w, "point"), ("plain", w, None)):
        pair = []
        for lo, hi in ((q[0], q[1]), (q[2], q[3])):
            if widen != 1:
                lo, hi = c - widen * (c - lo), c + widen * (hi - c)
            if hold == "bias":
                lo, hi = min(lo, lo + bias), max(hi, hi + bias)
            elif hold == "point":
                lo, hi = min(lo, point), max(hi, point)
            lo, hi = within_range(lo, hi, r)
            pair.append((lo, hi))
        out[name + (" (whole)" if whole else "")] = pair
    for name, kd, ku, c in (("remade", r["kd"], r["ku"], r["ceiling"]),
                            ("quad 2/0", 2, 0, math.inf)):
        out[name + (" (whole)" if whole else "")] = quad(r, q, bias, kd, ku,
                                                         c)
    if not whole:
        out["printed"] = [(r["lo95"], r["hi95"]), (r["lo80"], r["hi80"])]
    return out


COLS = ("config trial truth point bias kink correction ref mean lo95 hi95 "
        "lo80 hi80 q025 q975 q10 q90 range_lo range_hi nested se kd ku "
        "guard ceiling").split()


def check(rows):
    """The count of intervals that, made again, differ from those
    printed by more than rounding."""
    bad = 0
    for rs in rows.values():
        for r in rs:
            pair = rules(r, False)
            for (lo, hi), (plo, phi) in zip(pair["remade"], pair["printed"]):
                tol = 1e-9 * max(1.0, abs(lo), abs(hi))
                bad += abs(lo - plo) > tol or abs(hi - phi) > tol
    return bad


def main():
    rows = {}
    checking = sys.argv[1:2] == ["--check"]
    est = sys.argv[2] if sys.argv[1:2] == ["--grid"] else None
    for path in sys.argv[1 + checking + 2 * (est is not None):]:
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) == len(COLS) - 5:  # a row from before `se`
                f.append("nan")
            if len(f) == len(COLS) - 4:  # from before kd and ku
                f += ["2", "0.3"]
            if len(f) == len(COLS) - 2:  # from before guard
                f.append("3")
            if len(f) == len(COLS) - 1:  # from before the ceiling
                f.append("inf")
            if len(f) != len(COLS):
                continue
            r = dict(zip(COLS, [f[0]] + [float(x) for x in f[1:]]))
            r["file"] = path
            rows.setdefault(r["config"], []).append(r)
    if est:
        # The battery's 400 trials of each configuration in each file,
        # not the second look's 1,600 (whose numbers follow on).
        first = {}
        for rs in rows.values():
            for r in rs:
                k = (r["config"], r["file"])
                first[k] = min(first.get(k, r["trial"]), r["trial"])
        grid({c: [r for r in rs if r["trial"] < first[(c, r["file"])] + 400]
              for c, rs in rows.items()}, est)
        return
    if checking:
        bad = check(rows)
        print(f"{bad} intervals made again differ from those printed")
        sys.exit(bad != 0)
    for config, rs in rows.items():
        n = len(rs)
        ratios = sorted(r["nested"] for r in rs)
        print(f"{config}: {n} trials, nested ratio median "
              f"{ratios[n // 2]:.3f}")
        tally = {}
        for r in rs:
            for whole in (False, True):
                for name, pair in rules(r, whole).items():
                    t = tally.setdefault(name, [0, 0, 0, 0, 0, 0])
                    for lv, (lo, hi) in enumerate(pair):
                        t[3 * lv] += lo <= r["truth"] <= hi
                        t[3 * lv + 1] += r["truth"] < lo
                        t[3 * lv + 2] += r["truth"] > hi
        for name, t in tally.items():
            lo, hi = wilson(t[0], n)
            print(f"  {name:18s} 95: {100 * t[0] / n:5.1f} [{lo:4.1f}, "
                  f"{hi:5.1f}] below {100 * t[1] / n:4.1f} above "
                  f"{100 * t[2] / n:4.1f}   80: {100 * t[3] / n:5.1f} "
                  f"below {100 * t[4] / n:4.1f} above {100 * t[5] / n:4.1f}")


main()
