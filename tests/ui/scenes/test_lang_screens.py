"""Switching the language in Settings changes the words of Settings and of the menu at once,
without a restart; each language is named in its own words; a scene that keeps its words
(the pause overlay) says them again after a switch. Every screen's layout in every language,
and the pseudo-locale's brackets, are test_lang_every_screen.py's."""

from __future__ import annotations

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import SMALL, drawn_texts, table_at

from game.files.settings import Settings
from game.lang import speech
from game.ui.routes import make_app


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def _app(size):
    return make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


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


def test_the_default_name_is_said_in_the_language_spoken_and_never_twice(monkeypatch):
    from ui.support.lang_look import looks

    lesson = next(look.lines for look in looks("de", SMALL) if look.name == "the first lesson")
    assert "Du" in lesson and not any("Du (du)" in line for line in lesson)
    speech.switch("es")
    app = _app(SMALL)
    app.show("menu")
    app.open("new_game").go()  # the name as New game offers it: "Tú"
    assert app.settings.player_name == "You"  # kept as the default: said anew in another language
    table = app.top
    assert table.board.names[0] == "Tú"
    table.refresh()
    labels = [name for name, _box in table.text_boxes() if name.startswith("seat 0")]
    assert labels and not any("(tú)" in name for name in labels), labels


def test_the_first_starts_line_kept_for_the_menu_is_said_again_after_a_switch():
    from game.seat.spoken import first_start_line

    app = _app(SMALL)
    app.show("menu")
    app.messages.append(first_start_line())  # as the very first start keeps it (App._speak)
    assert app.messages == ["Press F4 on any screen to turn speech on or off."]
    app.open("settings")
    app.top.set_language("es")
    assert app.messages == [first_start_line()] and "F4" in app.messages[0]
    assert app.messages[0] != "Press F4 on any screen to turn speech on or off."
