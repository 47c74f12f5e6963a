"""What the action cards do to the table (R-ACT-5..13), for `Game.apply`.

`ActionEffects` is a mixin of `Game` (state.py): `_act` carries out a legal `Act` (already
checked) on the game's campsites, deck and discard pile, emits its events and ends the
turn, except after a 12's views, which wait for Swap or Keep (phase `twelve`).
"""

from __future__ import annotations

from . import events as ev
from .cards import EQ
from .decisions import Act, Target
from .phases import TWELVE

# Events are built as in state.py: `tuple.__new__` with every field, in order.
_event = tuple.__new__


class ActionEffects:
    """Mixin: the effect of each action card on a `Game`."""

    campers: int
    turn: int
    phase: str
    all_mask: int
    campsites: list
    deck: list
    deck_known: list
    discard: list
    drawn: int | None
    twelve: tuple | None
    events: list

    # `Game` provides `_end_turn` and `deck_card`, `TableRules` provides `card_at`.

    def _add_at_end(self, seat: int, card: tuple, end: str, mask: int, penalty: bool) -> None:
        row = self.campsites[seat]
        if end == "left":
            row.insert(0, card)
            slot = 0
        else:
            slot = len(row)
            row.append(card)
        self.events.append(_event(ev.CardPlaced, (self.turn, card[0], seat, slot, card[1], mask, penalty)))

    # ---- actions ------------------------------------------------------------------
    def _act(self, d: Act) -> None:
        me, value = self.turn, self.drawn
        self.events.append(_event(ev.CardPlayed, (me, value)))
        if value not in (9, 13):
            self.discard.append(value)
        targets = d.targets
        if value in (5, 6, 12):
            bit = 1 << me
            for t in targets:
                self._view(t, bit)
            if value == 12 and len(targets) == 2 and self._exchangeable(*targets):
                self.twelve = tuple(targets)
                self.phase = TWELVE
                return
        elif value in (7, 8):
            for t in targets:
                self._flip(t)
        elif value in (9, 10):
            self._discard_targets(targets)
            if value == 9:
                self._add_at_end(me, (9, True, 0), d.end, self.all_mask, False)
        elif value == 11:
            if targets:
                self.events.append(_event(ev.CardsExchanged, (me, *targets)))
                self._exchange(*targets)
        elif value == 13:
            self._add_at_end(d.seat, (13, True, 0), d.end, self.all_mask, False)
        self._end_turn()

    @staticmethod
    def _exchangeable(a: Target, b: Target) -> bool:
        """R-ACT-12: two campsites, a campsite card and the deck top, or the top two."""
        if a[0] == "deck" and b[0] == "deck":
            return True
        if a[0] == "deck" or b[0] == "deck":
            return True  # the other deck position can only be the top (R-ACT-6 rule)
        return a[0] != b[0]

    def _view(self, t: Target, bit: int) -> None:
        """Secretly look at a card: the viewer knows it from now on (R-INFO-2)."""
        if t[0] == "deck":
            i = len(self.deck) - 1 - t[1]
            self.deck_known[i] |= bit
            value, mask = self.deck[i], self.deck_known[i]
        else:
            s, slot = t
            value, up, known = self.campsites[s][slot]
            if up:
                mask = self.all_mask
            else:
                mask = known | bit
                self.campsites[s][slot] = (value, False, mask)
        self.events.append(_event(ev.CardViewed, (self.turn, t, value, mask)))

    def _flip(self, t: Target) -> None:
        if t[0] == "deck":
            i = len(self.deck) - 1 - t[1]
            self.deck_known[i] = self.all_mask  # stays on the deck, known to all (R-ACT-7)
            value = self.deck[i]
        else:
            s, slot = t
            value = self.campsites[s][slot][0]
            self.campsites[s][slot] = (value, True, 0)
        self.events.append(_event(ev.CardFlipped, (self.turn, t, value)))

    def _discard_targets(self, targets: tuple) -> None:
        """R-ACT-9/10: remove the targets; the higher goes first, `=` always below."""
        found = []
        for t in targets:
            value = self.deck_card(t[1])[0] if t[0] == "deck" else self.card_at(t)[0]
            found.append((t, value))
        # Remove deck cards top-down indices and campsite cards from the right first.
        for t, _ in sorted(found, key=lambda tv: (tv[0][0] == "deck", tv[0][1]), reverse=True):
            if t[0] == "deck":
                i = len(self.deck) - 1 - t[1]
                del self.deck[i]
                del self.deck_known[i]
            else:
                del self.campsites[t[0]][t[1]]
        for t, value in sorted(found, key=lambda tv: (tv[1] != EQ, -tv[1])):
            self.discard.append(value)
            self.events.append(_event(ev.CardDiscarded, (self.turn, value, t)))

    def _exchange(self, a: Target, b: Target) -> None:
        """R-ACT-11: each card takes the other's place and keeps its face."""
        ca, cb = self._take_out(a), self._take_out(b)
        self._put(a, cb)
        self._put(b, ca)

    def _take_out(self, t: Target) -> tuple:
        if t[0] == "deck":
            v, known = self.deck_card(t[1])
            return (v, False, known)
        return self.campsites[t[0]][t[1]]

    def _put(self, t: Target, card: tuple) -> None:
        value, up, known = card
        if t[0] == "deck":
            # A face-up card moved onto the deck lies face down there, known to all.
            i = len(self.deck) - 1 - t[1]
            self.deck[i] = value
            self.deck_known[i] = self.all_mask if up else known
        else:
            self.campsites[t[0]][t[1]] = card
