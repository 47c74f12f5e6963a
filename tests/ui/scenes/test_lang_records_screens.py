"""The statistics and Past games in Polish, read from every screen's tour in that language
(ui/support/lang_look.py): the rows' modes and levels, the chart's title in Polish's third
plural form, the campers counted in each of its forms, the reading's progress. Their layout
in every language, and the pseudo-locale's brackets, are test_lang_every_screen.py's."""

from __future__ import annotations

import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.lang_look import looks
from ui.support.layout import SMALL


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
