"""Card values, the deck's make-up and the seat/team layout of each table size.

`ACTIONS` is the one table of what each action card does (family, name, words).

Internally the `=` card is the integer 0 so that every card is a small int; it becomes
the string "=" only at the JSON boundary (see `to_json` / `from_json`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

EQ = 0
"""The `=` card (matches anything, scores as the lowest numbered card of its campsite)."""

NUMBERS = tuple(range(1, 14))
ACTION_VALUES = frozenset(range(5, 14))


@dataclass(frozen=True)
class Action:
    """What an action card does, for people: its family (the icon it wears), the name printed
    on the card, and a sentence saying what it lets you do (R-ACT-5 .. R-ACT-13)."""

    family: str  # "view", "flip", "discard", "exchange" or "give"
    name: str
    words: str


ACTION_FAMILIES = ("view", "flip", "discard", "exchange", "give")


def N_(message: str) -> str:
    """Marks a name or sentence for the translators' catalog (Babel extracts every `N_`), as
    game.lang's own `N_` does; the core stays free of the translation runtime, and the
    interface translates these words where it draws them."""
    return message


# The one table of the action cards: the card art, How to play, the table's prompts and the
# log all read it (never a copy of their own).
ACTIONS: dict[int, Action] = {
    5: Action(
        "view", N_("View 1"), N_("look at one face-down card in any campsite, or at the deck top, in secret.")
    ),
    6: Action(
        "view",
        N_("View 2"),
        N_("look at two face-down cards (any campsites) or the top one or two deck cards, in secret."),
    ),
    7: Action(
        "flip",
        N_("Flip 1"),
        N_("turn one face-down card face up for everyone, or show everyone the deck top."),
    ),
    8: Action(
        "flip", N_("Flip 2"), N_("turn two face-down cards face up, or show the deck top (or top two).")
    ),
    9: Action(
        "discard",
        N_("Discard 2"),
        N_(
            "throw two cards from any campsites or the deck top onto the pile; "
            "then the 9 joins your campsite at one end."
        ),
    ),
    10: Action(
        "discard",
        N_("Discard 1"),
        N_("throw one card from any campsite, or the deck top, onto the discard pile."),
    ),
    11: Action(
        "exchange",
        N_("Swap 2"),
        N_("exchange two cards in different campsites (or one with the deck top), unseen."),
    ),
    12: Action(
        "exchange", N_("View 2 + swap"), N_("look at any two cards, then decide whether to exchange them.")
    ),
    13: Action(
        "give", N_("Give 13"), N_("place the 13 face up at either end of any campsite, yours or another's.")
    ),
}

ACTION_NAMES = {v: a.name for v, a in ACTIONS.items()}
"""The name printed on each action card (derived from ACTIONS)."""

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
