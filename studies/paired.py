"""Versions of a level against the same opponent on the same deals: the paired differences.

Run: `.venv/bin/python -m studies.paired --campers 4 --level trailblazer --against master
--b '{"mid_samples": 48}' [--b '{...}' ...] [--a '{}'] [--games 1600] [--seed 10201]
[--workers 2] [--cache DIR]`.

Each version plays the duplicate games of `python -m ai.tournament --teams LEVEL,AGAINST`
(`--a`/`--b`: knobs over the level's shipped ones, `{}` as shipped; `--b` may be given
several times) on the same deals, with the same bot seeds, so they differ only where the
versions decide differently. Prints each version's win share with its 95 % interval,
Scrams a game and their success, and for each B the mean difference B - A per deal with
its standard error (paired over deals: the luck of a deal is shared, which a comparison of
two tournaments would count twice) and how many deals ended differently.

`--cache DIR` keeps each version's per-deal results in DIR (a JSON file per version, deal
range, opponent and the code of the bots and the rules core) and reuses them, so a shipped
version A measured once on some deals is not played again for the next B on the same deals;
a change to `ai/` or `game/rules/` makes new files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

from ai.tournament import interval, play_deal
from game.rules import team_of


def both(deal: int, campers: int, seats: tuple[str, ...], seed: int, level: str, versions: tuple) -> list:
    """[(deal score, Scrams, good Scrams)] of the level's side, for each version."""
    out = []
    for knobs in versions:
        r = play_deal(deal, campers, seats, seed, True, {level: knobs} if knobs else None)
        mine = [s for s in r["scrams"] if s[0] == level]
        out.append((r["score"][0], len(mine), sum(s[3] for s in mine)))
    return out


def _code() -> str:
    """A fingerprint of the code a game's outcome depends on: the bots and the rules core."""
    top = Path(__file__).resolve().parent.parent
    h = hashlib.sha1()
    for f in sorted([*top.glob("ai/*.py"), *top.glob("ai/*.json"), *top.glob("game/rules/*.py")]):
        h.update(f.name.encode() + f.read_bytes())
    return h.hexdigest()


def _rows(args, n: int, seats: tuple[str, ...], versions: tuple, deals: int) -> list:
    """Per deal, each version's (score, Scrams, good Scrams): played, or read from `--cache`."""
    paths = [None] * len(versions)
    known: dict[int, list] = {}
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
        code = _code()
        for j, knobs in enumerate(versions):
            key = json.dumps([code, n, args.level, args.against, args.seed, deals, knobs], sort_keys=True)
            paths[j] = args.cache / (hashlib.sha1(key.encode()).hexdigest()[:16] + ".json")
            if paths[j].is_file():
                known[j] = json.loads(paths[j].read_text())
    todo = tuple(v for j, v in enumerate(versions) if j not in known)
    played: list = []
    if todo:
        job = partial(both, campers=n, seats=seats, seed=args.seed, level=args.level, versions=todo)
        with Pool(args.workers) as pool:
            # Each deal's rows to stderr as it ends: a run cut short still shows what it played.
            for d, row in enumerate(pool.imap(job, range(deals))):
                played.append(row)
                print(f"deal {args.seed + d}: {json.dumps(row)}", file=sys.stderr, flush=True)
    cols, t = [], 0
    for j in range(len(versions)):
        if j in known:
            cols.append(known[j])
        else:
            cols.append([r[t] for r in played])
            t += 1
            if paths[j] is not None:
                paths[j].write_text(json.dumps(cols[j]))
    return [[tuple(cols[j][d]) for j in range(len(versions))] for d in range(deals)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    ap.add_argument("--level", default="trailblazer")
    ap.add_argument("--against", default="master")
    ap.add_argument("--a", default="{}", help="version A's knobs (JSON)")
    ap.add_argument("--b", action="append", help="a version B's knobs (JSON; repeatable)")
    ap.add_argument("--games", type=int, default=1600, help="games per version (two per deal)")
    ap.add_argument("--seed", type=int, default=10201)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, help="a folder for per-deal results, reused")
    args = ap.parse_args()
    n = args.campers
    seats = tuple(args.level if team_of(s, n) == 0 else args.against for s in range(n))
    versions = (json.loads(args.a), *(json.loads(b) for b in args.b or ["{}"]))
    deals = max(1, args.games // 2)
    rows = _rows(args, n, seats, versions, deals)
    print(
        f"{args.level} against {args.against}, {n} campers, deals {args.seed}-{args.seed + deals - 1} "
        f"({2 * deals} games per version)"
    )
    for j in range(len(versions)):
        name = "A" if j == 0 else f"B{j}"
        xs = [r[j][0] for r in rows]
        lo, hi = interval(xs)
        scrams = sum(r[j][1] for r in rows)
        good = sum(r[j][2] for r in rows)
        print(
            f"{name} {json.dumps(versions[j])}: {100 * statistics.fmean(xs):.1f} % "
            f"[{100 * lo:.1f}, {100 * hi:.1f}], {scrams / (2 * deals):.2f} Scrams a game, "
            f"{100 * good / max(scrams, 1):.1f} % succeeded"
        )
    for j in range(1, len(versions)):
        d = [r[j][0] - r[0][0] for r in rows]
        se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        print(
            f"B{j} - A: {100 * statistics.fmean(d):+.1f} points (standard error {100 * se:.1f}); "
            f"{sum(x != 0 for x in d)} of {deals} deals ended differently"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
