"""The core's events turned into card animations on the table's timeline.

Each event becomes one or more timeline steps; a step moves the board's cards when its
turn comes (not when queued), so the board goes through the same sequence of states as the
game did. Cards that leave a campsite leave a hole that closes at the next step, because
the core names the cards of one action by their places before any left (a replacement's or
a 9's discards), and the holes keep those places valid.

The animator talks to the board (its methods), and to the table only through the `Stage`
it is given (words, banners, sounds, the sidebar's turn and score feed). Everything it
shows comes from the events themselves (a deal included): it never reads the live game.

Pacing: every card a move changed keeps a ring for a moment (`board.flash`), and a beat
follows each turn, so a bot's draw, play and effect can be followed. Reduced motion: the
sprites stay flat and cross-fade instead of flipping; slides are shorter (`m`) while pauses
keep their length, and rings mark what a lift or a hop would have shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.lang import _
from game.rules import events as ev
from game.seat.narration import Narrator
from game.seat.phrases import listing
from game.seat.words import a_card
from game.ui import skin
from game.ui.kit.tween import EASE_MOVE, WAIT_CLICK, Timeline, Tween

from .board import FLASH_SECONDS, Board
from .sprites import CardSprite

CALM_SLIDE = 0.6  # reduced motion: slides take this share of their normal time
INSTANT_BANNER = 0.8  # seconds the SCRAM! banner stands at instant speed (nothing moves meanwhile)


class Stage(Protocol):
    """What the animator may ask of the table around the board."""

    def tell(self, line: str, new: bool) -> None: ...  # a story line (narration and log)
    def say(self, line: str) -> None: ...  # the narration bar only
    def banner(self, text: str, seconds: float, low: bool) -> None: ...
    def play(self, sound: str) -> None: ...
    def shown(self, event: object) -> None: ...  # the sidebar's feed: turns, Scram, deals


class Pace:
    """Durations from the settings: `d` for pauses and effects, `m` for slides."""

    def __init__(self, factor: Callable[[], float], calm: Callable[[], bool]) -> None:
        self._factor, self._calm = factor, calm

    @property
    def factor(self) -> float:
        return self._factor()

    @property
    def calm(self) -> bool:
        return self._calm()

    def time(self, seconds: float) -> float:
        """`seconds` of the normal speed at the speed set (Settings)."""
        return seconds * self._factor()

    def slide(self, seconds: float) -> float:
        """A card's move of `seconds` at the normal speed: at the speed set, and slower with
        reduced motion (a calm slide)."""
        return self.time(seconds) * (CALM_SLIDE if self._calm() else 1.0)


class Animator:
    def __init__(
        self, board: Board, timeline: Timeline, pace: Pace, stage: Stage, narrator: Narrator
    ) -> None:
        self.board, self.timeline, self.pace = board, timeline, pace
        self.stage, self.narrator = stage, narrator
        self.mine_view_waits = True  # the player's own views wait for a click (not when watching)
        self.seen_words: list[str] = []  # the player's latest view, in words (for a 12's prompt)
        self.waiting_text = ""  # what the table shows while a step waits for a click

    def time(self, seconds: float) -> float:
        return self.pace.time(seconds)

    def slide(self, seconds: float) -> float:
        return self.pace.slide(seconds)

    def flash(self, *sprites: CardSprite | None) -> None:
        for sp in sprites:
            if sp is not None:
                self.board.flash(sp, self.time(FLASH_SECONDS))

    def queue(self, events: list, told: list[tuple[int, int, str]]) -> None:
        """Queue the animations of `events` (as the viewer sees them), each preceded by the
        lines it tells (`Narrator.steps(events)`), so the words never run ahead of the cards."""
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
                self.timeline.add(lambda: self._tell(lines))

        i = 0
        while i < len(events):
            if type(events[i]) is ev.CardViewed:
                j = i
                while j < len(events) and type(events[j]) is ev.CardViewed:
                    j += 1
                say(i, j)
                self.viewed(events[i:j])
                i = j
                continue
            say(i, i + 1)
            handler = HANDLERS.get(type(events[i]))
            if handler is not None:
                handler(self, events[i])
            i += 1
        self.timeline.add(self.settle)

    def _tell(self, lines: list[tuple[str, bool]]) -> float:
        for text, new in lines:
            self.stage.tell(text, new)
        return 0.0

    def _step(self, fn, close: bool = True) -> None:
        def run() -> float:
            if close:
                self.board.close_holes(self.slide(0.3))
            return fn()

        self.timeline.add(run)

    def _feed(self, e) -> None:
        self.stage.shown(e)

    # ---- one handler per event ------------------------------------------------------------------
    def dealt(self, e: ev.RoundDealt) -> None:
        """The deal, from the event alone: each camper's cards from the deck, start camper first."""

        def run() -> float:
            board = self.board
            layout = board.layout
            board.clear()
            self._feed(e)
            board.set_turn(None)
            board.set_scram(None)  # the last round's Scram tag goes with its cards
            dx, dy = layout.deck_pos
            gap, move = self.time(0.05), self.slide(0.32)
            k = 0
            for j in range(board.n):
                seat = (e.start + j) % board.n
                row = e.campsites[seat]
                for i, (value, up) in enumerate(row):
                    sp = board.card(value, False, dx, dy, layout.pile_w)
                    sp.move(*layout.slot(seat, i, len(row)), move, k * gap)
                    sp.dealt = True  # its row's label counts it once it leaves the deck
                    if up:
                        sp.flip(True, self.time(0.24), k * gap + move)
                    board.add_to_row(seat, sp)
                    k += 1
            top = board.card(e.discard_top, False, dx, dy, layout.pile_w)
            top.move(*layout.discard_pos, layout.pile_w, move, k * gap)
            top.flip(True, self.time(0.24), k * gap + move)
            board.to_pile(top)
            board.set_deck(e.deck_size)
            self.stage.play("shuffle")
            return k * gap + move + self.time(0.3)

        self.timeline.add(run)

    def turn(self, e: ev.TurnBegan) -> None:
        def run() -> float:
            self.board.set_turn(e.seat)
            self._feed(e)
            return 0.0

        self._step(run)

    def drawn(self, e: ev.CardDrawn) -> None:
        def run() -> float:
            board = self.board
            sp = board.deck_card(e.card)
            board.deck_drawn()
            mine = e.seat == board.viewer
            sp.move(*board.layout.seat_hand(e.seat), self.slide(0.45))
            sp.set_lift(1.0 if mine else 0.0, self.time(0.45))
            if mine and e.card is not None:
                sp.flip(True, self.time(0.3), self.time(0.25))
            board.hold(e.seat, sp)
            self.stage.play("draw")
            return self.time(0.6)

        self._step(run)

    def taken(self, e: ev.CardTaken) -> None:
        def run() -> float:
            board = self.board
            sp = board.from_pile() or board.card(e.card, True, *board.layout.discard_pos, board.layout.pile_w)
            sp.value, sp.up = e.card, True
            sp.move(*board.layout.seat_hand(e.seat), self.slide(0.45))
            sp.set_lift(1.0 if e.seat == board.viewer else 0.0, self.time(0.45))
            board.hold(e.seat, sp)
            self.stage.play("slide")
            return self.time(0.6)

        self._step(run)

    def scram(self, e: ev.ScramDeclared) -> None:
        def run() -> float:
            self.board.set_scram(e.seat)
            self._feed(e)
            self.stage.banner("SCRAM!", 1.3 if self.pace.factor > 0 else INSTANT_BANNER, False)
            self.stage.play("scram")
            # at instant speed the table holds while the banner stands, so it stands over the
            # Scram itself, not over the last turns that follow (else it was never seen)
            return self.time(1.1) if self.pace.factor > 0 else INSTANT_BANNER

        self._step(run)

    def discarded(self, e: ev.CardDiscarded) -> None:
        def run() -> float:
            board = self.board
            layout = board.layout
            src = e.source
            if src is None:
                sp = board.release(e.seat) or board.card(e.card, True, *layout.seat_hand(e.seat))
            elif src[0] == "deck":
                sp = board.deck_card()
                board.deck_drawn()
            else:
                sp = board.take(src) or board.card(e.card, False, *layout.slot(src[0], 0, 1))
            sp.value = e.card
            sp.move(*layout.discard_pos, layout.pile_w, self.slide(0.45))
            sp.set_lift(0.0, self.time(0.45))
            sp.glow = None
            if not sp.up:
                sp.flip(True, self.time(0.3))
            board.to_pile(sp)
            self.flash(sp)
            self.stage.play("discard")
            return self.time(0.5)

        self._step(run, close=False)

    def played(self, e: ev.CardPlayed) -> None:
        def run() -> float:
            board = self.board
            sp = board.held(e.seat) or board.card(e.card, False, *board.layout.seat_hand(e.seat))
            sp.value = e.card
            if not sp.up:
                sp.flip(True, self.time(0.3))
            if e.card in (9, 13):
                board.hold(e.seat, sp)  # it goes to a campsite (CardPlaced follows)
                return self.time(0.6)
            board.release(e.seat)
            sp.move(*board.layout.discard_pos, board.layout.pile_w, self.slide(0.45), self.time(0.35))
            sp.set_lift(0.0, self.time(0.45), self.time(0.35))
            board.to_pile(sp)
            self.stage.play("discard")
            return self.time(0.9)

        self._step(run)

    def viewed(self, views: list[ev.CardViewed]) -> None:
        """One or two secret views: the cards rise (deck cards side by side); the player's own
        are shown until it clicks."""
        shown: list[CardSprite] = []
        temps: list[CardSprite] = []
        board = self.board
        mine = views[0].seat == board.viewer and board.human is not None
        deck_views = sum(1 for e in views if e.target[0] == "deck")

        def lift() -> float:
            seen = []
            for e in views:
                sp = self._raise_viewed(e, deck_views, temps)
                if sp is None:
                    continue
                seen.append(_("{card} ({place})", card=a_card(e.card), place=self.narrator.target(e.target)))
                shown.append(sp)
            if mine:
                self.seen_words = seen
            return self.time(0.5)

        def hold() -> float:
            if mine and self.mine_view_waits:
                if len(shown) == 1:
                    self.waiting_text = _("Click anywhere (or Enter) to turn the card back.")
                else:
                    self.waiting_text = _("Click anywhere (or Enter) to turn the cards back.")
                self.stage.say(_("You see: {cards}.", cards=listing(self.seen_words)))
                return WAIT_CLICK
            return self.time(1.0)

        def lower() -> float:
            self.waiting_text = ""
            for sp in shown:
                if sp.peek:
                    sp.show(False, self.time(0.3))
                sp.set_lift(0.0, self.time(0.3))
                if self.pace.calm:
                    sp.glow = None
            for sp in temps:
                sp.move(*board.layout.deck_pos, board.layout.pile_w, self.slide(0.3))
            self.flash(*[sp for sp in shown if sp not in temps])
            return self.time(0.35)

        self._step(lift)
        self.timeline.add(hold)
        self.timeline.add(lower)
        self.timeline.add(lambda: self._land(temps))

    def _raise_viewed(self, e: ev.CardViewed, deck_views: int, temps: list) -> CardSprite | None:
        """The viewed card rises (a deck card comes out to its spot); its viewer sees its face."""
        board, t = self.board, e.target
        if t[0] == "deck":
            sp = board.deck_card()
            sp.move(*board.layout.view_spot(t[1], deck_views), self.slide(0.3))
            board.fly(sp)
            temps.append(sp)
        else:
            sp = board.sprite_at(t)
            if sp is None:
                return None
            if not sp.up:
                sp.known = e.mask
        if self.pace.calm:
            sp.glow = board.look.seat_colour(e.seat)  # no rising card: a ring shows who looks
        sp.set_lift(1.0, self.time(0.3))
        if e.card is not None and e.seat == board.viewer:
            sp.value = e.card
            if not sp.up:
                sp.show(True, self.time(0.3), self.time(0.15))
        return sp

    def _land(self, temps: list[CardSprite]) -> float:
        for sp in temps:
            self.board.land(sp)
        return 0.0

    def flipped(self, e: ev.CardFlipped) -> None:
        temp: list[CardSprite] = []

        def run() -> float:
            board = self.board
            t = e.target
            self.stage.play("flip")
            if t[0] == "deck":
                sp = board.deck_card(e.card)
                sp.move(*board.layout.view_spot(t[1], 2), self.slide(0.3))
                sp.flip(True, self.time(0.35), self.time(0.2))
                board.fly(sp)
                temp.append(sp)
                return self.time(1.3)
            sp = board.sprite_at(t)
            if sp is not None:
                sp.value = e.card
                self.flash(sp)
                if self.pace.calm:
                    sp.glow = skin.HIGHLIGHT  # it does not rise: a ring draws the eye instead
                sp.flip(True, self.time(0.4), known=0)  # its marks turn away with its back
                if not self.pace.calm:
                    sp.set_lift(0.5, self.time(0.2))
                    sp.tweens.append(Tween(sp, "lift", 0.0, self.time(0.2), 0.0, EASE_MOVE))
            return self.time(0.7)

        def back() -> float:
            for sp in temp:
                sp.flip(False, self.time(0.3))
                sp.move(*self.board.layout.deck_pos, None, self.slide(0.3), self.time(0.3))
            return self.time(0.6) if temp else 0.0

        self._step(run)
        self.timeline.add(back)
        self.timeline.add(lambda: self._land(temp))

    def exchanged(self, e: ev.CardsExchanged) -> None:
        temps: list[CardSprite] = []
        board = self.board

        def sprite(t: tuple) -> CardSprite:
            if t[0] == "deck":
                sp = board.deck_card()
                board.fly(sp)
                temps.append(sp)
                return sp
            return board.sprite_at(t) or board.deck_card()

        def run() -> float:
            a, c = e.first, e.second
            sa, sc = sprite(a), sprite(c)
            pa, pc = (sa.x, sa.y, sa.w), (sc.x, sc.y, sc.w)
            dur = self.time(0.6)
            sa.move(*pc, self.slide(0.6))
            sc.move(*pa, self.slide(0.6))
            sa.hop(0.7, dur)
            sc.hop(0.4, dur)
            if self.pace.calm:  # no hop over each other: both cards ringed while they trade places
                sa.glow = sc.glow = skin.ACCENT
            for t, sp in ((a, sc), (c, sa)):  # each place now holds the other card
                if t[0] != "deck":
                    board.set_place(t, sp)
                    if sp in temps:
                        board.land(sp)
                        temps.remove(sp)
                    self.flash(sp)
                else:  # this card now lies on the deck: it flies there, then goes
                    board.fly(sp)
                    if sp not in temps:
                        temps.append(sp)
            self.stage.play("slide")
            return dur + self.time(0.2)

        self._step(run)
        self.timeline.add(lambda: self._land(temps))

    def placed(self, e: ev.CardPlaced) -> None:
        def run() -> float:
            board = self.board
            if e.penalty:
                sp = board.deck_card(e.card)
                board.deck_drawn()
            else:
                sp = board.release(e.seat) or board.card(e.card, e.up, *board.layout.seat_hand(e.seat))
            if e.card is not None:
                sp.value = e.card
            sp.known = 0 if e.up else e.mask
            if sp.up != e.up:
                sp.flip(e.up, self.time(0.3))
            sp.set_lift(0.0, self.time(0.45))
            board.put(e.owner, e.slot, sp, self.slide(0.45))
            self.flash(sp)
            self.stage.play("slide")
            return self.time(0.55)

        self._step(run)

    def revealed(self, e: ev.ReplacementRevealed) -> None:
        def run() -> float:
            board = self.board
            color = skin.GOOD if e.matched else skin.DANGER
            stagger = self.time(0.12)
            for k, (t, card) in enumerate(zip(e.targets, e.cards, strict=True)):
                sp = board.sprite_at(t)
                if sp is None:
                    continue
                sp.value = card
                sp.glow = color
                if not sp.up:
                    sp.flip(True, self.time(0.3), k * stagger, known=0)  # the marks turn with it
                else:
                    sp.known = 0
            self.stage.play("flip")
            if not e.matched:
                self.stage.play("mismatch")
                if e.penalties and e.seat == board.human:
                    self.stage.banner(_("No match: +{n}", n=e.penalties), 1.4, True)
            return self.time(0.5) + stagger * len(e.targets) + self.time(0.7)

        self._step(run)

    def scored(self, e: ev.RoundScored) -> None:
        def run() -> float:
            self.board.set_turn(None)
            self._feed(e)
            return 0.0

        self._step(run)

    def settle(self) -> float:
        moving = self.board.settle(self.slide(0.3))
        return self.time(0.3) if moving else 0.0


HANDLERS = {
    ev.RoundDealt: Animator.dealt,
    ev.TurnBegan: Animator.turn,
    ev.CardDrawn: Animator.drawn,
    ev.CardTaken: Animator.taken,
    ev.ScramDeclared: Animator.scram,
    ev.CardDiscarded: Animator.discarded,
    ev.CardPlayed: Animator.played,
    ev.CardFlipped: Animator.flipped,
    ev.CardsExchanged: Animator.exchanged,
    ev.CardPlaced: Animator.placed,
    ev.ReplacementRevealed: Animator.revealed,
    ev.RoundScored: Animator.scored,
}
