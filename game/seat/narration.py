"""The core's events told in words for the narration line and the log.

"Bea used an 11 (Swap 2): swapped their 2nd card with your 4th card" — an action card and
its effects make one line (effects with the same verb share it: "looked at your 1st card
(a 3) and Cal's 2nd card"); everything is said from the player's seat ("you", "your"), and values are
only named where the player may see them (the events are already filtered for its seat).
"""

from __future__ import annotations

from game.rules import events as ev
from game.rules.cards import ACTION_NAMES, label

from .words import a_card, capital, is_you, plural, possessive, says


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_clauses(clauses: list[tuple[str, str]]) -> str:
    """An action's effects in one phrase: clauses with the same verb one after the other
    share it ("looked at your 1st card and Bea's 2nd card, swapped ...")."""
    groups: list[tuple[str, list[str]]] = []
    for verb, what in clauses:
        if groups and groups[-1][0] == verb:
            groups[-1][1].append(what)
        else:
            groups.append((verb, [what]))
    return ", ".join(f"{verb} {' and '.join(whats)}" for verb, whats in groups)


class Narrator:
    def __init__(self, names: list[str], human: int | None) -> None:
        self.names = names
        self.human = human
        self.stand_in: str | None = None  # the level of the bot playing the player's seat now

    def who(self, seat: int) -> str:
        if seat == self.human:
            return f"Your stand-in ({self.stand_in})" if self.stand_in else "You"
        return self.names[seat]

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
        the actor's own, else "Bea's"."""
        if seat == self.human or is_you(self.names[seat]):
            return "your"
        if seat == actor:
            return "their"
        return possessive(self.names[seat])

    def target(self, t: tuple, actor: int | None = None) -> str:
        if t[0] == "deck":
            return "the deck top" if t[1] == 0 else "the deck's 2nd card"
        return f"{self.whose(t[0], actor)} {ordinal(t[1] + 1)} card"

    def lines(self, events: list) -> list[str]:
        """One line per turn step; an action card's effects join its line."""
        out: list[str] = []
        for _, k, text in self.steps(events):
            if k == len(out):
                out.append(text)
            else:
                out[k] = text
        return out

    def steps(self, events: list) -> list[tuple[int, int, str]]:
        """When each line is told: (index of the event, line number, the line so far).

        A line is told at the event that makes it true, so the table can show it when that
        event's animation begins, not before. An action card's line grows clause by clause:
        "Bea used a 7 (Flip 1)." at the play, then "…: flipped your 1st card (a 7)" at the
        flip; a later entry for the same line number replaces the earlier one.
        """
        out: list[tuple[int, int, str]] = []
        count = 0  # lines begun so far
        pending: list[tuple[str, str]] = []  # the clauses (verb, what) of a played card's line
        head = ""

        def told(i: int) -> None:
            out.append((i, count - 1, head + (": " + join_clauses(pending) if pending else ".")))

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
                name = ACTION_NAMES.get(e.card, "")
                head = f"{self.who(e.seat)} used {a_card(e.card)} ({name})"
                pending.clear()
                count += 1
                told(i)
                continue
            if head:
                clause = self._effect(e)
                if clause is not None:
                    pending.append(clause)
                    told(i)
                    continue
                head = ""
                pending.clear()
            text = self._plain(e)
            if text:
                out.append((i, count, text))
                count += 1
        return out

    def _effect(self, e) -> tuple[str, str] | None:
        """The clause (verb, what) of an action's effect, or None if `e` is not one."""
        kind = type(e)
        if kind is ev.CardViewed:
            seen = f" ({a_card(e.card)})" if e.card is not None else ""
            return "looked at", f"{self.target(e.target, e.seat)}{seen}"
        if kind is ev.CardFlipped:
            return "flipped", f"{self.target(e.target, e.seat)} ({a_card(e.card)})"
        if kind is ev.CardDiscarded and e.source is not None:
            return "discarded", f"{self.target(e.source, e.seat)} ({a_card(e.card)})"
        if kind is ev.CardsExchanged:
            return "swapped", f"{self.target(e.first, e.seat)} with {self.target(e.second, e.seat)}"
        if kind is ev.CardPlaced and not e.penalty:
            end = "left" if e.slot == 0 else "right"
            card = label(e.card) if e.card is not None else "card"
            if e.owner == e.seat:
                return "placed", f"the {card} at the {end} end of {self.whose(e.owner, e.seat)} campsite"
            to = "you" if e.owner == self.human or is_you(self.names[e.owner]) else self.names[e.owner]
            return "gave", f"the {card} to {to} ({end} end)"
        return None

    def _replaced(self, e: ev.ReplacementRevealed) -> str:
        """Whose cards a replacement took, each with its value: "Cal replaced your 2nd card
        (=) and their 1st card (10): a match!"; one card is simply replaced (no match to hail)."""
        cards = [f"{self.target(t, e.seat)} ({label(c)})" for t, c in zip(e.targets, e.cards, strict=True)]
        what = " and ".join(cards) if len(cards) <= 2 else ", ".join(cards[:-1]) + " and " + cards[-1]
        who = self.who(e.seat)
        if e.matched:
            return f"{who} replaced {what}" + (": a match!" if len(cards) > 1 else ".")
        extra = f"; penalty: {plural(e.penalties, 'extra card')}" if e.penalties else ""
        stay = "it stays" if len(cards) == 1 else "they stay"
        return f"{who} tried {what}: no match, {stay} face up{extra}."

    def _plain(self, e) -> str | None:
        kind = type(e)
        if kind is ev.RoundDealt:
            return f"Round {e.round} dealt. {says(self.who(e.start), 'start')}."
        if kind is ev.CardDrawn:
            if e.seat == self.human:
                return f"{self.who(e.seat)} drew {a_card(e.card)}."
            return f"{self.who(e.seat)} drew a card."
        if kind is ev.CardTaken:
            return f"{self.who(e.seat)} took {a_card(e.card)} from the discard pile."
        if kind is ev.ScramDeclared:
            return f"{self.who(e.seat)} declared SCRAM! Everyone else gets one last turn."
        if kind is ev.CardDiscarded:
            if e.source is None:
                return f"{self.who(e.seat)} discarded {a_card(e.card)}."
            return f"{capital(self.target(e.source, e.seat))} ({a_card(e.card)}) went to the discard pile."
        if kind is ev.ReplacementRevealed:
            return self._replaced(e)
        if kind is ev.CardPlaced:
            if e.penalty:
                return None  # told by ReplacementRevealed
            return None  # a kept card: the replacement line said it
        if kind is ev.ExchangeDeclined:
            return f"{self.who(e.seat)} left the two cards where they were."
        if kind is ev.CardsExchanged:  # a 12's swap, decided after the views
            first, second = self.target(e.first, e.seat), self.target(e.second, e.seat)
            return f"{self.who(e.seat)} swapped {first} with {second}."
        if kind is ev.RoundScored:
            return f"Round {e.round} is over."
        return None
