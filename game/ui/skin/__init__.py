"""The look of the game, in one place: the palette, the fonts and every line of text, the
cards, the small marks and icons, and the table cloth.

May use pygame and the asset files (`game.assets`); nothing else of the UI.

Scenes use it as `from game.ui import skin` and `skin.INK`, `skin.card_face(7, 80)`,
`skin.text("Hello", "text", 18, skin.INK)`. Every picture is rendered at the exact pixel
size asked for and cached per size: a card is rendered once per width, never per frame.
The pieces live in small modules beside this one:

- palette.py: every colour (pure constants, no imports: build/colour_check.py reads it);
- fonts.py: the three faces, text rendering (at the player's text size), and `printable`;
- themes.py: the looks (standard, high contrast) and WCAG's contrast ratio;
- shape.py and svg.py: the card's proportions, and SVG files rendered to size;
- cards.py: faces, backs and the fans' turned cards;
- marks.py: eye token, action icons, deck badge, glows, window icon;
- cloth.py: the table background;
- memo.py: the caches of big surfaces, bounded by the bytes they hold (not their number).

A missing asset file raises game.assets.AssetMissing, which the program reports in one line.
"""

from __future__ import annotations

from . import cards, cloth, fonts, marks, themes
from .cards import SMALL_CARD, action_words, card_back, card_face, turned_card, warm_cards
from .cloth import table_background
from .fonts import face, font, ink, line_height, printable, set_text_scale, text, text_scale
from .marks import action_icon, card_glow, count_badge, eye_icon, glow_spread, window_icon
from .memo import return_big_frees, trim_heap
from .palette import *  # noqa: F403  (the colours: skin.INK, skin.TEAM, ...)
from .palette import TEAM, TEAM_NAMES
from .shape import card_height
from .svg import window_open

__all__ = [
    "SMALL_CARD",
    "TEAM",
    "TEAM_NAMES",
    "action_icon",
    "action_words",
    "card_back",
    "card_face",
    "card_glow",
    "card_height",
    "clear_caches",
    "count_badge",
    "eye_icon",
    "face",
    "font",
    "glow_spread",
    "ink",
    "line_height",
    "printable",
    "return_big_frees",
    "set_text_scale",
    "text_scale",
    "themes",
    "use_theme",
    "trim_heap",
    "table_background",
    "text",
    "turned_card",
    "warm_cards",
    "window_icon",
    "window_open",
]


def clear_caches() -> None:
    """Forget every cached surface and font (after pygame was quit and started again)."""
    for module in (fonts, cards, marks, cloth):  # lru_cache and memo.surface_cache alike
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def use_theme(name: str) -> None:
    """Wear the look `name` ("standard", "high_contrast"): every colour by its name here and
    in the palette, and every picture drawn in the old colours forgotten."""
    import sys

    if themes.use(name, (sys.modules[__name__],)):
        clear_caches()
