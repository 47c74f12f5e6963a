"""Random draws exactly as `random.Random` makes them, without its Python-level overhead.

A seed must go on giving the same games, so the core's hot paths (the deal's shuffle, the
random policy's picks) take the very same draws as `Random.shuffle` and `Random.choice`;
these loops only skip the two Python calls per draw that CPython's own versions make, and
`coins` takes a run of `random() < 0.5` coins in one call. CPython draws an integer below
`n` (`_randbelow`) as `getrandbits(n.bit_length())`, repeated until it is below `n`.
`tests/rules/test_draws.py` proves them all equal to the library's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import compress
from typing import TypeVar

T = TypeVar("T")

_Random = random.Random
# `n.bit_length()` for the n a fast draw takes (below 128): the bits `_randbelow(n)` draws.
BITS = tuple(n.bit_length() for n in range(128))
# 1 for the bytes whose top bit is 0 (a coin `random() < 0.5` that came up, see `coins`).
HEADS = bytes(int(b < 128) for b in range(256))


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`: the same draws (CPython draws both as `_randbelow(n)`; any
    other kind of RNG, or an `n` below 1, is simply asked)."""
    if type(rng) is not _Random or n <= 0:
        return rng.randrange(n)
    k = BITS[n] if n < 128 else n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`: the same draw (any other kind of RNG is simply asked)."""
    n = len(seq)
    if type(rng) is not _Random or not 0 < n < 128:
        return rng.choice(seq)
    k = BITS[n]
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


def coins(rng: random.Random, items: list[T]) -> Iterable[T]:
    """The items of `[x for x in items if rng.random() < 0.5]`: the same draws, taken in one
    call (all of them at once: the result only picks from `items`).

    `random()` builds its float from two 32-bit words, the first one giving the top bits,
    so it is below 0.5 exactly when the first word's top bit is 0. `getrandbits(64 * n)`
    takes the same 2n words in the same order, the first in its lowest 32 bits: in its
    little-endian bytes, byte 8k + 3 holds the top bit of the k-th coin's first word.
    """
    if type(rng) is not _Random:
        rnd = rng.random
        return [x for x in items if rnd() < 0.5]
    n = len(items)
    raw = rng.getrandbits(64 * n).to_bytes(8 * n, "little")
    return compress(items, raw[3::8].translate(HEADS))


def shuffle(cards: list, rng: random.Random) -> None:
    """`rng.shuffle(cards)`: the same permutation from the same draws, in half the time.

    `Random.shuffle` swaps each position `i`, last first, with one drawn below `i + 1`.
    """
    getrandbits = rng.getrandbits
    for i, k in _shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """The positions a shuffle of `size` cards visits, last first, each with the bits it draws."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
