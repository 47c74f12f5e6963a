"""The game's last round(s), paired: two versions of the top level play them from the same
tables.

Run: `.venv/bin/python -m studies.final_round --campers 6 --deals 400 --a '{"game_scale":
null}' [--b '{}'] [--seed 100] [--rounds 1] [--workers 2]` (knobs over the shipped top
level: `{}` is as shipped; `--rounds 2`: the versions play the last two rounds). For each
deal, experts play every round before those (so the cumulative scores are those of real
games); then the rest is played four times from that same position: the top level with
the knobs `--a` on team 0 and on team 1 (experts opposite), and the same with `--b`.
Everything before is shared, so the difference between A and B is only what they do
from there (a paired comparison: far less noise than two tournaments). Prints each
version's share of games won by the top level's team, the mean difference B - A with its
standard error, and how many games ended differently.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import statistics
import sys
from functools import partial
from multiprocessing import Pool

from ai import make_bot
from ai.bots import LEVEL_PARAMS, LevelBot
from ai.driver import feed
from game.rules import Game, team_of


def _play(game: Game, bots: list, stop_round: int | None) -> None:
    """Play on to the game's end, or (`stop_round`) until that round begins."""
    while game.phase != "over" and game.round != stop_round:
        feed(bots, game.play(bots[game.turn].decide(game.view(game.turn))))


def versus_experts(knobs: dict, campers: int, team: int, seed: int) -> list:
    """One bot per seat: the top level (`knobs` over the shipped ones) on `team`, experts on
    the other; seat s's RNG seeded `seed * 17 + s`."""
    top = dataclasses.replace(LEVEL_PARAMS["trailblazer"], **knobs)
    return [
        LevelBot(top, s, campers, seed * 17 + s)
        if team_of(s, campers) == team
        else make_bot("expert", s, campers, seed * 17 + s)
        for s in range(campers)
    ]


def deal(
    d: int, campers: int, seed: int, versions: tuple[dict, dict], rounds_played: int = 1
) -> list[list[float]]:
    """[[A on team 0, A on team 1], [B on team 0, B on team 1]]: 1 won, 0.5 drawn, 0 lost."""
    n, game_seed = campers, seed + d
    game = Game(n, game_seed)
    experts = [make_bot("expert", s, n, game_seed * 31 + s) for s in range(n)]
    feed(experts, game.events)
    _play(game, experts, game.rounds - rounds_played + 1)
    out = []
    for knobs in versions:
        shares = []
        for team in (0, 1):
            g = copy.deepcopy(game)
            bots = versus_experts(knobs, n, team, game_seed)
            feed(bots, g.events)
            _play(g, bots, None)
            shares.append(0.5 if g.winner == "nobody" else float(g.winner == team))
        out.append(shares)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, default=6)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--a", default="{}", help="the top level's knobs for version A (JSON)")
    ap.add_argument("--b", default="{}", help="the same for version B")
    ap.add_argument("--rounds", type=int, default=1, help="the last ROUNDS rounds are played by each version")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    rounds = Game(args.campers, 0).rounds
    if not 1 <= args.rounds <= rounds:
        sys.exit(f"error: --rounds must be 1 to {rounds}: {args.campers} campers play {rounds} rounds")
    versions = (json.loads(args.a), json.loads(args.b))
    job = partial(deal, campers=args.campers, seed=args.seed, versions=versions, rounds_played=args.rounds)
    with Pool(args.workers) as pool:
        results = pool.map(job, range(args.deals), chunksize=4)
    a = [x for r in results for x in r[0]]
    b = [x for r in results for x in r[1]]
    diff = [y - x for x, y in zip(a, b, strict=True)]
    se = statistics.stdev(diff) / len(diff) ** 0.5
    print(
        f"{args.campers} campers, {args.deals} deals from seed {args.seed}, last {args.rounds} "
        f"round(s) played {len(a)} times by each version (top level on each team, experts opposite)"
    )
    print(f"A {versions[0]}: top level's team won {100 * statistics.fmean(a):.1f} %")
    print(f"B {versions[1]}: top level's team won {100 * statistics.fmean(b):.1f} %")
    print(
        f"B - A: {100 * statistics.fmean(diff):+.1f} points of win share (standard error "
        f"{100 * se:.1f}); {sum(1 for x in diff if x)} of {len(diff)} games ended differently"
    )


if __name__ == "__main__":
    main()
