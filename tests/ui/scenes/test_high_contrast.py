"""High contrast: every line of text on the menu, Settings, New game, How to play, the pause
overlay, Statistics, Past games, About, the round's summary and the game over screen, every
label of the table (3, 4 and 6 campers, at the player's turn) and the values on every card face
stand at least 7:1 against what lies behind them (WCAG 2 contrast, measured on the pixels
drawn); the standard look does not, so the measure can fail; the look is worn at once by
every screen, and the card values are drawn larger in high contrast."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.scenes import test_lang_records_screens as records_screens
from ui.scenes.test_lang_records_screens import records as kept_records  # noqa: F401  (the fixture "records")
from ui.support.contrast import in_the_frame, measured
from ui.support.layout import LARGE, SMALL, USUAL, size_id, table_at

from game.files.settings import Settings
from game.rules.cards import EQ
from game.ui import skin
from game.ui.kit import looks
from game.ui.routes import make_app
from game.ui.scenes.how_to_play import PAGES

LEAST = 7.0  # WCAG 2's enhanced level (AAA) for body text


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    skin.use_theme("standard")


def _wear(app, theme: str) -> None:
    app.settings.theme = theme
    looks.change(app)


def _screens(size, theme: str):
    """Each screen, drawn in turn in `theme`: (its name, the app showing it)."""
    app = make_app(
        size, Settings(speed="instant", bot_pace="instant", muted=True, theme=theme), persist=False
    )
    app.show("menu")
    yield "menu", app
    app.open("settings")
    yield "settings", app
    app.pop()
    app.open("new_game")
    for mode in range(4):
        app.top.mode = mode
        yield f"new game, table {mode}", app
    app.pop()
    app.open("help")
    for page in range(len(PAGES)):
        app.top.page = page
        yield f"how to play, page {page + 1}", app
    app.pop()
    table = table_at(size, 4, 0)
    _wear(table.app, theme)
    table.app.open("pause", table)
    yield "pause", table.app


def _tables(size, theme: str):
    for campers, human in ((4, 0), (6, 0), (3, 1)):
        table = table_at(size, campers, human)
        _wear(table.app, theme)
        table.enter_turn()
        yield f"table of {campers}", table


def lowest(size, theme: str, monkeypatch) -> tuple[list[tuple[float, str, str]], int]:
    """Every line measured in `theme` at `size`: (ratio, screen, text), and how many."""
    found = []
    for name, app in _screens(size, theme):
        found += [(ratio, name, text) for ratio, text in measured(app, monkeypatch)]
    for name, table in _tables(size, theme):
        frame = pygame.Surface(table.app.size)
        table.draw(frame)
        found += [(in_the_frame(frame, box), name, text) for text, box in table.text_boxes()]
    return sorted(found), len(found)


@pytest.mark.parametrize(
    "size",
    [SMALL, pytest.param(USUAL, marks=pytest.mark.slow), pytest.param(LARGE, marks=pytest.mark.slow)],
    ids=size_id,
)
def test_in_high_contrast_every_line_of_every_screen_stands_7_to_1(monkeypatch, size):
    found, count = lowest(size, "high_contrast", monkeypatch)
    assert count > 250, "the screens and the tables drew their lines"
    low = [f"{name}: {text!r} at {ratio:.2f}:1" for ratio, name, text in found if ratio < LEAST]
    assert not low, "\n".join(low[:20])
    print(
        f"high contrast at {size_id(size)}: {count} lines, the lowest {found[0][0]:.2f}:1 ({found[0][2]!r})"
    )


def test_the_standard_look_has_lines_below_7_to_1_so_the_measure_can_fail(monkeypatch):
    found, _count = lowest(SMALL, "standard", monkeypatch)
    assert found[0][0] < LEAST
    print(f"standard at {size_id(SMALL)}: the lowest {found[0][0]:.2f}:1 ({found[0][2]!r}, {found[0][1]})")


@pytest.mark.parametrize("width", [60, 120])
def test_every_card_value_stands_7_to_1_and_is_larger_in_high_contrast(width):
    plain = {v: skin.card_face(v, width) for v in [EQ, *range(1, 14)]}
    skin.use_theme("high_contrast")
    for v in [EQ, *range(1, 14)]:
        face = skin.card_face(v, width)
        tab = pygame.Rect(0, 0, round(width * 0.4), round(width * 0.3))  # the value's corner tab
        assert in_the_frame(face, tab) >= LEAST, v
        ink = face.subsurface(tab).get_bounding_rect(min_alpha=1)
        assert face is not plain[v] and ink.w >= plain[v].subsurface(tab).get_bounding_rect(min_alpha=1).w


def test_the_look_is_worn_at_once_by_the_open_screens_and_kept():
    app = make_app(SMALL, Settings(muted=True), persist=False)
    app.show("menu")
    app.open("settings")
    before = skin.INK
    app.top.toggle_contrast()
    assert app.settings.theme == "high_contrast" and skin.INK != before
    assert skin.table_background(SMALL).get_at((5, 5))[:3] == skin.TABLE  # flat, no grass
    app.top.toggle_contrast()
    assert app.settings.theme == "standard" and skin.INK == before


def test_in_high_contrast_the_records_screens_and_the_rounds_summary_stand_7_to_1(request, monkeypatch, home):
    records = request.getfixturevalue("kept_records")
    theme = Settings(speed="instant", bot_pace="instant", muted=True, theme="high_contrast")
    monkeypatch.setattr(records_screens, "_app", lambda size: make_app(size, theme, persist=False))
    found = []
    shown = [*records_screens._screens(SMALL, home, records), *records_screens._table_screens(SMALL)]
    for name, app in shown:
        found += [(ratio, name, text) for ratio, text in measured(app, monkeypatch)]
    assert len(found) > 150, "the screens drew their lines"
    low = [f"{name}: {text!r} at {ratio:.2f}:1" for ratio, name, text in sorted(found) if ratio < LEAST]
    assert not low, "\n".join(low[:20])
    print(
        f"high contrast, records screens: {len(found)} lines, "
        f"the lowest {min(found)[0]:.2f}:1 ({min(found)[2]!r})"
    )
