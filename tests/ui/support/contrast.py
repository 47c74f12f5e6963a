"""Contrast as the eye meets it: each line of text drawn on a screen, with the colour it was
drawn in and the pixels behind its letters just before it was drawn (WCAG 2 contrast ratio,
game/ui/skin/themes.py); the table's labels, kept in pictures of its own, are read from the
finished frame: the colour most of their box holds is what lies behind, the one furthest from
it the letters'."""

from __future__ import annotations

from collections import Counter

import pygame
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.ui import skin
from game.ui.skin.themes import contrast, luminance

STEP = 2  # every second pixel each way under a letter: a stroke is wider than that


class Measuring(pygame.Surface):
    """A surface that measures every line of text (made by `skin.text`) blitted on it."""

    def __init__(self, size: tuple[int, int], texts: dict[int, tuple[str, tuple]]) -> None:
        super().__init__(size)
        self.texts = texts
        self.found: list[tuple[float, str]] = []  # (the lowest ratio under its letters, the text)

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = self.texts.get(id(source))
        if drawn and drawn[0].strip():
            at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)
            self.found.append((self._lowest(source, at, drawn[1]), drawn[0]))
        return super().blit(source, dest, area, special_flags)

    def _lowest(self, img: pygame.Surface, at: tuple[int, int], color: tuple) -> float:
        """The lowest contrast between `color` and a pixel behind a letter's solid part."""
        low = 21.0
        w, h = self.get_size()
        for y in range(0, img.get_height(), STEP):
            for x in range(0, img.get_width(), STEP):
                if img.get_at((x, y)).a < 200:  # not a letter's body (its soft edge blends)
                    continue
                px, py = at[0] + x, at[1] + y
                if 0 <= px < w and 0 <= py < h:
                    low = min(low, contrast(color, self.get_at((px, py))))
        return low


def measured(app, monkeypatch) -> list[tuple[float, str]]:
    """(ratio, text) for each line the app's screens draw straight on the window now."""
    texts: dict[int, tuple[str, tuple]] = {}
    real = skin.text

    def text(message, kind, size, color):
        img = real(message, kind, size, color)
        texts[id(img)] = (message, tuple(color))
        return img

    monkeypatch.setattr(skin, "text", text)
    surface = Measuring(app.size, texts)
    start = len(app.stack) - 1
    while start > 0 and not app.stack[start].opaque:
        start -= 1
    try:
        for scene in app.stack[start:]:
            scene.draw(surface)
    finally:
        monkeypatch.setattr(skin, "text", real)
    return surface.found


def in_the_frame(frame: pygame.Surface, box: pygame.Rect) -> float:
    """A label's contrast read from a finished frame: the colour most of its box holds (what
    lies behind) against the one furthest from it in luminance (the letters' own)."""
    box = box.clip(frame.get_rect())
    pixels = [
        tuple(frame.get_at((x, y)))[:3]
        for y in range(box.top, box.bottom)
        for x in range(box.left, box.right)
    ]
    if not pixels:
        return 21.0
    ground = Counter(pixels).most_common(1)[0][0]
    ink = max(pixels, key=lambda p: abs(luminance(p) - luminance(ground)))
    return contrast(ground, ink)
