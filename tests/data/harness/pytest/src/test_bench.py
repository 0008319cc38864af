"""Tiny pytest-benchmark suite for fixprice's reader tests.

FIXED=0 (before the fix): test_raises's timed function raises, and
test_fails_after fails after its timing.  FIXED=1: both pass, and every
benchmark does a little more work."""
import os

FIXED = os.environ.get("FIXED") == "1"
N = 3000 if FIXED else 2000


def work():
    return sum(i * i for i in range(N))


def broken():
    if not FIXED:
        raise ValueError("wrong result: 41 != 42")
    return work()


def test_sum(benchmark):
    assert benchmark(work) > 0


def test_raises(benchmark):
    assert benchmark(broken) > 0


def test_fails_after(benchmark):
    result = benchmark(work)
    assert FIXED, "checked after timing: wrong result %d" % result


def test_plain():
    assert True
