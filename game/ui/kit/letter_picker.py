"""A letter picker: names and join codes typed without a physical keyboard (a pad, a Steam
Deck, a remote), by moving over a grid of letters and choosing them.

The picker answers the keys a pad posts (game/ui/kit/pad.py) and the keyboard's alike:

    arrows (d-pad, stick)    move over the grid (wrapping at its edges)
    Return (A)               type the letter under the cursor, or do its action
    Tab (X)                  delete the last letter (X is backspace on a console keyboard)
    Page Up / Down (LB, RB)  capitals / small letters (where the alphabet has both)
    Backspace                delete the last letter
    Escape (B, Start)        cancel: the value goes back to what it was
    letters typed            typed directly, when a keyboard is there after all
    a click or a touch       the cell under it, as the cursor's (the Deck's screen is a touch screen)

The grid's last row holds its actions: Space (where a space is allowed), Delete and Done.
`handle_event` says what happened: "typed", "deleted", "moved", "done", "cancel" or None
(the event was not the picker's). The screen that shows the picker takes `value` at "done".
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.lang import pgettext
from game.ui import skin

from .widgets import draw_text, px

NAME_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'"
"""The letters of a player's name (with the small letters, and a space)."""
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""A table code's letters (game/net/protocol.py's alphabet: no 0, O, 1, I or L)."""
ADDRESS_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789.:/-"
"""An address's: a host's name or numbers, its port, an invitation's scram://."""
DIGITS = "0123456789"
COLUMNS = 10
SPACE, DELETE, DONE = "Space", "Delete", "Done"
MOVES = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER)  # (a keyboard's Space types a space: its TEXTINPUT)
CELL = 44  # a cell's side, in design pixels (px scales it)


def action_name(action: str) -> str:
    """An action cell's words in the language spoken (the cell keeps its English name)."""
    names = {
        SPACE: pgettext("letter picker", "Space"),
        DELETE: pgettext("letter picker", "Delete"),
        DONE: pgettext("letter picker", "Done"),
    }
    return names.get(action, action)


@dataclass
class Cell:
    label: str  # the letter, or an action's name
    action: bool = False


class LetterPicker:
    """The grid, the cursor and the value being typed.

    `letters`: the characters offered (capitals; their small letters too when `cases`);
    `space`: a space may be typed; `max_len`: the value's limit."""

    def __init__(
        self,
        value: str = "",
        max_len: int = 16,
        letters: str = NAME_LETTERS,
        space: bool = True,
        cases: bool = True,
    ) -> None:
        self.original = value
        self.value = value[:max_len]
        self.max_len = max_len
        self.letters = letters
        self.cases = cases and any(ch.isalpha() for ch in letters)
        self.small = False  # showing the small letters
        self.actions = ([SPACE] if space else []) + [DELETE, DONE]
        self.col, self.row = 0, 0
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (for the pointer)
        self.cells: list[tuple[pygame.Rect, int, int]] = []  # each cell as last drawn, (row, column)

    # ---- the grid ----------------------------------------------------------------------
    def rows(self) -> list[list[Cell]]:
        """The letters in rows of COLUMNS, then the row of actions."""
        shown = self.letters.lower() if self.small else self.letters
        out = [[Cell(ch) for ch in shown[i : i + COLUMNS]] for i in range(0, len(shown), COLUMNS)]
        return out + [[Cell(a, action=True) for a in self.actions]]

    @property
    def current(self) -> Cell:
        rows = self.rows()
        row = rows[self.row % len(rows)]
        return row[min(self.col, len(row) - 1)]

    def _move(self, dx: int, dy: int) -> None:
        rows = self.rows()
        if dy:
            self.row = (self.row + dy) % len(rows)
        else:
            self.col = (min(self.col, len(rows[self.row]) - 1) + dx) % len(rows[self.row])
        self.col = min(self.col, len(rows[self.row]) - 1)

    # ---- typing ------------------------------------------------------------------------
    def _type(self, ch: str) -> str | None:
        if len(self.value) >= self.max_len:
            return None
        self.value += ch
        return "typed"

    def _delete(self) -> str | None:
        if not self.value:
            return None
        self.value = self.value[:-1]
        return "deleted"

    def _choose(self) -> str | None:
        cell = self.current
        if not cell.action:
            return self._type(cell.label)
        if cell.label == SPACE:
            return self._type(" ") if self.value and not self.value.endswith(" ") else None
        if cell.label == DELETE:
            return self._delete()
        self.value = self.value.strip()
        return "done"

    def allowed(self, ch: str) -> bool:
        """`ch` may be typed from a keyboard (a letter of the grid, or a space if offered)."""
        if ch == " ":
            return SPACE in self.actions
        return ch.upper() in self.letters if self.cases else ch in self.letters

    def handle_event(self, e: pygame.event.Event) -> str | None:
        """What the event did (see the module's docstring), or None when it was not the picker's."""
        if e.type == pygame.TEXTINPUT:
            done = None
            for ch in e.text:
                if self.allowed(ch):
                    done = self._type(ch if self.cases else ch.upper()) or done
            return done
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 0) == 1:
            hit = next(((r, c) for box, r, c in self.cells if box.collidepoint(e.pos)), None)
            if hit is None:
                return None
            self.row, self.col = hit
            return self._choose()
        if e.type != pygame.KEYDOWN:
            return None
        k = e.key
        if k in MOVES:
            self._move(*MOVES[k])
            return "moved"
        if k in CHOOSE:
            return self._choose()
        if k in (pygame.K_BACKSPACE, pygame.K_TAB):
            return self._delete()
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.cases:
            self.small = k == pygame.K_PAGEDOWN
            return "moved"
        if k == pygame.K_ESCAPE:
            self.value = self.original
            return "cancel"
        return None

    # ---- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> pygame.Rect:
        """The value above the grid, the cursor's cell ringed in the accent colour."""
        x0, y0 = topleft
        cell = px(CELL)
        gap = px(6)
        field = pygame.Rect(x0, y0, COLUMNS * (cell + gap) - gap, px(40))
        pygame.draw.rect(surface, (24, 30, 34), field, border_radius=6)
        pygame.draw.rect(surface, skin.ACCENT, field, 2, border_radius=6)
        draw_text(
            surface, self.value + "|", (field.x + px(10), field.centery), 22, skin.INK, anchor="midleft"
        )
        y = field.bottom + gap * 2
        rows = self.rows()
        self.cells = []
        for r, row in enumerate(rows):
            wide = (
                (COLUMNS * (cell + gap) - gap - gap * (len(row) - 1)) // len(row) if row[0].action else cell
            )
            for c, item in enumerate(row):
                box = pygame.Rect(x0 + c * (wide + gap), y, wide, cell)
                here = r == self.row % len(rows) and c == min(self.col, len(row) - 1)
                self.cells.append((box, r, c))
                pygame.draw.rect(surface, skin.BUTTON_HOVER if here else skin.BUTTON, box, border_radius=6)
                pygame.draw.rect(surface, skin.ACCENT if here else skin.BUTTON_EDGE, box, 3 if here else 1, 6)
                shown = action_name(item.label) if item.action else item.label
                draw_text(surface, shown, box.center, 18 if item.action else 22, skin.INK, anchor="center")
            y += cell + gap
        self.rect = pygame.Rect(x0, y0, field.w, y - y0)
        return self.rect
