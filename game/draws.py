"""Random draws exactly as `random.Random` makes them, without its Python-level overhead.

A seed must go on giving the same games, so the core's hot paths (the deal's shuffle, the
random policy's picks) take the very same draws as `Random.shuffle` and `Random.choice`;
these loops only skip the two Python calls per draw that CPython's own versions make.
CPython draws an integer below `n` (`_randbelow`) as `getrandbits(n.bit_length())`,
repeated until it is below `n`. `tests/test_draws.py` proves both equal to the library's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_BITS = tuple(n.bit_length() for n in range(128))


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`: the same draws (any other kind of RNG is simply asked)."""
    if type(rng) is not random.Random or n <= 0:
        return rng.randrange(n)
    k = _BITS[n] if n < 128 else n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`: the same draw (any other kind of RNG is simply asked)."""
    n = len(seq)
    if type(rng) is not random.Random or not n:
        return rng.choice(seq)
    k = _BITS[n] if n < 128 else n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return seq[r]


def shuffle(cards: list, rng: random.Random) -> None:
    """`rng.shuffle(cards)`: the same permutation from the same draws, in half the time.

    `Random.shuffle` swaps each position `i`, last first, with one drawn below `i + 1`.
    """
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(cards) - 1, 0, -1):
        k = bits[i + 1] if i < 127 else (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
