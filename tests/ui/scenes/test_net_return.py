"""Returning to a networked table after the game stopped (a crash, or the player quit): the
seat's invitation and token are kept on disk while it is held, Play with friends offers
"Return to table CODE", and the seat is taken again with its token; a game that ended
meanwhile, leaving, or a server that no longer knows the token forgets it. Against a real
table server on 127.0.0.1 (port 0), waiting on frames, never on sleeps."""

from __future__ import annotations

import asyncio
import threading

import pytest
from ui.support.net_table import DT, ServerThread, frames_until, fresh_home
from ui_support import click

from game.files.settings import Settings
from game.files.table_seats import TableSeat, keep_seat, table_seats
from game.seat.client import Client
from game.seat.invite import Invite
from game.ui.routes import make_app
from game.ui.table.connect import host_table, join_table

pytestmark = pytest.mark.usefixtures("home")
_hosts: list = []  # the headless hosts, kept open for their test


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


def _app():
    settings = Settings(speed="instant", bot_pace="instant", muted=True, player_name="Cal")
    return make_app((1280, 720), settings, persist=True)


async def _host(url: str, leaves: bool = False) -> Client:
    """A headless host at seat 0 of a table of 4 (bots at instant pace elsewhere)."""
    client = await Client.connect(url)
    await client.hello("Host", "tests")
    client.joined = await client.create(4, 0, ["greenhorn"] * 4, "instant")
    _hosts.append(client)
    return client


def _joined_and_started(server: ServerThread, app) -> tuple:
    """Our game joins the host's table (seat 1), the host starts it; (session, host)."""
    host = server.call(lambda: _host(server.url))
    session = join_table(app, Invite("127.0.0.1", server.port, host.joined["code"]), "Cal")
    frames_until(app, lambda: session.seat == 1 and len(table_seats()[0]) == 1)
    server.call(host.start)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    return session, host


def _stopped(session) -> None:
    """The game stops without a word (a crash, a quit): the connection is just gone."""
    session.link.close()
    assert session.link.join(10)


def _returning(app) -> object:
    """Play with friends, then its "Return to table CODE"."""
    app.show("friends")
    app.step(DT)  # drawn once: its buttons have their places
    friends = app.top
    assert friends.returns, "no seat offered"
    click(friends.returns[0][1].rect.center)
    app.step(DT)
    return app.top.session


def test_a_seat_held_when_the_game_stopped_is_offered_and_taken_again(tmp_path):
    server = ServerThread(tmp_path)
    try:
        session, host = _joined_and_started(server, _app())
        kept = table_seats()[0][0]
        assert (kept.code, kept.token, kept.seat, kept.port) == (host.joined["code"], session.token, 1, None)
        _stopped(session)
        app = _app()  # the game started again
        app.show("friends")
        assert app.top.returns[0][1].label == f"Return to table {kept.code} (R)"
        back = _returning(app)
        frames_until(app, lambda: type(app.top).__name__ == "TableScene")
        assert back.seat == 1 and back.token == kept.token and back.playing  # the same seat, mid-game
        assert server.call(lambda: server.server.tables[kept.code].seats[1].conn is not None)
        back.leave()  # the seat given up: nothing to return to
        assert table_seats()[0] == []
    finally:
        server.stop()


def test_a_game_that_ended_while_away_is_told_and_forgotten(tmp_path):
    server = ServerThread(tmp_path, grace=0.0)  # a stand-in plays an absent camper at once
    try:
        session, host = _joined_and_started(server, _app())
        code = host.joined["code"]
        _stopped(session)
        server.call(host.leave)  # a bot takes the host's seat: bots alone play on, instantly
        table = server.call(lambda: server.server.tables[code])
        frames_until(_app(), lambda: server.call(lambda: table.game is None and table.game_no == 1))
        app = _app()
        back = _returning(app)
        frames_until(app, lambda: back.record is not None)  # the end missed, told once
        assert table_seats()[0] == []
        assert app.top.status_line()[0] == "The game is over. The host may start another."
    finally:
        server.stop()


def test_a_table_the_server_no_longer_has_is_forgotten(tmp_path):
    server = ServerThread(tmp_path)
    try:
        keep_seat(TableSeat(server.url, "ABC234", "x" * 32, 2))
        app = _app()
        back = _returning(app)
        frames_until(app, lambda: back.status == "failed")
        assert "Table ABC234 is no longer on its server" in app.top.status_line()[0]
        assert table_seats()[0] == []
    finally:
        server.stop()


def test_a_table_this_game_hosted_is_served_again_on_its_port_and_taken_again():
    app = _app()
    session = host_table(app, 4, 0, ["greenhorn"] * 4, "instant", "Ada", bind="127.0.0.1")
    frames_until(app, lambda: session.code and len(table_seats()[0]) == 1)
    kept = table_seats()[0][0]
    assert kept.port == session.port and kept.seat == 0
    _stopped(session)  # the host's game stops: its table server with it
    app = _app()
    back = _returning(app)
    frames_until(app, lambda: back.status == "connected" and back.seats)
    assert back.port == kept.port and back.seat == 0 and back.is_host  # restored from its folder
    back.leave()
    assert table_seats()[0] == []


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_kept_seats_and_a_join_problem_fit_the_window_without_overlap(size):
    for n, code in enumerate(("BZ7T9M", "KX4P2Q")):
        keep_seat(TableSeat(f"ws://192.168.1.{20 + n}:8765/", code, code * 4, n, None, n))
    app = make_app(size, Settings(muted=True), persist=True)
    app.show("menu")
    friends = app.open("friends")
    friends.address.value = "scram://nowhere"
    friends.join()  # refused: the invitation names no table
    app.step(DT)
    assert friends.problem and len(friends.returns) == 2
    shown = [friends.back, friends.host_button, friends.paste_button, friends.join_button]
    shown += [b for _, back, forget in friends.returns for b in (back, forget)]
    rects = [b.rect for b in shown] + [f.rect for f in friends.fields()]
    window = app.screen.get_rect()
    assert all(window.contains(r) for r in rects)
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.colliderect(b)]


def test_the_moves_a_stand_in_played_are_told_as_its_own_on_return(tmp_path):
    """Back at the table, the log names the stand-in ("Your stand-in
    (greenhorn) drew a card"), never "You drew", for the turns it played meanwhile."""
    server = ServerThread(tmp_path, grace=0.0)  # a stand-in plays an absent camper at once
    stood, hold = threading.Event(), asyncio.Event()

    def seen(message: dict) -> None:
        if message["type"] == "move" and message["by"] == 1:
            stood.set()

    async def held() -> None:  # the host's turn after the stand-in's: the game waits there
        if stood.is_set():
            await hold.wait()

    try:
        host = server.call(lambda: _host(server.url))
        app = _app()
        session = join_table(app, Invite("127.0.0.1", server.port, host.joined["code"]), "Cal")
        frames_until(app, lambda: session.seat == 1 and len(table_seats()[0]) == 1)
        _stopped(session)  # gone before the first move: every move of seat 1 is its stand-in's
        server.call(host.start)
        hosting = asyncio.run_coroutine_threadsafe(_play_held(host, seen, held), server.loop)
        assert stood.wait(30)
        app = _app()
        back = _returning(app)
        frames_until(app, lambda: type(app.top).__name__ == "TableScene" and back.playing)
        log = app.top.sidebar.log
        assert back.stood_in and any(line.startswith("Your stand-in (greenhorn) ") for line in log)
        assert not [line for line in log if line.startswith("You ")]
        assert "Your stand-in (greenhorn) played for you" in log[-1]
        hosting.cancel()
        back.close()
    finally:
        server.stop()


async def _play_held(client: Client, seen, held) -> None:
    """The headless host plays seat 0 at random; `await held()` before each of its moves."""
    from game.seat.play import Player

    player = Player(0, "random", 0)
    while True:
        message = await client.recv(60)
        seen(message)
        if message["type"] in ("state", "move"):
            player.feed(message)
            if player.my_turn(message):
                await held()
                await client.act(message["ver"], player.decide())
