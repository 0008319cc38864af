"""A parametrized pytest-benchmark test for fixprice's reader tests: each
parameter value is a configuration of its own.  FIXED=1 (after the fix):
every value does a little more work."""
import os

import pytest

FIXED = os.environ.get("FIXED") == "1"


@pytest.mark.parametrize("n", [1000, 4000])
def test_scale(benchmark, n):
    m = n + n // 2 if FIXED else n
    assert benchmark(lambda: sum(i * i for i in range(m))) > 0
