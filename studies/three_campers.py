"""The 3-camper game: how much of the solo's winning is the rules, and how much the duo's play.

Run: `.venv/bin/python -m studies.three_campers [--games 400] [--seed 40001] [--workers 2]
[--only NAME,...]`. Every matchup plays the same deals (`--seed` and the deals after it),
each deal once with the solo seat given to the first level named (no duplicate: the roles
are what is measured). For each it prints the solo's win share with its 95 % interval, the
share of games the solo won only by R-GAME-3 (tied cumulative scores go to the solo) and
the solo's share with such ties counted half, each side's mean recorded round and mean round
total before R-SCORE-3, Scrams per game and their success for each side, and the duo's
teamwork: per game, replacements that also threw a teammate's card, all matched replacements
(each side), 13s given, and 9/10 discards of a teammate's card.

The matchups: equal bots (the trailblazer, the expert, the master), each level as solo
against the other as duo, both sides given every card (the oracle: the rules' own edge when
nobody has hidden cards), and two measuring hacks that no game level may use:

- `shared`: each duo camper also knows every card its teammate saw (as if they could talk;
  R-INFO-5 forbids it): what perfect use of the teammate's knowledge could be worth;
- `solo10`: the solo is dealt 8 face-down cards instead of 6 (10 in all, as many as the
  duo's two campsites; RULES.md says 6): what the card count is worth.
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import sys
from collections import Counter
from functools import partial
from multiprocessing import Pool

import ai.memory as memory_module
import game.rules.deal as deal_module
from ai import make_bot
from ai.belief import Know
from ai.bots import LevelBot
from ai.memory import Entry
from ai.tournament import _scram_outcomes, scram_lines
from game.rules import Act, Game, Replace, RoundScored, Scram, ScramDeclared, for_seat

T, E, M = "trailblazer", "expert", "master"
# name: (solo level, duo level, hack)
MATCHUPS: dict[str, tuple[str, str, str | None]] = {
    "trailblazer_vs_trailblazer": (T, T, None),
    "expert_vs_expert": (E, E, None),
    "master_vs_master": (M, M, None),
    "expert_vs_trailblazer": (E, T, None),
    "trailblazer_vs_expert": (T, E, None),
    "master_vs_trailblazer": (M, T, None),
    "trailblazer_vs_master": (T, M, None),
    "oracle_vs_oracle": ("oracle", "oracle", None),
    "trailblazer_vs_shared_trailblazer": (T, T, "shared"),
    "trailblazer_vs_trailblazer_solo10": (T, T, "solo10"),
}


# ---- the measuring hacks --------------------------------------------------------------
class SharedBot(LevelBot):
    """A duo camper that also knows what its teammate saw (a measuring hack, never a level):
    it keeps a second memory fed with the events as the teammate sees them, and fills the
    cards it does not know from it."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        base = make_bot(level, seat, 3, seed)
        super().__init__(base.params, seat, 3, seed)
        self.mate = 3 - seat
        self.mate_memory = copy.deepcopy(self.memory)
        self.mate_memory.seat = self.mate

    def observe_raw(self, events: list) -> None:
        self.memory.observe([for_seat(e, self.seat) for e in events])
        self.mate_memory.observe([for_seat(e, self.mate) for e in events])

    def know(self, view):
        self.memory.sync(view)
        merged = copy.copy(self.memory)
        merged.rows = [
            [_merged(a, b) for a, b in zip(r, m, strict=True)]
            for r, m in zip(self.memory.rows, self.mate_memory.rows, strict=True)
        ]
        merged.deck = dict(self.memory.deck)
        for pos, e in self.mate_memory.deck.items():
            if e.value is not None and (pos not in merged.deck or merged.deck[pos].value is None):
                merged.deck[pos] = e
        p = self.params
        return Know(view, self.seat, merged, counting=p.counting, infer=p.infer, measured=p.measured)


def _merged(own: Entry, mate: Entry) -> Entry:
    if own.value is not None or mate.value is None or own.up:
        return own
    e = copy.copy(own)
    e.value = mate.value
    return e


def _solo_ten(on: bool) -> None:
    """Deal the solo 8 face-down cards (on) or the 6 of R-SETUP-1 (off), in this process."""
    down = 8 if on else 6

    def layout(seat: int, campers: int) -> tuple[int, int]:
        if campers == 3 and seat == 0:
            return down, 2
        return 3, 2

    deal_module._LAYOUTS[3] = tuple(layout(s, 3) for s in range(3))
    for start in range(3):
        deal_module._PLANS[3, start] = deal_module._plan(3, start)
    memory_module.campsite_layout = layout


# ---- one game -------------------------------------------------------------------------
def play(deal: int, seed: int, solo: str, duo: str, hack: str | None) -> dict:
    _solo_ten(hack == "solo10")
    game_seed = seed + deal
    game = Game(3, game_seed)
    bots = [make_bot(solo, 0, 3, game_seed * 7919 + 11)]
    for s in (1, 2):
        bot_seed = game_seed * 7919 + 97 * s + 11
        bots.append(SharedBot(duo, s, bot_seed) if hack == "shared" else make_bot(duo, s, 3, bot_seed))
    stats: Counter = Counter()
    said: list[tuple] = []  # (side, raw share, calibrated chance) of every Scram
    _feed(bots, game.events)
    while game.phase != "over":
        seat = game.turn
        bot = bots[seat]
        view = game.view(None if bot.omniscient else seat)
        decision = bot.decide(view)
        _count(game, seat, decision, stats)
        if type(decision) is Scram:
            log = getattr(bot, "scram_log", None)
            said.append(("solo" if seat == 0 else "duo", *(log[-1] if log else (None, None))))
        _feed(bots, game.play(decision))
    out = _game_stats(game, stats)
    out["scrams"] = _scram_outcomes(game, said)
    return out


def _feed(bots: list, events: list) -> None:
    for bot in bots:
        if isinstance(bot, SharedBot):
            bot.observe_raw(events)
        elif bot.omniscient:
            bot.observe(events)
        else:
            bot.observe([for_seat(e, bot.seat) for e in events])


def _count(game: Game, seat: int, decision, stats: Counter) -> None:
    """The teamwork counters of one decision (`game` before it is applied)."""
    side = "solo" if seat == 0 else "duo"
    if type(decision) is Replace:
        if len(decision.cards) > 1:
            values = {game.campsites[s][i][0] for s, i in decision.cards} - {0}
            if len(values) <= 1:
                stats[f"{side} matched"] += 1
        if any(s != seat for s, _ in decision.cards):
            stats["duo with a teammate's card"] += 1
    elif type(decision) is Act and game.drawn == 13:
        stats[f"{side} 13 to {'solo' if decision.seat == 0 else 'duo'}"] += 1
    elif type(decision) is Act and game.drawn in (9, 10) and seat != 0:
        if any(t[0] not in ("deck", seat) for t in decision.targets):
            stats["duo 9/10 on the teammate"] += 1


def _game_stats(game: Game, stats: Counter) -> dict:
    out = {"won": 0.5 if game.winner == "nobody" else float(game.winner == 0)}
    out["tie"] = game.totals[0] == game.totals[1]
    out["rounds"] = len(game.scores)
    out["recorded"] = [sum(r[t] for r in game.scores) for t in (0, 1)]
    scram = None
    for e in game.events:
        if type(e) is ScramDeclared:
            scram = e.seat
        elif type(e) is RoundScored:
            for t in (0, 1):
                stats[f"total {t}"] += e.team_totals[t]
            if scram is not None:
                side = "solo" if scram == 0 else "duo"
                stats[f"{side} Scrams"] += 1
                stats[f"{side} Scrams good"] += e.recorded[0 if scram == 0 else 1] == 0
            scram = None
    out["stats"] = dict(stats)
    return out


# ---- the report -----------------------------------------------------------------------
def report(name: str, games: list[dict], seed: int) -> str:
    n = len(games)
    won = [g["won"] for g in games]
    m = statistics.fmean(won)
    half = 1.96 * statistics.stdev(won) / math.sqrt(n) if n > 1 else 0.0
    ties = sum(g["tie"] for g in games)
    rounds = sum(g["rounds"] for g in games)
    st: Counter = Counter()
    for g in games:
        st.update(g["stats"])
    solo, duo, hack = MATCHUPS[name]
    lines = [
        f"{name}: solo {solo}, duo {duo}{', ' + hack if hack else ''}; "
        f"{n} games, deals {seed}-{seed + n - 1}",
        f"  solo won {100 * m:.1f} % [{100 * (m - half):.1f}, {100 * (m + half):.1f}]; "
        f"tied totals (R-GAME-3, to the solo) {100 * ties / n:.1f} % of games; "
        f"ties counted half: {100 * (m - ties / (2 * n)):.1f} %",
        f"  mean recorded round: solo {sum(g['recorded'][0] for g in games) / rounds:.1f}, "
        f"duo {sum(g['recorded'][1] for g in games) / rounds:.1f}; "
        f"mean round total: solo {st['total 0'] / rounds:.1f}, duo {st['total 1'] / rounds:.1f}",
    ]
    for side in ("solo", "duo"):
        k = st[f"{side} Scrams"]
        good = 100 * st[f"{side} Scrams good"] / k if k else 0.0
        lines.append(f"  {side} Scrams: {k / n:.2f} a game, {good:.1f} % succeeded")
    per = " ".join(
        f"{key}: {st[key] / n:.2f};"
        for key in (
            "duo with a teammate's card",
            "duo matched",
            "solo matched",
            "duo 13 to solo",
            "duo 13 to duo",
            "solo 13 to duo",
            "duo 9/10 on the teammate",
        )
    )
    lines.append(f"  per game: {per}")
    scrams = [x for g in games for x in g["scrams"]]
    lines.extend("  " + x for x in scram_lines(scrams, n, ("solo", "duo"))[1 + len({x[0] for x in scrams}) :])
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=40001)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="comma-separated matchups: " + ", ".join(MATCHUPS))
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(MATCHUPS)
    for name in names:
        if name not in MATCHUPS:
            ap.error(f"unknown matchup {name!r}")
    with Pool(args.workers) as pool:
        for name in names:
            solo, duo, hack = MATCHUPS[name]
            job = partial(play, seed=args.seed, solo=solo, duo=duo, hack=hack)
            games = pool.map(job, range(args.games), chunksize=8)
            print(report(name, games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
