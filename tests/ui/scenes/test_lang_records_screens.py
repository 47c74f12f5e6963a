"""The statistics and Past games in Polish, read from every screen's tour in that language
(ui/support/lang_look.py): the rows' modes and levels, the chart's title in Polish's third
plural form, the campers counted in each of its forms, the reading's progress. Their layout
in every language, and the pseudo-locale's brackets, are test_lang_every_screen.py's. The
records' screens as the look's tests walk them (`records`, `_screens`, `_table_screens`)
are made here from the same tour."""

from __future__ import annotations

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support import every_screen
from ui.support.lang_look import looks
from ui.support.layout import SMALL

from game.files.settings import Settings
from game.ui.routes import make_app


@pytest.fixture(scope="module")
def records() -> list[dict]:
    """Finished games as Past games keeps them (ui/support/every_screen.py)."""
    return every_screen.records()


def _app(size):
    """The app these screens are shown in (the look's tests show them in another theme)."""
    return make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def _screens(size, folder, kept):
    """Statistics, Past games and About, drawn in turn: (the stop's name, the app showing it)."""
    for stop in every_screen.records_screens(size, folder, kept, make=lambda s: _app(s)):
        if stop.route != "review":
            yield stop.name, stop.app
    app = _app(size)
    app.show("menu")
    app.open("about")
    yield "about", app


def _table_screens(size):
    """The round's summary and game over, of a whole game."""
    for stop in every_screen.endings(size, make=lambda s: _app(s)):
        yield stop.name, stop.app


def test_the_statistics_and_past_games_speak_the_language_chosen():
    shown = {look.name: look.lines for look in looks("pl", SMALL)}
    stats = shown["statistics"]
    assert "Statystyki" in stats and "Wszystkie partie" in stats
    assert "3, w duecie · różne" in stats  # a row's mode and the bots' mix, in Polish
    assert any(t.startswith("Ostatnie 30 partii:") for t in stats)  # the chart: Polish's third form
    past = shown["past games, all read"]
    assert any(" · 4 obozowicze · boty: zwiadowca · " in t for t in past)  # the level's Polish name
    assert any("3 obozowicze, solo" in t for t in past) and any("6 obozowiczów" in t for t in past)
    assert "24 z 24" in past
    assert any(t.startswith("Wczytywanie zachowanych partii: 0 z 24") for t in shown["past games, reading"])
    assert "O grze Scram!" in shown["about"]
