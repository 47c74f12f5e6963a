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
    campsites: list[list[tuple]] = [[] for _ in range(campers)]
    layouts = _LAYOUTS[campers]
    pos = 0
    for k in range(campers):
        seat = (start + k) % campers
        down, up = layouts[seat]
        mid, end = pos + down, pos + down + up
        campsites[seat] = [(v, False, 0) for v in order[pos:mid]] + [(v, True, 0) for v in order[mid:end]]
        pos = end
    rest = order[pos + 1 :]
    rest.reverse()
    return campsites, order[pos], rest
