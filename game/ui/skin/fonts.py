"""The project's fonts and every line of text the interface draws, cleaned and cached.

Three faces (assets/fonts, OFL): "display" (Comfortaa Bold) for titles and card values,
"text" (Cabin) and "text_bold" (Cabin Bold). Text that came from outside (a saved name) may
hold characters no font can draw, such as NUL, which would crash the renderer: `printable`
drops them before anything is rendered.

The player's text size (Settings: 100 to 200 %) multiplies every size the interface asks of
`font`, `text` and `line_height`; `face` and `ink` are the exact pixel sizes the card art and
the small marks are drawn at (their words are part of a picture sized to its card).
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


# The text size as a factor (1.25 for 125 %) and the body text's size in this window (18
# design pixels): set_text_scale is their one writer.
_text_scale, _body = 1.0, 18


def set_text_scale(scale: float, body: int = 18) -> None:
    """Every interface text from now on at `scale` times its size, up to `scale` times the
    body text's `body` pixels (a title already larger grows less, or not at all: the size
    is for reading, and the words that need it are the small ones); the lines rendered at
    the old size are forgotten (the scenes are laid out again by their owner)."""
    global _text_scale, _body
    if (scale, body) != (_text_scale, _body):
        _text_scale, _body = scale, body
        text.cache_clear()


def text_scale() -> float:
    return _text_scale


def grown(size: int) -> int:
    """The pixel size a text asked at `size` pixels is drawn at, at the player's text size."""
    if _text_scale == 1.0:
        return size
    return round(min(size * _text_scale, max(size, _body * _text_scale)))


def font(kind: str, size: int) -> pygame.font.Font:
    """A project font for the interface: "display", "text" or "text_bold", `size` pixels at
    100 % text (grown by the text size: `grown`)."""
    return face(kind, grown(size))


@lru_cache(maxsize=24)  # a face holds its file and glyphs: a few sizes at a time, so memory stays flat
def face(kind: str, size: int) -> pygame.font.Font:
    """A project font at exactly `size` pixels, whatever the text size (the card art's)."""
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
    """Rendered text cropped to its ink, so it can be centred by what the eye sees (at exactly
    `size` pixels: the marks' and the cards' letters, sized to their picture)."""
    img = face(kind, size).render(printable(message), True, color)
    box = img.get_bounding_rect()
    return img.subsurface(box).copy() if box.w and box.h else img
