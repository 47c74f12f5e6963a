"""What the benches that play duplicate games of one level against another share: their
command line (campers, the two levels, the level's knobs, games, first deal, workers) and
playing one function per deal on a pool of workers."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from functools import partial
from multiprocessing import Pool


def deal_parser(doc: str, games: int, seed: int) -> argparse.ArgumentParser:
    """The shared options, with this bench's default number of games and first deal."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(4, 6), default=4)
    ap.add_argument("--level", default="trailblazer")
    ap.add_argument("--against", default="master")
    ap.add_argument("--knobs", default="{}", help="the level's knobs over the shipped ones (JSON)")
    ap.add_argument("--games", type=int, default=games, help="games (two per deal)")
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--workers", type=int, default=2)
    return ap


def play_deals(one_deal: Callable, args: argparse.Namespace) -> tuple[list, int]:
    """`one_deal(deal, n=, level=, against=, seed=, knobs=)` for every deal the games ask for
    (two games a deal), on `args.workers` processes: (the results in deal order, deals)."""
    deals = max(1, args.games // 2)
    knobs = json.loads(args.knobs) or None
    job = partial(
        one_deal, n=args.campers, level=args.level, against=args.against, seed=args.seed, knobs=knobs
    )
    with Pool(args.workers) as pool:
        return pool.map(job, range(deals), chunksize=2), deals
