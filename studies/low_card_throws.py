"""How often each level throws away its own known low card with a 9 or a 10.

Run: `.venv/bin/python -m studies.low_card_throws [--campers 4] [--games 100] [--seed 60001]
[--levels greenhorn,scout,...] [--forks] [--workers 2]`.

Every level plays `--games` games with itself in every seat (seeds `--seed` and after). At
each 9 or 10 played for its action the bench asks whether one of the targets is a card of
the actor's own campsite that the actor knows (face up, or in its memory) and that is low:
an `=` or a value up to 4 (`LOW`). A 9 lands in its player's campsite (R-ACT-9), so
throwing its own known 1 with it is keeping a 9 in the 1's stead. It prints, per level, the
9s and 10s played and how many of them threw such a card, per 100 games, and of the 9s how
many did it for too few points: the cards thrown worth no more than the 9 as the bot
believed them (what players once saw the bots do; since the levels spare their own low
cards, no level should).

With `--forks`, at every such throw the game and every bot are copied and the copy throws
the action card itself away instead (R-TURN-3 a); both play on as the bots decide to the
round's end. The report then gives the copy's recorded margin minus the real one for the
actor's team (positive: throwing the card itself would have done better), with its
standard error, for the 9 and the 10 apart and by the size of the actor's own campsite (2
cards or fewer: it could declare Scram at its next turn). It also asks, at every 9 and 10,
what the old rule (before the levels spared their own low cards) would have played
(`Params.spare_low` off; the rollouts' quick policy stays the new one); where that
differs, a copy plays it, and the report gives its recorded margin minus the real one
(positive: the old rule did better).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import statistics
import sys
from functools import partial
from multiprocessing import Pool

from ai import LEVELS, make_bot
from ai.driver import feed
from ai.policy import LOW  # noqa: E402  (a known card up to this value, or an `=`, is low)
from ai.tournament import _known_value
from game.rules import DISCARD, EQ, Act, Game, team_of
from studies.scram_forks import _margin, _play_to


def low_own_targets(game: Game, seat: int, decision, memory=None) -> list[int]:
    """The actor's own known low cards that `decision` (a 9 or 10 about to be played) throws."""
    if type(decision) is not Act or game.drawn not in (9, 10):
        return []
    out = []
    for t in decision.targets:
        if t[0] == seat:
            v = _known_value(game, seat, t, memory)
            if v is not None and (v == EQ or v <= LOW):
                out.append(v)
    return out


def one_game(g: int, level: str, campers: int, seed: int, forks: bool) -> dict:
    """One game of `level` in every seat: its 9s and 10s, the low own cards thrown, the forks."""
    n = campers
    game = Game(n, seed + g)
    bots = [make_bot(level, s, n, (seed + g) * 31 + s) for s in range(n)]
    feed(bots, game.events)
    out = {"9": 0, "10": 0, "low9": 0, "low10": 0, "cheap9": 0, "forks": []}
    pending = []  # (round, team, the copy's margin)
    changed = []  # the same where the old rule would have played otherwise
    while not game.over:
        seat = game.turn
        bot = bots[seat]
        view = game.view(seat)
        saved = (game.copy(), copy.deepcopy(bots)) if forks and game.drawn in (9, 10) else None
        if saved is not None and hasattr(bot, "params"):
            # What the old rule (`Params.spare_low` off) would have played here.
            g2, b2 = game.copy(), copy.deepcopy(bots)
            b2[seat].params = dataclasses.replace(b2[seat].params, spare_low=False)
            b2[seat].end_params = dataclasses.replace(b2[seat].end_params, spare_low=False)
            old = b2[seat].decide(view)
            b_new = copy.deepcopy(saved[1])
            if old != b_new[seat].decide(view):
                rnd = g2.round
                feed(b2, g2.play(old))
                _play_to(g2, b2, rnd)
                changed.append((rnd, team_of(seat, n), _margin(g2, rnd, team_of(seat, n))))
        d = bot.decide(view)
        if type(d) is Act and game.drawn in (9, 10):
            kind = str(game.drawn)
            out[kind] += 1
            if low_own_targets(game, seat, d, getattr(bot, "memory", None)):
                out["low" + kind] += 1
                if kind == "9" and hasattr(bot, "know"):
                    k = copy.deepcopy(bot).know(view)  # what it believed (a copy: nothing moves)
                    worth = sum(k.est[t[0]][t[1]] for t in d.targets if t[0] != "deck")
                    out["cheap9"] += worth <= 9.0
                if saved is not None:
                    g2, b2 = saved
                    rnd = g2.round
                    feed(b2, g2.play(DISCARD))
                    _play_to(g2, b2, rnd)
                    where = (kind, len(view.campsites[seat]) <= 2)
                    pending.append((rnd, team_of(seat, n), _margin(g2, rnd, team_of(seat, n)), where))
        feed(bots, game.play(d))
    for rnd, team, alt, where in pending:
        out["forks"].append((alt - _margin(game, rnd, team), *where))
    out["old"] = [alt - _margin(game, rnd, team) for rnd, team, alt in changed]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=60001)
    ap.add_argument("--levels", default=",".join((*LEVELS, "expert", "master")))
    ap.add_argument("--forks", action="store_true", help="also play the action card thrown away instead")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print(
        f"{args.campers} campers, {args.games} games per level (seeds {args.seed}-"
        f"{args.seed + args.games - 1}), the level in every seat; low: an `=` or up to {LOW}"
    )
    print(
        "level        9s played  threw own low  for too few points  10s played  threw own low"
        "  (per 100 games)"
    )
    for level in args.levels.split(","):
        job = partial(one_game, level=level, campers=args.campers, seed=args.seed, forks=args.forks)
        with Pool(args.workers) as pool:
            rows = pool.map(job, range(args.games))
        per = 100 / args.games
        t = {k: sum(r[k] for r in rows) for k in ("9", "10", "low9", "low10", "cheap9")}
        print(
            f"{level:<12}{t['9'] * per:>10.1f}{t['low9'] * per:>15.1f}{t['cheap9'] * per:>20.1f}"
            f"{t['10'] * per:>12.1f}{t['low10'] * per:>15.1f}"
        )
        old = [x for r in rows for x in r.get("old", [])]
        if old:
            se = statistics.stdev(old) / len(old) ** 0.5 if len(old) > 1 else 0.0
            print(
                f"{'':<12}where the old rule would have played otherwise ({len(old)} "
                f"decisions): its choice {statistics.fmean(old):+.2f} recorded points "
                f"(standard error {se:.2f})"
            )
        if args.forks:
            for kind in ("9", "10"):
                for small in (True, False):
                    fk = [x[0] for r in rows for x in r["forks"] if x[1:] == (kind, small)]
                    if fk:
                        se = statistics.stdev(fk) / len(fk) ** 0.5 if len(fk) > 1 else 0.0
                        size = "2 cards or fewer" if small else "3 or more"
                        print(
                            f"{'':<12}a {kind}, own campsite of {size}: "
                            f"throwing the {kind} itself instead {statistics.fmean(fk):+.2f} recorded points "
                            f"(standard error {se:.2f}), {len(fk)} throws"
                        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
