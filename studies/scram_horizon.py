"""How a search's playouts end: the round over, still going, or a Scram declared and pending.

Run: `.venv/bin/python -m studies.scram_horizon --campers 4 --games 3 --seed 2500001
[--level trailblazer] [--knobs '{"trailblazer": {"scram_out": true}}']`.

Plays whole games of `--level` in every seat and counts, over every playout of the searches
at every decision (`ai.deep`'s `play_on`), where the playout stopped: the round over (its
record judges), the round still going (the standing judges), or a Scram declared within the
horizon and its final turns not yet played (the standing judges a round about to be scored
as R-SCORE-3 says, as if it went on: how often the standing judges a Scram it cannot see
scored).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import ai.deep as deep
from ai.driver import play_game
from ai.search import over, play_on
from ai.tournament import deal_bots


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2500001)
    ap.add_argument("--level", default="trailblazer")
    ap.add_argument("--knobs", type=json.loads, default=None, help="{level: {knob: value}} as JSON")
    args = ap.parse_args()
    ends: Counter[str] = Counter()

    def counted(g, *how):
        n = play_on(g, *how)
        ends["over" if over(g) else "Scram pending" if g.scram is not None else "going on"] += 1
        return n

    deep.play_on = counted  # the searches' playouts, counted where they end
    n = args.campers
    for d in range(args.games):
        seed = args.seed + d
        play_game(n, deal_bots([args.level] * n, n, seed, args.knobs), seed)
    total = sum(ends.values())
    if not total:
        print(f"{args.level} searched no decision: only a level that searches every decision is counted")
        return 1
    print(f"{n} campers, {args.level} {args.knobs or ''}, deals {args.seed}-{args.seed + args.games - 1}:")
    for key in ("over", "going on", "Scram pending"):
        print(f"  {key:14} {ends[key]:8d}  {ends[key] / total:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
