"""The letter picker over the screen whose text field the pad chose (focus_ring.py): a
panel with what the field asks for, the picker (letter_picker.py) and its buttons' words.
Done gives the field the value typed; B (or Esc), or a touch beside the panel, leaves the
field as it was. A touch on a cell (the Steam Deck's screen) chooses it, as A does."""

from __future__ import annotations

import pygame

from game.lang import _

from .. import skin
from .letter_picker import COLUMNS, NAME_LETTERS, LetterPicker
from .scene import Scene
from .widgets import TextField, darken, draw_text, panel, px, wrap

CELL_STEP = 50  # a cell and its gap, in design pixels (letter_picker.CELL + 6)


def picker_for(field: TextField) -> LetterPicker:
    """A picker for `field`: a name's letters (capitals and small, a space), or the field's
    own (`field.letters`: a code's capitals and digits, a seed's digits, an address's)."""
    if field.letters is None:
        return LetterPicker(field.value, field.max_len, NAME_LETTERS, space=True, cases=True)
    return LetterPicker(field.value, field.max_len, field.letters, space=False, cases=False)


class PickerScene(Scene):
    opaque = False

    def __init__(self, app, field: TextField) -> None:
        super().__init__(app)
        self.field = field
        self.picker = picker_for(field)
        self.pad_keys = frozenset()  # the picker moves its own cursor
        self.box = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.MOUSEBUTTONDOWN and self.box.w and not self.box.collidepoint(e.pos):
            done = "cancel"  # a click or a touch beside the panel: as B
        else:
            done = self.picker.handle_event(e)
        if done in ("done", "cancel"):
            if done == "done":
                self.field.value = self.picker.value
            self.field.focused = False  # typed: B now backs out of the screen, not of the field
            self.app.pop()
        elif done in ("typed", "deleted", "moved"):
            self.app.play("click")

    def help_line(self) -> str:
        """What the pad's buttons do in the picker."""
        if self.picker.cases:
            return _("A: type the letter · X: delete · LB/RB: capitals or small letters · B: cancel")
        return _("A: type the letter · X: delete · B: cancel")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        darken(surface, 120)
        grid_w = COLUMNS * px(CELL_STEP) - px(6)
        rows = len(self.picker.rows())
        lines = wrap(self.help_line(), 15, grid_w)
        box = pygame.Rect(0, 0, grid_w + px(40), px(40 + 12 + 40 + 12) + rows * px(CELL_STEP) + px(30))
        step = skin.line_height("text", px(15)) if skin.text_scale() > 1 else px(20)  # large text: apart
        box.h += len(lines) * step
        box.center = (w // 2, h // 2)
        self.box = box
        panel(surface, box, 245)
        ask = self.field.title or self.field.placeholder or _("Type with the pad")
        draw_text(surface, ask, (box.centerx, box.y + px(14)), 24, skin.ACCENT, "display", anchor="midtop")
        bottom = self.picker.draw(surface, (box.x + px(20), box.y + px(52))).bottom
        y = bottom + px(8)
        for line in lines:
            draw_text(surface, line, (box.centerx, y), 15, skin.MUTED, anchor="midtop")
            y += step
