"""The player's input at the table: what a mouse move, a click or a key does.

The scene holds one `TableInput` (as it holds its picture): it routes an event to the
network marks, the sidebar's buttons, the timeline waiting for a click, the focus ring and
the player's turn machine, and says why nothing happens when it is not the player's moment.
A key pressed while the cards still move into the player's turn is kept and applied as soon
as the table takes input, never dropped (a quick player or a script keeps its move).
"""

from __future__ import annotations

import pygame

from game.lang import _
from game.seat.modes import PICKING, Mode
from game.ui.kit.widgets import want_hand


class TableInput:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.queued_key: pygame.event.Event | None = None

    def replay_queued(self) -> bool:
        """The kept key, applied now that the player's turn takes input (True if there was one)."""
        if self.queued_key is None or not self.scene.my_turn():
            return False
        e, self.queued_key = self.queued_key, None
        self.handle(e)
        return True

    def handle(self, e: pygame.event.Event) -> None:
        s = self.scene
        if s.net is not None and s.net.handle_event(e):
            return
        if e.type == pygame.MOUSEMOTION:
            s.mouse = e.pos
            if s.hovered() is not None:
                want_hand()  # a card (or the deck, the pile) the player may click
            if s.my_turn():  # the card under the pointer rises a little
                s.board.lift_chosen(s.turn.sel, s.pace.time(0.1), s.hovered_card())
            buttons = [*s.sidebar.buttons, *(s.turn.buttons + [s.turn.scram] if s.turn else [])]
            for b in buttons:
                b.handle_event(e)
            return
        if e.type == pygame.MOUSEWHEEL:
            if s.board.layout.sidebar.collidepoint(s.mouse):
                s.sidebar.scroll_by(e.y)
            return
        if e.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return
        if e.type == pygame.MOUSEBUTTONDOWN:
            s.focus.keyboard = False  # the mouse is in use: the keyboard's ring steps aside
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_h, pygame.K_F1):
            s.open_help()
            return
        if s.speech.key(e):  # a query key (my campsite, the pile, ...): answered at once
            return
        if s.timeline.waiting_click and (
            e.type == pygame.MOUSEBUTTONDOWN or e.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        ):
            s.timeline.click()
            return
        if any(b.handle_event(e) for b in s.sidebar.buttons):
            return
        picking = s.turn is not None and s.turn.mode in PICKING
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and not picking:
            s.open_pause()
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button != 1:
            return
        if not s.my_turn():
            self._not_yet(e)
            return
        self._my_input(e)
        s.refresh()

    def _not_yet(self, e: pygame.event.Event) -> None:
        """Input while it is not the player's moment: say why nothing happens."""
        s = self.scene
        if s.finished or s.human is None or s.session.between_rounds:
            return
        if e.type == pygame.KEYDOWN and s.session.turn == s.human and not s.timeline.waiting_click:
            self.queued_key = e  # the player's turn comes once the cards settle: kept for it
            return
        if e.type == pygame.KEYDOWN and e.key not in (
            pygame.K_SPACE,
            pygame.K_RETURN,
            pygame.K_d,
            pygame.K_t,
        ):
            return
        # what the table shows, not the core's next turn, which runs ahead of the animation
        shown = s.board.turn_seat if s.board.turn_seat is not None else s.session.turn
        if s.timeline.waiting_click:
            s.warn(_("the table waits for you: click (or Enter) to go on"))
        elif shown is not None and shown != s.human:
            s.warn(_("wait: it is {name}'s turn", name=s.players[shown]))
        else:
            s.warn(_("wait: the cards are still moving"))

    def _my_input(self, e: pygame.event.Event) -> None:
        s = self.scene
        t = s.turn
        if e.type == pygame.KEYDOWN:
            if getattr(e, "pad", False):
                s.focus.keyboard = True  # a pad's ring shows while it is in use: A chooses at once
            items = s.targets.items()
            enter_confirms = self._enter_confirms(e)
            used, item = s.focus.key(e, items, s.targets.rect) if not enter_confirms else (False, None)
            if used:
                s.app.play("click")
                button = s.targets.button(item)
                if button is not None:  # a prompt's button, chosen by a pad's focus
                    button.on_click()
                elif item is not None:
                    t.activate(item)
                return
            t.key(e)
            return
        if any(b.handle_event(e, s.warn) for b in t.buttons):
            return
        if t.mode is Mode.START and t.scram.handle_event(e, s.warn):
            return
        what = s.board.hit(e.pos)
        if what is not None:
            t.activate(what)

    def _enter_confirms(self, e: pygame.event.Event) -> bool:
        """Enter confirms a complete choice, as its button says (not the focus ring's item);
        holding a drawn card, Enter is the hinted choice or nothing, never Keep unasked."""
        s = self.scene
        if e.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        if getattr(e, "pad", False) and s.focus.keyboard:
            return False  # a pad's A chooses what its focus shows (it has no other keys)
        t = s.turn
        return t.mode is Mode.CHOOSE or t.default_button() is not None or t.hints.can_follow(t.mode)
