"""A networked table's lobby by game pad alone: a real table server on 127.0.0.1 (port 0)
holds a table a headless host made; from the menu, the pad goes to Play with friends,
types the player's name, the server's address and the table's code with the letter picker
(no keyboard anywhere), joins, and takes another seat in the lobby; the lobby's buttons
name the pad's buttons while it is in use."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from test_net_table import _create_table, _hosts
from ui.support.net_table import ServerThread, frames_until, fresh_home
from ui.support.pad_input import A, B, choose, focused, pick, plug_in, press, walk_to
from ui_support import run

from game.files.settings import Settings
from game.ui.kit.prompts import prompt
from game.ui.routes import make_app


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


@pytest.fixture
def server(tmp_path):
    srv = ServerThread(tmp_path)
    yield srv
    srv.stop()


def type_into(app, field, text: str) -> None:
    """A on the field opens the picker; what was there is deleted (X), `text` picked."""
    choose(app, lambda w: w is field)
    assert type(app.top).__name__ == "PickerScene"
    for _ in field.value:
        press(app, pygame.CONTROLLER_BUTTON_X)  # X deletes
    pick(app, text)
    assert field.value == text


@pytest.mark.usefixtures("home")
def test_a_pad_alone_types_the_name_address_and_code_joins_and_takes_a_seat(server):
    code = server.call(lambda: _create_table(server.url))
    app = make_app((1280, 800), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.show("menu")
    run(app, 2)
    plug_in(app)
    choose(app, "Play with friends")
    friends = app.top
    assert type(friends).__name__ == "FriendsScene"
    type_into(app, friends.name, "Cal")
    type_into(app, friends.address, f"127.0.0.1:{server.port}")
    type_into(app, friends.code, code)
    walk_to(app, "Join")
    assert prompt(focused(app).label, button=True) == "Join"
    press(app, A)
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    session = lobby.session
    frames_until(
        app, lambda: session.seat == 1 and 3 in lobby.sit_buttons and lobby.sit_buttons[3].drawn >= 0
    )
    assert session.seat_names()[:2] == ["Host", "Cal"]
    assert prompt(lobby.leave_button.label, button=True) == "Leave (B)"
    walk_to(app, lambda w: w is lobby.sit_buttons[3])  # an open seat on the other team
    press(app, A)
    frames_until(app, lambda: session.seat == 3 and session.seats[3].name == "Cal")
    server.call(_hosts[-1].start)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    table = app.top
    assert table.human == 3
    press(app, pygame.CONTROLLER_BUTTON_START)
    assert type(app.top).__name__ == "PauseScene"
    press(app, B)  # B: back to the table from its menu
    assert app.top is table
    session.close()
