"""A seat's view of the table: everything that seat may know, and nothing more.

Bots and the UI decide from a `SeatView`, never from the `Game`: it is built by copying
the public facts and the values this seat knows (R-INFO-1..5, as a camper with perfect
memory would see the table), so it holds no reference to the state behind it. A view
knows the legal decisions too (they depend on public facts only, see `table.py`).
"""

from __future__ import annotations

from .cards import team_seats
from .events import as_seen, seat_bit
from .legality import TableRules
from .phases import DRAWN, TWELVE


class SeatView(TableRules):
    """The table as `seat` sees it (`seat` None: the whole truth, for replays and tests;
    `events.PUBLIC`: the public table a spectator sees, no face-down value at all)."""

    def __init__(self) -> None:  # built by `of`
        self.deck_known: dict[int, int] = {}

    @classmethod
    def of(cls, game, seat: int | None) -> SeatView:
        v = cls()
        n = game.campers
        v.campers = n
        v.seat = seat
        v.round, v.rounds, v.start = game.round, game.rounds, game.start
        v.turn, v.phase = game.turn, game.phase
        v.scram, v.final = game.scram, tuple(game.final)
        v.twelve = game.twelve
        v.scores, v.totals, v.winner = tuple(game.scores), tuple(game.totals), game.winner
        v.discard = tuple(game.discard)
        v.deck_size = len(game.deck)
        if seat is None:
            v.campsites = tuple(tuple(row) for row in game.campsites)
            v.deck_known = {p: game.deck_card(p)[0] for p in range(len(game.deck))}
            v.drawn = game.drawn
        else:
            bit = seat_bit(seat)
            v.campsites = tuple(tuple(as_seen(c, bit) for c in row) for row in game.campsites)
            deck, known = game.deck, game.deck_known
            top = len(deck) - 1
            v.deck_known = {top - i: deck[i] for i in range(len(deck)) if known[i] & bit}
            sees = seat == game.turn or game.drawn_source == "discard" or game.drawn_mask & bit
            v.drawn = game.drawn if sees else None
        v.drawn_source = game.drawn_source
        v.drawn_mask = game.drawn_mask
        return v

    FIELDS = (
        "campers", "seat", "round", "rounds", "start", "turn", "phase", "scram", "final", "twelve",
        "scores", "totals", "winner", "discard", "deck_size", "campsites", "deck_known", "drawn",
        "drawn_source", "drawn_mask",
    )  # fmt: skip

    @classmethod
    def of_parts(cls, **fields: object) -> SeatView:
        """A view from its fields, each named (a client rebuilding its seat's view from what a
        server sent: game/rules/wire_view.py); every field of `FIELDS`, nothing else."""
        if set(fields) != set(cls.FIELDS):
            wrong = sorted(set(fields) ^ set(cls.FIELDS))
            raise TypeError(f"a view needs exactly its fields (not {', '.join(wrong)})")
        v = cls()
        v.__dict__.update(fields)
        return v

    @property
    def deck_count(self) -> int:
        return self.deck_size

    @property
    def holding(self) -> int | None:
        return self.drawn if self.phase in (DRAWN, TWELVE) else None

    def value(self, seat: int, slot: int) -> int | None:
        """The value of a campsite card if this view knows it, else None."""
        return self.campsites[seat][slot][0]

    def knows(self, seat: int, slot: int) -> bool:
        return self.campsites[seat][slot][0] is not None

    def team_members(self, team: int) -> tuple[int, ...]:
        return team_seats(team, self.campers)

    def key(self) -> tuple:
        """Everything in the view, as one comparable value (for tests and caches)."""
        return (
            self.seat,
            self.round,
            self.turn,
            self.phase,
            self.campsites,
            self.drawn,
            self.drawn_source,
            self.discard,
            self.deck_size,
            tuple(sorted(self.deck_known.items())),
            self.scram,
            self.final,
            self.twelve,
            self.scores,
            self.totals,
            self.winner,
        )
