"""The player's side of hostile user files: whatever the files hold, every screen that shows
them draws (names clean and capped, numbers in range), each file set aside is said on the
screen, a bot level the game does not know is said at the table, F12 never ends the game,
and the window is never larger than the largest display."""

from __future__ import annotations

import json

import pygame
import pytest
from decks import finished_game
from ui_support import key, run

from game.files import kept_games as archive
from game.files import stats
from game.files.text import NAME_LIMIT
from game.rules.record import to_record
from game.rules.state import Game

HUGE = "1" + "0" * 400


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    monkeypatch.delenv("SCRAM_SCREENSHOT_DIR", raising=False)
    for sub in ("config", "data", "data/games"):
        (tmp_path / sub).mkdir(parents=True, exist_ok=True)
    return tmp_path


def _app(size=(1280, 720)):
    from game.files.settings import load_settings
    from game.ui.routes import make_app

    settings, note = load_settings()
    settings.speed, settings.bot_pace, settings.muted = "instant", "instant", True
    app = make_app(size, settings, persist=True)
    if note:
        app.messages.append(note)
    app.open("menu")
    run(app, 2)
    return app


def _stats_file(home, text: str) -> None:
    (home / "data" / "stats.json").write_text(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "scram-stats/1", "groups": {"4/scout": {"games": 1, "wins": '
        + HUGE
        + '}}, "recent": []}',
        '{"format": "scram-stats/1", "groups": {"4/' + "x" * 7_000_000 + '": {"games": 1}}, "recent": []}',
    ],
    ids=["a 401-digit count", "a key of 7 million characters"],
)
def test_the_statistics_screen_sets_a_damaged_file_aside_says_so_and_draws(home, text):
    _stats_file(home, text)
    app = _app()
    app.open("stats")
    run(app, 3)
    assert app.running and type(app.top).__name__ == "StatsScene"
    assert sum("The statistics could not be used" in m for m in app.messages) == 1
    assert list((home / "data").glob("stats.json.corrupt-*"))


def test_the_statistics_screen_draws_the_largest_counts(home):
    top = stats.COUNT_LIMIT
    group = {name: top for name in stats._COUNTS}
    recent = [{"mode": "6", "level": "s" * NAME_LIMIT, "margin": stats.MARGIN_LIMIT, "won": True}]
    body = {
        "format": stats.FORMAT,
        "groups": {f"6/{'s' * NAME_LIMIT}": group, "all/all": group},
        "recent": recent,
    }
    _stats_file(home, json.dumps(body))
    app = _app()
    app.open("stats")
    run(app, 3)
    assert app.running and app.messages == []


def _kept_game(home, players, levels) -> None:
    record = archive.game_record(finished_game(4), ["A", "B", "C", "D"], [None] * 4, 0)
    record.update(players=players, levels=levels)
    (home / "data" / "games" / "20260101-000000-000000001-s1.json").write_text(json.dumps(record))


NAMES = {
    "lone surrogates": ["\ud800x", "\udfff", "B\ud800", "C"],
    "500,000 characters": ["N" * 500_000, "W" * 500_000, "M" * 500_000, "\u202e" + "R" * 500_000],
}


@pytest.mark.parametrize("names", NAMES.values(), ids=list(NAMES))
def test_past_games_and_their_review_draw_any_names(home, names):
    _kept_game(home, names, [None, "x" * 1_000_000, "\ud800", "scout"])
    app = _app()
    scene = app.open("past_games")
    run(app, 2)
    assert all(len(p) <= NAME_LIMIT for p in scene.games[0].players)
    key(pygame.K_RETURN)  # its review: the score sheet draws every camper's name
    run(app, 3)
    review = app.top
    assert type(review).__name__ == "ReviewScene" and all(len(p) <= NAME_LIMIT for p in review.players)
    key(pygame.K_END)
    run(app, 3)
    assert app.running


def test_review_of_a_record_file_with_hostile_names_draws(home):
    from game.ui.scenes.review import open_review_file

    record = archive.game_record(finished_game(4), ["\ud800x", "N" * 20_000, "C", "D"], [None] * 4, 0)
    path = home / "record.json"
    path.write_text(json.dumps(record))
    app = _app()
    assert open_review_file(app, path) is None
    key(pygame.K_END)
    run(app, 3)
    assert app.top.players[:2] == ["x", "N" * NAME_LIMIT]


def test_a_bot_level_the_game_does_not_know_is_said_at_the_table(home):
    game = Game(4, 5)
    record = to_record(
        game, players=["You", "B", "C", "D"], levels=[None, "grandmaster", "scout", "scout"], human=0
    )
    (home / "data" / "save.json").write_text(json.dumps(record))
    app = _app()
    key(pygame.K_RETURN)  # Continue
    run(app, 2)
    table = app.top
    assert type(table).__name__ == "TableScene"
    assert "unknown level 'grandmaster'" in table.messages.warning and table.messages.warning_t > 0
    assert any("grandmaster" in line for line in table.sidebar.log)


def test_a_damaged_tutorial_note_is_said_on_the_menu(home):
    (home / "data" / "tutorial.json").write_bytes(b"\x00\x01")
    app = _app()
    assert sum("The tutorial note could not be used" in m for m in app.messages) == 1
    app.top.build()  # built again (back from a screen): nothing new to say
    assert len(app.messages) == 1


def test_f12_saves_to_the_data_folder_never_the_current_one(home, monkeypatch, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(elsewhere)
    app = _app()
    key(pygame.K_F12)
    run(app)
    shots = list((home / "data" / "screenshots").glob("scram-*.png"))
    assert len(shots) == 1 and list(elsewhere.iterdir()) == []


def test_a_screenshot_that_cannot_be_written_is_one_line_on_the_table(home, monkeypatch):
    blocker = home / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("SCRAM_SCREENSHOT_DIR", str(blocker / "shots"))
    app = _app()
    app.show("table", Game(4, 2), ["You", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    run(app, 2)
    key(pygame.K_F12)
    run(app)
    assert app.running and app.top.messages.warning.startswith("No screenshot")
    app.top.close()


def test_the_window_is_never_larger_than_the_largest_display(home, monkeypatch):
    from game.ui.kit import app as kit
    from game.ui.kit import display

    (home / "config" / "settings.json").write_text(json.dumps({"window_size": [kit.WINDOW_LIMIT] * 2}))
    monkeypatch.setattr(display, "largest_display", lambda: (1600, 900))
    app = _app(size=None)
    assert app.windowed_size == (1600, 900) == app.size
    app.quit()
    assert json.loads((home / "config" / "settings.json").read_text())["window_size"] == [1600, 900]


def test_the_largest_display_is_what_the_system_reports(monkeypatch):
    from game.ui.kit import app as kit

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (2560, 1440)])
    assert kit.fit_window((99_999, 99_999)) == (2560, 1440)
    assert kit.fit_window((10, 10)) == kit.MIN_SIZE  # never smaller than the table is laid out for
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")  # no display to ask
    assert kit.fit_window((3000, 2000)) == (3000, 2000)
    assert kit.fit_window((8192, 8192)) == kit.HEADLESS_LIMIT


class _Counting:
    """A font that counts its measurements."""

    def __init__(self, font) -> None:
        self.font, self.calls = font, 0

    def size(self, text):
        self.calls += 1
        return self.font.size(text)


def test_fitting_a_long_name_to_a_width_is_a_binary_search(home, monkeypatch):
    from game.ui import skin
    from game.ui.table import scoresheet

    _app()  # fonts need the display up
    font = _Counting(skin.font("text", 16))
    monkeypatch.setattr(scoresheet.skin, "font", lambda kind, size: font)
    text = "Wide name " * 50_000  # 500,000 characters
    out = scoresheet.fit_text(text, 16, 200)
    assert out.endswith("…") and font.font.size(out)[0] <= 200
    assert font.font.size(text[: len(out)] + "…")[0] > 200  # one more character would not fit
    assert font.calls <= 21  # log2(500,000) + 2, not one a character


def test_a_word_wider_than_a_wrapped_line_is_broken_where_the_width_ends(home):
    from game.ui import skin
    from game.ui.kit.widgets import px, wrap

    _app()  # fonts need the display up
    name = "W" * NAME_LIMIT
    lines = wrap(f"{name} drew a card.", 16, 120)
    font = skin.font("text", px(16))
    assert "".join(lines).replace(" ", "") == f"{name}drewacard."  # nothing lost
    assert len(lines) > 2 and all(font.size(line)[0] <= 120 for line in lines)


def test_the_statistics_screen_itself_says_what_was_set_aside(home):
    _stats_file(home, '{"format": "scram-stats/1", "groups": {"4/scout": {"wins": -1}}, "recent": []}')
    app = _app()
    scene = app.open("stats")
    run(app, 2)
    assert "kept as stats.json.corrupt-" in scene.note


def test_past_games_opens_at_once_and_reads_the_rest_frame_by_frame(home, monkeypatch):
    from game.ui.scenes.past_games import PastGamesScene

    record = archive.game_record(
        finished_game(4), ["You", "B", "C", "D"], [None, "scout", "scout", "scout"], 0
    )
    for k in range(120):
        archive.keep(dict(record, finished=f"2026-01-01T00:{k // 60:02d}:{k % 60:02d}"))
    bad = archive.archive_dir() / "20260101-000000-000000000-s0.json"  # the oldest name of all
    bad.write_text("{")
    monkeypatch.setattr(PastGamesScene, "READ_SHARE", 0.0)  # one file a frame: the reading is seen
    app = _app()
    scene = app.open("past_games")
    run(app, 1)
    assert len(scene.games) == 121 and not scene.games.done  # every name listed, a few files read
    assert scene.games.title(0).startswith("2026-01-01 00:01")  # the newest first, read for its row
    assert scene.note == ""
    run(app, 130)
    assert scene.games.done and len(scene.games) == 120  # the damaged one set aside at its turn
    assert scene.note.startswith("The kept game 20260101-000000-000000000-s0.json could not be used")
    key(pygame.K_END)
    run(app)
    assert app.running
