"""Scrams per game of the top level then and now, against the same opponent: the ranger of
the commit issue 13 was filed against.

Run: `git worktree add /tmp/then 9a4d8f0`, then
`.venv/bin/python bench/scrams_then_and_now.py --then /tmp/then --side then --deals 500` and
the same with `--side now [--knobs '{"scram_p_min": 0.69}']`. `then` plays that commit's own
trailblazer against its own ranger on its own core; `now` plays today's trailblazer (with
`--knobs` over it) on today's core against that same old ranger, loaded as the package
`ai_then` (it asks only its view and its events, so it runs on today's core; its imports of
modules since moved or split up are served by aliases and a stand-in). Each deal is played
twice with the seats exchanged, from seed 1 up (or `--first`), as the tournament deals them.
Prints each level's Scrams per game
and their success rate (R-SCORE-3: the declaring team recorded 0) and the trailblazer's win
share. Today's ranger declares more often than the old one did, so comparing today's
trailblazer against today's ranger would count the opponent's change too.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import json
import shutil
import sys
import tempfile
import types
from functools import partial
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LEVELS = ("trailblazer", "ranger")


@functools.cache
def _load(side: str, then: Path, staging: Path) -> tuple:
    """(make_bot for the ranger, play_game) for `side`, loaded once per process; the
    trailblazer comes from `ai.bots` of the same side."""
    if side == "then":
        sys.path.insert(0, str(then))
        from ai.bots import make_bot
        from ai.driver import play_game

        return make_bot, play_game
    sys.path.insert(0, str(HERE))
    sys.path.insert(1, str(staging))
    import game.rules.phases as phases
    import game.rules.scoring as scoring

    for name in ("cards", "decisions", "events", "legality", "scoring", "state", "view"):
        # the old ranger imports the core's modules by their names before game/rules/ existed
        sys.modules[f"game.{name}"] = importlib.import_module(f"game.rules.{name}")
    table = types.ModuleType("game.table")  # the old home of these names
    table.DRAWN, table.START, table.TWELVE = phases.DRAWN, phases.START, phases.TWELVE
    table.camper_score = scoring.camper_score
    sys.modules["game.table"] = table
    from ai_then.bots import make_bot as make_then

    from ai.driver import play_game

    return make_then, play_game


def _deal(d: int, side: str, then: str, staging: str, knobs: dict) -> list[tuple[str, float]]:
    make_ranger, play_game = _load(side, Path(then), Path(staging))
    from ai.bots import LEVEL_PARAMS, LevelBot
    from game.rules.cards import team_of
    from game.rules.events import RoundScored, ScramDeclared

    top = dataclasses.replace(LEVEL_PARAMS["trailblazer"], **knobs)
    n, game_seed, out = 4, 1 + d, []
    for levels in (LEVELS * 2, LEVELS[::-1] * 2):
        bots = [
            LevelBot(top, s, n, game_seed * 7919 + 97 * s + len(lv))
            if lv == "trailblazer"
            else make_ranger(lv, s, n, game_seed * 7919 + 97 * s + len(lv))
            for s, lv in enumerate(levels)
        ]
        game = play_game(n, bots, game_seed)
        declared = None
        for e in game.events:
            if type(e) is ScramDeclared:
                declared = e.seat
            elif type(e) is RoundScored and declared is not None:
                out.append((levels[declared], float(e.recorded[team_of(declared, n)] == 0)))
                declared = None
        team = team_of(levels.index("trailblazer"), n)
        out.append(("won", 0.5 if game.winner == "nobody" else float(game.winner == team)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--then", required=True, type=Path, help="a checkout of the old commit")
    ap.add_argument("--side", choices=("then", "now"), required=True)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--first", type=int, default=1, help="the first deal (seed)")
    ap.add_argument("--knobs", default="{}", help="today's trailblazer's knobs (JSON)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if not (args.then / "ai" / "bots.py").is_file():
        sys.exit(f"error: {args.then} holds no ai/bots.py: check out the old commit there")
    with tempfile.TemporaryDirectory() as staging:
        shutil.copytree(args.then / "ai", Path(staging) / "ai_then")
        job = partial(
            _deal, side=args.side, then=str(args.then), staging=staging, knobs=json.loads(args.knobs)
        )
        with Pool(args.workers) as pool:
            deals = range(args.first - 1, args.first - 1 + args.deals)
            rows = [r for rs in pool.map(job, deals, chunksize=4) for r in rs]
    games = 2 * args.deals
    for level in LEVELS:
        ok = [x for lv, x in rows if lv == level]
        print(
            f"{args.side} {level}: {len(ok) / games:.3f} Scrams per game, "
            f"{100 * sum(ok) / max(1, len(ok)):.1f} % succeeded ({len(ok)} Scrams, {games} games)"
        )
    won = [x for lv, x in rows if lv == "won"]
    print(f"{args.side} trailblazer's win share: {100 * sum(won) / len(won):.1f} %")


if __name__ == "__main__":
    main()
