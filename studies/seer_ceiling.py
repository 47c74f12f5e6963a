"""What knowing the face-down cards would be worth: the trailblazer that sees them, against the trailblazer.

Run: `.venv/bin/python -m studies.seer_ceiling --campers 4 --games 200 --seed 2600001
[--sees all|team|own|theirs|own-others|own-mates|none] [--every 10]`.

A reference that beats the trailblazer by 58 % or more was sought; every honest
candidate (more search, better playouts, a Scram played out) came out within a few points
of even. This bench measures the ceiling above them: **the seer** is the game's trailblazer
(the same search, knobs and Scram judgement) given the true value of face-down campsite
cards, in every campsite (`all`), in its own team's (`team`), in its own alone (`own`) or
in the other team's (`theirs`); never the deck's order (it knows of the deck what its seat
saw, from its own seat's events). `own-others` tells it only those of its own cards that
another camper knows (R-INFO-1 makes who-saw-what public: the most any reading of the
others' play could teach it of its row), `own-mates` only those a teammate knows (the most
any convention between partners could pass on). `none` is the trailblazer itself through
the same path (a check: 50 %). Measurement only: the seer cheats by construction and is
never a level of the game.

Duplicate games, the seer's team against the trailblazer's, deals `--seed` and on; prints
the running share every `--every` deals, then the share with its 95 % interval, the mean
recorded round, decision CPU and the Scrams.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter, defaultdict

import ai.tournament as tournament
from ai.belief import Know
from ai.deep import SearchingBot
from ai.levels import SEARCHING, SEARCHING_AT
from ai.tournament import interval, play_deal, scram_lines
from game.rules import (
    SCRAM,
    Game,
    ReplacementRevealed,
    RoundScored,
    SeatView,
    TurnBegan,
    as_seen,
    for_seat,
    team_of,
    team_seats,
)

SEES = ("all", "team", "own", "theirs", "own-others", "own-mates", "none")


def mates_bits(seat: int, campers: int) -> int:
    """The `known` bits of `seat`'s teammates (a card is (value, up, known), a bit a seat)."""
    return sum(1 << s for s in team_seats(team_of(seat, campers), campers) if s != seat)


class SeerKnow(Know):
    """The seat's belief, with the true values of the campsite cards of `truth` that `told(seat, card)`."""

    def __init__(self, truth, told, *args, **kwargs) -> None:
        self._truth, self._told = truth, told
        super().__init__(*args, **kwargs)

    def _read_campsites(self, view, memory, infer: bool) -> None:
        super()._read_campsites(view, memory, infer)
        for s, row in enumerate(self._truth):
            for i, c in enumerate(row):
                if not self._told(s, c):
                    continue
                self.vals[s][i] = c[0]
                for table in (self.hints, self.kinds, self.caps):
                    table.pop((s, i), None)


class SeerBot(SearchingBot):
    """The trailblazer's search (`SEARCHING`), told the face-down campsite cards of `sees`.

    The driver hands an `omniscient` bot the whole truth; the seer keeps its seat's own
    knowledge of the rest: it learns from its seat's events only (`for_seat`), and the view
    it decides on is its seat's, the deck as its memory holds it."""

    omniscient = True

    def __init__(self, seat: int, campers: int, seed: int, sees: str) -> None:
        super().__init__(seat, campers, seed, None, SEARCHING)
        mine, bit = team_of(seat, campers), 1 << seat
        mates = mates_bits(seat, campers)
        self.told = {
            "all": lambda s, c: True,
            "team": lambda s, c: team_of(s, campers) == mine,
            "own": lambda s, c: s == seat,
            "theirs": lambda s, c: team_of(s, campers) != mine,
            "own-others": lambda s, c: s == seat and bool(c[2] & ~bit),
            "own-mates": lambda s, c: s == seat and bool(c[2] & mates),
            "none": lambda s, c: False,
        }[sees]

    def observe(self, events: list) -> None:
        super().observe([for_seat(e, self.seat) for e in events])

    def seat_view(self, whole: SeatView) -> SeatView:
        """The seat's own view, rebuilt from the whole truth and the seat's memory of the deck."""
        bit = 1 << self.seat
        fields = {f: getattr(whole, f) for f in SeatView.FIELDS}
        fields["seat"] = self.seat
        fields["campsites"] = tuple(tuple(as_seen(c, bit) for c in row) for row in whole.campsites)
        fields["deck_known"] = {
            p: e.value for p, e in self.memory.deck.items() if e.value is not None and p < whole.deck_size
        }
        return SeatView.of_parts(**fields)

    def know(self, view: SeatView) -> Know:
        own = self.seat_view(view)
        self.memory.sync(own)
        p = self.params
        return SeerKnow(
            view.campsites, self.told, own, self.seat, self.memory, p.counting, p.infer, p.measured
        )


# How each side plays, from the games' events: turns, replacements that matched two cards or
# more and the cards they took away, failed replacements, the cards left at a round's end; at
# each decision, the deciding seat's own cards it does not know and how many of them another
# camper (a teammate) knows; at each Scram, the team's cards and how many of them the
# declaring seat did not know.
TALLY: dict[str, Counter] = defaultdict(Counter)
_play_game = tournament.play_game


def tallied(campers: int, bots: list, seed: int, watch=None) -> Game:
    """`play_game`, its events counted into `TALLY` by side (the seer's, the trailblazer's)."""
    side = ["seer" if isinstance(b, SeerBot) else "trailblazer" for b in bots]
    mates = [mates_bits(s, campers) for s in range(campers)]

    def looked(game, seat, decision, took) -> None:
        t, bit = TALLY[side[seat]], 1 << seat
        blind = [c for c in game.campsites[seat] if not c[1] and not c[2] & bit]
        t["decisions"] += 1
        t["own blind"] += len(blind)
        t["own blind, others know"] += sum(1 for c in blind if c[2])
        t["own blind, mates know"] += sum(1 for c in blind if c[2] & mates[seat])
        if decision == SCRAM:
            for s, row in enumerate(game.campsites):
                if team_of(s, campers) == team_of(seat, campers):
                    t["scram cards"] += len(row)
                    t["scram blind"] += sum(1 for c in row if not c[1] and not c[2] & bit)
        if watch is not None:
            watch(game, seat, decision, took)

    game = _play_game(campers, bots, seed, looked)
    for e in game.events:
        if type(e) is TurnBegan:
            TALLY[side[e.seat]]["turns"] += 1
        elif type(e) is ReplacementRevealed and len(e.cards) > 1:
            t = TALLY[side[e.seat]]
            t["matches" if e.matched else "failed"] += 1
            t["matched away"] += (len(e.cards) - 1) if e.matched else 0
        elif type(e) is RoundScored:
            for s, row in enumerate(e.campsites):
                TALLY[side[s]]["cards left"] += len(row)
                TALLY[side[s]]["rows"] += 1
    return game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=sorted(SEARCHING_AT - {3}), default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2600001)
    ap.add_argument("--sees", choices=SEES, default="all")
    ap.add_argument("--every", type=int, default=10, help="print the running share every this many deals")
    args = ap.parse_args()
    n = args.campers
    plain = tournament.make_bot  # the tournament's bots, with the seer among them

    def make_bot(level: str, seat: int, campers: int, seed: int, knobs=None):
        return (
            SeerBot(seat, campers, seed, args.sees)
            if level == "seer"
            else plain(level, seat, campers, seed, knobs)
        )

    tournament.make_bot = make_bot
    seats = tuple("seer" if team_of(s, n) == 0 else "trailblazer" for s in range(n))
    print(
        f"$ studies/seer_ceiling.py --campers {n} --games {args.games} --seed {args.seed} --sees {args.sees}"
    )
    tournament.play_game = tallied
    results = []
    for deal in range(max(1, args.games // 2)):
        results.append(play_deal(deal, n, seats, args.seed, True))
        if (deal + 1) % args.every == 0:
            xs = [r["score"][0] for r in results]
            print(f"  {deal + 1} deals: the seer {100 * statistics.fmean(xs):.1f} %", flush=True)
    xs = [r["score"][0] for r in results]
    lo, hi = interval(xs)
    games = sum(r["games"] for r in results)
    first, last = args.seed, args.seed + len(results) - 1
    print(f"{games} games, deals {first}-{last}, the seer seeing the campsites of: {args.sees}")
    print(f"the seer's share: {100 * statistics.fmean(xs):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]")
    for side, name in ((0, "seer"), (1, "trailblazer")):
        rounds = sum(r["rounds"][side] for r in results)
        mean = sum(r["round_sum"][side] for r in results) / max(rounds, 1)
        ts = sorted(t for r in results for t in r["times"].get(name, []))
        p50, p95 = ts[len(ts) // 2], ts[int(0.95 * len(ts))]
        print(
            f"  {name:<12} mean round {mean:5.1f}; decision CPU p50 {1000 * p50:.1f} ms, "
            f"p95 {1000 * p95:.1f} ms, max {1000 * ts[-1]:.0f} ms ({len(ts)} decisions)"
        )
        t = TALLY[name]
        turns = max(t["turns"], 1)
        print(
            f"  {'':<12} a turn: {t['matches'] / turns:.3f} matches of 2+ cards "
            f"({t['matched away'] / turns:.3f} cards taken away), {t['failed'] / turns:.3f} failed; "
            f"{t['cards left'] / max(t['rows'], 1):.2f} cards a campsite at a round's end"
        )
        d = max(t["decisions"], 1)
        print(
            f"  {'':<12} at a decision: {t['own blind'] / d:.2f} of its own cards face down and unknown "
            f"to it, {t['own blind, others know'] / d:.2f} of them known to another camper, "
            f"{t['own blind, mates know'] / d:.2f} to a teammate"
        )
        declared = sum(1 for x in results for y in x["scrams"] if y[0] == name)
        print(
            f"  {'':<12} at its Scrams: {t['scram cards'] / max(declared, 1):.2f} cards in the team's "
            f"campsites, {t['scram blind'] / max(declared, 1):.2f} of them face down and unknown to its seat"
        )
    scrams = [x for r in results for x in r["scrams"]]
    print("\n".join(scram_lines(scrams, games, ("seer", "trailblazer"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
