"""The trailblazer's one-step policy as a playout policy (a measuring knob, off).

A search's playouts are played by `search.greedy`, a fast sketch of the one-step policy
(about 9 us a decision). A stronger reference was sought whose playouts are played by the
trailblazer itself; `OneStep` is the nearest that fits in a playout: each camper of a
guessed table builds its belief from what its seat knows there (`Know` from the table's
view: its own seen cards and the face-up ones, card counting from them; no memory of
earlier turns and no leans) and plays the one-step policy's best option, declaring Scram by
the means (`policy.scram_mean`), as the quick trailblazer's knobs weigh them. No search
inside: about 20 times greedy's cost a decision, so a measurement of it is small.
"""

from __future__ import annotations

from game.rules import DRAW, DRAWN, START, TWELVE, Decision, Game

from . import policy
from .belief import Know
from .levels import LEVEL_PARAMS
from .search import greedy


class OneStep:
    """A playout policy: `step(g)` is the decision of the camper to play on table `g`."""

    def __init__(self, campers: int) -> None:
        self.params = LEVEL_PARAMS["trailblazer"].at_table(campers)

    def __call__(self, g: Game) -> Decision:
        me, p = g.turn, self.params
        if g.phase == TWELVE:
            return greedy(g)
        k = Know(g.view(me), me, None, counting=True)
        if g.phase == START:
            if g.scram is not None:
                return DRAW  # a final turn draws, as greedy's does (measured: ai/JOURNAL.md)
            return policy.start_choice(k, p, None, lambda k: policy.scram_mean(k, p))
        if g.phase != DRAWN:
            raise ValueError(g.phase)
        opts = policy.held_options(k, g.drawn, g.drawn_source, p)
        return max(opts, key=lambda o: o[0])[1] if opts else greedy(g)
