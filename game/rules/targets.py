"""Targets: the shared `(seat, slot)` tuples, each table's team seats, the shape a target
must have, and the pairs of targets an action may take, counted and indexed without listing.

Listing and sampling hand out the same immutable target tuples (`SLOTS`) instead of
building a tuple per card per decision.
"""

from __future__ import annotations

from math import isqrt

from .cards import team_of
from .decisions import Target, short_repr

# Each seat's team, by number of campers (read in the hot paths instead of calling team_of).
SEAT_TEAMS: dict[int, tuple[int, ...]] = {n: tuple(team_of(s, n) for s in range(n)) for n in (3, 4, 6)}
# The seats of each team, by number of campers: TEAM_SEATS[campers][team].
TEAM_SEATS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(s for s in range(n) if team_of(s, n) == t) for t in (0, 1)) for n in (3, 4, 6)
}

# Campsite targets `(seat, slot)`, built once: listing and sampling slice these rows instead
# of building a tuple per card per decision (a campsite holds at most the 70-card deck).
SLOTS = [[(s, i) for i in range(72)] for s in range(6)]


def row_targets(seat: int, size: int) -> list[Target]:
    """`[(seat, 0), ..., (seat, size - 1)]` (shared tuples: targets are immutable)."""
    return SLOTS[seat][:size]


def target_problem(t: object) -> str | None:
    """None if `t` has a target's shape: `(seat, slot)` of integers or `("deck", 0|1)`.

    Bots and the UI build targets by hand; a record's reader (`decisions.parse_target`)
    refuses other shapes earlier. Checking here too keeps `legal` total: a wrong shape is a
    refusal with a reason, never a crash or a move on deck position 5.
    """
    if type(t) is tuple and len(t) == 2:
        a, b = t
        if a == "deck":
            if type(b) is int and b in (0, 1):
                return None
            return f"a deck target is position 0 (the top) or 1 (the second), not {short_repr(b)}"
        if type(a) is int and type(b) is int:
            return None
    return f'a target is (seat, slot) or ("deck", 0|1), not {short_repr(t)}'


def pair_count(size: int, second: bool) -> int:
    """Pairs from a pool of `size` targets; if the pool ends with the deck's second card, it
    pairs only with the deck top (the one before it)."""
    pairs = size * (size - 1) // 2
    return pairs - (size - 2) if second else pairs


def pair_at(pool: list, index: int, second: bool) -> tuple:
    """The `index`-th allowed pair of `pool` in `combinations` order (see `pair_count`),
    found by arithmetic rather than by walking the pairs before it."""
    n = len(pool)
    if second:  # the pairs of all but the last card, then (deck top, deck second)
        n -= 1
        if index == n * (n - 1) // 2:
            return (pool[n - 1], pool[n])
    if not 0 <= index < n * (n - 1) // 2:
        raise IndexError("no such pair")
    # The first card's row i holds n - 1 - i pairs, so i * (2n - i - 1) / 2 pairs come
    # before it: i is the largest with that many <= index (the root of the quadratic, or
    # one more where the integer square root rounded down).
    b = 2 * n - 1
    i = (b - isqrt(b * b - 8 * index)) // 2
    while i * (b - i) // 2 > index:
        i -= 1
    return (pool[i], pool[index - i * (b - i) // 2 + i + 1])
