"""The answers to the table's query keys, for a player who hears the table rather than sees it.

Each answer is built from the seat's `SeatView` alone (and from lines already told to the
seat: the last one told, the hint shown), so it says only what that seat may know: a
face-down card's value is named only where the view carries it (the player saw it, or
remembers it), and who else has seen a card is public (R-INFO-1). A spectator's view (the
public table) names no face-down value at all.

    queries = TableQueries(["You", "Bea", "Cal", "Dot"], human=0, teams=("Blue", "Orange"))
    queries.mine(view)   # "Your campsite, 4 cards: 1st: 7, face up; 2nd: face down, you saw 3; ..."
"""

from __future__ import annotations

from game.lang import _, ngettext
from game.rules.cards import label, team_of
from game.rules.events import PUBLIC
from game.rules.view import SeatView

from .narration import ordinal


def listed(names: list[str]) -> str:
    """Names as a list said aloud: "Bea", "Bea and Cal", "Bea, Cal and Dot"."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the end of a list of names said aloud ("Bea, Cal and Dot")
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


class TableQueries:
    """What the query keys answer for `human`'s seat (None: a spectator of the public table).
    `names` are the campers' names as the table shows them, `teams` the two teams' names."""

    def __init__(self, names: list[str], human: int | None, teams: tuple[str, str]) -> None:
        self.names = list(names)
        self.human = human
        self.teams = teams

    # ---- one card, one campsite --------------------------------------------------------------
    def seen_by(self, mask: int) -> list[str]:
        """The others who have seen a face-down card (the mask is public)."""
        return [n for s, n in enumerate(self.names) if mask >> s & 1 and s != self.human]

    def state(self, view: SeatView, seat: int, slot: int) -> str:
        """What the seat knows of one campsite card: "face down, you saw 3, seen by Bea too"."""
        value, up, mask = view.campsites[seat][slot]
        if up:
            return _("{value}, face up", value=label(value))
        others = listed(self.seen_by(mask))
        if value is not None and others:
            return _("face down, you saw {value}, seen by {names} too", value=label(value), names=others)
        if value is not None:
            return _("face down, you saw {value}", value=label(value))
        if others:
            return _("face down, seen by {names}", names=others)
        return _("face down")

    def card(self, view: SeatView, seat: int, slot: int) -> str:
        """One campsite card in a campsite's list: "2nd: face down, you saw 3"."""
        # TRANSLATORS: a card's place in its campsite ("2nd") and what is known of it
        return _("{nth}: {state}", nth=ordinal(slot + 1), state=self.state(view, seat, slot))

    def whose_campsite(self, seat: int) -> str:
        if seat == self.human:
            return _("Your campsite")
        return _("{name}'s campsite", name=self.names[seat])

    def campsite(self, view: SeatView, seat: int) -> str:
        """A whole campsite, card by card, in slot order."""
        row = view.campsites[seat]
        whose = self.whose_campsite(seat)
        if not row:
            return _("{whose} is empty.", whose=whose)
        cards = "; ".join(self.card(view, seat, i) for i in range(len(row)))
        count = ngettext("{n} card", "{n} cards", len(row))
        return _("{whose}, {count}: {cards}.", whose=whose, count=count, cards=cards)

    # ---- the query keys ------------------------------------------------------------------------
    def mine(self, view: SeatView) -> list[str]:
        if self.human is None or view.seat == PUBLIC:
            return [_("You are watching: no campsite is yours.")]
        return [self.campsite(view, self.human)]

    def teammates(self, view: SeatView) -> list[str]:
        if self.human is None:  # a spectator: the first team's campsites
            return [self.campsite(view, s) for s in range(view.campers) if team_of(s, view.campers) == 0]
        mine = team_of(self.human, view.campers)
        mates = [s for s in range(view.campers) if s != self.human and team_of(s, view.campers) == mine]
        return [self.campsite(view, s) for s in mates] or [_("You play alone: you have no teammate.")]

    def opponents(self, view: SeatView) -> list[str]:
        theirs = 1 if self.human is None else 1 - team_of(self.human, view.campers)
        return [self.campsite(view, s) for s in range(view.campers) if team_of(s, view.campers) == theirs]

    def discard(self, view: SeatView) -> list[str]:
        if not view.discard:
            return [_("The discard pile is empty.")]
        count = ngettext("{n} card", "{n} cards", len(view.discard))
        return [_("The discard pile: {value} on top, {count}.", value=label(view.discard[-1]), count=count)]

    def deck(self, view: SeatView) -> list[str]:
        return [ngettext("The deck has {n} card.", "The deck has {n} cards.", view.deck_size)]

    def scores(self, view: SeatView) -> list[str]:
        """The round, then each team's total so far (the seat's team first)."""
        mine = team_of(self.human, view.campers) if self.human is not None else 0
        first, second = mine, 1 - mine
        totals = [sum(s[t] for s in view.scores) for t in (0, 1)] if view.scores else [0, 0]
        return [
            _(
                "Round {round} of {rounds}. Scores so far: {team} {total}, {other} {other_total}.",
                round=view.round,
                rounds=view.rounds,
                team=self.teams[first],
                total=totals[first],
                other=self.teams[second],
                other_total=totals[second],
            )
        ]

    def turn(self, view: SeatView) -> list[str]:
        """Whose turn it is, and a declared Scram's last turns."""
        if view.turn is None or view.phase in ("round_over", "over"):
            lines = [_("Nobody's turn: the round is over.")]
        elif view.turn == self.human:
            lines = [_("It is your turn.")]
        else:
            lines = [_("It is {name}'s turn.", name=self.names[view.turn])]
        if view.scram is not None and view.phase not in ("round_over", "over"):
            if view.scram == self.human:
                lines.append(_("You declared Scram: these are the last turns."))
            else:
                who = self.names[view.scram]
                lines.append(_("{name} declared Scram: these are the last turns.", name=who))
        return [" ".join(lines)]

    @staticmethod
    def last(told: list[str]) -> list[str]:
        """What was played last: the last line the table told."""
        return [told[-1] if told else _("Nothing has been played yet.")]

    @staticmethod
    def hint(sentence: str | None, available: bool) -> list[str]:
        if not available:
            return [_("There is no hint at this table.")]
        if not sentence:
            return [_("No hint asked for yet: press ? for one.")]
        return [_("Hint: {hint}", hint=sentence)]
