"""Scram calibration: the top level's predicted chance of success against what happened.

Run: `.venv/bin/python -m studies.scram_calibration --campers 4 --seats trailblazer,expert,trailblazer,expert
--games 200 [--workers 2] [--seed 1] [--least-chance 0.25]`. Every Scram a searching bot
declares is logged with its raw share of winning guessed tables and its calibrated chance
(`ai.scram`); the round's result says whether it succeeded (the declaring team recorded 0,
R-SCORE-3). Prints, for each level that predicts, per bucket of the raw share: how many
Scrams, the mean raw share and calibrated chance, and the success rate measured; then per
level: Scrams per game and their success rate. Each deal is played twice with the sides'
seats exchanged (as the tournament does). `--least-chance` lowers the top level's
threshold for the run, so that Scrams it would not declare are measured too (how
`ai.scram.CALIBRATION` was filled).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections import defaultdict
from functools import partial
from multiprocessing import Pool

from ai import LEVELS
from ai.bots import LEVEL_PARAMS
from ai.driver import play_game
from ai.tournament import deal_bots
from game.rules import RoundScored, Scram, ScramDeclared, team_of

EDGES = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01)


def play(deal: int, campers: int, seats: tuple[str, ...], seed: int) -> list[tuple]:
    """[(level, raw, calibrated or None, success)] for every Scram of two games of a deal."""
    n = campers
    out = []
    for levels in (list(seats), [seats[(s - 1) % n] for s in range(n)]):
        game_seed = seed + deal
        bots = deal_bots(levels, n, game_seed)
        said: list[tuple] = []

        def watch(game, seat, decision, dt, bots=bots, said=said, levels=levels):
            if type(decision) is Scram:
                log = getattr(bots[seat], "scram_log", None)
                raw, cal = log[-1] if log else (None, None)
                said.append((levels[seat], raw, cal))

        game = play_game(n, bots, game_seed, watch)
        declared = None
        k = 0
        for e in game.events:
            if type(e) is ScramDeclared:
                declared = e.seat
            elif type(e) is RoundScored and declared is not None:
                level, raw, cal = said[k]
                out.append((level, raw, cal, e.recorded[team_of(declared, n)] == 0))
                k += 1
                declared = None
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    p.add_argument("--seats", required=True)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--least-chance", type=float, help="the top level's threshold for this run")
    args = p.parse_args()
    if args.least_chance is not None:  # before the workers fork: they inherit it
        top = LEVELS[-1]
        LEVEL_PARAMS[top] = dataclasses.replace(LEVEL_PARAMS[top], scram_p_min=args.least_chance)
    seats = tuple(args.seats.split(","))
    deals = max(1, args.games // 2)
    job = partial(play, campers=args.campers, seats=seats, seed=args.seed)
    with Pool(args.workers) as pool:
        rows = [r for part in pool.imap_unordered(job, range(deals)) for r in part]
    print(
        f"Scram calibration: {args.campers} campers, seats {args.seats}, {2 * deals} games, seed {args.seed}"
    )
    for level in sorted({r[0] for r in rows if r[1] is not None}):
        logged = [r for r in rows if r[0] == level and r[1] is not None]
        head = f"{level + ': raw share':<24}{'Scrams':>8}{'mean raw':>10}"
        print(f"{head}{'mean calibrated':>17}{'succeeded':>11}")
        for lo, hi in zip(EDGES, EDGES[1:], strict=False):
            part = [r for r in logged if lo <= r[1] < hi]
            if not part:
                continue
            raw = sum(r[1] for r in part) / len(part)
            cal = sum(r[2] for r in part) / len(part)
            ok = sum(r[3] for r in part) / len(part)
            span = f"{lo:.2f}-{min(hi, 1.0):.2f}"
            print(f"{span:<24}{len(part):>8}{raw:>10.2f}{cal:>17.2f}{100 * ok:>10.1f}%")
    by_level = defaultdict(list)
    for r in rows:
        by_level[r[0]].append(r[3])
    games = 2 * deals
    for level, oks in sorted(by_level.items()):
        print(
            f"{level:<12} {len(oks) / games:.2f} Scrams per game, {100 * sum(oks) / len(oks):.1f}% succeeded"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
