"""At a friends' table: the Play with friends screen types every letter into its fields (Host
and Watch are Ctrl+H and Ctrl+W) and only Join (Enter) wears the default's border; in the
lobby a stray Enter starts nothing (Start is S); a camper gets a Hint from their own view,
a watcher none; a friend's turn is never told as a bot's "thinking"; a watcher's round
summary does not offer to start the next round."""

from __future__ import annotations

import pygame
import pytest
from ui.support.net_table import frames_until, fresh_home
from ui_support import key

from game.files.settings import Settings
from game.rules.cards import team_of
from game.ui.routes import make_app
from game.ui.table.board import Board
from game.ui.table.connect import host_table
from game.ui.table.seat_paint import _infos
from game.ui.table.teams import TeamLook

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


def _app(size=(1280, 720)):
    return make_app(size, Settings(speed="instant", bot_pace="brisk", muted=True), persist=False)


def typed(k: int, text: str, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def test_h_and_w_are_typed_into_the_name_and_ctrl_h_hosts():
    app = _app()
    friends = app.open("friends")
    friends.name.value = "Ann"
    for f in friends.fields():
        f.focused = f is friends.name
    typed(pygame.K_h, "h")
    typed(pygame.K_w, "w")
    app.step(1 / 60)
    assert friends.name.value == "Annhw" and app.top is friends  # typed, nothing opened
    assert "(H)" not in friends.host_button.label and "(W)" not in friends.watch_button.label
    lit = [b.label for b in (friends.host_button, friends.join_button, friends.watch_button) if b.primary]
    assert lit == ["Join (Enter)"]
    typed(pygame.K_h, "", pygame.KMOD_LCTRL)
    app.step(1 / 60)
    assert type(app.top).__name__ == "HostTableScene"


def test_a_stray_enter_in_the_lobby_starts_nothing_and_s_starts_the_game():
    app = _app()
    session = host_table(app, 4, 0, ["greenhorn"] * 4, "instant", "Ada", bind="127.0.0.1")
    try:
        frames_until(app, lambda: session.code and session.port is not None and session.seats)
        lobby = app.top
        assert "Enter" not in lobby.start_button.label
        key(pygame.K_RETURN)
        for _ in range(30):
            app.step(1 / 60)
        assert not session.started and app.top is lobby
        key(pygame.K_s)
        frames_until(app, lambda: type(app.top).__name__ == "TableScene")
        table = app.top
        # a camper of a friends' table gets the Hint, worked out from the seat's view
        frames_until(app, lambda: table.turn is not None and table.turn.mode is not None)
        assert table.turn.hints.fn is not None and table.turn.hints.off_frame is not None
        assert any(b.label == "Hint (?)" for b in table.turn.buttons)
        typed(pygame.K_SLASH, "?")
        frames_until(app, lambda: bool(table.turn.hints.sentence))
    finally:
        session.leave()
        session.link.join(10)


def test_a_friends_turn_reads_as_their_turn_and_a_bots_as_thinking():
    look = TeamLook(4, 0, shared=True)
    board = Board((1280, 720), 4, 0, 0, ["Ada", "Bo", "Cal", "Dee"], look)
    board.people = frozenset({2})
    board.thinking = 1.0
    for seat, word in ((1, "thinking"), (2, "their turn")):
        board.turn_seat = seat
        line = _infos(board, seat)[0]
        assert word in line and look.name(team_of(seat, 4)) in line
    board.turn_seat = 2
    assert "thinking" not in " ".join(_infos(board, 2))


def test_a_watchers_round_summary_offers_to_watch_on_not_to_start_the_next_round():
    from ui_support import run_until

    from game.rules import Game

    app = make_app((1024, 640), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    table = app.show("table", Game(4, 2), ["Ada", "Bo", "Cal", "Dee"], ["greenhorn"] * 4, None, auto=False)
    run_until(app, lambda: type(app.top).__name__ == "RoundEndScene")
    summary = app.top
    assert not summary.over and summary.button.label == "Next round (Enter)"  # the first round
    table.session.watcher = True  # the same table, seen by a watcher of a friends' game
    watched = app.build("round_end", table)
    assert watched.button.label == "Watch the next round (Enter)"
