"""What a guided game is made of: the player's steps, grouped in lessons, and a course (a
deal, its lessons and the record that plays them; game/learn/tutorial.py runs one).

A course's record is a `scram-record/1` record made by build/make_tutorial.py from its
lessons: the deck is stacked so that each draw brings the card its step names, and the bots
play a plain game in between. A course either plays its round to the scoring (the first
one, which ends with a Scram) or stops after the player's last step (`to_the_end`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.lang import N_
from game.rules.decisions import DRAW, Decision


@dataclass(frozen=True)
class Step:
    """One decision of the player: the move, what to do, why, and what it showed. The words
    are English, marked for the catalog (`N_`): the coach says them in the language spoken."""

    decision: Decision
    prompt: str
    why: str
    after: str | None = None
    draw: int | None = None  # the card this draw brings (stacked by build/make_tutorial.py)
    penalty: int | None = None  # the penalty card a failed replacement brings
    shows: int | None = None  # the deck's top card when this step is taken (a view of the deck)


@dataclass(frozen=True)
class Lesson:
    title: str  # English, marked for the catalog; translated where shown
    steps: tuple[Step, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Course:
    """A guided game: its name, the seats' names, the deal (top of the deck first, seat 0
    first, then the discard), its lessons, the bots' cards, and how it ends."""

    key: str
    title: str
    seats: tuple[str, ...]
    deal: tuple
    lessons: tuple[Lesson, ...]
    protected: frozenset = frozenset()  # cards the bots leave where they are (lessons use them)
    bot_draws: tuple[int, ...] = ()  # what the bots draw, in order (they keep a 1-5)
    to_the_end: bool = True  # the round is played to its scoring (else it stops after the last step)
    record: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(s for lesson in self.lessons for s in lesson.steps)

    def lesson_of(self, step_index: int) -> tuple[int, Lesson]:
        """(lesson number from 0, lesson) of the player's step `step_index`."""
        k = 0
        for n, lesson in enumerate(self.lessons):
            k += len(lesson.steps)
            if step_index < k:
                return n, lesson
        return len(self.lessons) - 1, self.lessons[-1]


def draw_step(value: int, why: str) -> Step:
    """A draw from the deck that brings `value`."""
    return Step(DRAW, N_("Draw a card: click the deck (or press D)."), why, draw=value)
