"""Everything that happens at the table, as small immutable events.

An event that carries a card value some campers may not see has a `mask` field: the bit
set of seats allowed to see `card`. `for_seat` gives the copy a seat receives, with the
value hidden (None) where it may not see it; every other field is public (R-INFO-1).
Targets are as they stood when the event happened.

`PUBLIC` is the seat of nobody: a spectator's eyes, which see the public table only (R-INFO-1:
face-up cards, the piles, every movement, who looked where) and no face-down value, not even
one that every seat happens to know (a card each camper peeked at on their own is still
secret). `for_seat(event, PUBLIC)`, `Game.view(PUBLIC)` and `state_dict(game, PUBLIC)` give
that view.
"""

from __future__ import annotations

from typing import NamedTuple

PUBLIC = -1  # the seat of nobody: the public table a spectator sees


def seat_bit(seat: int) -> int:
    """The bit of `seat` in a `mask` (PUBLIC has none: it knows no secret card)."""
    return 0 if seat == PUBLIC else 1 << seat


def as_seen(card: tuple, bit: int) -> tuple:
    """A campsite card (value, up, known) as the seats of `bit` see it: a face-down card
    none of them knows has no value."""
    return card if card[1] or card[2] & bit else (None, False, card[2])


class RoundDealt(NamedTuple):
    """A round was dealt. `campsites[seat]` lists each card as `(value, up)`, in slot order;
    the full event carries every value, and `for_seat` hides the face-down ones (a deal
    shows nobody a face-down card, R-INFO-1). `deck_size` is the draw deck's count after it.
    """

    round: int
    start: int
    discard_top: int
    campsites: tuple = ()
    deck_size: int = 0


class TurnBegan(NamedTuple):
    seat: int


class CardDrawn(NamedTuple):
    """`seat` drew the deck top; seen by the drawer and whoever already knew it."""

    seat: int
    card: int | None
    mask: int


class CardTaken(NamedTuple):
    seat: int
    card: int


class ScramDeclared(NamedTuple):
    seat: int


class CardDiscarded(NamedTuple):
    """A card went face up onto the discard pile, from the hand (source None) or a target."""

    seat: int
    card: int
    source: tuple | None


class CardPlayed(NamedTuple):
    """`seat` played its held card for the action."""

    seat: int
    card: int


class CardViewed(NamedTuple):
    seat: int
    target: tuple
    card: int | None
    mask: int


class CardFlipped(NamedTuple):
    seat: int
    target: tuple
    card: int


class CardsExchanged(NamedTuple):
    """An 11 or a 12 exchanged two cards (values not shown: faces are kept)."""

    seat: int
    first: tuple
    second: tuple


class ExchangeDeclined(NamedTuple):
    seat: int


class CardPlaced(NamedTuple):
    """A card came into a campsite at `slot` (a 9 or 13 face up, a kept card, a penalty)."""

    seat: int
    card: int | None
    owner: int
    slot: int
    up: bool
    mask: int
    penalty: bool = False


class ReplacementRevealed(NamedTuple):
    """A replacement's chosen cards turned face up; `matched` says whether they went."""

    seat: int
    targets: tuple
    cards: tuple
    matched: bool
    penalties: int


class RoundScored(NamedTuple):
    round: int
    campsites: tuple  # every card, face up, as the round ended
    camper_scores: tuple
    team_totals: tuple
    recorded: tuple
    scram: int | None


class GameOver(NamedTuple):
    winner: int | str
    totals: tuple


Event = (
    RoundDealt
    | TurnBegan
    | CardDrawn
    | CardTaken
    | ScramDeclared
    | CardDiscarded
    | CardPlayed
    | CardViewed
    | CardFlipped
    | CardsExchanged
    | ExchangeDeclined
    | CardPlaced
    | ReplacementRevealed
    | RoundScored
    | GameOver
)


def for_seat(event: Event, seat: int) -> Event:
    """The event as `seat` sees it: a secret value it may not see becomes None."""
    if type(event) is RoundDealt:
        hidden = tuple(tuple((v if up else None, up) for v, up in row) for row in event.campsites)
        return event._replace(campsites=hidden)
    mask = getattr(event, "mask", None)
    if mask is None or event.card is None:
        return event
    if seat == PUBLIC:
        # Nobody's eyes: only a card placed face up shows (its mask names every seat, as a
        # card every camper peeked at in secret would: the mask alone cannot tell them apart).
        shown = type(event) is CardPlaced and event.up
    else:
        shown = (mask >> seat) & 1
    return event if shown else event._replace(card=None)
