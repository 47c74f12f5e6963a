"""Stack the decks of the guided games and write their records: the first game
(game/learn/tutorial_record.py) and "More action cards" (game/learn/tutorial_more_record.py).

The player's moves are the lessons (game/learn/tutorial.py and tutorial_more.py list them
with their words). The bots play a plain game (take a low discard, keep a low draw in place
of an unknown card, discard the rest) so that the table stays calm while the player learns.
The deck is stacked by playing the round once: before every draw the wanted card is moved
to the top of the still unseen deck (a deck top someone has looked at stays where it is),
and the order the cards left the deck in is the record's deck. A course that does not play
its round to the end stops after the player's last step.

    python build/make_tutorial.py     # rewrites both records
"""

from __future__ import annotations

import json
from pathlib import Path

from game.learn.lessons import Course
from game.learn.tutorial import COURSES, FIRST
from game.rules import cards
from game.rules.decisions import DISCARD, DRAW, TAKE, Replace
from game.rules.record import to_record
from game.rules.state import Game

EQ = cards.EQ
# What the bots of the first game draw, in order (they keep a 1-5, discard the rest): plain
# cards mostly. (The second game's are its course's `bot_draws`.)
BOT_DRAWS = [9, 8, 4, 11, 13, 9, 3, 8, 7, 12, 5, 9, 10, 6, 11, 8, 5, 13, 7, 3, 9, 11, 6, 8, 12, 13, 5, 7]
OUT = {"first": "tutorial_record.py", "more": "tutorial_more_record.py"}


def _top_to(game: Game, value: int) -> None:
    """Move an unseen deck card of `value` to the top (unseen: nobody has looked at either)."""
    deck, known = game.deck, game.deck_known
    if known[-1]:
        raise RuntimeError(f"the deck's top card was seen: it cannot become a {value}")
    i = max(k for k, v in enumerate(deck) if v == value and not known[k])
    deck[i], deck[-1] = deck[-1], deck[i]


def _unknown_slot(game: Game, seat: int, protected: frozenset) -> int | None:
    """The rightmost face-down card `seat` does not know (a bot keeps a card there)."""
    row = game.campsites[seat]
    free = [i for i, (_v, up, known) in enumerate(row) if not up and not known >> seat & 1]
    free = [i for i in free if (seat, i) not in protected]
    return free[-1] if free else None


class Stacker:
    """Plays the round, moving wanted cards to the deck top; remembers what left the deck."""

    def __init__(self, course: Course) -> None:
        pool = cards.deck_for(4)
        for v in course.deal:
            pool.remove(v)
        self.course = course
        self.deal = list(course.deal)
        self.game = Game(4, seed=2026, start=0, decks=[self.deal + sorted(pool, reverse=True)])
        self.gone: list[int] = []  # deck cards in the order they left the deck
        self.draws = list(course.bot_draws or BOT_DRAWS)
        # cards the player's lessons still draw or show (removed as they are drawn)
        self.reserved = [
            v for step in course.steps for v in (step.draw, step.penalty, step.shows) if v is not None
        ]

    def play(self, decision, top: int | None = None) -> None:
        g = self.game
        if top is not None:
            _top_to(g, top)
        before = g.deck[:]
        g.apply(decision)
        k = len(before) - len(g.deck)
        self.gone.extend(reversed(before[len(before) - k :]))

    def bot_turn(self) -> None:
        g = self.game
        seat = g.turn
        slot = _unknown_slot(g, seat, self.course.protected)
        top = g.discard[-1]
        if g.scram is not None:  # a last turn: swap the highest card for the discard top
            row = g.campsites[seat]
            slot = max(range(len(row)), key=lambda i: (row[i][0], i))
            if top < row[slot][0]:  # an = (0) is worth taking too
                self.play(TAKE)
                self.play(Replace(((seat, slot),)))
                return
        if slot is not None and top != EQ and top <= 5:
            self.play(TAKE)
            self.play(Replace(((seat, slot),)))
            return
        self.play(DRAW, None if g.deck_known[-1] else self._bot_card())  # a seen top is drawn as it is
        if g.drawn <= 5 and g.drawn != EQ and slot is not None:
            self.play(Replace(((seat, slot),)))
        else:
            self.play(DISCARD)

    def _bot_card(self) -> int:
        """The next card of BOT_DRAWS still in the deck beyond what the lessons need."""
        g = self.game
        for _ in range(len(self.draws)):
            want = self.draws.pop(0)
            self.draws.append(want)
            if g.deck.count(want) > self.reserved.count(want):
                return want
        spare = [v for v in g.deck if g.deck.count(v) > self.reserved.count(v)]
        if not spare:
            raise RuntimeError("the bots have no card left to draw")
        return max(spare)

    def record(self) -> dict:
        g = self.game
        deck = self.deal + self.gone + list(reversed(g.deck))
        assert cards.same_multiset(deck, 4)
        out = to_record(g)
        out["decks"] = [[cards.to_json(v) for v in deck]]
        return out


def build(course: Course = FIRST) -> dict:
    st = Stacker(course)
    g = st.game
    for lesson in course.lessons:
        while g.turn != 0:
            st.bot_turn()
        assert g.phase == "start", f"the round ended early, before {lesson.title!r}"
        print(f"{lesson.title:50} deck {len(g.deck):2} pile top {cards.label(g.discard[-1])}")
        for step in lesson.steps:
            if step.penalty is not None:
                # the penalty card is the second card to leave the deck in this turn's
                # replacement: put it on top now (the draw is already in the hand)
                _top_to(g, step.penalty)
            for v in (step.draw, step.penalty, step.shows):
                if v is not None:
                    st.reserved.remove(v)
            st.play(step.decision, step.draw if step.draw is not None else step.shows)
    while course.to_the_end and g.phase != "round_over":
        st.bot_turn()
    print(course.key, "scores", g.scores, "deck left", len(g.deck), "actions", len(g.actions))
    return st.record()


def write(record: dict, path: Path, what: str = "The guided first game's round") -> None:
    """The record as a Python literal, laid out for review: one decision a line."""
    deck = record["decks"][0]
    rows = [", ".join(json.dumps(v) for v in deck[k : k + 20]) for k in range(0, len(deck), 20)]
    head = {k: record[k] for k in ("format", "campers", "seed", "start")}
    lines = [
        f'"""{what}, a `scram-record/1` record (made by build/make_tutorial.py)."""',
        "",
        "# fmt: off",
        "RECORD = {",
        *(f"    {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()),
        '    "decks": [',
        "        [",
        *(f"            {row}," for row in rows),
        "        ]",
        "    ],",
        '    "actions": [',
        *(f"        {json.dumps(a)}," for a in record["actions"]),
        "    ],",
        "}",
        "# fmt: on",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


WHAT = {"first": "The guided first game's round", "more": "The second guided game's round"}


if __name__ == "__main__":
    for key, course in COURSES.items():
        folder = Path(__file__).resolve().parents[1] / "game" / "learn"
        write(build(course), folder / OUT[key], WHAT[key])
