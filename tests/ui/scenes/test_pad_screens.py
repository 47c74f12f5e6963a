"""Every screen by game pad alone: the SDL controller events a pad produces, posted as the
device would (tests/ui/support/pad_input.py), and no key from a keyboard anywhere. From the
menu a pad starts a game and plays a decision, opens Settings and changes a value, comes
back; it reaches every screen the menu, the pause and the table lead to, and B brings it
back; a text field opens the letter picker; the prompts name the pad's buttons while it is
in use and the keys again when the keyboard is."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.pad_input import (
    A,
    B,
    DOWN,
    RIGHT,
    START,
    UP,
    X,
    choose,
    focused,
    pick,
    plug_in,
    press,
    pull_out,
    stick,
    walk_to,
)
from ui_support import key, run, run_until

from game.files.settings import Settings
from game.rules.decisions import Discard, Draw
from game.ui.kit.prompts import pad_words
from game.ui.routes import make_app


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def menu_app(size=(1280, 720)):
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.show("menu")
    run(app, 2)  # the pads' support loads after the first frame
    plug_in(app)
    return app


def kind(app) -> str:
    return type(app.top).__name__


def close_tables(app) -> None:
    for scene in app.stack:
        if hasattr(scene, "session") and hasattr(scene, "close"):
            scene.close()
    pygame.event.clear()


def test_from_the_menu_a_pad_alone_starts_a_game_and_plays_a_decision(home):
    app = menu_app()
    try:
        press(app, A)  # the first start: the focus stands on Learn by playing, the default
        assert kind(app) == "TutorialScene"
        press(app, START)  # Start: the lesson's pause menu
        assert kind(app) == "PauseScene"
        choose(app, "Leave")
        assert kind(app) == "MenuScene"
        walk_to(app, "New game")
        press(app, A)
        assert kind(app) == "NewGameScene"
        assert focused(app) is app.top.start  # Start the game has the focus first
        press(app, A)
        assert kind(app) == "TableScene"
        table = app.top
        run_until(app, table.my_turn)
        before = len(table.game.actions)
        walk_to(app, lambda _w: table.current_focus() == "deck")
        press(app, A)  # A on the deck: the player draws
        run_until(app, table.my_turn)
        assert isinstance(table.game.actions[before][0], Draw)
        walk_to(app, lambda _w: getattr(table.focus_button(table.current_focus()), "label", "").startswith("Throw"))
        press(app, A)  # A on Throw away, a prompt's button (the pad has no X key for it)
        run_until(app, lambda: len(table.game.actions) > before + 1)
        assert isinstance(table.game.actions[before + 1][0], Discard)
    finally:
        close_tables(app)
