"""What the table's focus ring may stand on at this moment: the turn's cards and piles, and
while a pad is in use the prompt's buttons, Scram and the sidebar's buttons too (a pad has no
letter keys). The table scene holds one; its input, its picture and its speech ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.seat.modes import Mode
from game.ui.kit.widgets import Button

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


class FocusTargets:
    """The focus items of one table scene, and the button or box each names."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def items(self) -> list:
        """The items, in the ring's order; none but at the player's own turn."""
        s = self.scene
        if not s.my_turn():
            return []
        items = s.turn.focus_items(s.n, s.board.count)
        if s.app.pads.using_pad:
            items += [("button", k) for k, b in enumerate(s.turn.buttons) if b.visible and b.enabled]
            if s.turn.mode is Mode.START and s.turn.scram.visible and s.turn.scram.enabled:
                items.append(("scram",))
            items += [("side", k) for k, b in enumerate(s.sidebar.buttons) if b.visible and b.enabled]
        return items

    def button(self, item) -> Button | None:
        """The button an item names (("button", k), ("scram",), ("side", k)), or None."""
        s = self.scene
        if not isinstance(item, tuple) or not item or s.turn is None:
            return None
        if item[0] == "scram":
            return s.turn.scram
        if item[0] == "button" and item[1] < len(s.turn.buttons):
            return s.turn.buttons[item[1]]
        if item[0] == "side" and item[1] < len(s.sidebar.buttons):
            return s.sidebar.buttons[item[1]]  # How to play, Menu, a networked table's own
        return None

    def rect(self, item) -> pygame.Rect | None:
        button = self.button(item)
        return button.rect if button is not None else self.scene.board.item_rect(item)

    def current(self):
        """The item the ring stands on now (None: no focus)."""
        return self.scene.focus.current(self.items(), self.rect)
