"""Which bot plays each level's name: `make_bot`, the one place a name becomes a bot.

The game's levels (`LEVELS`, weakest first) are `LevelBot`s of their knobs (ai/levels.py),
but the trailblazer, which at the table sizes of `SEARCHING_AT` searches every decision
(ai/deep.py). The references (`REFERENCE`) are for measurement only: random, oracle, expert,
master, quick (the trailblazer before it searched every decision) and the sage (ai/sage.py).
"""

from __future__ import annotations

from .bots import EXPERT, LEVEL_PARAMS, LEVELS, MASTER, REFERENCE, Bot, Knobs, LevelBot, OracleBot, RandomBot
from .deep import SearchingBot
from .levels import QUICK, SEARCHING, SEARCHING_AT
from .sage import sage


def make_bot(level: str, seat: int, campers: int, seed: int, knobs: Knobs = None) -> Bot:
    """A bot of `level` (one of LEVELS, or a REFERENCE player) for `seat`; `knobs` changes
    some of a level's `Params` for measuring (e.g. {"scram_p_min": 0.7}; the table size's
    own knobs are applied first)."""
    if level == "trailblazer" and campers in SEARCHING_AT:
        return SearchingBot(seat, campers, seed, knobs, SEARCHING)
    if level == "sage":
        return sage(seat, campers, seed, knobs)
    if level == "quick":
        return LevelBot(QUICK, seat, campers, seed, knobs)
    if level in LEVEL_PARAMS:
        return LevelBot(LEVEL_PARAMS[level], seat, campers, seed, knobs)
    if knobs and level not in ("expert", "master"):
        raise ValueError(f"{level!r} has no knobs to change")
    if level == "random":
        return RandomBot(seat, campers, seed)
    if level == "oracle":
        return OracleBot(seat, campers, seed)
    if level == "expert":
        return LevelBot(EXPERT, seat, campers, seed, knobs)
    if level == "master":
        return LevelBot(MASTER, seat, campers, seed, knobs)
    raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS + REFERENCE)}")
