"""The deal of a round: its seeded shuffle and how the cards are laid out (R-SETUP-1/2).

Every shuffle comes from the game's seed (one RNG per use, derived from the seed and what
it is for), so seed + decisions reproduce a game exactly.
"""

from __future__ import annotations

import random

from .cards import CAMPER_COUNTS, campsite_layout, deck_for
from .draws import shuffle

# The sorted deck of each table size (R-DECK-1), and each seat's (face-down, face-up) deal.
_DECKS = {n: tuple(deck_for(n)) for n in CAMPER_COUNTS}
_LAYOUTS = {n: tuple(campsite_layout(s, n) for s in range(n)) for n in CAMPER_COUNTS}


def round_rng(seed: int, what: str) -> random.Random:
    """The RNG for one use of the seed ("start" or a round number): stable across runs."""
    return random.Random(f"scram/{seed}/{what}")


def shuffled_deck(campers: int, seed: int, round_: int) -> list[int]:
    """Round `round_`'s deck in deal order (first card dealt first)."""
    order = list(_DECKS[campers])
    shuffle(order, round_rng(seed, str(round_)))
    return order


def lay_out(order: list[int], campers: int, start: int) -> tuple[list[list[tuple]], int, list[int]]:
    """Deal `order` from `start` round the table: (campsites, discard top, deck with its top last).

    Each seat gets its face-down cards, then its face-up ones, as `(value, up, known)`.
    """
    campsites, _, top, deck = lay_out_shown(order, campers, start)
    return campsites, top, deck


def lay_out_shown(
    order: list[int], campers: int, start: int
) -> tuple[list[list[tuple]], tuple[tuple[tuple[int, bool], ...], ...], int, list[int]]:
    """`lay_out`, with each campsite as the deal shows it too: `(value, up)` for each card
    (the `RoundDealt` event's campsites)."""
    # Every card dealt to a campsite is built by `zip` at C speed, then sliced into rows
    # (`ups` is as long as the cards dealt to campsites: the rest of `order` is left out).
    seats, ups, zeros = _PLANS[campers, start]
    cards = list(zip(order, ups, zeros, strict=False))
    shown = tuple(zip(order, ups, strict=False))
    campsites: list[list[tuple]] = [[]] * campers
    rows: list[tuple] = [()] * campers
    for seat, first, end in seats:
        campsites[seat] = cards[first:end]
        rows[seat] = shown[first:end]
    pos = len(ups)
    rest = order[pos + 1 :]
    rest.reverse()
    return campsites, tuple(rows), order[pos], rest


def _plan(
    campers: int, start: int
) -> tuple[tuple[tuple[int, int, int], ...], tuple[bool, ...], tuple[int, ...]]:
    """R-SETUP-2 for one table and start camper: each seat with the positions of its cards
    in the deal order (first, end), then the face of each card dealt and a 0 for each."""
    seats, ups = [], []
    for k in range(campers):
        seat = (start + k) % campers
        down, up = _LAYOUTS[campers][seat]
        seats.append((seat, len(ups), len(ups) + down + up))
        ups += [False] * down + [True] * up
    return tuple(seats), tuple(ups), (0,) * len(ups)


_PLANS = {(n, start): _plan(n, start) for n in CAMPER_COUNTS for start in range(n)}
