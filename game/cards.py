"""Card values, the deck's make-up and the seat/team layout of each table size.

Internally the `=` card is the integer 0 so that every card is a small int; it becomes
the string "=" only at the JSON boundary (see `to_json` / `from_json`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

EQ = 0
"""The `=` card (matches anything, scores as the lowest numbered card of its campsite)."""

NUMBERS = tuple(range(1, 14))
ACTION_VALUES = frozenset(range(5, 14))

ACTION_NAMES = {
    5: "View 1",
    6: "View 2",
    7: "Flip 1",
    8: "Flip 2",
    9: "Discard 2",
    10: "Discard 1",
    11: "Swap 2",
    12: "View 2 + swap",
    13: "Give 13",
}

CAMPER_COUNTS = (3, 4, 6)


def label(value: int | None) -> str:
    """How a card is written for people: "7", "=", or "?" for an unknown card."""
    if value is None:
        return "?"
    return "=" if value == EQ else str(value)


def to_json(value: int | None) -> int | str | None:
    return "=" if value == EQ else value


def from_json(raw: object) -> int:
    """A card value from a record; raises ValueError for anything that is not 1..13 or "="."""
    if raw == "=":
        return EQ
    if type(raw) is int and 1 <= raw <= 13:
        return raw
    raise ValueError(f"not a card value: {raw!r}")


def deck_for(campers: int) -> list[int]:
    """The sorted multiset of cards for a game (R-DECK-1): 56 cards for 3/4, 70 for 6."""
    copies = 5 if campers == 6 else 4
    return [v for v in (*NUMBERS, EQ) for _ in range(copies)]


def same_multiset(cards: Iterable[int], campers: int) -> bool:
    return Counter(cards) == Counter(deck_for(campers))


def rounds_for(campers: int) -> int:
    """R-GAME-1: 4 campers play 4 rounds, 3 and 6 campers play 3."""
    return 4 if campers == 4 else 3


def team_of(seat: int, campers: int) -> int:
    """R-SEAT-2/3: even seats are team 0 (with 3 campers only seat 0, the solo)."""
    if campers == 3:
        return 0 if seat == 0 else 1
    return seat % 2


def team_seats(team: int, campers: int) -> tuple[int, ...]:
    return tuple(s for s in range(campers) if team_of(s, campers) == team)


def campsite_layout(seat: int, campers: int) -> tuple[int, int]:
    """R-SETUP-1: (face-down count, face-up count) dealt to a seat."""
    if campers == 3 and seat == 0:
        return 6, 2
    return 3, 2
