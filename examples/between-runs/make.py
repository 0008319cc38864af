#!/usr/bin/env python3
"""Makes examples/between-runs' runs: twelve cases measured in 3 runs
(reruns of the benchmark process) per side, 5 samples per case in each,
before and after a fix that makes conv_tail pass and every other case 12 %
slower.  Each run has an offset of its own, shared by its cases (the
process: exp(run_sd * z)), and each sample noise of its own (exp(sd * z));
z are standard normal numbers from Python's seeded generator.

before.csv and after.csv hold the three runs of each side, a `run` column
saying which; before-run1.csv and after-run1.csv hold run 1 alone (what
one measurement per side would have given); before-pooled.csv and
after-pooled.csv the same samples as before.csv and after.csv pooled as
one run's (repetitions 1 to 15, no run column).

    python3 make.py RUN_SD SD SEED   (the shipped files: see README.md)"""
import math, random, sys

run_sd, sd, seed = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
cases = ['conv%d' % i for i in range(1, 12)] + ['conv_tail']
true = {c: 1.0 + 0.25 * i for i, c in enumerate(cases)}


def side(slower, tail_passes):
    rows = []
    for run in (1, 2, 3):
        offset = math.exp(run_sd * rng.gauss(0, 1))
        for c in cases:
            t = true[c] * (1.12 if slower and c != 'conv_tail' else 1)
            ok = 1 if c != 'conv_tail' or tail_passes else 0
            for rep in range(1, 6):
                x = t * offset * math.exp(sd * rng.gauss(0, 1))
                rows.append((c, run, rep, x, ok))
    return rows


def write(name, rows, form):
    with open(name, 'w') as f:
        f.write('case,run,repetition,runtime,passed\n' if form == 'runs'
                else 'case,repetition,runtime,passed\n')
        for c, run, rep, x, ok in rows:
            if form == 'runs':
                f.write('%s,%d,%d,%.4f,%d\n' % (c, run, rep, x, ok))
            elif form == 'pooled':
                f.write('%s,%d,%.4f,%d\n' % (c, (run - 1) * 5 + rep, x, ok))
            elif run == 1:
                f.write('%s,%d,%.4f,%d\n' % (c, rep, x, ok))


before, after = side(False, False), side(True, True)
for form, suffix in (('runs', ''), ('run1', '-run1'), ('pooled', '-pooled')):
    write('before%s.csv' % suffix, before, form)
    write('after%s.csv' % suffix, after, form)
