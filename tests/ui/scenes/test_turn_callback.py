"""A turn that calls the player back: when the window is behind others and the player's turn
comes (a bot table at the relaxed pace, a networked table against a real server on
127.0.0.1), the window is asked to flash once and the turn chime plays; in front, or with
the settings' "Window flash" off, no flash. The flash is watched through the App's seam
(`attention.flash`), each call passed on to the real one (which SDL's dummy refuses: the
game goes on, with one line)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_shell import close_table, make_app
from ui.support.net_table import DT, frames_until, fresh_home
from ui_support import click, ready, run, run_paced

from game.files.settings import Settings
from game.seat.start import start_game
from game.ui.table.connect import host_table


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


def _watched(app) -> tuple[list[int], list[str]]:
    """The flashes the window was asked and the sounds played, each passed on to the real one."""
    asked: list[int] = []
    played: list[str] = []
    flash, play = app.attention.flash, app.play

    def flash_seam(window, operation):
        asked.append(operation)
        flash(window, operation)

    def play_seam(name):
        played.append(name)
        play(name)

    app.attention.flash = flash_seam
    app.play = play_seam
    return asked, played


def _focus(app, event_type: int) -> None:
    pygame.event.post(pygame.event.Event(event_type))
    run(app)


def _bot_table(settings: Settings, behind: bool):
    """A 4-camper table against bots at the relaxed pace; the frames run to the player's turn."""
    app = make_app(settings=settings)
    asked, played = _watched(app)
    if behind:
        _focus(app, pygame.WINDOWFOCUSLOST)
        assert not app.attention.focused
    start_game(app, 4, 2, ["Bea", "Cal", "You", "Dot"], [None if s == 2 else "scout" for s in range(4)], 5)
    table = app.top
    run_paced(app, lambda: ready(table))
    run(app, 30)  # frames of the same turn: no second flash
    return app, asked, played


RELAXED = dict(speed="fast", bot_pace="relaxed", muted=True)


@pytest.mark.slow  # bots play up to the turn at a relaxed pace: seconds
def test_behind_other_windows_the_turn_flashes_the_window_once_and_chimes(home, capsys):
    app, asked, played = _bot_table(Settings(**RELAXED), behind=True)
    assert app.top.session.turn == app.top.human
    assert asked == [pygame.FLASH_UNTIL_FOCUSED] and played.count("your_turn") == 1
    assert capsys.readouterr().err.count("cannot flash") == 1  # the dummy driver's: one line
    _focus(app, pygame.WINDOWFOCUSGAINED)  # the window comes to the front: the flash ends
    assert asked == [pygame.FLASH_UNTIL_FOCUSED, pygame.FLASH_CANCEL] and not app.attention.flashing
    close_table(app)


@pytest.mark.slow  # the table played to the player's turn; the fast loop keeps the flash's own case
def test_in_front_the_turn_chimes_without_a_flash(home):
    app, asked, played = _bot_table(Settings(**RELAXED), behind=False)
    assert asked == [] and played.count("your_turn") == 1
    close_table(app)


@pytest.mark.slow  # the table played to the player's turn; the fast loop keeps the flash's own case
def test_with_the_window_flash_setting_off_no_flash(home):
    app, asked, played = _bot_table(Settings(**RELAXED, turn_flash=False), behind=True)
    assert asked == [] and played.count("your_turn") == 1
    close_table(app)


def test_the_setting_has_its_row_in_settings_and_is_kept(home):
    from game.files.settings import load_settings

    app = make_app(size=(1024, 640), settings=Settings(), persist=True)
    app.open("settings")
    scene = app.top
    run(app)
    row = [item[0]() for item in scene.items].index("Window flash")
    button = scene.buttons[row]
    assert button.label == "on" and pygame.Rect(0, 0, 1024, 640).contains(scene.back.rect)
    click(button.rect.center)
    run(app)
    assert button.label == "off" and load_settings()[0].turn_flash is False


def test_at_a_networked_table_the_turn_behind_other_windows_flashes_once(home):
    from game.ui.routes import make_app as routes_app

    app = routes_app((1280, 720), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    asked, played = _watched(app)
    session = host_table(app, 4, 3, ["greenhorn"] * 4, "instant", "Ada", bind="127.0.0.1")
    frames_until(app, lambda: session.code and session.port is not None and session.seats)
    lobby = app.top
    frames_until(app, lambda: lobby.start_button is not None and lobby.start_button.enabled)
    _focus(app, pygame.WINDOWFOCUSLOST)
    click(lobby.start_button.rect.center)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene" and ready(app.top))
    for _ in range(30):
        app.step(DT)
    assert app.top.session.turn == app.top.human == 3
    assert asked == [pygame.FLASH_UNTIL_FOCUSED] and played.count("your_turn") == 1
    _focus(app, pygame.WINDOWFOCUSGAINED)
    assert asked[-1] == pygame.FLASH_CANCEL and app.attention.focused
    session.leave()
    assert session.link.join(10)
