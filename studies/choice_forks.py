"""Where the top level chooses otherwise than the expert would, which choice did better?

Run: `.venv/bin/python -m studies.choice_forks --campers 6 --deals 60 [--seed 900]
[--knobs JSON] [--out F.jsonl] [--workers 2]`, then `--report F.jsonl` to read the figures again.

Trailblazers play experts (each deal twice, the teams' seats exchanged). Each trailblazer
has a shadow: an expert in its seat that sees the same view and events. At every decision
before the game's last round where the shadow would decide otherwise, the game and every bot
are copied; the trailblazer decides as shipped, and the copy plays the shadow's decision
instead, then everybody plays on as shipped to the round's end. The report gives, per kind
of difference (the phase, what each chose, and whether the round was ending), the mean of
the copy's recorded margin minus the real one: negative where the trailblazer's own choice
did better. It points at the decisions where the search may be missing something.
"""

from __future__ import annotations

import copy
import statistics
from collections import defaultdict

from ai import make_bot
from ai.driver import feed
from game.rules import team_of
from studies.scram_forks import _margin, _play_to, run, table


def _kind(d) -> str:
    return f"replace{len(d.cards)}" if d.do == "replace" else d.do


def deal(d: int, campers: int, seed: int, knobs: dict, shadow: str = "expert") -> list[dict]:
    """Both seatings of deal `d`: every decision where the shadow (a bot of level `shadow`)
    differed, both ways."""
    n, game_seed = campers, seed + d
    points: list[dict] = []
    for team in (0, 1):
        game, bots = table(n, game_seed, team, knobs)
        shadows = [make_bot(shadow, s, n, game_seed * 29 + s) for s in range(n) if team_of(s, n) == team]
        feed(shadows, game.events)
        everyone = bots + shadows
        mine: list[dict] = []
        while not game.over:
            seat, view = game.turn, game.view(game.turn)
            bot = bots[seat]
            if team_of(seat, n) != team or game.round == game.rounds:
                feed(everyone, game.play(bot.decide(view)))
                continue
            theirs = next(s for s in shadows if s.seat == seat).decide(view)
            saved = (game.copy(), copy.deepcopy(bots))
            ours = bot.decide(view)
            if theirs != ours:
                g, bs = saved
                feed(bs, g.play(theirs))
                _play_to(g, bs, game.round)
                ending = bot._ending(view)  # the round's last turns, as the bot sees them
                mine.append(
                    {
                        "deal": game_seed,
                        "round": game.round,
                        "kind": f"{view.phase}: {_kind(ours)} / {_kind(theirs)}"
                        + (", ending" if ending else ""),
                        "alt_margin": _margin(g, game.round, team),
                    }
                )
            feed(everyone, game.play(ours))
        for point in mine:
            point["margin"] = _margin(game, point["round"], team)
        points.extend(mine)
    return points


def report(points: list[dict], least: int = 10, who: str = "the expert") -> None:
    by = defaultdict(list)
    for p in points:
        by[p["kind"]].append(p["alt_margin"] - p["margin"])
    every = [v for vs in by.values() for v in vs]
    games = 2 * len({p["deal"] for p in points})
    print(f"{len(points)} decisions where {who} would have chosen otherwise, in {games} games")
    print(f"kind (phase: ours / {who}'s) | decisions | theirs minus ours: recorded margin (SE)")
    rows = [("all", every)] + sorted(by.items(), key=lambda kv: -len(kv[1]))
    for kind, vs in rows:
        if len(vs) >= least:
            se = statistics.pstdev(vs) / len(vs) ** 0.5
            print(f"{kind} | {len(vs)} | {statistics.mean(vs):+.1f} ({se:.1f})")


if __name__ == "__main__":
    run(__doc__, deal, report, seed=900)
