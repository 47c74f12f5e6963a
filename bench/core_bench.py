"""Benchmark of the rules core: random-policy games per second and the cost of a state copy.

Run: `.venv/bin/python -m bench.core_bench` (one process). Prints medians of several runs
in CPU time (the machine is shared: wall time would count the others' work too). Targets:
>= 600 four-camper games per second (so a bot's search can afford its playouts), a
`Game.copy()` under 20 µs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from game.rules.state import Game
from game.sim import simulate


def games_per_second(campers: int, games: int, runs: int) -> list[float]:
    out = []
    for r in range(runs):
        res = simulate(campers, games, seed=1000 * r + 1)
        out.append(res.games / res.cpu_seconds)
    return out


def copy_micros(runs: int, copies: int = 20000) -> list[float]:
    """Time `copy()` on mid-game states (a few turns into round 1)."""
    rng = random.Random(3)
    game = Game(4, 3)
    while len(game.actions) < 20:
        game.play(game.sample_decision(rng))
    out = []
    for _ in range(runs):
        t0 = time.process_time()
        for _ in range(copies):
            game.copy()
        out.append((time.process_time() - t0) / copies * 1e6)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    for campers in (4, 3, 6):
        rates = games_per_second(campers, args.games, args.runs)
        print(
            f"{campers} campers: median {statistics.median(rates):6.1f} games per CPU second  "
            f"(runs: {', '.join(f'{r:.0f}' for r in rates)})"
        )
    micros = copy_micros(args.runs)
    runs = ", ".join(f"{m:.2f}" for m in micros)
    print(f"state copy: median {statistics.median(micros):.2f} µs  (runs: {runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
