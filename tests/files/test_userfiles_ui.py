"""The player's side of damaged user files: the game starts, says one line, and goes on; a
NUL or an escape sequence in a name from a file never reaches the drawing."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from ui_support import key, run

from game.rules.record import to_record
from game.rules.state import Game


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    (tmp_path / "config").mkdir()
    return tmp_path


def _app():
    from game.files.settings import load_settings
    from game.ui.routes import make_app

    settings, note = load_settings()
    settings.speed, settings.bot_pace, settings.muted = "instant", "instant", True
    app = make_app((1280, 720), settings, persist=False)
    if note:
        app.messages.append(note)
    return app


@pytest.mark.parametrize(
    "raw",
    [b'{"player_name": "\xff\xfe"}', b"[" * 100_000 + b"]" * 100_000, b'{"player_name": "Ann\\u0000"}'],
    ids=["invalid UTF-8", "deep nesting", "NUL in the name"],
)
def test_the_game_starts_whatever_the_settings_file_holds(home, raw):
    from game.ui.scenes.menu import MenuScene

    (home / "config" / "settings.json").write_bytes(raw)
    app = _app()
    assert "\x00" not in app.settings.player_name
    app.push(MenuScene(app))
    run(app, 2)
    app.open("new_game")  # New game draws the name field and the seats' names
    run(app, 2)
    key(pygame.K_RETURN)  # Enter starts the game with the name
    run(app, 5)
    assert app.running


def test_continue_with_nul_and_escapes_in_the_saved_names_draws_them_clean(home):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import TableScene

    game = Game(4, 5)
    rng = random.Random(3)
    for _ in range(6):
        game.play(game.sample_decision(rng))
    record = to_record(
        game, players=["Ann\u0000", "\u001b[2J", "Cy\u202e", "D\nE"], levels=[None] * 4, human=0
    )
    (home / "data" / "save.json").write_text(json.dumps(record))
    app = _app()
    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_RETURN)  # Continue
    run(app, 5)
    assert isinstance(app.top, TableScene)
    assert app.top.players == ["Ann", "[2J", "Cy", "D E"]


def test_a_damaged_save_is_set_aside_once_and_continue_is_gone(home):
    from game.ui.scenes.menu import MenuScene

    (home / "data" / "save.json").write_bytes(b'{"format": "scram-record/1", "campers": \xff}')
    app = _app()
    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_RETURN)  # Continue
    run(app, 2)
    assert isinstance(app.top, MenuScene)
    assert sum("damaged" in m for m in app.messages) == 1
    assert [p.name.split(".corrupt-")[0] for p in (home / "data").glob("*.corrupt-*")] == ["save.json"]
    key(pygame.K_RETURN)  # again: no game to continue now (Enter is New game), nothing new to say
    run(app, 2)
    assert sum("damaged" in m for m in app.messages) == 1
