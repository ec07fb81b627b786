"""Benchmarks shipped with the package (run by ``flickboard bench`` and bench/*.py).

Each prints ratios against a baseline measured in the same run; none is timed in tests.
They read their data through ``importlib.resources`` (``bench/data/`` here) and write only
where ``--output`` says, so they run from an installed wheel in any folder; the scripts
that rewrite the docs from ``bench/results/`` live outside the package, in the
repository's top-level ``bench/`` folder.
"""
