"""The text size: at 100, 125, 150 and 200 % the menu, Settings, New game (each table, levels
per team and per seat), How to play, the pause overlay, Statistics, Past games, About, the
round's summary and the game over screen keep every line inside the window, none over
another, none cut short with "…" and no label wider than its button; the tables of 3, 4 and
6 campers at the player's turn keep their labels off the cards and their sidebar's lines
apart and whole, and the table's own layout check passes. In 1024x640, 1280x720 and 1280x800
each size shows as itself where the window's room fits it (`looks.TEXT_FITS`: 100-125 %
1024x640, 150 % 1280x720, 200 % 1280x800, the Steam Deck's, the smallest windows said), and
as the largest smaller size that fits where not, which Settings says; there the overlays (a
question, the letter picker, the pause), the game over and its review keep their lines apart
and inside the window too. The screens laid out for 100 % only (the lobby, Host a table, Play
with friends) show their text at 100 %."""

from __future__ import annotations

import itertools

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.scenes import test_lang_records_screens as records_screens
from ui.scenes.test_lang_records_screens import records as kept_records  # noqa: F401  (the fixture "records")
from ui.support import layout
from ui.support.layout import BUTTONS, crowded, drawn_texts, problems, size_id
from ui.support.net_layout import sidebar_texts

from game.files.settings import TEXT_SIZES, Settings
from game.ui import skin
from game.ui.kit import looks
from game.ui.routes import make_app

WINDOWS = [(1024, 640), (1280, 720), (1280, 800)]
FAST = {(200, (1280, 800)), (125, (1024, 640)), (150, (1280, 720))}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    skin.set_text_scale(1.0)


def _settings(text_size: int) -> Settings:
    return Settings(speed="instant", bot_pace="instant", muted=True, text_size=text_size)


def _screens(size, text_size: int):
    app = make_app(size, _settings(text_size), persist=False)
    app.show("menu")
    yield "menu", app
    app.open("settings")
    yield "settings", app
    app.pop()
    app.open("new_game")
    for per_seat in (False, True):
        for mode in range(4):
            app.top.mode = mode
            yield f"new game, table {mode}, per seat {per_seat}", app
        app.top.toggle_per_seat()
    app.pop()
    app.open("help")
    for page in range(8):
        app.top.page = page
        yield f"how to play, page {page + 1}", app


def found_at(size, text_size: int, monkeypatch) -> list[str]:
    """What leaves the window or overlaps at `size` with `text_size` chosen."""
    window, found = pygame.Rect(0, 0, *size), []
    for name, app in _screens(size, text_size):
        boxes = drawn_texts(app, monkeypatch)
        found += crowded(boxes, window, name) + [f"{name}: {t!r} is cut" for t, _ in boxes if t.endswith("…")]
        found += [f"{name}: the button {label!r} leaves" for label, r in BUTTONS if not window.contains(r)]
    real = layout.make_app
    monkeypatch.setattr(
        layout, "make_app", lambda size, s, persist=False: real(size, _settings(text_size), persist)
    )
    for campers, human in ((4, 0), (6, 0), (3, 1)):
        table = layout.table_at(size, campers, human)
        table.enter_turn()
        found += problems(table, f"table of {campers}")
        side = sidebar_texts(table, lambda a: drawn_texts(a, monkeypatch))
        # the log's lines stand a font's line apart, their boxes 1 px deeper: compared without it
        found += crowded([(t, r.inflate(0, -2)) for t, r in side], table.board.layout.sidebar, "sidebar")
        found += [f"sidebar: {t!r} is cut" for t, _ in side if t.endswith("…")]
        if campers == 4:
            table.app.open("pause", table)
            found += crowded(drawn_texts(table.app, monkeypatch, top_only=True), window, "pause")
    monkeypatch.setattr(layout, "make_app", real)
    return found


def _params():
    return [
        pytest.param(t, w, id=f"{t}-{size_id(w)}", marks=[] if (t, w) in FAST else [pytest.mark.slow])
        for t in TEXT_SIZES
        for w in WINDOWS
    ]


@pytest.mark.parametrize(("text_size", "size"), _params())
def test_each_text_size_shows_what_fits_the_window_and_nothing_overlaps(monkeypatch, text_size, size):
    shown = looks.shown_text_size(text_size, size)
    assert shown <= text_size and (shown == text_size) == all(
        size[k] >= looks.TEXT_FITS[text_size][k] for k in (0, 1)
    )
    found = found_at(size, text_size, monkeypatch)
    assert skin.text_scale() == shown / 100
    assert not found, "\n".join(found[:12])


@pytest.mark.slow
@pytest.mark.parametrize("text_size", TEXT_SIZES[1:])
def test_each_text_size_fits_the_smallest_window_said_for_it(monkeypatch, text_size):
    size = looks.smallest_window(text_size)
    assert looks.shown_text_size(text_size, size) == text_size
    found = found_at(size, text_size, monkeypatch)
    assert not found, "\n".join(found[:12])


def test_the_text_grows_with_the_size_but_a_title_larger_than_the_body_grows_less():
    make_app((1280, 1080), _settings(200), persist=False)
    assert skin.text_scale() == 2.0
    assert skin.font("text", 15).get_height() >= 2 * skin.face("text", 15).get_height() - 2
    assert skin.font("display", 48).get_height() == skin.face("display", 48).get_height()
    assert skin.face("text", 15).get_height() < skin.font("text", 15).get_height()


def test_a_window_too_small_shows_a_smaller_size_and_settings_says_so(monkeypatch):
    app = make_app((1280, 720), _settings(100), persist=False)
    app.show("menu")
    app.open("settings")
    settings = app.top
    for want in (125, 150, 200):
        settings.cycle_text_size()
        assert app.settings.text_size == want
    assert skin.text_scale() == 1.5  # 1280x720 holds 150 % at most
    texts = [t for t, _ in drawn_texts(app, monkeypatch)]
    assert "200% (150% here)" in texts
    note = looks.text_size_note(200, app.size)
    assert note.startswith("This window shows 150%: 200% needs") and note.split(": ")[1][:4] in "".join(texts)
    settings.cycle_text_size()  # round to 100 %
    assert app.settings.text_size == 100 and skin.text_scale() == 1.0
    assert looks.text_size_note(100, app.size) == ""


@pytest.mark.parametrize(("text_size", "size"), _params())
def test_the_records_screens_and_the_rounds_summary_fit_each_text_size(
    request, monkeypatch, home, text_size, size
):
    records = request.getfixturevalue("kept_records")
    monkeypatch.setattr(
        records_screens, "_app", lambda size: make_app(size, _settings(text_size), persist=False)
    )
    window, found = pygame.Rect(0, 0, *size), []
    shown = [*records_screens._screens(size, home, records), *records_screens._table_screens(size)]
    for name, app in shown:
        boxes = drawn_texts(app, monkeypatch, top_only=True)
        found += crowded(boxes, window, name) + [f"{name}: {t!r} is cut" for t, _ in boxes if t.endswith("…")]
    assert skin.text_scale() == looks.shown_text_size(text_size, size) / 100
    assert not found, "\n".join(found[:12])


def test_the_screens_laid_out_for_100_percent_show_their_text_so_and_the_others_get_it_back(monkeypatch):
    from ui.support.net_layout import lobby_session

    app = make_app((1280, 1024), _settings(200), persist=False)
    app.show("menu")
    assert skin.text_scale() == 2.0
    for name in ("friends", "host_table"):
        app.open(name)
        assert skin.text_scale() == 1.0, name
        assert not crowded(drawn_texts(app, monkeypatch, top_only=True), pygame.Rect(0, 0, 1280, 1024), name)
        app.pop()
        assert skin.text_scale() == 2.0
    app.show("lobby", lobby_session(4, 1, True))
    assert skin.text_scale() == 1.0
    app.show("menu")
    assert skin.text_scale() == 2.0


@pytest.mark.slow
@pytest.mark.parametrize("text_size", TEXT_SIZES[1:])
def test_the_tables_layout_check_passes_at_each_text_sizes_smallest_window(monkeypatch, home, text_size):
    """The table's own layout check (tests/ui/table/test_ui_layout_check.py: every decision's
    prompt and buttons, the won't-match warning, the round's sums, peek marks, raised cards)
    with the text size chosen, in the smallest window said for it."""
    from ui.table import test_ui_layout_check as check

    from game.files import settings as kept

    plain = kept.Settings.__init__

    def chosen(self, *args, **kwargs):
        kwargs.setdefault("text_size", text_size)
        plain(self, *args, **kwargs)

    monkeypatch.setattr(kept.Settings, "__init__", chosen)
    size = looks.smallest_window(text_size)
    for kind in check.TABLES:
        check.test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window(home, kind, size)
        check.test_the_round_summary_fits_its_panel_and_the_sums_fit_the_table(home, monkeypatch, kind, size)
        check.test_the_wont_match_warning_with_confirm_and_a_bots_held_card_fit(home, kind, size)
        check.test_peek_marks_are_apart_in_view_and_off_the_labels(home, kind, size)
    check.test_a_raised_or_hovered_card_covers_no_label_and_no_other_cards_marks(home, size)
    assert skin.text_scale() == text_size / 100


@pytest.mark.parametrize("text_size", TEXT_SIZES[1:])
def test_the_overlays_the_game_over_and_its_review_fit_the_smallest_window_said(monkeypatch, text_size):
    """The Steam Deck's tour (tests/ui/scenes/test_steam_deck.py: a question, the letter picker,
    the table at its turn with its hint, the pause, the game over and its review) with the
    text size chosen, in the smallest window said for it: no line over another, none and no
    button outside the window (the Deck's 12 px floor is its own: it reads the sizes asked,
    which a larger text size draws larger)."""
    from ui.scenes import test_steam_deck as deck

    size = looks.smallest_window(text_size)
    monkeypatch.setattr(deck, "DECK", size)
    monkeypatch.setattr(deck, "_app", lambda: make_app(size, _settings(text_size), persist=False))
    real = layout.make_app  # the table's own app (ui/support/layout.table_at) at the text size too
    monkeypatch.setattr(
        layout, "make_app", lambda size, s, persist=False: real(size, _settings(text_size), persist)
    )
    window, found, seen = pygame.Rect(0, 0, *size), [], []
    shown = itertools.chain(deck._menu_screens(), deck._table_screens())  # each checked as it is shown
    for name, app in shown:
        if not name.startswith(("confirm", "the letter picker", "pause", "game over", "review", "table")):
            continue  # the menu's screens have their own check above; the lesson's panel is its own
        seen.append(name)
        boxes = drawn_texts(app, monkeypatch, top_only=not app.top.opaque)
        found += crowded(boxes, window, name)
        found += [f"{name}: the button {label!r} leaves" for label, r in BUTTONS if not window.contains(r)]
        assert skin.text_scale() == text_size / 100, name
    assert len(seen) == 8
    assert not found, "\n".join(found[:12])
