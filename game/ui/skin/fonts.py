"""The project's fonts and every line of text the interface draws, cleaned and cached.

Three faces (assets/fonts, OFL): "display" (Comfortaa Bold) for titles and card values,
"text" (Cabin) and "text_bold" (Cabin Bold). Text that came from outside (a saved name) may
hold characters no font can draw, such as NUL, which would crash the renderer: `printable`
drops them before anything is rendered.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

from game.assets import FONTS, asset_path

from .memo import surface_cache

# Unicode categories never drawn: controls (NUL, ESC, newlines), invisible format characters
# (bidi overrides), lone surrogates, private-use and unassigned code points, line/paragraph
# separators.
_UNDRAWABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def printable(message: str) -> str:
    """`message` without the characters no font can draw (tabs and newlines become spaces)."""
    if message.isprintable():  # the usual case, and quick
        return message
    out = []
    for ch in message:
        if ch in "\t\n\r":
            out.append(" ")
        elif unicodedata.category(ch) not in _UNDRAWABLE:
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=24)  # a face holds its file and glyphs: a few sizes at a time, so memory stays flat
def font(kind: str, size: int) -> pygame.font.Font:
    """A project font: "display", "text" or "text_bold", `size` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    parts = FONTS.get(kind)
    if parts is None:
        raise ValueError(f"unknown font kind {kind!r}; use one of {sorted(FONTS)}")
    return pygame.font.Font(str(asset_path(*parts)), max(4, int(size)))


@surface_cache(8)
def text(message: str, kind: str, size: int, color: tuple) -> pygame.Surface:
    """A rendered line of text, cached: labels are drawn every frame but rendered once."""
    return font(kind, size).render(printable(message), True, color)


def line_height(kind: str, size: int) -> int:
    """The height of a rendered line of `kind` at `size` pixels, accents and descenders
    included (a rendered "Ą" or "ý" can stand a pixel taller than the font's own height):
    lines this far apart never overlap."""
    return text("ÅÉĄÝĽľgjýþ[](){}|ĢĶķĻļŅņŖ", kind, size, (0, 0, 0)).get_height()


def ink(message: str, kind: str, size: int, color: tuple) -> pygame.Surface:
    """Rendered text cropped to its ink, so it can be centred by what the eye sees."""
    img = font(kind, size).render(printable(message), True, color)
    box = img.get_bounding_rect()
    return img.subsurface(box).copy() if box.w and box.h else img
