"""Benchmarks shipped with the package (run by ``flickboard bench`` and bench/*.py).

Each prints ratios against a baseline measured in the same run; none is timed in tests.
"""
