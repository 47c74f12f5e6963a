"""A peek mark's letter is read at a glance at every window size: never under 11 screen
pixels (a size in design pixels shrinks with the window: at 1024x640 ten were eight)."""

from __future__ import annotations

import pytest

from game.ui.kit.widgets import set_ui_scale
from game.ui.table import seen_marks


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_a_marks_letter_is_at_least_eleven_screen_pixels_on_the_smallest_cards(size):
    set_ui_scale(size)
    try:
        for card_w in (24, 32, 40, 56):
            mark = seen_marks.mark_size(card_w)
            assert mark >= 14 and seen_marks.letter_size(mark) >= 11
    finally:
        set_ui_scale((1280, 720))
