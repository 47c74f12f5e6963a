"""Host on: a server. The host form's choice creates the table at a separate `scram --server`
process through the desktop game's own link (no server runs in this game): the host is a
client there like the others, the invitation is that server's address and the code, a
friend joins with it, and the two play the game to its end."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_net_table import start_and_play_with
from ui.support.net_table import Friend, frames_until, fresh_home
from ui_support import click, key

from game.files.settings import Settings
from game.seat.invite import parse_invite
from game.ui.routes import make_app

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


@pytest.fixture
def server_process(tmp_path):
    """`scram --server --port 0` as its own process; yields (its port, its data folder)."""
    data = tmp_path / "server-data"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(tmp_path / "server-home")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--server", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    try:
        line = proc.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line + proc.stderr.read()
        yield int(line.rsplit(":", 1)[1].strip().strip("/")), data
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "Traceback" not in err, err


def typed(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def host_form(address: str):
    """The host form with "A server" chosen and `address` typed; (app, form)."""
    app = make_app((1280, 720), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    form = app.open("host_table")
    app.step(1 / 60)
    click(form.place_buttons[1].rect.center)
    app.step(1 / 60)
    assert form.on_server and form.address.focused
    typed(address)
    app.step(1 / 60)
    return app, form


@pytest.mark.usefixtures("home")
@pytest.mark.slow
def test_a_table_hosted_on_a_server_is_joined_with_its_invitation_and_played_to_the_end(server_process):
    port, data = server_process
    app, form = host_form(f"127.0.0.1:{port}")
    key(pygame.K_s, "s")  # a letter typed into the address (SDL: the key, then its text)
    typed("s")  # ... does not move the seat
    app.step(1 / 60)
    assert form.address.value == f"127.0.0.1:{port}s" and form.seat == 0
    key(pygame.K_BACKSPACE)
    key(pygame.K_RETURN)
    app.step(1 / 60)
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    session = lobby.session
    frames_until(app, lambda: session.code and session.seats)
    assert session.link.hosting is None and session.link.server is None  # no server in this game
    assert session.port is None and session.is_host
    invitation = str(lobby.invite())
    assert invitation == f"scram://127.0.0.1:{port}/{session.code}"
    assert app.settings.host_server == f"127.0.0.1:{port}"  # offered again next time

    invite = parse_invite(invitation)  # what the friend pastes
    friend = Friend(invite.url, invite.code)
    frames_until(app, lambda: sum(s.kind == "human" for s in session.seats) == 2)
    start_and_play_with(app, lobby, session, friend, random.Random(7))
    session.leave()
    assert session.link.join(10)
    with sqlite3.connect(data / "tables.sqlite") as db:  # the game was played at that server
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1


@pytest.mark.usefixtures("home")
def test_an_address_that_is_no_server_address_is_said_on_the_form():
    app, form = host_form("wss://host.example/tables/")
    key(pygame.K_RETURN)
    app.step(1 / 60)
    assert app.top is form
    assert form.problem == "A server's address has no path (the table code goes in its own field)."
