"""The looks the player may choose: the standard palette, and high contrast.

High contrast puts light text on a flat near-black table and panels, and black card values
on white, so that every text and every card value stands at least 7:1 against what lies
behind it (WCAG 2 relative luminance: `contrast`; tests/ui/scenes/test_high_contrast.py
measures each drawn line on every screen). The teams keep their colours, and their shapes
and names beside them. `use` swaps the palette's values in place (the skin reads them by
name as it draws) and forgets every picture drawn in the old colours.
"""

from __future__ import annotations

from . import palette

STANDARD = "standard"
HIGH_CONTRAST = "high_contrast"

_KEPT = {name: getattr(palette, name) for name in dir(palette) if name.isupper()}
"""The standard look: the palette's values as written."""

_HIGH = {
    "TABLE": (10, 12, 12),
    "BG": (10, 12, 12),
    "TABLE_DARK": (0, 0, 0),
    "TABLE_LIGHT": (26, 28, 28),
    "FLAT_TABLE": True,
    "PANEL": (0, 0, 0),
    "PANEL_EDGE": (235, 235, 235),
    "INK": (255, 255, 255),
    "MUTED": (215, 215, 215),
    "CARD_INK": (0, 0, 0),
    "CARD_CREAM": (255, 255, 255),
    "BOLD_VALUES": True,
    "ACCENT": (255, 214, 10),
    "DANGER": (255, 130, 110),
    "GOOD": (130, 235, 130),
    "BUTTON": (18, 20, 20),
    "BUTTON_HOVER": (52, 56, 56),
    "BUTTON_EDGE": (235, 235, 235),
    "BUTTON_TEXT": (255, 255, 255),
    "BUTTON_DISABLED": (14, 14, 14),
    "BUTTON_DISABLED_TEXT": (185, 185, 185),
    "SCRAM": (150, 0, 0),
    "SCRAM_HOVER": (185, 16, 8),
    "SCRAM_TEXT": (255, 255, 255),
    "FIELD": (0, 0, 0),
    "FIELD_EDGE": (235, 235, 235),
    "PLACEHOLDER": (190, 190, 190),
    "BADGE": (0, 0, 0),
    "BADGE_TEXT": (255, 255, 255),
}
"""What high contrast changes (the rest, the teams' colours too, stays as it is)."""

THEMES = {STANDARD: {}, HIGH_CONTRAST: _HIGH}


def use(name: str, namespaces: tuple = ()) -> bool:
    """Wear the look `name` (an unknown one: the standard look) in the palette and in each of
    `namespaces` (modules that copied its names); True when a colour changed."""
    values = {**_KEPT, **THEMES.get(name, {})}
    changed = any(getattr(palette, k) != v for k, v in values.items())
    for space in (palette, *namespaces):
        for k, v in values.items():
            setattr(space, k, v)
    return changed


def luminance(rgb: tuple) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black to 1 white)."""

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
