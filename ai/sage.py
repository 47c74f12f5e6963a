"""The sage: a reference player for measurement only, never offered in the game.

It is the game's trailblazer under another name: the search at every decision (ai/deep.py)
with the trailblazer's belief and its Scram judged over twice the guessed tables. Under its
own name its knobs can be changed apart from the shipped level's, so a study can set a
searching player with other `Deep` or `Params` fields against the trailblazer as shipped.
"""

from __future__ import annotations

import dataclasses

from .deep import SearchingBot
from .levels import SEARCHING

SAGE = dataclasses.replace(SEARCHING, name="sage")


def sage(seat: int, campers: int, seed: int, knobs: dict | None = None) -> SearchingBot:
    """The sage for `seat`; `knobs` may change its `Params` and `Deep` fields."""
    return SearchingBot(seat, campers, seed, knobs, SAGE)
