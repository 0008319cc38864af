#!/usr/bin/env python3
"""Makes examples/noisy-fix's runs: twelve cases measured three times each,
before and after a fix that makes conv_tail pass and every other case 12 %
slower, and a control run (the before code measured again).  Each
repetition's runtime is its case's true runtime times exp(sd * z), z a
standard normal number from Python's seeded generator.

    python3 make.py SD SEED   (the shipped files: python3 make.py 0.08 6)"""
import math, random, sys

sd, seed = float(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
cases = ['conv%d' % i for i in range(1, 12)] + ['conv_tail']
true = {c: 1.0 + 0.25 * i for i, c in enumerate(cases)}


def run(name, slower, tail_passes):
    with open(name, 'w') as f:
        f.write('case,repetition,runtime,passed\n')
        for rep in (1, 2, 3):
            for c in cases:
                t = true[c] * (1.12 if slower and c != 'conv_tail' else 1)
                x = t * math.exp(sd * rng.gauss(0, 1))
                ok = 1 if c != 'conv_tail' or tail_passes else 0
                f.write('%s,%d,%.4f,%d\n' % (c, rep, x, ok))


run('before.csv', False, False)
run('after.csv', True, True)
run('control.csv', False, False)
