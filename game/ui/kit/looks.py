"""The player's text size and look (Settings), worn by the whole window.

The text size (100, 125, 150 or 200 %) multiplies every interface text (skin.fonts); the
screens lay themselves out from their words, so rows and boxes grow with it. A window too
small for the size chosen shows the largest smaller one that fits, `TEXT_FITS` (measured by
the layout check, tests/ui/scenes/test_text_sizes.py), and Settings says so; the choice is
kept, and a larger window shows it again. The look (standard or high contrast) is the
skin's palette (skin/themes.py). Both change at once: every screen on the stack is laid out
anew, as after a change of the window's size.
"""

from __future__ import annotations

from game.files.settings import TEXT_SIZES, Settings
from game.lang import _
from game.ui import skin

from . import widgets

BODY = 18
"""The body text's size in design pixels: the text size grows every line up to this times it."""
TEXT_FITS = {100: (1024, 640), 125: (1024, 640), 150: (1280, 720), 200: (1280, 800)}
"""The smallest room each text size is laid out in with no text out of its box, over another
or cut (tests/ui/scenes/test_text_sizes.py, the table's own layout check among them: at 150 %
the round's sums and the won't-match prompt need 1280 x 720; at 200 % Settings' fourteen rows,
the table's two-line prompt and the round's sums need 1280 x 800, the Steam Deck's screen), in
the design's pixels: the window's size over the interface scale (which is 1 up to 1280 x 720,
so a window up to 1280 wide is its own room; a larger one grows the interface with it and its
room stays about 1280 x 720, 1280 x 800 at 16:10)."""


def room(size: tuple[int, int]) -> tuple[int, int]:
    """The room a window of `size` gives the design (its size over the interface scale)."""
    scale = widgets.scale_for(size)
    return round(size[0] / scale), round(size[1] / scale)


def shown_text_size(chosen: int, size: tuple[int, int]) -> int:
    """The text size a window of `size` shows for the `chosen` one: it, or the largest
    smaller size that fits the window's room."""
    space = room(size)
    fits = [t for t in TEXT_SIZES if t <= chosen and all(space[k] >= TEXT_FITS[t][k] for k in (0, 1))]
    return max(fits, default=TEXT_SIZES[0])


def smallest_window(text_size: int) -> tuple[int, int]:
    """The smallest window that shows `text_size` (its room at an interface scale of 1)."""
    return TEXT_FITS.get(text_size, TEXT_FITS[TEXT_SIZES[-1]])


def text_size_note(chosen: int, size: tuple[int, int]) -> str:
    """What Settings says when the window shows a smaller text size than the one chosen ("":
    it shows the one chosen)."""
    shown = shown_text_size(chosen, size)
    if shown == chosen:
        return ""
    w, h = smallest_window(chosen)
    return _(
        "This window shows {shown}: {chosen} needs a window taller for its width, "
        "such as {width} x {height}.",
        shown=_("{percent}%", percent=shown),
        chosen=_("{percent}%", percent=chosen),
        width=w,
        height=h,
    )


def wear(settings: Settings, size: tuple[int, int], limit: int | None = None) -> bool:
    """Text at the size this window shows for the settings' choice (at most `limit`, the
    largest a screen is laid out for), in the settings' look; True when either changed."""
    before = (skin.INK, skin.text_scale())
    skin.use_theme(settings.theme)
    if skin.INK != before[0]:
        widgets.forget_colours()
    shown = shown_text_size(settings.text_size, size)
    skin.set_text_scale(min(shown, limit or shown) / 100, widgets.px(BODY))
    return (skin.INK, skin.text_scale()) != before


def change(app) -> None:
    """Settings changed the text size or the look: kept, worn, every screen laid out anew."""
    app.save_settings()
    app.wear_looks()
    for scene in app.stack:
        scene.resize(app.size)
