"""The networked table: the same table scene played through a remote session against a real
table server on 127.0.0.1 (port 0), with headless friends and the server's bots in the
other seats. Hosting, joining, the lobby, a whole game, a cut connection, a protocol
mismatch, a stalled peer that the frame never waits for."""

from __future__ import annotations

import random
import re
import socket
import ssl
import sys
import threading
import time

import pygame
import pytest
from ui.support.net_table import DT, Friend, ServerThread, frames_until, fresh_home
from ui_support import click, key, play_decision

from game.files.kept_games import kept_files
from game.files.settings import Settings
from game.files.stats import load_stats
from game.seat.client import Client
from game.seat.invite import Invite
from game.ui import skin
from game.ui.routes import make_app
from game.ui.table.connect import host_table, join_table

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


def _app(persist: bool = False):
    return make_app((1280, 720), Settings(speed="instant", bot_pace="instant", muted=True), persist=persist)


def _board_problems(table) -> list[str]:
    """Where the table's cards differ from the seat's view the session holds (the picture of
    a networked game must end where the server's view says)."""
    v = table.session.view()
    out = []
    for s in range(table.n):
        got = [(sp.value, sp.up, sp.known) for sp in table.board.rows[s] if sp is not None]
        if got != [tuple(c) for c in v.campsites[s]]:
            out.append(f"seat {s}: {got} against {list(v.campsites[s])}")
    if table.board.deck_count != v.deck_size:
        out.append(f"deck {table.board.deck_count} against {v.deck_size}")
    return out


def start_and_play_with(app, lobby, session, friend, rng) -> object:
    """The host starts the game from its lobby and plays it through beside `friend`; the
    board agrees with the view at every turn and both end with one game's record."""
    click(lobby.start_button.rect.center)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    checks: list[str] = []
    over = _play_through(app, session, rng, checks)
    assert checks == []
    friend.thread.join(30)
    assert friend.error is None
    assert friend.record["actions"] == over.record["actions"]  # one game, seen alike by both
    return over


def _play_through(app, session, rng, checks: list) -> object:
    """Play the player's seat at random through the table scene's clicks until game over."""
    end = time.monotonic() + 90
    while True:
        assert time.monotonic() < end, f"the game did not end: {_state(app, session)}"
        app.step(DT)
        time.sleep(0.001)  # the network threads' moment
        top = app.top
        name = type(top).__name__
        if name == "TableScene" and top.timeline.waiting_click:
            key(pygame.K_RETURN)  # the player's own look at cards: turned back
        elif name == "TableScene" and top.my_turn():
            checks.extend(_board_problems(top))
            try:
                play_decision(app, top, top.session.view().sample_decision(rng))
            except AssertionError as e:
                if app.top is top:
                    raise AssertionError(f"{e}; {_state(app, session)}") from None
                # the table was drawn afresh mid-decision (back after a lost connection):
                # the player decides again on the new one
                print(f"the table was drawn afresh mid-decision: {_state(app, session)}", file=sys.stderr)
        elif name == "RoundEndScene" and top.done:
            top.next()
        elif name == "GameOverScene":
            return top
        elif name == "ConfirmScene":
            raise AssertionError("unexpected question")


def _state(app, session) -> str:
    top = app.top
    v = session.view()
    head = session.steps[0][0] if session.steps else None
    mode = getattr(getattr(top, "turn", None), "mode", None)
    busy = getattr(getattr(top, "timeline", None), "busy", None)
    return (
        f"{type(top).__name__} {session.status} ver {session.ver} steps {len(session.steps)} head {head} "
        f"phase {v.phase} turn {v.turn} me {session.human} sent {session.sent} notes {session.notes} "
        f"mode {mode} busy {busy} record {session.record is not None}"
    )


def _hosted(app, campers: int = 4, seat: int = 0, **kw):
    session = host_table(
        app, campers, seat, ["greenhorn"] * campers, "instant", "Ada", bind="127.0.0.1", **kw
    )
    frames_until(app, lambda: session.code and session.port is not None and session.seats)
    return session


@pytest.mark.slow
def test_a_hosted_game_with_a_friend_and_bots_plays_to_the_end_and_is_kept():
    app = _app(persist=True)
    session = _hosted(app)
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    assert str(lobby.invite()).startswith("scram://") and lobby.invite().code == session.code
    friend = Friend(f"ws://127.0.0.1:{session.port}/", session.code, emote="hello")
    frames_until(app, lambda: sum(s.kind == "human" for s in session.seats) == 2)
    frames_until(app, lambda: session.reactions)  # the friend's hello reached the lobby
    over = start_and_play_with(app, lobby, session, friend, random.Random(5))
    assert over.buttons[0].label.startswith("Back to the lobby")
    assert len(kept_files()) == 1  # Past games
    stats, _ = load_stats()
    assert stats.total.games == 1  # the statistics
    over.buttons[0].on_click()  # back to the lobby: the host may start again
    app.step(DT)
    assert type(app.top).__name__ == "LobbyScene"
    session.leave()
    assert session.link.join(10)


@pytest.fixture
def server(tmp_path):
    srv = ServerThread(tmp_path)
    yield srv
    srv.stop()


async def _create_table(url: str) -> str:
    """A table made by a headless host (in the server's loop), who stays for the test."""
    client = await Client.connect(url)
    await client.hello("Host", "tests")
    joined = await client.create(4, 0, ["greenhorn"] * 4, "instant")
    _hosts.append(client)
    return joined["code"]


_hosts: list = []


def test_joining_a_table_by_its_code_takes_the_first_open_seat(server):
    app = _app()
    code = server.call(lambda: _create_table(server.url))
    session = join_table(app, Invite("127.0.0.1", server.port, code), "Cal")
    frames_until(app, lambda: session.seat is not None and session.seats)
    assert session.seat == 1 and session.seat_names()[:2] == ["Host", "Cal"]
    lobby = app.top
    frames_until(app, lambda: lobby.status_line()[0].startswith("Waiting for Host"))
    assert lobby.invite() is None  # the code and addresses are the host's to share
    session.leave()
    assert session.link.join(10)


def test_a_camper_of_team_b_wears_the_same_colour_in_the_lobby_and_at_the_table(server):
    app = _app()
    code = server.call(lambda: _create_table(server.url))
    session = join_table(app, Invite("127.0.0.1", server.port, code), "Bea")
    frames_until(app, lambda: session.seat == 1 and session.seats)  # seat 2: team B
    lobby = app.top
    # the table's colours, the same on every screen: seat 1's team blue, seat 2's orange
    assert lobby.seat_colour(1) == lobby.seat_colour(3) == skin.TEAM[1] != lobby.seat_colour(0)
    server.call(_hosts[-1].start)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    table = app.top
    assert [table.look.seat_colour(s) for s in range(4)] == [lobby.seat_colour(s) for s in range(4)]
    session.close()


def test_the_lobby_sits_starts_and_leaves():
    app = _app()
    session = _hosted(app, seat=0)
    lobby = app.top
    frames_until(app, lambda: 3 in lobby.sit_buttons)
    click(lobby.sit_buttons[3].rect.center)  # the host moves to seat 4
    frames_until(app, lambda: session.seat == 3 and session.seats[3].name == "Ada")
    assert session.is_host and session.seats[0].kind == "open"
    click(lobby.start_button.rect.center)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    table = app.top
    assert table.human == 3 and [s.kind for s in session.seats].count("bot") == 3
    click(table.net.leave_button.rect.center)  # during a game: it asks first
    app.step(DT)
    assert type(app.top).__name__ == "ConfirmScene"
    assert "A bot takes your seat" in app.top.detail and "closes it for everyone" in app.top.detail
    click(app.top.yes.rect.center)
    app.step(DT)
    assert type(app.top).__name__ == "MenuScene"
    assert session.link.join(10)


def test_a_cut_connection_says_reconnecting_and_resumes_the_seat_with_its_token(server):
    app = _app()
    code = server.call(lambda: _create_table(server.url))
    session = join_table(app, Invite("127.0.0.1", server.port, code), "Dot")
    frames_until(app, lambda: session.status == "connected" and session.seats)
    token = session.token
    assert server.cut_all() >= 1
    frames_until(app, lambda: session.lost)
    assert app.top.status_line()[0] == "Reconnecting…"
    frames_until(app, lambda: session.status == "connected")
    assert session.token == token and session.seat == 1  # the same seat, by its token
    session.close()


def test_at_the_table_reconnecting_is_said_where_the_table_speaks_and_hides_no_seat(server):
    app = _app()
    code = server.call(lambda: _create_table(server.url))
    session = join_table(app, Invite("127.0.0.1", server.port, code), "Dot")
    frames_until(app, lambda: session.status == "connected" and session.seats)
    server.call(_hosts[-1].start)  # the headless host's turn first: the game waits for it
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    assert server.cut_all() >= 1
    frames_until(app, lambda: session.lost)
    table = app.top
    banner = table.net._banner_rect()
    assert banner is not None and table.board.layout.narration.contains(banner)
    assert not [s for s in range(table.n) if banner.colliderect(table.board.frame(s))]
    frames_until(app, lambda: session.status == "connected")
    session.close()


def test_a_protocol_mismatch_says_which_version_each_side_has():
    app = _app()
    session = host_table(
        app, 4, 0, ["greenhorn"] * 4, "instant", "Ada", bind="127.0.0.1", protocol="scram-net/0"
    )
    frames_until(app, lambda: session.status == "failed")
    line = app.top.status_line()[0]
    assert "scram-net/1" in line and "scram-net/0" in line, line
    session.close()


def test_the_frame_never_waits_for_a_stalled_peer():
    """A peer that accepts the connection and then says nothing: the frames go on, the lobby
    says "Connecting…", and no frame waits for it."""
    peer = socket.socket()
    peer.bind(("127.0.0.1", 0))
    peer.listen()
    accepted = threading.Event()
    held = []

    def accept() -> None:
        conn, _ = peer.accept()
        held.append(conn)
        accepted.set()

    threading.Thread(target=accept, daemon=True).start()
    app = _app()
    session = join_table(app, Invite("127.0.0.1", peer.getsockname()[1], "ABCDEF"), "Eve")
    assert accepted.wait(10)
    app.frame_times.clear()
    for _ in range(120):
        app.step(DT)
    assert session.status == "connecting" and app.top.status_line()[0] == "Connecting…"
    assert max(app.frame_times) < 0.5  # (a connection's wait would be seconds)
    session.close()
    for c in held:
        c.close()
    peer.close()


def _friend_who_drops_at_the_start(app, session, emote: str | None = None) -> threading.Event:
    """Bea joins the hosted table (and reacts), the host starts the game, and she is gone
    without a word once it has started (the event is set then); the table is on top."""
    gone = threading.Event()

    async def drop_after_start() -> None:
        client = await Client.connect(f"ws://127.0.0.1:{session.port}/")
        await client.hello("Bea", "tests")
        await client.join(session.code)
        if emote is not None:
            await client.react(emote)
        await client.wait_for("state", timeout=30)
        client.ws.transport.abort()
        gone.set()

    threading.Thread(target=lambda: __import__("asyncio").run(drop_after_start()), daemon=True).start()
    frames_until(app, lambda: sum(s.kind == "human" for s in session.seats) == 2)
    click(app.top.start_button.rect.center)
    frames_until(app, lambda: type(app.top).__name__ == "TableScene")
    return gone


def test_an_absent_friends_stand_in_is_shown_on_their_seat_and_reactions_by_the_seats():
    app = _app()
    session = _hosted(app, grace=0.2)
    gone = _friend_who_drops_at_the_start(app, session, "good game")
    table = app.top
    assert [(seat, emote) for seat, emote, _ in session.reactions] == [(1, "good game")]
    if session.live_reactions():  # (shown for 3.5 s: a slow machine may be past them)
        assert [e for _, e in table.net._bubbles()] == ["good game"]
    assert gone.wait(30)
    rng = random.Random(2)

    def stand_in_shown() -> bool:
        top = app.top
        if type(top).__name__ == "TableScene" and top.timeline.waiting_click:
            key(pygame.K_RETURN)
        elif type(top).__name__ == "TableScene" and top.my_turn():
            play_decision(app, top, top.session.view().sample_decision(rng))
        return any(text == "away · greenhorn bot plays" for _, text, _ in table.net._seat_marks())

    frames_until(app, stand_in_shown)


@pytest.mark.slow  # a TLS handshake with a fresh certificate: seconds
def test_a_wss_address_speaks_tls_and_a_failed_handshake_is_one_sentence(server):
    """A friend types the wss:// address of a table server (a TLS proxy in front of it): the
    client speaks TLS; here the server speaks plain ws://, so the handshake fails and the
    lobby says so in a sentence, not a traceback and not a wait forever."""
    app = _app()
    invite = Invite("127.0.0.1", server.port, "ABCDEF", secure=True)
    assert invite.url.startswith("wss://")
    session = join_table(app, invite, "Eve")
    frames_until(app, lambda: session.status == "failed")
    line = app.top.status_line()[0]
    assert "No secure connection to wss://127.0.0.1" in line and "\n" not in line, line
    session.close()


def test_an_untrusted_certificate_is_said_as_such():
    from game.seat.link import _unreachable

    e = ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed")
    e.verify_message = "self-signed certificate"
    why = _unreachable("wss://camp.example:443/", e)
    assert str(why) == (
        "The table server at wss://camp.example:443/ has a certificate this computer does not "
        "trust (self-signed certificate)."
    )


def test_an_absent_friends_seat_shows_one_state_with_the_countdown_to_a_stand_in():
    """While a friend is away and no stand-in plays yet, their seat says
    how long until one does ("away · greenhorn bot plays in 28 s"), and their label does not
    say "thinking" at the same time, even on their turn."""
    app = _app()
    session = _hosted(app, grace=30.0)
    gone = _friend_who_drops_at_the_start(app, session)
    table = app.top
    assert gone.wait(30)
    frames_until(app, lambda: session.seats[1].away)
    rng = random.Random(4)

    def friends_turn() -> bool:  # the player plays until the absent friend is to move
        top = app.top
        if type(top).__name__ == "TableScene" and top.timeline.waiting_click:
            key(pygame.K_RETURN)
        elif type(top).__name__ == "TableScene" and top.my_turn():
            play_decision(app, top, top.session.view().sample_decision(rng))
        return session.view().turn == 1 and table.board.turn_seat == 1 and not table.timeline.busy

    frames_until(app, friends_turn)
    for _ in range(30):  # half a second of the friend's turn
        app.step(DT)
    marks = [text for _, text, _ in table.net._seat_marks()]
    assert len(marks) == 1 and re.fullmatch(r"away · greenhorn bot plays in (\d+) s", marks[0]), marks
    assert 0 < int(marks[0].split()[-2]) <= 30
    assert table.board.thinking == 0
    assert not [t for t, _ in table.board.text_boxes() if "thinking" in t]
    assert (
        "away: greenhorn bot plays in"
        in app.build("lobby", session).seat_words(1, session.seats[1], "Bea")[0]
    )
    session.close()
