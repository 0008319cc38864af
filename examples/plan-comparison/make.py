#!/usr/bin/env python3
"""Makes examples/plan-comparison's runs: twelve matmul cases (three
problem sizes, m128, m512 and m2048, each at four depths k) measured five
times each before any fix and after each of five plans.  Before, the two
deepest large cases fail the accuracy gate.  Each plan says, per size,
whether the cases pass after it and how much slower they run (PLANS
below).  Each repetition's runtime is its case's true runtime times
exp(sd * z), z a standard normal number from Python's seeded generator.

    python3 make.py SD SEED   (the shipped files: python3 make.py 0.03 18)"""
import math, random, sys

sd, seed = float(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
SIZES = [('m128', 1.0), ('m512', 4.0), ('m2048', 16.0)]
DEPTHS = [1024, 2048, 4096, 8192]
CASES = [('%s_k%d' % (s, k), s, f * k / 1024) for s, f in SIZES for k in DEPTHS]
FAILING = {'m2048_k4096', 'm2048_k8192'}
# plan: {size: (passes after, slowdown)}; a size's failing cases pass
# after only when the plan says so.
PLANS = {
    'fp32-all':    {'m128': (True, 2.00), 'm512': (True, 2.00), 'm2048': (True, 2.00)},
    'fp32-last':   {'m128': (True, 1.25), 'm512': (True, 1.25), 'm2048': (True, 1.25)},
    'fp32-large':  {'m128': (True, 1.00), 'm512': (True, 1.00), 'm2048': (True, 1.60)},
    'split-k':     {'m128': (True, 1.00), 'm512': (True, 1.04), 'm2048': (True, 1.52)},
    'bf16-accum':  {'m128': (True, 0.97), 'm512': (True, 0.97), 'm2048': (False, 0.97)},
}


def run(name, plan):
    with open(name, 'w') as f:
        f.write('case,repetition,runtime,passed\n')
        for rep in range(1, 6):
            for c, size, t in CASES:
                ok, slow = plan[size] if plan else (True, 1.0)
                passes = c not in FAILING or (plan is not None and ok)
                x = t * slow * math.exp(sd * rng.gauss(0, 1))
                f.write('%s,%d,%.4f,%d\n' % (c, rep, x, 1 if passes else 0))


run('before.csv', None)
for p in PLANS:
    run(p + '.csv', PLANS[p])
