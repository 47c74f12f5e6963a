"""The core's events turned into card animations on the table's timeline.

Each event becomes one or more timeline steps; a step changes the table's sprites when
its turn comes (not when queued), so the sprites go through the same sequence of states
as the game did. Cards that leave a campsite leave a hole that closes at the next step,
because the core names the cards of one action by their places before any left (a
replacement's or a 9's discards), and the holes keep those places valid.

Reduced motion: the sprites themselves stay flat and cross-fade instead of flipping
(`sprites.set_reduced_motion`); here slides are shorter (`m`) while the pauses between
steps keep their length, so every event is still on screen long enough to follow, and
rings mark what a lift or a hop would have shown (a flipped card, who looks at which card,
the two cards of a swap).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import events as ev

from . import skin
from .narrate import a_card
from .sprites import CardSprite
from .tween import WAIT_CLICK

if TYPE_CHECKING:
    from .table import TableScene


class Animator:
    def __init__(self, scene: TableScene) -> None:
        self.s = scene

    def d(self, seconds: float) -> float:
        """A pause or an effect's length (the speed setting applied)."""
        return self.s.dur(seconds)

    def m(self, seconds: float) -> float:
        """A slide's length: shorter with reduced motion."""
        return self.s.slide(seconds)

    @property
    def calm(self) -> bool:
        return self.s.calm

    def queue(self, events: list, told: list[tuple[int, int, str]]) -> None:
        """Queue the animations of `events`, each preceded by the lines it tells.

        `told` is `Narrator.steps(events)`: a line goes to the narration bar and the log
        when the timeline reaches its event, so the words never run ahead of the cards.
        """
        tl = self.s.timeline
        by_event: dict[int, list[tuple[int, str]]] = {}
        for i, k, text in told:
            by_event.setdefault(i, []).append((k, text))
        begun: set[int] = set()  # line numbers already in the log (later ones replace them)

        def say(first: int, last: int) -> None:
            lines = []
            for i in range(first, last):
                for k, text in by_event.get(i, ()):
                    lines.append((text, k not in begun))
                    begun.add(k)
            if lines:
                tl.add(lambda: self._tell(lines))

        i = 0
        handlers = {
            ev.RoundDealt: self.dealt,
            ev.TurnBegan: self.turn,
            ev.CardDrawn: self.drawn,
            ev.CardTaken: self.taken,
            ev.ScramDeclared: self.scram,
            ev.CardDiscarded: self.discarded,
            ev.CardPlayed: self.played,
            ev.CardFlipped: self.flipped,
            ev.CardsExchanged: self.exchanged,
            ev.CardPlaced: self.placed,
            ev.ReplacementRevealed: self.revealed,
        }
        while i < len(events):
            e = events[i]
            if type(e) is ev.CardViewed:
                j = i
                while j < len(events) and type(events[j]) is ev.CardViewed:
                    j += 1
                say(i, j)
                self.viewed(events[i:j])
                i = j
                continue
            say(i, i + 1)
            h = handlers.get(type(e))
            if h is not None:
                h(e)
            i += 1
        tl.add(self.settle)

    def _tell(self, lines: list[tuple[str, bool]]) -> float:
        for text, new in lines:
            self.s.tell(text, new)
        return 0.0

    def _step(self, fn, compact: bool = True) -> None:
        def run() -> float:
            if compact:
                self.s.compact(self.m(0.3))
            return fn()

        self.s.timeline.add(run)

    # ---- one handler per event ------------------------------------------------------
    def dealt(self, e: ev.RoundDealt) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            v = s.game.view(s.viewer)
            s.view = v
            s.rows = [[] for _ in range(s.n)]
            s.pile, s.hands, s.flying = [], {}, []
            s.turn_seat = v.turn
            dx, dy = lay.deck_pos
            gap, move = self.d(0.05), self.m(0.32)
            k = 0
            for j in range(s.n):
                seat = (e.start + j) % s.n
                row = v.campsites[seat]
                for i, (value, up, known) in enumerate(row):
                    sp = CardSprite(value, False, dx, dy, lay.pile_w, known)
                    x, y, w = lay.slot(seat, i, len(row))
                    sp.move(x, y, w, move, k * gap)
                    if up:
                        sp.flip(True, self.d(0.24), k * gap + move)
                    s.rows[seat].append(sp)
                    k += 1
            top = CardSprite(e.discard_top, False, dx, dy, lay.pile_w)
            top.move(*lay.discard_pos, lay.pile_w, move, k * gap)
            top.flip(True, self.d(0.24), k * gap + move)
            s.pile = [top]
            s.deck_count = v.deck_size
            s.app.play("shuffle")
            return k * gap + move + self.d(0.3)

        self.s.timeline.add(run)

    def turn(self, e: ev.TurnBegan) -> None:
        def run() -> float:
            self.s.turn_seat = e.seat
            return 0.0

        self._step(run)

    def drawn(self, e: ev.CardDrawn) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            sp = CardSprite(e.card, False, *lay.deck_pos, lay.pile_w)
            s.deck_count -= 1
            x, y, w = lay.seat_hand(e.seat)
            sp.move(x, y, w, self.m(0.4))
            mine = e.seat == s.viewer
            sp.set_lift(1.0 if mine else 0.3, self.d(0.4))
            if mine and e.card is not None:
                sp.flip(True, self.d(0.3), self.d(0.2))
            s.hands[e.seat] = sp
            s.app.play("draw")
            return self.d(0.5)

        self._step(run)

    def taken(self, e: ev.CardTaken) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            sp = s.pile.pop() if s.pile else CardSprite(e.card, True, *lay.discard_pos, lay.pile_w)
            sp.value, sp.up = e.card, True
            sp.move(*lay.seat_hand(e.seat), self.m(0.4))
            sp.set_lift(1.0 if e.seat == s.viewer else 0.3, self.d(0.4))
            s.hands[e.seat] = sp
            s.app.play("slide")
            return self.d(0.45)

        self._step(run)

    def scram(self, e: ev.ScramDeclared) -> None:
        def run() -> float:
            s = self.s
            s.banner, s.banner_low = "SCRAM!", False
            s.banner_t = 1.3 if s.factor > 0 else 0.8
            s.app.play("scram")
            return self.d(1.0)

        self._step(run)

    def discarded(self, e: ev.CardDiscarded) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            src = e.source
            if src is None:
                sp = s.hands.pop(e.seat, None) or CardSprite(e.card, True, *lay.seat_hand(e.seat))
            elif src[0] == "deck":
                sp = CardSprite(e.card, False, *lay.deck_pos, lay.pile_w)
                s.deck_count -= 1
            else:
                sp = s.sprite_at(src) or CardSprite(e.card, False, *lay.slot(src[0], 0, 1))
                if s.sprite_at(src) is not None:
                    s.rows[src[0]][src[1]] = None  # a hole, closed at the next step
            sp.value = e.card
            sp.move(*lay.discard_pos, lay.pile_w, self.m(0.4))
            sp.set_lift(0.0, self.d(0.4))
            sp.glow = None
            if not sp.up:
                sp.flip(True, self.d(0.3))
            s.pile.append(sp)
            s.app.play("discard")
            return self.d(0.42)

        self._step(run, compact=False)

    def played(self, e: ev.CardPlayed) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            sp = s.hands.get(e.seat) or CardSprite(e.card, False, *lay.seat_hand(e.seat))
            sp.value = e.card
            if not sp.up:
                sp.flip(True, self.d(0.3))
            if e.card in (9, 13):
                s.hands[e.seat] = sp  # it goes to a campsite (CardPlaced follows)
                return self.d(0.45)
            s.hands.pop(e.seat, None)
            sp.move(*lay.discard_pos, lay.pile_w, self.m(0.4), self.d(0.25))
            sp.set_lift(0.0, self.d(0.4), self.d(0.25))
            s.pile.append(sp)
            s.app.play("discard")
            return self.d(0.7)

        self._step(run)

    def viewed(self, views: list[ev.CardViewed]) -> None:
        """One or two secret views: the cards rise; the viewer's own are shown until clicked."""
        shown: list[CardSprite] = []
        temps: list[CardSprite] = []
        s = self.s
        mine = views[0].seat == s.viewer and s.human is not None

        def lift() -> float:
            lay = s.layout
            seen = []
            for k, e in enumerate(views):
                t = e.target
                if t[0] == "deck":
                    dx, dy = lay.deck_pos
                    sp = CardSprite(None, False, dx, dy, lay.pile_w)
                    sp.move(dx + (k - 0.5) * lay.pile_w * 0.5, dy - lay.pile_w * 0.9, None, self.m(0.3))
                    s.flying.append(sp)
                    temps.append(sp)
                else:
                    sp = s.sprite_at(t)
                    if sp is None:
                        continue
                    if not sp.up:
                        sp.known = e.mask
                if self.calm:
                    sp.glow = s.team_color(e.seat)  # no rising card: a ring shows who looks where
                sp.set_lift(1.0, self.d(0.3))
                if e.card is not None and e.seat == s.viewer:
                    sp.value = e.card
                    if not sp.up:
                        sp.show(True, self.d(0.3), self.d(0.15))
                seen.append(f"{a_card(e.card)} ({s.narrator.target(t)})")
                shown.append(sp)
            if mine:
                s.twelve_seen = seen
            return self.d(0.5)

        def hold() -> float:
            if mine and s.auto is False:
                s.say("You see: " + " and ".join(s.twelve_seen) + ". Click to turn back.")
                return WAIT_CLICK
            return self.d(0.8)

        def lower() -> float:
            lay = s.layout
            if mine and s.auto is False and s.log:
                s.say(s.log[-1])  # "Click to turn back" is done with: the story line again
            for sp in shown:
                if sp.peek:
                    sp.show(False, self.d(0.3))
                sp.set_lift(0.0, self.d(0.3))
                if self.calm:
                    sp.glow = None
            for sp in temps:
                sp.move(*lay.deck_pos, lay.pile_w, self.m(0.3))
            return self.d(0.35)

        def drop() -> float:
            for sp in temps:
                if sp in s.flying:
                    s.flying.remove(sp)
            return 0.0

        self._step(lift)
        s.timeline.add(hold)
        s.timeline.add(lower)
        s.timeline.add(drop)

    def flipped(self, e: ev.CardFlipped) -> None:
        s = self.s
        temp: list[CardSprite] = []

        def run() -> float:
            lay = s.layout
            t = e.target
            s.app.play("flip")
            if t[0] == "deck":
                dx, dy = lay.deck_pos
                sp = CardSprite(e.card, False, dx, dy, lay.pile_w)
                sp.move(dx, dy - lay.pile_w * 0.9, None, self.m(0.3))
                sp.flip(True, self.d(0.35), self.d(0.2))
                s.flying.append(sp)
                temp.append(sp)
                return self.d(1.2)
            sp = s.sprite_at(t)
            if sp is not None:
                sp.value, sp.known = e.card, 0
                if self.calm:
                    sp.glow = skin.HIGHLIGHT  # it does not rise: a ring draws the eye instead
                    sp.flip(True, self.d(0.4))
                    return self.d(0.55)
                sp.set_lift(0.5, self.d(0.2))
                sp.flip(True, self.d(0.4))
                sp.tweens.append(_later_lift(sp, self.d(0.2)))
            return self.d(0.55)

        def back() -> float:
            for sp in temp:
                sp.flip(False, self.d(0.3))
                sp.move(*s.layout.deck_pos, None, self.m(0.3), self.d(0.3))
            return self.d(0.6) if temp else 0.0

        def drop() -> float:
            for sp in temp:
                if sp in s.flying:
                    s.flying.remove(sp)
            return 0.0

        self._step(run)
        s.timeline.add(back)
        s.timeline.add(drop)

    def exchanged(self, e: ev.CardsExchanged) -> None:
        s = self.s
        temps: list[CardSprite] = []

        def sprite(t: tuple) -> CardSprite:
            if t[0] == "deck":
                sp = CardSprite(None, False, *s.layout.deck_pos, s.layout.pile_w)
                s.flying.append(sp)
                temps.append(sp)
                return sp
            return s.sprite_at(t) or CardSprite(None, False, *s.layout.deck_pos, s.layout.pile_w)

        def run() -> float:
            a, b = e.first, e.second
            sa, sb = sprite(a), sprite(b)
            pa, pb = (sa.x, sa.y, sa.w), (sb.x, sb.y, sb.w)
            dur = self.d(0.6)
            sa.move(*pb, self.m(0.6))
            sb.move(*pa, self.m(0.6))
            sa.hop(0.7, dur)
            sb.hop(0.4, dur)
            if self.calm:  # no hop over each other: both cards ringed while they trade places
                sa.glow = sb.glow = skin.ACCENT
            for t, sp in ((a, sb), (b, sa)):  # each place now holds the other card
                if t[0] != "deck":
                    s.rows[t[0]][t[1]] = sp
                    if sp in temps:
                        s.flying.remove(sp)
                        temps.remove(sp)
                else:  # this card now lies on the deck: it flies there, then goes
                    if sp not in s.flying:
                        s.flying.append(sp)
                    if sp not in temps:
                        temps.append(sp)
            s.app.play("slide")
            return dur + self.d(0.1)

        def drop() -> float:
            for sp in temps:
                if sp in s.flying:
                    s.flying.remove(sp)
            return 0.0

        self._step(run)
        s.timeline.add(drop)

    def placed(self, e: ev.CardPlaced) -> None:
        def run() -> float:
            s = self.s
            lay = s.layout
            if e.penalty:
                sp = CardSprite(e.card, False, *lay.deck_pos, lay.pile_w)
                s.deck_count -= 1
            else:
                sp = s.hands.pop(e.seat, None) or CardSprite(e.card, e.up, *lay.seat_hand(e.seat))
            if e.card is not None:
                sp.value = e.card
            sp.known = 0 if e.up else e.mask
            if sp.up != e.up:
                sp.flip(e.up, self.d(0.3))
            sp.set_lift(0.0, self.d(0.4))
            row = s.rows[e.owner]
            row.insert(min(e.slot, len(row)), sp)
            s.place_row(e.owner, self.m(0.4))
            s.app.play("slide")
            return self.d(0.45)

        self._step(run)

    def revealed(self, e: ev.ReplacementRevealed) -> None:
        def run() -> float:
            s = self.s
            color = skin.GOOD if e.matched else skin.DANGER
            stagger = self.d(0.12)
            for k, (t, card) in enumerate(zip(e.targets, e.cards, strict=True)):
                sp = s.sprite_at(t)
                if sp is None:
                    continue
                sp.value, sp.known = card, 0
                sp.glow = color
                if not sp.up:
                    sp.flip(True, self.d(0.3), k * stagger)
            s.app.play("flip")
            if not e.matched:
                s.app.play("mismatch")
                if e.penalties:
                    s.banner = f"No match: +{e.penalties}" if e.seat == s.human else ""
                    s.banner_low = True
                    s.banner_t = 1.4 if s.banner else 0
            return self.d(0.4) + stagger * len(e.targets) + self.d(0.6)

        self._step(run)

    def settle(self) -> float:
        s = self.s
        s.compact(self.m(0.3))
        for row in s.rows:
            for sp in row:
                if sp is not None:
                    sp.glow = None
        for seat in range(s.n):
            s.place_row(seat, self.m(0.3))
        moving = any(sp.moving for row in s.rows for sp in row if sp is not None)
        moving = moving or any(sp.moving for sp in s.pile)
        return self.d(0.3) if moving else 0.0


def _later_lift(sp: CardSprite, dur: float):
    """A lift back to 0 queued after the current one (a flipped card rises, then settles)."""
    from .tween import EASE_MOVE, Tween

    return Tween(sp, "lift", 0.0, dur, 0.0, EASE_MOVE)
