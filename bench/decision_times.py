"""What a bot's decision costs, per level and table size: CPU time and wall time.

Run: `.venv/bin/python -m bench.decision_times [--games 20] [--seed 50001] [--campers 3,4,6]
[--levels greenhorn,...] [--knobs '{"sage": {"mid_stand": "learned"}}']`. For every table
size and level it plays `--games` whole games in this one process, the level in every
seat (so every decision measured is that level's; `--knobs` over its shipped settings), and
prints per decision the CPU time (the bot's cost: a table server running many games at
once pays it, whatever else the machine does) and the wall time (what a player waits; on a
shared machine it also counts everybody else's work), p50, p95, mean and max, then the CPU
seconds a whole game of that level costs and how many such games one core could keep
going if each camper takes about `--human` seconds a turn (--human 4: a table of people
and bots at their pace). The budget is p95 150 ms and max 500 ms a decision. Ends with the
load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

from ai import LEVELS, make_bot
from ai.driver import play_game


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(
    level: str, campers: int, games: int, seed: int, knobs: dict | None = None
) -> tuple[list[float], list[float], int]:
    """(CPU times, wall times, turns) of every decision of `games` games of `level` (with
    `knobs` over its shipped `Params`, for measuring)."""
    cpu: list[float] = []
    wall: list[float] = []
    turns = 0
    for g in range(games):
        bots = [make_bot(level, s, campers, (seed + g) * 13 + s, knobs) for s in range(campers)]

        def watch(game, seat, decision, took, cpu=cpu, wall=wall):
            cpu.append(took.cpu)
            wall.append(took.wall)

        game = play_game(campers, bots, seed + g, watch)
        turns += sum(type(e).__name__ == "TurnBegan" for e in game.events)
    return cpu, wall, turns


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=50001)
    ap.add_argument("--campers", default="3,4,6")
    ap.add_argument("--levels", default=",".join((*LEVELS, "expert", "master")))
    ap.add_argument("--human", type=float, default=4.0, help="seconds a turn at a table of people")
    ap.add_argument("--knobs", default="{}", help="{level: {knob: value}} over the shipped (JSON)")
    args = ap.parse_args()
    knobs = json.loads(args.knobs)
    before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Decision times, {args.games} games per line, deals {args.seed}-{args.seed + args.games - 1}, ms")
    print(
        f"{'campers':<8}{'level':<13}{'CPU p50':>8}{'p95':>7}{'mean':>7}{'max':>7}"
        f"{'wall p50':>10}{'p95':>7}{'max':>7}{'decisions':>10}{'CPU s/game':>11}{'games/core':>11}"
    )
    for campers in (int(x) for x in args.campers.split(",")):
        for level in args.levels.split(","):
            cpu, wall, turns = measure(level, campers, args.games, args.seed, knobs.get(level))
            per_game = sum(cpu) / args.games
            # A game at people's pace lasts about turns x `human` seconds; a core keeps this
            # many going at once.
            tables = (turns / args.games) * args.human / per_game
            ms = [
                1000 * f(cpu)
                for f in (lambda x: _pct(x, 0.5), lambda x: _pct(x, 0.95), statistics.fmean, max)
            ]
            wms = [1000 * f(wall) for f in (lambda x: _pct(x, 0.5), lambda x: _pct(x, 0.95), max)]
            print(
                f"{campers:<8}{level:<13}{ms[0]:>8.2f}{ms[1]:>7.1f}{ms[2]:>7.2f}{ms[3]:>7.0f}"
                f"{wms[0]:>10.2f}{wms[1]:>7.1f}{wms[2]:>7.0f}{len(cpu):>10}{per_game:>11.2f}{tables:>11.0f}",
                flush=True,
            )
    print(
        f"load average (1, 5, 15 min) before: {before}; after: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
