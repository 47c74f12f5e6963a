"""What the table says aloud beyond its log: the player's prompt with its choices and their
keys, the item the keyboard's focus stands on, the round's reveal, and the query keys.

The log's lines (narration.py) are said as the table tells them; this module words the rest,
from the seat's view, the prompt and the buttons the turn machine shows, and the round's
scored event (public: every card is face up then). No pygame: the window's glue
(game/ui/table/spoken_table.py) hands it plain labels and views.
"""

from __future__ import annotations

from game.lang import N_, _, ngettext
from game.rules.cards import label, team_of
from game.rules.events import RoundScored
from game.rules.view import SeatView

from .narration import ordinal
from .queries import TableQueries

# The query keys at the table: (the key's letter, what it answers). Letters no table screen
# uses (the turn's letters are D T S X A K E L R W, the help H, reactions Q, following F).
QUERY_KEYS = (
    ("M", N_("my campsite")),
    ("U", N_("my teammates' campsites")),
    ("Y", N_("the opponents' campsites")),
    ("P", N_("the discard pile: its top and size")),
    ("N", N_("the number of cards in the deck")),
    ("C", N_("the scores")),
    ("I", N_("whose turn it is, and the prompt again")),
    ("B", N_("what was played last")),
    ("G", N_("the hint")),
)
SPEECH_KEY = "F4"  # turns speech on and off on every screen (the app's own key)


def first_start_line() -> str:
    """Said (and shown) once, at the very first start."""
    return _("Press F4 on any screen to turn speech on or off.")


def speech_switched(on: bool) -> str:
    return _("Speech on.") if on else _("Speech off.")


def choices_words(labels: list[str]) -> str:
    """The choices the player has now, as their buttons read ("Throw away (X)", ...)."""
    return _("Choices: {choices}.", choices=", ".join(labels))


def prompt_words(prompt: str, labels: list[str], cards: bool) -> str:
    """The prompt said whole: its words, the legal choices with their keys, and how cards are
    chosen when the decision takes cards (`cards`)."""
    parts = [prompt.strip()]
    if labels:
        parts.append(choices_words(labels))
    if cards:
        parts.append(_("Tab goes from card to card, Space chooses."))
    return " ".join(p for p in parts if p)


class SpokenTable:
    """The words of one seat's table: focus items, the round's reveal (with `queries`)."""

    def __init__(self, names: list[str], human: int | None, teams: tuple[str, str]) -> None:
        self.names = list(names)
        self.human = human
        self.teams = teams
        self.queries = TableQueries(names, human, teams)

    def item(self, view: SeatView, item: tuple | str) -> str:
        """The focus ring's item in words: a card with what the seat knows of it, a campsite,
        the deck with its size, the discard pile with its top."""
        if item == "deck":
            return ngettext("The deck, {n} card.", "The deck, {n} cards.", view.deck_size)
        if item == "discard":
            return self.queries.discard(view)[0]
        if item[0] == "seat":
            seat = item[1]
            return _(
                "{whose}, {count}.", whose=self.queries.whose_campsite(seat), count=self._count(view, seat)
            )
        seat, slot = item
        state, nth = self.queries.state(view, seat, slot), ordinal(slot + 1)
        if seat == self.human:
            return _("Your {nth} card: {state}.", nth=nth, state=state)
        return _("{name}'s {nth} card: {state}.", name=self.names[seat], nth=nth, state=state)

    @staticmethod
    def _count(view: SeatView, seat: int) -> str:
        return ngettext("{n} card", "{n} cards", len(view.campsites[seat]))

    def reveal(self, scored: RoundScored, campers: int) -> list[str]:
        """The round's end said (after the log's "Round 2 is over."): each camper's cards and
        points, then the teams' totals and what each records (the seat's team first)."""
        lines = []
        for seat, row in enumerate(scored.campsites):
            cards = ", ".join(label(v) for v in row) or _("no cards")
            points = ngettext("{n} point", "{n} points", scored.camper_scores[seat])
            lines.append(_("{name}: {cards}; {points}.", name=self.names[seat], cards=cards, points=points))
        mine = team_of(self.human, campers) if self.human is not None else 0
        for team in (mine, 1 - mine):
            lines.append(
                _(
                    "{team}: {total} in all, records {recorded}.",
                    team=self.teams[team],
                    total=scored.team_totals[team],
                    recorded=scored.recorded[team],
                )
            )
        return lines

    def answer(
        self, letter: str, view: SeatView, told: list[str], hint: str | None, hints: bool
    ) -> list[str]:
        """The answer of query key `letter` (one of QUERY_KEYS), from the seat's view, the lines
        told so far and the hint shown."""
        q = self.queries
        answers = {
            "M": lambda: q.mine(view),
            "U": lambda: q.teammates(view),
            "Y": lambda: q.opponents(view),
            "P": lambda: q.discard(view),
            "N": lambda: q.deck(view),
            "C": lambda: q.scores(view),
            "I": lambda: q.turn(view),
            "B": lambda: q.last(told),
            "G": lambda: q.hint(hint, hints),
        }
        return answers[letter]()
