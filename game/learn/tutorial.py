"""The guided first game: one real round on a stacked deck, taught move by move.

The round is a `scram-record/1` record (game/learn/tutorial_record.py, made by
build/make_tutorial.py from the lessons below), so it plays out exactly the same every
time. The player sits in seat 0 with Cal (seat 2) as teammate; Bea and Dot play the other
team. Each of the player's decisions is a `Step`: what to do (the prompt), why (one or
two sentences), and what it showed (said once its events have played). A `Coach` follows
the game: it refuses any other move with the step's words, tells the bots their scripted
moves, and knows how far along the player is.
"""

from __future__ import annotations

from game.lang import N_, _, ngettext
from game.rules.cards import EQ
from game.rules.decisions import SCRAM, SWAP, TAKE, Act, Decision, Replace

from . import tutorial_more
from .lessons import Course, Lesson, Step, draw_step

PLAYERS_TEAMMATE = "Cal"
SEATS = ("You", "Bea", "Cal", "Dot")

# The deal, top of the deck first (R-SETUP-2: seat 0 first, as it starts), then the discard.
DEAL = (
    *(10, 4, 11, 10, EQ),  # you: three face-down cards, then a face-up 10 and a face-up =
    *(3, 5, 9, 7, 12),  # Bea
    *(3, 2, 8, 6, 4),  # Cal: the 3 on the left and the face-up 6 are in lesson 3
    *(8, 1, 1, 11, 5),  # Dot: the middle 1 is in lesson 7, the right 1 is the first discard
    9,  # the discard pile
)
# Cards the bots leave where they are (the lessons use them).
PROTECTED = frozenset({(2, 0), (3, 1)})


def _draw(value: int, why: str) -> Step:
    return draw_step(value, why)


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("Drawing, and looking at your cards"),
        (
            _draw(
                6,
                N_(
                    "A turn starts with a draw from the deck, the discard top, or a Scram. "
                    "You know none of your face-down cards yet, so draw and see."
                ),
            ),
            Step(
                Act(((0, 0), (0, 1))),
                N_("It's a 6: Play it (A), then click your two left face-down cards."),
                N_(
                    "A 5 views one face-down card, a 6 two, in secret. The lowest total wins a "
                    "round, so knowing your own cards is the first job."
                ),
                after=N_(
                    "Your left card is a 10 and the next one a 4. The others see that you "
                    "looked at them, not what you saw."
                ),
            ),
        ),
    ),
    Lesson(
        N_("Taking, and replacing a matching pair"),
        (
            Step(
                TAKE,
                N_("Take the 1 from the discard pile: click the pile (or press T)."),
                N_(
                    "Dot threw away a 1, the best card there is. A card taken from the pile "
                    "must be kept in your campsite."
                ),
            ),
            Step(
                Replace(((0, 0), (0, 3))),
                N_("Keep it (K), click your left 10 and your face-up 10, then Confirm (Enter)."),
                N_(
                    "You saw a 10 on the left, and a 10 lies face up: cards that match leave "
                    "together and the 1 takes the place of the first. Two 10s out, a 1 in."
                ),
                after=N_("Both 10s went to the pile: 20 points gone, and one card fewer."),
            ),
        ),
    ),
    Lesson(
        N_("A replacement that fails"),
        (
            _draw(2, N_("Draw a card: let's use it to see what a failed replacement costs.")),
            Step(
                Replace(((0, 2), (2, 3), (2, 0))),
                N_(
                    "Keep the 2 (K), click your unknown middle card, Cal's face-up 6 and Cal's left card, "
                    "then Confirm (Enter)."
                ),
                N_(
                    "You may add your teammates' cards. If your card and Cal's unknown card were "
                    "6s, three cards would go at once. It's a gamble."
                ),
                after=N_(
                    "No match (11, 6 and 3): they all stay, face up. Your 2 joins the right "
                    "end of your row, and 3 different numbers cost one penalty card, unseen "
                    "(4 numbers: two cards, 5 or more: three)."
                ),
                draw=None,
                penalty=12,
            ),
        ),
    ),
    Lesson(
        N_("The = card matches anything"),
        (
            _draw(1, N_("A failure leaves cards face up, so everyone knows them. Draw on.")),
            Step(
                Replace(((0, 2), (0, 3))),
                N_("It's a 1: Keep it (K), click your face-up 11 and your =, then Confirm (Enter)."),
                N_(
                    "An = matches any card, so the 11 and the = are a pair. (At the end of a "
                    "round an = counts as the lowest card in its campsite.)"
                ),
                after=N_("The 11 and the = are gone; your 1 took the 11's place, face down."),
            ),
        ),
    ),
    Lesson(
        N_("Flipping a card with a 7 (an 8 flips two)"),
        (
            _draw(7, N_("Your penalty card is unknown to everyone. Let's find out what it is.")),
            Step(
                Act(((0, 4),)),
                N_("It's a 7: Play it (A), then click your penalty card, on the right."),
                N_(
                    "A 7 turns one face-down card face up for everyone, an 8 two (or the deck "
                    "top). Use them to learn a card, or to show what an opponent hides."
                ),
                after=N_("A 12: a card you want gone."),
            ),
        ),
    ),
    Lesson(
        N_("Discarding a card with a 10 (a 9 discards two)"),
        (
            _draw(10, N_("Draw again.")),
            Step(
                Act(((0, 4),)),
                N_("It's a 10: Play it (A), then click your 12 to throw it away."),
                N_(
                    "A 10 discards one card from any campsite (or the deck top); a 9 discards "
                    "two and then joins your row itself."
                ),
                after=N_("The 12 is on the pile. Four cards left: 1, 4, 1, 2."),
            ),
        ),
    ),
    Lesson(
        N_("Exchanging cards with a 12 (an 11 swaps unseen)"),
        (
            _draw(12, N_("Draw again.")),
            Step(
                Act(((0, 1), (3, 1))),
                N_("It's a 12: Play it (A), then click your 4 and Dot's middle face-down card."),
                N_(
                    "A 12 views any two cards, then you decide whether to exchange them. An 11 "
                    "exchanges two cards in different campsites without looking."
                ),
                after=N_("You saw your 4 and Dot's card, a 1. Only you know what they are."),
            ),
            Step(
                SWAP,
                N_("Dot's card is a 1: Swap them (W), your 4 for Dot's 1."),
                N_(
                    "Your 4 goes to Dot and the 1 comes to you: your team's total drops by 3 and "
                    "theirs rises by 3. Dot never sees which card it got."
                ),
                after=N_("You now hold three 1s (left, middle, and Dot's old card) and a 2."),
            ),
        ),
    ),
    Lesson(
        N_("Remembering what you saw"),
        (
            _draw(2, N_("Draw again.")),
            Step(
                Replace(((0, 0), (0, 1), (0, 2))),
                N_("Keep the 2 (K), click your three 1s, then Confirm (Enter)."),
                N_(
                    "Remember: you took the left 1, kept the 1 in the middle and saw Dot's 1. "
                    "Three cards that match leave at once."
                ),
                after=N_("Two cards left, both 2s: 4 points."),
            ),
        ),
    ),
    Lesson(
        N_("Giving a 13"),
        (
            _draw(13, N_("Draw again.")),
            Step(
                Act((), "right", 3),
                N_("It's a 13: Play it (A), click a card of Dot's, then Right end (R)."),
                N_(
                    "A 13 is placed face up at either end of any campsite: in an opponent's "
                    "it adds 13 to their team's score."
                ),
                after=N_("Dot's campsite holds 13 more points now: your opponents' total rose by 13."),
            ),
        ),
    ),
    Lesson(
        N_("Scram!"),
        (
            Step(
                SCRAM,
                N_("Call Scram! (click SCRAM or press S)"),
                N_(
                    "With 2 cards or fewer you may call Scram: everyone else plays one last turn, "
                    "then the round is scored. If your team's total is not lower or equal, it "
                    "scores its total + 10."
                ),
                after=N_(
                    "Bea, Cal and Dot now play one last turn each; then every card is turned "
                    "and counted. The memory aid (the values of the cards you saw) helped here: it is "
                    "in Settings and on the New game screen."
                ),
            ),
        ),
    ),
)

STEPS: tuple[Step, ...] = tuple(s for lesson in LESSONS for s in lesson.steps)


def lesson_of(step_index: int) -> tuple[int, Lesson]:
    """(lesson number from 0, lesson) of the first course's step `step_index`."""
    return FIRST.lesson_of(step_index)


def same_move(a: Decision, b: Decision) -> bool:
    """Whether two decisions do the same thing (target order aside, where it changes nothing)."""
    if type(a) is not type(b):
        return False
    if type(a) is Replace:
        return a.cards[:1] == b.cards[:1] and set(a.cards) == set(b.cards) and a.end == b.end
    if type(a) is Act:
        return set(a.targets) == set(b.targets) and a.seat == b.seat and a.end == b.end
    return True


class Coach:
    """Follows a guided game (a `Course`: the first one unless told): the next move, the
    words for it, and how far along it is.

    The table asks `why_not(decision)` before applying a player's decision (a reason refuses
    it), `prompt(view)` for the words over the player's row, and tells `on_events(events)`
    what happened, once it has shown it; the scripted bots ask `bot_decision(seat, view)`.
    The coach reads the game only to know how many decisions were taken (`len(game.actions)`).
    """

    def __init__(self, game, course: Course | None = None) -> None:
        from game.rules.record import parse_record

        self.course = course or FIRST
        self.game = game
        self.record = parse_record(self.course.record)
        self.steps = self.course.steps
        self._player_at = self._player_indices()
        self.said = ""  # what the last step showed (its English), said until the next step starts
        self.finished = False
        self.left_early = False
        # How many decisions the table has shown (their animations played): the panel speaks
        # of what the table shows, never of what the game already knows, or it would tell ahead.
        self.shown = -1  # (-1: not even the deal yet)

    @staticmethod
    def new_game(course: Course | None = None):
        """The guided game's table, dealt from the record's stacked deck."""
        from game.rules.record import parse_record

        return parse_record((course or FIRST).record).new_game()

    def _player_indices(self) -> dict[int, int]:
        """Action index of each of the player's decisions -> its step number."""
        from game.rules.decisions import from_json

        g = self.record.new_game()
        out = {}
        for index, raw in enumerate(self.record.actions):
            if g.turn == 0:
                out[index] = len(out)
            g.apply(from_json(raw, g.holding()))
        return out

    @property
    def at(self) -> int:
        return len(self.game.actions)

    def expected(self) -> Decision | None:
        """The record's next decision (None once the record is played out)."""
        from game.rules.decisions import from_json

        if self.at >= len(self.record.actions):
            return None
        return from_json(self.record.actions[self.at], self.game.holding())

    def step(self) -> Step | None:
        """The player's step now, if the next decision is the player's."""
        k = self._player_at.get(self.at)
        return None if k is None else self.steps[k]

    @property
    def steps_done(self) -> int:
        """The player's steps the table has shown."""
        return sum(1 for index in self._player_at if index < self.shown)

    @property
    def total(self) -> int:
        return len(self.steps)

    def progress(self) -> tuple[int, int, str]:
        """(steps done, steps in all, the current lesson's title) for the progress marker."""
        done = self.steps_done
        n, lesson = self.course.lesson_of(min(done, len(self.steps) - 1))
        # TRANSLATORS: the guided game's progress marker: "Lesson 2 of 10: Drawing, and looking at your cards"
        title = _(
            "Lesson {n} of {total}: {title}", n=n + 1, total=len(self.course.lessons), title=_(lesson.title)
        )
        return done, len(self.steps), title

    @property
    def note(self) -> str:
        """What the last step showed, in the language spoken ("" when nothing is to be said)."""
        return _(self.said) if self.said else ""

    def why_not(self, decision: Decision) -> str | None:
        """None if `decision` is the move the lesson asks for, else what to do instead."""
        step = self.step()
        if step is None:
            return None
        if same_move(decision, step.decision):
            return None
        # TRANSLATORS: the guided game refuses a move: {prompt} is the lesson's own words for the move
        return _("Not this time: {prompt}", prompt=_(step.prompt))

    def prompt(self, view=None) -> str | None:
        step = self.step()
        return None if step is None else _(step.prompt)

    def why(self, turn: int | None = None, scram: int | None = None) -> str:
        """Why the move asked for is a good one, or, between the player's moves, what is
        going on at the table (the panel is never empty). `turn` and `scram`: whose turn the
        table shows and who declared Scram there (the game may be a move ahead of them)."""
        if self.shown < 0:
            return _("The cards are dealt: five to each camper, three face down and two face up.")
        step = self.step()
        if step is not None and self.shown == self.at:
            return _(step.why)
        if self.finished:
            if not self.course.to_the_end:
                return _("That was the last step of this lesson.")
            return _("The round is over: every card is turned and counted.")
        seat = turn if turn is not None else self.game.turn
        if seat == 0:  # the player's own move is still being shown
            return _("Your move plays out on the table (the log on the right says what it did).")
        if seat is None:
            return _("The table is playing.")
        who = self.course.seats[seat]
        if scram is not None or (turn is None and self.game.scram is not None):
            return _("{name} plays a last turn after your Scram.", name=who)
        k = self._player_at_after()
        if k is None:
            return _("{name} is playing.", name=who)
        lesson = _(self.course.lesson_of(k)[1].title)
        lesson = lesson if lesson[-1:] in ".!?" else lesson + "."  # a title's own ! is its stop
        # TRANSLATORS: between the player's moves; {lesson} is the next lesson's title, with its
        # full stop ("Taking, and replacing a matching pair.", "Scram!"): keep it at the end
        return _("{name} is playing. Next for you: {lesson}", name=who, lesson=lesson)

    def _player_at_after(self) -> int | None:
        """The player's next step number (None when the player has no move left)."""
        later = [k for index, k in self._player_at.items() if index >= self.shown]
        return min(later) if later else None

    def bot_decision(self, seat: int, view=None) -> Decision | None:
        """The scripted move of a bot (the record's next decision); None once the record is
        played out (a course that stops after the player's last step)."""
        d = self.expected()
        if d is None:
            return None
        if self.game.turn != seat:
            raise ValueError(f"the guided game has no move for seat {seat} now")
        return d

    def on_events(self, events: list) -> None:
        """The table has shown `events`, the last decision's (the panel catches up)."""
        from game.rules.events import RoundScored

        self.shown = self.at
        k = self._player_at.get(self.at - 1)
        if k is not None and self.steps[k].after:
            self.said = self.steps[k].after
        elif self.step() is not None:
            self.said = ""
        if any(type(e) is RoundScored for e in events):
            self.finished = True
        if not self.course.to_the_end and self.at >= len(self.record.actions):
            self.finished = True

    def closing_words(self) -> str:
        """How the guided game ended: the round's result (the first course, once scored)."""
        from game.rules.events import RoundScored

        if not self.course.to_the_end:
            return tutorial_more.closing_words()
        scored = [e for e in self.game.events if type(e) is RoundScored]
        if not scored:
            return ""
        e = scored[0]
        ours, theirs = e.team_totals
        result = _(
            "Your team's total was {ours} against {theirs}: your Scram worked, so your team "
            "records 0 for the round and the other team {recorded}.",
            ours=ours,
            theirs=theirs,
            recorded=e.recorded[1],
        )
        rounds = ngettext(
            "A full game has {n} round; the lowest total after it wins.",
            "A full game has {n} rounds; the lowest total after the last one wins.",
            self.game.rounds,
        )
        return f"{result} {rounds}"


from .tutorial_more_record import RECORD as MORE_RECORD  # noqa: E402  (data, made from the lessons)
from .tutorial_record import RECORD  # noqa: E402  (the record is data; it is made from the lessons above)

FIRST = Course("first", N_("Learn by playing"), SEATS, DEAL, LESSONS, PROTECTED, record=RECORD)
MORE = Course(
    "more",
    N_("More action cards"),
    tutorial_more.SEATS,
    tutorial_more.DEAL,
    tutorial_more.LESSONS,
    tutorial_more.PROTECTED,
    tutorial_more.BOT_DRAWS,
    to_the_end=False,
    record=MORE_RECORD,
)
COURSES = {c.key: c for c in (FIRST, MORE)}
