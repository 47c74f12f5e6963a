"""The core's events told in words for the narration line and the log.

"Bea used an 11 (Swap 2): swapped their 2nd card with your 4th card" — an action card and
its effects make one line (effects with the same verb share it: "looked at your 1st card
(a 3) and Cal's 2nd card"); everything is said from the player's seat ("you", "your"), and values are
only named where the player may see them (the events are already filtered for its seat).
"""

from __future__ import annotations

from game.lang import N_, _, ngettext, pgettext
from game.rules import events as ev
from game.rules.cards import ACTION_NAMES, label

from .phrases import (
    OTHER,
    YOU,
    a_card,
    card_of,
    clause,
    deck_card,
    end_of,
    level_words,
    listing,
    ordinal,
    with_value,
)
from .words import capital, is_you, possessive

__all__ = ["Narrator", "Told", "a_card", "join_clauses", "ordinal", "said_again"]


def join_clauses(clauses: list[tuple[str, dict]], person: str = OTHER) -> str:
    """An action's effects in one phrase: clauses of the same kind one after the other share
    their verb ("looked at your 1st card and Bea's 2nd card, swapped ..."). Each clause is
    (kind, fields); a kind that lists cards has them in `fields["cards"]` as a list."""
    groups: list[tuple[str, dict]] = []
    for kind, fields in clauses:
        if groups and groups[-1][0] == kind and "cards" in fields:
            groups[-1][1]["cards"].append(*fields["cards"])
        else:
            groups.append((kind, {k: list(v) if k == "cards" else v for k, v in fields.items()}))
    said = []
    for kind, fields in groups:
        filled = {k: listing(v) if k == "cards" else v for k, v in fields.items()}
        said.append(clause(kind, person, **filled))
    return ", ".join(said)


class Told(str):
    """A narrated line that can be told again, in the language spoken now (`again()`), from
    the events it was told from: the log is said anew after a switch of language."""

    def __new__(cls, text: str, narrator: Narrator, events: list, step: int, stand_in: str | None) -> Told:
        told = super().__new__(cls, text)
        told.source = (narrator, events, step, stand_in)
        return told

    def __reduce__(self) -> tuple:
        return (str, (str(self),))  # copied or sent elsewhere: the words alone

    def again(self) -> str:
        narrator, events, step, stand_in = self.source
        was, narrator.stand_in = narrator.stand_in, stand_in
        try:
            return Told(narrator._steps(events)[step][2], narrator, events, step, stand_in)
        finally:
            narrator.stand_in = was


def said_again(line: str) -> str:
    """`line` in the language spoken now if it can be told again (a `Told`), else as it is."""
    again = getattr(line, "again", None)
    return again() if callable(again) else line


class Narrator:
    def __init__(self, names: list[str], human: int | None) -> None:
        self.names = names
        self.human = human
        self.stand_in: str | None = None  # the level of the bot playing the player's seat now

    def who(self, seat: int) -> str:
        """The subject of a sentence: "You" for the player (that word is the flag the
        sentences read: `_by` says them in the second person), the stand-in in words, or a name."""
        if seat == self.human:
            if self.stand_in:
                return _("Your stand-in ({level})", level=level_words(self.stand_in))
            return "You"
        return self.names[seat]

    def person(self, seat: int) -> str:
        return YOU if is_you(self.who(seat)) else OTHER

    def _by(self, seat: int, you: str, other: str, **fields: object) -> str:
        """The sentence `you` if the player did it, else `other` with `{name}` the doer."""
        if self.person(seat) == YOU:
            return _(you, **fields)
        return _(other, name=self.who(seat), **fields)

    def lines_with_stand_in(self, events: list, spans: list[tuple[int, int]], level: str) -> list[str]:
        """`lines`, the events of `spans` (`[from, to)`: decisions a networked table's bot
        took for the absent player) told as their stand-in's: "Your stand-in (ranger) drew
        a card", never "You drew"."""
        out, at = [], 0
        for a, b in [*spans, (len(events), len(events))]:
            out += self.lines(events[at:a])
            if a < b:
                self.stand_in = level
                try:
                    out += self.lines(events[a:b])
                finally:
                    self.stand_in = None
            at = max(at, b)
        return out

    def whose(self, seat: int, actor: int | None = None) -> str:
        """Whose card: "your" for the player's seat (and a camper named "You"), "their" for
        the actor's own, else "Bea's" (English; the sentences use `target`)."""
        if seat == self.human or is_you(self.names[seat]):
            return "your"
        if seat == actor:
            return "their"
        return possessive(self.names[seat])

    def target(self, t: tuple, actor: int | None = None) -> str:
        """A card by its place, in the current language: "your 2nd card", "the deck top"."""
        if t[0] == "deck":
            return deck_card(t[1])
        seat = t[0]
        if seat == self.human or is_you(self.names[seat]):
            return card_of("your own" if actor == seat and self.stand_in is None else "your", t[1] + 1)
        if seat == actor:
            return card_of("their", t[1] + 1)
        return card_of("name", t[1] + 1, self.names[seat])

    def lines(self, events: list) -> list[str]:
        """One line per turn step; an action card's effects join its line."""
        out: list[str] = []
        for _i, k, text in self.steps(events):
            if k == len(out):
                out.append(text)
            else:
                out[k] = text
        return out

    def steps(self, events: list) -> list[tuple[int, int, str]]:
        """`_steps`, each line a `Told`: it can say itself again in another language."""
        level = self.stand_in
        return [
            (i, k, Told(text, self, events, j, level)) for j, (i, k, text) in enumerate(self._steps(events))
        ]

    def _steps(self, events: list) -> list[tuple[int, int, str]]:
        """When each line is told: (index of the event, line number, the line so far).

        A line is told at the event that makes it true, so the table can show it when that
        event's animation begins, not before. An action card's line grows clause by clause:
        "Bea used a 7 (Flip 1)." at the play, then "…: flipped your 1st card (a 7)" at the
        flip; a later entry for the same line number replaces the earlier one.
        """
        out: list[tuple[int, int, str]] = []
        count = 0  # lines begun so far
        pending: list[tuple[str, dict]] = []  # the clauses (kind, fields) of a played card's line
        head, person = "", OTHER

        def told(i: int) -> None:
            if pending:
                effects = join_clauses(pending, person)
                line = pgettext("an action card's line", "{head}: {effects}", head=head, effects=effects)
            else:
                line = pgettext("an action card's line", "{head}.", head=head)
            out.append((i, count - 1, line))

        after_match = False  # a match's discards are told by its own line
        for i, e in enumerate(events):
            kind = type(e)
            if kind is ev.ReplacementRevealed:
                after_match = e.matched
            elif kind is ev.CardDiscarded and e.source is not None and after_match and not head:
                continue
            elif kind is not ev.CardDiscarded:
                after_match = False
            if kind is ev.CardPlayed:
                head, person = self._used(e), self.person(e.seat)
                pending.clear()
                count += 1
                told(i)
                continue
            if head:
                effect = self._effect(e)
                if effect is not None:
                    pending.append(effect)
                    told(i)
                    continue
                head = ""
                pending.clear()
            text = self._plain(e)
            if text:
                out.append((i, count, text))
                count += 1
        return out

    def _used(self, e: ev.CardPlayed) -> str:
        action = _(ACTION_NAMES.get(e.card, ""))
        card = a_card(e.card)
        return self._by(
            e.seat,
            N_("You used {card} ({action})"),
            N_("{name} used {card} ({action})"),
            card=card,
            action=action,
        )

    def _effect(self, e) -> tuple[str, dict] | None:
        """The clause (kind, fields) of an action's effect, or None if `e` is not one."""
        kind = type(e)
        if kind is ev.CardViewed:
            seen = self.target(e.target, e.seat)
            return "look", {"cards": [with_value(seen, a_card(e.card)) if e.card is not None else seen]}
        if kind is ev.CardFlipped:
            return "flip", {"cards": [with_value(self.target(e.target, e.seat), a_card(e.card))]}
        if kind is ev.CardDiscarded and e.source is not None:
            return "discard", {"cards": [with_value(self.target(e.source, e.seat), a_card(e.card))]}
        if kind is ev.CardsExchanged:
            return "swap", {"first": self.target(e.first, e.seat), "second": self.target(e.second, e.seat)}
        if kind is ev.CardPlaced and not e.penalty:
            end = "left" if e.slot == 0 else "right"
            card = label(e.card) if e.card is not None else "?"
            if e.owner == e.seat:
                whose = "your" if e.owner == self.human or is_you(self.names[e.owner]) else "their"
                return f"place {end} {whose}", {"card": card}
            if e.owner == self.human or is_you(self.names[e.owner]):
                return "give you", {"card": card, "end": end_of(end)}
            return "give", {"card": card, "name": self.names[e.owner], "end": end_of(end)}
        return None

    def _replaced(self, e: ev.ReplacementRevealed) -> str:
        """Whose cards a replacement took, each with its value: "Cal replaced your 2nd card
        (=) and their 1st card (10): a match!"; one card is simply replaced (no match to hail)."""
        cards = [
            with_value(self.target(t, e.seat), label(c)) for t, c in zip(e.targets, e.cards, strict=True)
        ]
        what = listing(cards)
        s = e.seat
        if e.matched and len(cards) > 1:
            return self._by(
                s, N_("You replaced {cards}: a match!"), N_("{name} replaced {cards}: a match!"), cards=what
            )
        if e.matched:
            return self._by(s, N_("You replaced {cards}."), N_("{name} replaced {cards}."), cards=what)
        if not e.penalties and len(cards) == 1:
            return self._by(
                s,
                N_("You tried {cards}: no match, it stays face up."),
                N_("{name} tried {cards}: no match, it stays face up."),
                cards=what,
            )
        if not e.penalties:
            return self._by(
                s,
                N_("You tried {cards}: no match, they stay face up."),
                N_("{name} tried {cards}: no match, they stay face up."),
                cards=what,
            )
        return self._penalised(e, what, len(cards))

    def _penalised(self, e: ev.ReplacementRevealed, what: str, count: int) -> str:
        n, you = e.penalties, self.person(e.seat) == YOU
        if you and count == 1:
            return ngettext(
                "You tried {cards}: no match, it stays face up; penalty: {n} extra card.",
                "You tried {cards}: no match, it stays face up; penalty: {n} extra cards.",
                n,
                cards=what,
            )
        if you:
            return ngettext(
                "You tried {cards}: no match, they stay face up; penalty: {n} extra card.",
                "You tried {cards}: no match, they stay face up; penalty: {n} extra cards.",
                n,
                cards=what,
            )
        if count == 1:
            return ngettext(
                "{name} tried {cards}: no match, it stays face up; penalty: {n} extra card.",
                "{name} tried {cards}: no match, it stays face up; penalty: {n} extra cards.",
                n,
                cards=what,
                name=self.who(e.seat),
            )
        return ngettext(
            "{name} tried {cards}: no match, they stay face up; penalty: {n} extra card.",
            "{name} tried {cards}: no match, they stay face up; penalty: {n} extra cards.",
            n,
            cards=what,
            name=self.who(e.seat),
        )

    def _plain(self, e) -> str | None:
        kind = type(e)
        if kind is ev.RoundDealt:
            return self._by(
                e.start,
                N_("Round {round} dealt. You start."),
                N_("Round {round} dealt. {name} starts."),
                round=e.round,
            )
        if kind is ev.CardDrawn:
            if e.seat == self.human:
                return self._by(
                    e.seat, N_("You drew {card}."), N_("{name} drew {card}."), card=a_card(e.card)
                )
            return self._by(e.seat, N_("You drew a card."), N_("{name} drew a card."))
        if kind is ev.CardTaken:
            return self._by(
                e.seat,
                N_("You took {card} from the discard pile."),
                N_("{name} took {card} from the discard pile."),
                card=a_card(e.card),
            )
        if kind is ev.ScramDeclared:
            return self._by(
                e.seat,
                N_("You declared SCRAM! Everyone else gets one last turn."),
                N_("{name} declared SCRAM! Everyone else gets one last turn."),
            )
        if kind is ev.CardDiscarded:
            if e.source is None:
                return self._by(
                    e.seat, N_("You discarded {card}."), N_("{name} discarded {card}."), card=a_card(e.card)
                )
            went = _(
                "{card} ({value}) went to the discard pile.",
                card=self.target(e.source, e.seat),
                value=a_card(e.card),
            )
            return capital(went)
        if kind is ev.ReplacementRevealed:
            return self._replaced(e)
        if kind is ev.ExchangeDeclined:
            return self._by(
                e.seat,
                N_("You left the two cards where they were."),
                N_("{name} left the two cards where they were."),
            )
        if kind is ev.CardsExchanged:  # a 12's swap, decided after the views
            first, second = self.target(e.first, e.seat), self.target(e.second, e.seat)
            return self._by(
                e.seat,
                N_("You swapped {first} with {second}."),
                N_("{name} swapped {first} with {second}."),
                first=first,
                second=second,
            )
        if kind is ev.RoundScored:
            return _("Round {round} is over.", round=e.round)
        return None
