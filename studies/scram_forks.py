"""What declaring would have done, at every chance the top level had to Scram.

Run: `.venv/bin/python -m studies.scram_forks --campers 6 --deals 100 [--seed 700]
[--knobs '{"scram_p_min": 0.72}'] [--out F.jsonl] [--workers 2]`, then `--report F.jsonl`
to read the figures again (of several runs from other seeds: `cat` their files).

Trailblazers play experts (each deal twice, the teams' seats exchanged). At every start of
a trailblazer's turn where it may declare and its Scram judgement runs, the game and every
bot are copied before it decides; it then decides as shipped, and the copy plays the other
branch: if it declared, the copy is made to play on without declaring (its own choice
otherwise); if not, the copy declares. Both branches then play to the round's end, everybody as
shipped. So at every chance we know the round's recorded margin (their recorded score minus
ours) both ways, on the real table, against the real final turns, and in the game's last
round who won.

From these the report judges other Scram rules than the shipped one ("declare when the
calibrated chance is at least T"), on the bot's own chance: a rule plays as shipped up to the
first chance in a round where it decides otherwise, and there the other branch is what it
gets (exact for rules that only add Scrams; for rules that drop some, the rest of that round
is played as shipped). Paired on the same tables, so far less noisy than two tournaments.
Each chance in `--out` also holds the raw share `p`, the deck's size and how many opponents
hold at most 3 cards (`opp_low`), for rules of your own.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
from collections import defaultdict
from functools import partial
from multiprocessing import Pool
from pathlib import Path

import ai.bots as bots_module
from ai.driver import feed
from ai.scram import calibrated
from game.rules import SCRAM, Game, RoundScored, team_of
from studies.final_round import versus_experts

_seen: list = []  # the outlooks of the decision under way (the bot's own judgement)


def _watch_outlooks() -> None:
    """Have `ai.bots` report every outlook it takes to `_seen` (in the playing process
    only: importing this module changes nothing)."""
    if getattr(bots_module.outlook, "watched", False):
        return
    plain = bots_module.outlook

    def watched(*args, **kwargs):
        o = plain(*args, **kwargs)
        _seen.append(o)  # the first is the Scram's chance (the same tables every time)
        return o

    watched.watched = True
    bots_module.outlook = watched


def _play_to(game: Game, bots: list, rnd: int) -> None:
    """Play on until round `rnd` is over (the game too, if it was the last)."""
    while not game.over and game.round == rnd:
        feed(bots, game.play(bots[game.turn].decide(game.view(game.turn))))


def _margin(game: Game, rnd: int, team: int) -> int:
    """Round `rnd`'s recorded margin for `team`: their recorded score minus ours."""
    rec = game.scores[rnd - 1]
    return rec[1 - team] - rec[team]


def _won(game: Game, team: int) -> float:
    return 0.5 if game.winner == "nobody" else float(game.winner == team)


def _branch(game: Game, bots: list, seat: int, declare: bool, rnd: int, last: bool) -> dict:
    """The other branch from a copy: declare now, or play on without declaring."""
    team = team_of(seat, game.campers)
    if declare:
        feed(bots, game.play(SCRAM))
    else:
        bot = bots[seat]
        bot._scram_close = lambda _k: False  # a bench's hack on a copy, for this decision only
        d = bot.decide(game.view(seat))
        del bot._scram_close
        feed(bots, game.play(d))
    _play_to(game, bots, rnd)
    out = {"alt_margin": _margin(game, rnd, team), "alt_success": _success(game, rnd, team)}
    if last:
        out["alt_won"] = _won(game, team)
    return out


def _success(game: Game, rnd: int, team: int) -> bool | None:
    """Whether `team`'s Scram of round `rnd` succeeded (None: `team` did not declare)."""
    for e in reversed(game.events):
        if isinstance(e, RoundScored) and e.round == rnd:
            if e.scram is None or team_of(e.scram, game.campers) != team:
                return None
            return e.recorded[team] == 0
    raise AssertionError(f"round {rnd} was not scored")


def table(campers: int, game_seed: int, team: int, knobs: dict | None = None) -> tuple[Game, list]:
    """A new game with trailblazers (`knobs` over the shipped ones) on `team` and experts on
    the other, the deal seen."""
    game = Game(campers, game_seed)
    bots = versus_experts(knobs or {}, campers, team, game_seed)
    feed(bots, game.events)
    return game, bots


def deal(d: int, campers: int, seed: int, knobs: dict) -> list[dict]:
    """Both seatings of deal `d`: every chance the trailblazers had, with both branches."""
    _watch_outlooks()
    n, game_seed = campers, seed + d
    points: list[dict] = []
    for team in (0, 1):
        game, bots = table(n, game_seed, team, knobs)
        mine: list[dict] = []
        while not game.over:
            seat = game.turn
            bot = bots[seat]
            view = game.view(seat)
            chance = (
                team_of(seat, n) == team
                and view.phase == "start"
                and view.scram is None
                and len(view.campsites[seat]) <= 2
            )
            if chance:
                saved = (game.copy(), copy.deepcopy(bots))
            _seen.clear()
            decision = bot.decide(view)
            if chance and _seen:
                rnd, last = game.round, game.round == game.rounds
                declared = decision == SCRAM
                g, bs = saved
                point = {
                    "deal": game_seed,  # the game's seed names the deal, whatever the run
                    "team": team,
                    "round": rnd,
                    "last": last,
                    "to_end": bot._ending(view),
                    "p": _seen[0].p,
                    "chance": calibrated(_seen[0].p),
                    "declared": declared,
                    "deck": view.deck_size,
                    "opp_low": sum(len(view.campsites[s]) <= 3 for s in range(n) if team_of(s, n) != team),
                }
                point.update(_branch(g, bs, seat, not declared, rnd, last))
                mine.append(point)
            feed(bots, game.play(decision))
        for point in mine:
            rnd = point["round"]
            point["margin"] = _margin(game, rnd, team)
            point["success"] = _success(game, rnd, team)
            if point["last"]:
                point["won"] = _won(game, team)
        points.extend(mine)
    return points


# ---- the report ------------------------------------------------------------------
def _rounds(points: list[dict]) -> dict:
    by = defaultdict(list)
    for p in points:
        by[(p["deal"], p["team"], p["round"])].append(p)
    return by


def judge(points: list[dict], rule, games: int, last: bool) -> tuple[float, float, float, float]:
    """(mean gain per game, its standard error, Scrams per game, success rate) of `rule`
    against the decisions played, over the rounds that are (`last`) or are not the last."""
    gains: list[float] = []
    scrams = ok = 0
    for pts in _rounds(points).values():
        if pts[0]["last"] != last:
            continue
        gain, success = 0.0, pts[0]["success"]  # as shipped: the round's Scram, if ours
        for p in pts:
            if rule(p) != p["declared"]:
                # The first chance where the rule differs: the other branch is its round.
                gain = p["alt_won"] - p["won"] if last else p["alt_margin"] - p["margin"]
                success = p["alt_success"]
                break
        gains.append(gain)
        if success is not None:
            scrams += 1
            ok += success
    per = games or 1
    total = sum(gains) / per
    se = statistics.pstdev(gains) * math.sqrt(len(gains)) / per if len(gains) > 1 else 0.0
    return total, se, scrams / per, (ok / scrams if scrams else 0.0)


def _at_least(t: float, p: dict) -> bool:
    """Declare at a calibrated chance of `t` or more; in a round's last turns as shipped (it
    weighs what declaring records there)."""
    return p["declared"] if p["to_end"] else p["chance"] >= t


def rules() -> list[tuple[str, object]]:
    """The rules the report judges: as shipped, thresholds, and the last turns without the
    Scram the shipped bot makes there."""
    out: list[tuple[str, object]] = [("as played", lambda p: p["declared"])]
    out += [(f"chance >= {t:.2f}", partial(_at_least, t)) for t in (0.55, 0.6, 0.64, 0.68, 0.72, 0.76, 0.8)]
    out.append(("no Scram in the last turns", lambda p: p["declared"] and not p["to_end"]))
    return out


def report(points: list[dict]) -> None:
    games = 2 * len({p["deal"] for p in points})  # both seatings of every deal with a chance
    print(f"{len(points)} chances to declare in {games} games")
    for last in (False, True):
        if last:
            print("\nthe game's last round: gain in points of win share (standard error)")
        else:
            print("\nrounds before the last: gain in recorded margin per game (standard error)")
        print("rule | gain over the rule played | Scrams per game | succeeded")
        for name, rule in rules():
            g, se, s, ok = judge(points, rule, games, last)
            scale = 100 if last else 1
            print(f"{name} | {g * scale:+.2f} ({se * scale:.2f}) | {s:.2f} | {ok:.1%}")


def run(doc: str, deal, report, seed: int) -> None:
    """The command line of a fork bench: play `--deals` deals by `deal` on `--workers`
    processes (every point also appended to `--out`, JSON lines) and `report` them, or only
    `report` a file written before (`--report`)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--campers", type=int, default=6)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--knobs", default="{}", help="the trailblazers' knobs over the shipped ones (JSON)")
    ap.add_argument("--out", type=Path, help="also write every point here (JSON lines)")
    ap.add_argument("--report", type=Path, help="only report on a file written before")
    args = ap.parse_args()
    if args.report:
        report([json.loads(line) for line in args.report.read_text().splitlines() if line])
        return
    points: list[dict] = []
    with Pool(args.workers) as pool:
        play = partial(deal, campers=args.campers, seed=args.seed, knobs=json.loads(args.knobs))
        for pts in pool.imap_unordered(play, range(args.deals)):
            points.extend(pts)
            if args.out:
                with args.out.open("a") as f:
                    f.writelines(json.dumps(p) + "\n" for p in pts)
    report(points)


if __name__ == "__main__":
    run(__doc__, deal, report, seed=700)
