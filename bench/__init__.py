"""Benchmarks: each prints figures (medians of timings, loads, sizes) and asserts nothing.

Run from the repository root: `.venv/bin/python -m bench.core_bench`. The figures some of them
keep are in bench/results/.
"""
