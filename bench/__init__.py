"""Benchmarks: pytest-benchmark suites (``pytest bench``) and the peer comparison (compare.py)."""
