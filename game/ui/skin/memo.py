"""A cache of drawn surfaces bounded by the memory they take, not by their number.

`lru_cache(maxsize=N)` keeps N surfaces whatever their size: a window resized from
300×200 to 3000×2000 fills it with pictures a hundred times bigger, and a long session
grew past 600 MB. `surface_cache(megabytes)` keeps the most recently
used results of a function until their pixels add up to its budget, then forgets the
least recently used ones. It answers `cache_clear()` and `cache_info()` as lru_cache does.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

import pygame

MB = 1024 * 1024


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    currsize: int
    bytes: int
    budget: int


def surface_bytes(value: object) -> int:
    """The memory a cached value's pixels take (0 for anything that is not a surface)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    return 0


_CACHES: list[Callable] = []  # every surface cache made, for `cached_bytes`


def cached_bytes() -> int:
    """The pixels every surface cache holds now, in bytes (what the caches add to memory)."""
    return sum(c.cache_info().bytes for c in _CACHES)


def surface_cache(
    megabytes: float, entries: int | None = None, expect: Callable[..., int] | None = None
) -> Callable[[Callable], Callable]:
    """Decorate a function returning surfaces: results are kept, least recently used first
    out, while their pixels stay under `megabytes` (one result bigger than it is not kept)
    and, if given, their number at most `entries` (the oldest is let go before a new one is
    made: with window-sized pictures, two of them instead of three at the worst moment).
    `expect(*args)`, if given, says the bytes a result will take: room is made for it
    first, in the same way."""
    budget = int(megabytes * MB)
    most = entries if entries is not None else sys.maxsize

    def wrap(fn: Callable) -> Callable:
        kept: OrderedDict = OrderedDict()
        counts = {"hits": 0, "misses": 0, "bytes": 0}

        @functools.wraps(fn)
        def cached(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            if key in kept:
                kept.move_to_end(key)
                counts["hits"] += 1
                return kept[key][0]
            counts["misses"] += 1
            coming = expect(*args, **kwargs) if expect is not None else 0
            # room first: the oldest go before the new one is made
            while kept and (len(kept) >= most or counts["bytes"] + coming > budget):
                _old, (_value, old_size) = kept.popitem(last=False)
                counts["bytes"] -= old_size
            value = fn(*args, **kwargs)
            size = surface_bytes(value)
            if size <= budget:
                kept[key] = (value, size)
                counts["bytes"] += size
                while counts["bytes"] > budget:
                    _old, (_value, old_size) = kept.popitem(last=False)
                    counts["bytes"] -= old_size
            return value

        def cache_clear() -> None:
            kept.clear()
            counts.update(hits=0, misses=0, bytes=0)

        def cache_info() -> CacheInfo:
            return CacheInfo(counts["hits"], counts["misses"], len(kept), counts["bytes"], budget)

        cached.cache_clear = cache_clear
        cached.cache_info = cache_info
        _CACHES.append(cached)
        return cached

    return wrap


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameters
M_ARENA_MAX = -8
BIG = 64 * 1024
ARENAS = 2


def _glibc() -> ctypes.CDLL | None:
    """The C library where it is glibc (Linux), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        lib = ctypes.CDLL("libc.so.6")
        lib.mallopt, lib.malloc_trim  # noqa: B018 - musl and others lack them
    except (OSError, AttributeError):
        return None
    return lib


def return_big_frees() -> None:
    """Have freed memory go back to the system (glibc; elsewhere nothing is done).

    glibc raises its mmap threshold each time a big block is freed, so after a few resizes
    window-sized surfaces come from the heap, which fragments and never shrinks: resizes
    alone took the game past 400 MB. A fixed threshold keeps each of them a mapping of its own.
    And each thread (the network's, the bots') would fill an arena of its own that it never
    gives back: at most `ARENAS` of them (without the cap a long resize fuzz crept up)."""
    lib = _glibc()
    if lib is not None:
        lib.mallopt(M_MMAP_THRESHOLD, BIG)
        lib.mallopt(M_ARENA_MAX, ARENAS)


def trim_heap() -> None:
    """Hand the heap's free pages back to the system (glibc): when the screen changes, a few
    milliseconds outside any frame of play."""
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)
