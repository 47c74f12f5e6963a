"""Hostile runs: what a hostile or unlucky user can do to the game, tried and counted.

`hostile_files` puts every hostile case of `hostile_cases` in place of a file the game reads and
counts what it handles; `hostile_load` runs the attacks of `hostile_attacks` against a table
server and prints what they managed. Run from the repository root: `.venv/bin/python -m
hostile.hostile_files --help`.
"""
