"""The statistics screen and its chart, Past games and About in other languages, checked as
the menu's slice is (test_lang_screens.py): in the pseudo-locale every line they draw is in
brackets (a line that is not bypassed the catalog), and in German, French, Polish and the
pseudo-locale (40 % longer) no text leaves the window, none overlaps another and no label is
wider than its button, at 1024x640, 1280x720 and 1920x1080; no line is cut short with an
ellipsis in any of the six languages."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import finished_game
from ui.scenes.test_lang_screens import LONG, not_from_the_catalog
from ui.support.layout import BUTTONS, LARGE, SMALL, USUAL, crowded, drawn_texts, size_id

from game.files import kept_games as archive
from game.files.settings import Settings
from game.files.stats import GameFacts, Stats
from game.lang import speech
from game.ui.routes import make_app

NAMES = ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    """Finished games as Past games keeps them: a 4-camper game against one level, a
    3-camper game as the solo and as the duo, a 6-camper game against mixed bots, and a
    watched one."""
    four, three, six = finished_game(5, 4), finished_game(6, 3), finished_game(7, 6)
    return [
        archive.game_record(four, NAMES[:4], [None, "scout", "scout", "scout"], 0),
        archive.game_record(three, NAMES[:3], [None, "ranger", "ranger"], 0),
        archive.game_record(three, NAMES[:3], ["ranger", "ranger", None], 2),
        archive.game_record(six, NAMES, [None, "scout", "ranger", "scout", "greenhorn", "scout"], 0),
        archive.game_record(four, NAMES[:4], ["scout"] * 4, None),
    ]


def _stats() -> Stats:
    """Statistics of every mode, a level each and the bots' mix, and 30 games' margins."""
    s = Stats()
    rows = [
        ("3-duo", "mixed"),
        ("3-solo", "trailblazer"),
        ("4", "scout"),
        ("4", "greenhorn"),
        ("6", "ranger"),
    ]
    for k in range(30):
        mode, level = rows[k % len(rows)]
        won = k % 3 != 0
        margin = (k * 7) % 40 + 1
        s.add(GameFacts(mode, level, won, 5, 3, 1, int(won), 60, margin if won else -margin, k % 2))
    return s


def _app(size):
    return make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def _screens(size, folder, records):
    """Each screen of the slice, drawn in turn: (its name, the app showing it)."""
    app = _app(size)
    app.show("menu")
    app.open("stats", Stats())
    yield "statistics, no games yet", app
    app.pop()
    app.open("stats", _stats())
    yield "statistics", app
    app.top.ask_reset()
    yield "statistics, asking to reset", app
    app.pop()
    empty = folder / "none"
    empty.mkdir()
    app.open("past_games", empty)
    yield "past games, none kept", app
    app.top.export()  # nothing to export: the refusal's line
    app.top._refused(app.top.buttons[1].why)
    yield "past games, none kept, a refusal", app
    app.pop()
    kept = folder / "kept"
    kept.mkdir()
    for k in range(24):
        archive.keep(records[k % len(records)], kept)
    app.open("past_games", kept)
    yield "past games, reading", app  # nothing read ahead yet: the progress line shows
    scene = app.top
    while not scene.games.done:
        scene.update(0.016)
    scene.sel = len(scene.games) - 1  # the last one: the list's place line shows
    yield "past games, all read, the last chosen", app
    app.pop()
    app.open("about")
    yield "about", app


def _drawn(app, monkeypatch):
    return drawn_texts(app, monkeypatch, top_only=True)


@pytest.mark.parametrize(
    "size",
    [SMALL, pytest.param(USUAL, marks=pytest.mark.slow), pytest.param(LARGE, marks=pytest.mark.slow)],
    ids=size_id,
)
def test_in_the_pseudo_locale_every_line_of_these_screens_comes_from_the_catalog(
    monkeypatch, home, records, size
):
    speech.switch("qps")
    found, seen, names = [], 0, set()
    for name, app in _screens(size, home, records):
        texts = [text for text, _box in _drawn(app, monkeypatch)]
        seen += len(texts)
        names.add(name)
        found += [f"{name}: {t!r} is not in brackets ({out!r})" for t, out in not_from_the_catalog(texts)]
    assert len(names) == 8 and seen > 150, "the screens drew their lines"
    assert not found, "\n".join(found)


def _layout_params() -> list:
    fast = {(lang, SMALL) for lang in ("de", "pl", "qps")}
    return [
        pytest.param(
            lang, s, id=f"{lang}-{size_id(s)}", marks=[] if (lang, s) in fast else [pytest.mark.slow]
        )
        for s in (SMALL, USUAL, LARGE)
        for lang in LONG
    ]


@pytest.mark.parametrize(("lang", "size"), _layout_params())
def test_these_screens_fit_in_long_languages(monkeypatch, home, records, lang, size):
    speech.switch(lang)
    assert speech.code == lang
    found = []
    window = pygame.Rect(0, 0, *size)
    for name, app in _screens(size, home, records):
        boxes = _drawn(app, monkeypatch)
        assert boxes, f"{name}: nothing drawn"
        found += crowded(boxes, window, f"{lang} {size_id(size)} {name}")
        for label, rect in BUTTONS:
            if not window.contains(rect):
                found.append(f"{lang} {size_id(size)} {name}: the button {label!r} {rect} leaves the window")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["de", "fr", "es", "it", "pt_BR", "pl"])
def test_no_line_of_these_screens_is_cut_short_in_any_language(monkeypatch, home, records, lang):
    speech.switch(lang)
    cut = [
        f"{name}: {text!r}"
        for name, app in _screens(SMALL, home, records)
        for text, _box in _drawn(app, monkeypatch)
        if text.endswith("…")
    ]
    assert not cut, "\n".join(cut)


def test_the_statistics_and_past_games_speak_the_language_chosen(monkeypatch, home, records):
    speech.switch("pl")
    shown = {}
    for name, app in _screens(SMALL, home, records):
        shown[name] = [text for text, _box in _drawn(app, monkeypatch)]
    stats = shown["statistics"]
    assert "Statystyki" in stats and "Wszystkie partie" in stats
    assert "3, w duecie · różne" in stats  # a row's mode and the bots' mix, in Polish
    assert any(t.startswith("Ostatnie 30 partii:") for t in stats)  # the chart: Polish's third form
    past = shown["past games, all read, the last chosen"]
    assert any(" · 4 obozowicze · boty: zwiadowca · " in t for t in past)  # the level's Polish name
    assert any("3 obozowicze, solo" in t for t in past) and any("6 obozowiczów" in t for t in past)
    assert "24 z 24" in past
    assert any(t.startswith("Wczytywanie zachowanych partii: 0 z 24") for t in shown["past games, reading"])
    assert "O grze Scram!" in shown["about"]


def _table_screens(size):
    """The round's summary, once its count is done, and the game over screen, of a game the
    bots play at instant speed (the table and its score sheet have checks of their own)."""
    from game.seat.start import start_game
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.scenes.round_end import RoundEndScene

    app = _app(size)
    start_game(app, 4, None, None, ["greenhorn"] * 4, 9, auto=True)
    summaries = 0
    for _step in range(200_000):
        top = app.top
        if isinstance(top, RoundEndScene) and top.done and summaries == 0:
            summaries += 1
            yield "round summary", app
        if isinstance(top, GameOverScene):
            yield "game over", app
            return
        app.step(1 / 60)
    raise AssertionError("the game did not end")


TEAM_NAMES = ("Blue", "Orange", "Solo", "Duo")
"""The teams' names (game/ui/table/teams.py), still English: the table's words, translated
with the table's screens."""


def _from_elsewhere(texts: list[str]) -> list[tuple[str, str]]:
    """`not_from_the_catalog`, the teams' names left aside."""
    return [(t, out) for t, out in not_from_the_catalog(texts) if t not in TEAM_NAMES]


def _summary_drawn(app, monkeypatch):
    # the summary covers the sidebar: its own lines (the board's labels are the table's)
    return drawn_texts(app, monkeypatch, top_only=True)


@pytest.mark.parametrize(
    "lang",
    ["qps", "de", "pl", pytest.param("fr", marks=pytest.mark.slow)],
)
def test_the_round_summary_and_game_over_come_from_the_catalog_and_fit(monkeypatch, home, lang):
    speech.switch(lang)
    window = pygame.Rect(0, 0, *SMALL)
    found, names = [], []
    for name, app in _table_screens(SMALL):
        names.append(name)
        boxes = _summary_drawn(app, monkeypatch)
        texts = [text for text, _box in boxes]
        if lang == "qps":
            found += [f"{name}: {t!r} is not in brackets ({out!r})" for t, out in _from_elsewhere(texts)]
        found += crowded(boxes, window, f"{lang} {name}")
        found += [f"{name}: {t!r} is cut short" for t in texts if t.endswith("…") and "…" not in t[:-1]]
    assert names == ["round summary", "game over"]
    assert not found, "\n".join(found)
