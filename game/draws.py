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
from functools import cache
from typing import TypeVar

T = TypeVar("T")

_Random = random.Random
_BITS = tuple(n.bit_length() for n in range(128))


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`: the same draws (CPython draws both as `_randbelow(n)`; any
    other kind of RNG, or an `n` out of the fast range, is simply asked)."""
    if type(rng) is not _Random or not 0 < n < 128:
        return rng.randrange(n)
    return choice(rng, range(n))


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`: the same draw (any other kind of RNG is simply asked)."""
    n = len(seq)
    if type(rng) is not _Random or not 0 < n < 128:
        return rng.choice(seq)
    k = _BITS[n]
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


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
