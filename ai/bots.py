"""The bots: four game levels, and two reference players for measurement only.

A level is a `Params` (memory, counting, inference, noise, how it judges a Scram). Every
level bot keeps a `Memory` fed by `observe` and decides from `Know(view, memory)`, so what
it has forgotten it does not use even though the view would show it. The "oracle" alone
is `omniscient`: the driver hands it `game.view(None)` and unfiltered events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.events import Event
from game.table import DRAWN, START, TWELVE

from . import policy
from .belief import Know
from .memory import Memory
from .policy import Params
from .search import scram_search

LEVEL_PARAMS: dict[str, Params] = {
    p.name: p
    for p in (
        # Two memories that fade fast and sometimes drift; no counting; simple rules + noise.
        Params(
            "greenhorn",
            slots=2,
            fade=0.12,
            blur=0.3,
            counting=False,
            noise=0.15,
            count_bonus=1.5,
            info=0.6,
            draw_worth=2.5,
            scram="simple",
            scram_margin=2.0,
        ),
        # Four memories, counts the cards gone by, judges a Scram on the means.
        Params("scout", slots=4, fade=0.05, count_bonus=2.0, draw_worth=2.0, scram="mean", scram_margin=3.0),
        # Six memories fading slowly, reads the table, weighs risks by sampling its beliefs.
        Params(
            "ranger",
            slots=6,
            fade=0.03,
            infer=True,
            count_bonus=2.5,
            take="expect",
            scram="sample",
            scram_margin=0.5,
            samples=24,
            risky=True,
        ),
        # Remembers all it saw, reads the table, searches its Scram over guessed tables.
        Params(
            "trailblazer",
            slots=None,
            fade=0.0,
            infer=True,
            count_bonus=2.5,
            take="expect",
            scram="search",
            scram_margin=0.5,
            samples=24,
            risky=True,
            search_time=0.03,
        ),
    )
}

LEVELS: tuple[str, ...] = tuple(LEVEL_PARAMS)
REFERENCE: tuple[str, ...] = ("random", "oracle")


class Bot:
    """The interface the UI and the harness drive (see `ai/__init__.py`)."""

    level: str
    seat: int
    omniscient: bool = False

    def observe(self, events: Sequence[Event]) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def decide(self, view):  # pragma: no cover - interface
        raise NotImplementedError


class LevelBot(Bot):
    """A game level: memory + belief + the level's policy knobs."""

    def __init__(self, params: Params, seat: int, campers: int, seed: int) -> None:
        self.level, self.seat, self.campers = params.name, seat, campers
        self.params = params
        self.rng = random.Random(f"ai/{params.name}/{seat}/{seed}")
        self.memory = Memory(
            seat, campers, params.slots, params.fade, params.blur, self.rng, infer=params.infer
        )

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.observe(events)

    def know(self, view) -> Know:
        self.memory.sync(view)
        return Know(view, self.seat, self.memory, counting=self.params.counting, infer=self.params.infer)

    def decide(self, view):
        k = self.know(view)
        p, rng = self.params, self.rng
        if view.phase == START:
            return policy.start_choice(k, p, rng, self._scram)
        if view.phase == DRAWN:
            opts = policy.held_options(k, view.drawn, view.drawn_source, p)
            if not opts:
                return view.sample_decision(rng)
            return policy.pick(opts, p, rng)
        if view.phase == TWELVE:
            return policy.twelve_choice(k)
        raise ValueError(f"no decision to take in phase {view.phase}")

    def _scram(self, k: Know) -> bool:
        p = self.params
        if p.scram == "simple":
            return policy.scram_simple(k, p)
        if p.scram == "mean":
            return policy.scram_mean(k, p)
        if p.scram == "sample":
            return policy.scram_sample(k, p, self.rng)
        # Only search when the means make it a close call; otherwise the answer is clear.
        ours, theirs = policy.final_turns(k)
        gap = k.team_sum(k.opps) - k.team_sum(k.mates) - policy.FINAL_TURN_GAIN * (theirs - ours)
        if gap < -12:
            return False
        return scram_search(k, self.rng, p.samples, p.search_time, self.memory.last_duo)


class OracleBot(LevelBot):
    """Reference: the top level's policy with every card known (driver gives view(None))."""

    omniscient = True

    def __init__(self, seat: int, campers: int, seed: int) -> None:
        top = LEVEL_PARAMS[LEVELS[-1]]
        super().__init__(top, seat, campers, seed)
        self.level = "oracle"
        self.memory.last_duo = 2

    def know(self, view) -> Know:
        return Know(view, self.seat, None, counting=True, infer=False)

    def observe(self, events: Sequence[Event]) -> None:
        for e in events:  # only the 3-camper turn order is needed from the stream
            if type(e).__name__ == "TurnBegan" and self.campers == 3 and e.seat != 0:
                self.memory.last_duo = e.seat
            elif type(e).__name__ == "RoundDealt":
                self.memory.last_duo = 2 if e.start == 0 else e.start


class RandomBot(Bot):
    """Reference: any legal decision, uniformly by kind (`TableRules.sample_decision`)."""

    def __init__(self, seat: int, campers: int, seed: int) -> None:
        self.level, self.seat = "random", seat
        self.rng = random.Random(f"ai/random/{seat}/{seed}")

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def decide(self, view):
        return view.sample_decision(self.rng)


def make_bot(level: str, seat: int, campers: int, seed: int) -> Bot:
    """A bot of `level` (one of LEVELS, or a REFERENCE player) for `seat`."""
    if level in LEVEL_PARAMS:
        return LevelBot(LEVEL_PARAMS[level], seat, campers, seed)
    if level == "random":
        return RandomBot(seat, campers, seed)
    if level == "oracle":
        return OracleBot(seat, campers, seed)
    raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS + REFERENCE)}")
