"""The prompt bar: what the player is asked, and its buttons, between the piles and the
player's campsite.

It lays itself out in the free band there (below the piles' labels and the held card,
above the player's row label, between any side campsites that reach down so far), picks
the largest text size whose lines and buttons fit, and wraps the text into lines of even
length (no word left alone on a line). When the band is too low for text over buttons, the
text stands to the left of the buttons. `boxes()` reports what it draws, for the layout check.
"""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import Button, panel, px, wrap

from .layout import Layout

SIZES = (17, 15, 14, 13)
BUTTON_SIZES = (18, 16, 15)
GAP = 6
RESERVED_ALERT = "won't match: the cards stay face up"  # the longest alert: its line is kept free


def balanced(text: str, size: int, width: int) -> list[str]:
    """`text` in as few lines as fit `width`, as even in length as they can be."""
    lines = wrap(text, size, width)
    if len(lines) < 2:
        return lines
    lo, hi = width // 3, width
    while lo < hi:  # the narrowest width giving the same number of lines
        mid = (lo + hi) // 2
        if len(wrap(text, size, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap(text, size, hi)


def free_band(lay: Layout, hand: pygame.Rect | None) -> pygame.Rect:
    """The free room for the prompt: below the piles' labels (and the held card), above the
    player's row label, clear of the other campsites' boxes."""
    t = lay.table
    label_bottom = lay.deck_rect().bottom + px(8) + skin.font("text", px(16)).get_linesize()
    top = label_bottom + px(4)
    if hand is not None:
        top = max(top, hand.bottom + px(4))
    bottom = lay.seats[lay.bottom].box.y - px(4)
    band = pygame.Rect(t.x + px(8), top, t.w - px(16), max(0, bottom - top))
    left, right = band.x, band.right
    for s, seat in lay.seats.items():
        box = seat.box.copy()
        box.h = lay.row_frame(s, 1).bottom - box.y  # as deep as its frame is drawn
        if s == lay.bottom or box.bottom <= band.y or box.y >= band.bottom:
            continue
        if box.centerx < t.centerx:
            left = max(left, box.right + px(6))
        else:
            right = min(right, box.x - px(6))
    return pygame.Rect(left, band.y, max(0, right - left), band.h)


class PromptBar:
    def __init__(self) -> None:
        self.lines: list[tuple[str, tuple, pygame.Rect]] = []  # text, colour, box
        self.size = SIZES[0]
        self.buttons: list[Button] = []

    def layout(
        self, lay: Layout, text: str, buttons: list[Button], alert: str = "", hand: pygame.Rect | None = None
    ) -> None:
        """Place `text` (and an `alert` line in red) with `buttons` in the free band.

        The buttons keep their place whether an alert shows or not (issue 26, point 8): the
        layout is chosen as if an alert line were there, the button size from the buttons
        alone, and the row stands at the band's foot (or its right end, beside the text)."""
        band = free_band(lay, hand)
        self.buttons = [b for b in buttons if b.visible]
        for planned in (max(alert, RESERVED_ALERT, key=len), alert):  # a long hint may need its line
            for bsize in BUTTON_SIZES:
                for b in self.buttons:
                    b.size = bsize
                    b.fit(12)
                for size in SIZES:
                    for place in (self._stack, self._side):
                        if place(band, text, planned, size, dry=True):
                            place(band, text, alert, size)
                            return
        self._stack(band, text, alert, SIZES[-1], force=True)

    def _row_width(self) -> int:
        return sum(b.rect.w for b in self.buttons) + px(10) * max(0, len(self.buttons) - 1)

    def _texts(self, text: str, alert: str, size: int, width: int) -> list[tuple[str, tuple]]:
        out = [(line, skin.INK) for line in balanced(text, size, width)] if text else []
        if alert:
            out += [(line, skin.DANGER) for line in balanced(alert, size, width)]
        return out

    def _stack(
        self, band: pygame.Rect, text: str, alert: str, size: int, force: bool = False, dry: bool = False
    ) -> bool:
        """Text lines over a row of buttons; the row at the band's foot, the text above it."""
        bh = max((b.rect.h for b in self.buttons), default=0)
        if self._row_width() > band.w and not force:
            return False
        texts = self._texts(text, alert, size, band.w - px(16))
        step = skin.font("text", px(size)).get_linesize() + px(2)
        row_h = px(GAP) + bh if self.buttons else 0
        need = len(texts) * step + row_h
        if need > band.h and not force:
            return False
        if dry:
            return True
        foot = band.bottom if need <= band.h else band.y + need
        self._place_lines(texts, size, band.centerx, foot - row_h - len(texts) * step, step)
        self._row(band.centerx, foot - bh // 2)
        return True

    def _side(self, band: pygame.Rect, text: str, alert: str, size: int, dry: bool = False) -> bool:
        """Text on the left, the buttons at the band's right end, side by side in a low band."""
        row = self._row_width()
        width = band.w - row - px(24)
        if width < px(200):
            return False
        texts = self._texts(text, alert, size, width)
        step = skin.font("text", px(size)).get_linesize() + px(2)
        bh = max((b.rect.h for b in self.buttons), default=0)
        need = max(len(texts) * step, bh)
        if need > band.h:
            return False
        if dry:
            return True
        y = band.y + (band.h - len(texts) * step) // 2
        self._place_lines(texts, size, band.x + px(8) + width // 2, y, step)
        self._row(band.right - px(8) - row // 2, band.y + band.h // 2)
        return True

    def _place_lines(self, texts: list[tuple[str, tuple]], size: int, cx: int, y: int, step: int) -> None:
        self.size = size
        self.lines = []
        for line, color in texts:
            img = skin.text(line, "text", px(size), color)
            self.lines.append((line, color, img.get_rect(midtop=(cx, y))))
            y += step

    def _row(self, cx: int, cy: int) -> None:
        x = cx - self._row_width() // 2
        for b in self.buttons:
            b.rect.midleft = (x, cy)
            x += b.rect.w + px(10)

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        out = []
        if self.lines:  # one block of text (its lines' panels touch by design)
            panels = [r.inflate(px(16), 4) for _, _, r in self.lines]
            block = panels[0].unionall(panels)
            out.append(("prompt: " + " ".join(t for t, _, _ in self.lines), block))
        return out + [(f"button: {b.label}", b.rect) for b in self.buttons]

    def draw(self, surface: pygame.Surface, with_buttons: bool = True) -> None:

        for line, color, r in self.lines:
            panel(surface, r.inflate(px(16), 4), 170)
            surface.blit(skin.text(line, "text", px(self.size), color), r)
        if with_buttons:
            for b in self.buttons:
                b.draw(surface)
