"""The screens of the menu, Settings, New game, the pause overlay and How to play in other
languages: in the pseudo-locale every line they draw is in brackets (a line that is not
bypassed the catalog), and in German, French, Polish and the pseudo-locale (40 % longer) no
text leaves the window, none overlaps another and no label is wider than its button, at
1024x640, 1280x720 and 1920x1080. Switching the language in Settings changes the words of
this screen and of the menu at once, without a restart."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import BUTTONS, LARGE, SMALL, USUAL, crowded, drawn_texts, size_id, table_at

from game.files.settings import Settings
from game.lang import speech
from game.lang.pseudo import CLOSE, OPEN, bypassed
from game.seat.words import BOT_NAMES
from game.ui.routes import make_app
from game.ui.scenes.how_to_play import EAR_KEYS, KEYS, PAGES

LONG = ("en", "de", "fr", "pl", "qps")
"""The languages whose layout is checked: the longest ones, Polish's letters, the pseudo-locale."""

ALLOWED = ("Scram!", *BOT_NAMES, *(keys for keys, _words in KEYS + EAR_KEYS))
"""Words drawn as they are in every language: the game's name on the title, the bots' names
and the keys' letters on How to play's key caps ("D", "W / L", "F11")."""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def _app(size):
    return make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def _screens(size):
    """Each screen of the slice, drawn in turn: (its name, the app showing it)."""
    app = _app(size)
    app.show("menu")
    yield "menu", app
    app.open("settings")
    yield "settings", app
    app.pop()
    app.open("new_game")
    scene = app.top
    for mode in range(4):  # the four tables: one or two teammates, the duo's and the solo's
        scene.mode = mode
        yield f"new game, table {mode}", app
    scene.toggle_per_seat()
    for mode in (1, 2):
        scene.mode = mode
        yield f"new game, levels per seat, table {mode}", app
    app.pop()
    app.open("help")
    scene = app.top
    for page in range(len(PAGES)):
        scene.page = page
        yield f"how to play, page {page + 1}", app
    app.pop()
    table = table_at(size, 4, 0)
    table.app.open("pause", table)
    yield "pause", table.app


def _open_after(text: str, depth: int) -> int:
    """How many brackets are still open after `text`, `depth` being open before it."""
    for ch in text:
        depth = depth + 1 if ch == OPEN else max(0, depth - 1) if ch == CLOSE else depth
    return 0 if text.endswith("…") else depth  # a line cut short with an ellipsis ends its piece


def not_from_the_catalog(texts: list[str]) -> list[tuple[str, str]]:
    """The drawn lines with letters outside brackets, and those letters. A paragraph wrapped
    over several lines opens its bracket on the first and closes it on the last: the lines
    are read in the order they were drawn, each inside the brackets left open before it."""
    found, depth = [], 0
    for text in texts:
        outside = bypassed(OPEN * depth + text, ALLOWED)
        if outside:
            found.append((text, outside))
        depth = _open_after(text, depth)
    return found


def _drawn(app, monkeypatch):
    # the pause overlay over the table: its own lines (the table's have tests of their own)
    top_only = type(app.top).__name__ == "PauseScene"
    return drawn_texts(app, monkeypatch, top_only=top_only)


@pytest.mark.parametrize("size", [SMALL, USUAL, LARGE], ids=size_id)
def test_in_the_pseudo_locale_every_line_of_these_screens_comes_from_the_catalog(monkeypatch, size):
    speech.switch("qps")
    found, seen = [], 0
    for name, app in _screens(size):
        texts = [text for text, _box in _drawn(app, monkeypatch)]
        seen += len(texts)
        found += [f"{name}: {t!r} is not in brackets ({out!r})" for t, out in not_from_the_catalog(texts)]
    assert seen > 150, "the screens drew their lines"
    assert not found, "\n".join(found)


def _layout_params() -> list:
    slow = {(lang, s) for lang in LONG for s in (USUAL, LARGE)} | {("qps", SMALL), ("fr", SMALL)}
    return [
        pytest.param(
            lang, s, id=f"{lang}-{size_id(s)}", marks=[pytest.mark.slow] if (lang, s) in slow else []
        )
        for s in (SMALL, USUAL, LARGE)
        for lang in LONG
    ]


@pytest.mark.parametrize(("lang", "size"), _layout_params())
def test_the_screens_fit_in_long_languages(monkeypatch, lang, size):
    speech.switch(lang)
    assert speech.code == lang
    found = []
    window = pygame.Rect(0, 0, *size)
    for name, app in _screens(size):
        boxes = _drawn(app, monkeypatch)
        assert boxes, f"{name}: nothing drawn"
        found += crowded(boxes, window, f"{lang} {size_id(size)} {name}")
        for label, rect in BUTTONS:
            if not window.contains(rect):
                found.append(f"{lang} {size_id(size)} {name}: the button {label!r} {rect} leaves the window")
    assert not found, "\n".join(found)


def _labels(app, monkeypatch) -> list[str]:
    return [text for text, _box in drawn_texts(app, monkeypatch, top_only=True)]


def test_a_language_chosen_in_settings_is_spoken_at_once_by_settings_and_the_menu(monkeypatch):
    app = _app(SMALL)
    app.show("menu")
    assert any(t.startswith("Settings (S") for t in _labels(app, monkeypatch))
    app.open("settings")
    settings = app.top
    assert settings.language_name().startswith("As the system")
    settings.set_language("de")
    assert app.settings.language == "de" and speech.code == "de"
    shown = _labels(app, monkeypatch)
    assert "Einstellungen" in shown and "Sprache" in shown and "Deutsch" in shown
    app.pop()
    menu = _labels(app, monkeypatch)
    assert any(t.startswith("Einstellungen (S") for t in menu), menu
    assert not any(t.startswith("Settings") for t in menu)
    assert "Viecher gegen Camper" in menu
    app.open("settings")
    app.top.step_language(1)  # the next in the list: French
    assert speech.code == "fr" and app.settings.language == "fr"
    app.pop()
    assert any(t.startswith("Paramètres (S") for t in _labels(app, monkeypatch))


def test_each_language_is_named_in_its_own_words_in_settings(monkeypatch):
    app = _app(SMALL)
    app.open("settings")
    names = []
    for code in ("en", "de", "fr", "es", "it", "pt_BR", "pl"):
        app.top.set_language(code)
        names.append(app.top.language_name())
    assert names == ["English", "Deutsch", "Français", "Español", "Italiano", "Português (Brasil)", "Polski"]
    app.top.set_language("")  # back to the system's language, named as the system's
    assert app.settings.language == ""
    assert app.top.language_name().startswith(("As the system", "Wie das System", "Comme le système"))


def test_a_scene_that_keeps_its_words_relabels_after_a_switch(monkeypatch):
    table = table_at(SMALL, 4, 0)
    app = table.app
    app.open("pause", table)
    assert "Paused" in _labels(app, monkeypatch)
    speech.switch("pl")
    shown = _labels(app, monkeypatch)
    assert "Pauza" in shown and "Wznów (Esc)" in shown


@pytest.mark.parametrize("lang", ["de", "fr", "es", "it", "pt_BR", "pl"])
def test_no_line_of_these_screens_is_cut_short_in_any_language(monkeypatch, lang):
    speech.switch(lang)
    cut = [
        f"{name}: {text!r}"
        for name, app in _screens(SMALL)
        for text, _box in _drawn(app, monkeypatch)
        if text.endswith("…")
    ]
    assert not cut, "\n".join(cut)
