"""Positions for the learned value (ai/value.py): tables of played rounds and what they recorded.

Run: `.venv/bin/python build/value_data.py --campers 4 --games 600 --seed 2000001
--out /tmp/value4.jsonl [--level trailblazer] [--workers 2]`.

Plays one game a deal (`--level` in every seat, seeded as every measurement seeds its bots)
and at the start of every turn of a round still without a Scram writes the real table
(read by this script only): one JSON line per position, `[deal, round, deck size, turn,
campsites, margin]`, the campsites as `[value, face up, known mask]` per card and the
margin the round's recorded one (R-SCORE-3: the second team's recorded score minus the
first's). Lines are written as games finish, so a run cut short still leaves its data.
`build/value_fit.py` fits the model to them.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

from ai.driver import play_game
from ai.tournament import deal_bots
from game.rules import START, RoundScored


def one_game(deal: int, n: int, level: str, seed: int) -> list[list]:
    """The positions of the deal's game, each with its round's recorded margin."""
    game_seed = seed + deal
    rows: list[list] = []

    def watch(game, seat, decision, took) -> None:
        if game.phase == START and game.scram is None:
            sites = [[[v, int(up), known] for v, up, known in row] for row in game.campsites]
            rows.append([game_seed, game.round, len(game.deck), game.turn, sites])

    game = play_game(n, deal_bots([level] * n, n, game_seed), game_seed, watch)
    margins = [e.recorded[1] - e.recorded[0] for e in game.events if type(e) is RoundScored]
    return [[*r, margins[r[1] - 1]] for r in rows]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    ap.add_argument("--level", default="trailblazer")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=2000001)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    job = partial(one_game, n=args.campers, level=args.level, seed=args.seed)
    done = 0
    with Pool(args.workers) as pool, args.out.open("a") as out:
        for rows in pool.imap_unordered(job, range(args.games)):
            out.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
            out.flush()
            done += 1
    print(
        f"{done} games, deals {args.seed}-{args.seed + args.games - 1}, {args.campers} campers -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
