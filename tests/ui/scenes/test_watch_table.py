"""Watching a friends' table in the desktop game, against a real table server on 127.0.0.1
(port 0) with a headless camper and the server's bots: Watch from Play with friends, the
lobby of a watcher, the watcher's table (no prompt, the public cards only, the seat it
follows named, F to follow), a game over that is nobody's here, and the review together
that a camper opens (the lead moves everyone, L takes it, A goes on alone)."""

from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest
from ui.support.net_table import DT, ServerThread, frames_until, fresh_home
from ui_support import click, key

from game.files.kept_games import kept_files
from game.files.settings import Settings
from game.rules import PUBLIC
from game.seat.client import Client
from game.seat.invite import Invite
from game.ui.routes import make_app
from game.ui.table.connect import watch_table
from game.ui.table.watch_marks import WatchMarks

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def home(tmp_path, monkeypatch):
    yield from fresh_home(tmp_path, monkeypatch)


@pytest.fixture
def server(tmp_path):
    srv = ServerThread(tmp_path)
    yield srv
    srv.stop()


class Camper:
    """A headless camper on a loop of its own: hosts a table and does what the test says."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.playing = None

    def call(self, coro, timeout: float = 20.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _host(self, campers: int) -> str:
        self.client = await Client.connect(self.url)
        await self.client.hello("Ada", "tests")
        joined = await self.client.create(campers, 0, ["greenhorn"] * campers, "instant")
        await self.client.share_view(True)
        return joined["code"]

    def host(self, campers: int = 3) -> str:
        return self.call(self._host(campers))

    def watch(self, code: str, name: str = "Wes") -> dict:
        """Watch table `code` (this camper only watches, then)."""

        async def go():
            self.client = await Client.connect(self.url)
            await self.client.hello(name, "tests")
            return await self.client.watch(code)

        return self.call(go())

    def start_and_play(self, hold_at: int | None = None) -> None:
        """Start the game and play seat 0 at random to its end; with `hold_at`, the camper's
        first turn from that decision on waits for `go_on()` (the test's moment)."""
        from game.seat.play import Player

        async def go():
            self.held = asyncio.Event()
            await self.client.start()
            player = Player(0, "random", 1)
            while True:
                message = await self.client.recv(60)
                if message["type"] == "over":
                    return message["record"]
                if message["type"] in ("state", "move"):
                    player.feed(message)
                    if player.my_turn(message):
                        if hold_at is not None and message["ver"] >= hold_at:
                            await self.held.wait()
                        await self.client.act(message["ver"], player.decide())

        self.playing = asyncio.run_coroutine_threadsafe(go(), self.loop)

    def go_on(self) -> None:
        self.loop.call_soon_threadsafe(self.held.set)

    async def _next_review(self, test) -> dict:
        while True:
            message = await self.client.recv(20)
            if message.get("type") == "review" and test(message):
                return message

    def review(self, test=lambda m: True) -> dict:
        return self.call(self._next_review(test))

    def stop(self) -> None:
        if self.client is not None:
            self.call(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def _app(persist: bool = True):
    settings = Settings(speed="instant", bot_pace="instant", muted=True, player_name="Wes")
    return make_app((1280, 720), settings, persist=persist)


def _public_only(table) -> list[str]:
    """Face-down cards the watcher's board shows a value of (none may, on the public table,
    until the round's end shows every card)."""
    if table.session.between_rounds:
        return []
    return [
        f"seat {s} card {i}: {sp.value} (ver {table.session.ver})"
        for s in range(table.n)
        for i, sp in enumerate(table.board.rows[s])
        if sp is not None and not sp.up and sp.value is not None
    ]


@pytest.mark.slow
def test_a_watcher_watches_a_whole_game_follows_a_camper_and_reviews_it_together(server):
    camper = Camper(server.url)
    try:
        code = camper.host(3)
        app = _app()
        app.open("friends")
        friends = app.top
        friends.address.value, friends.code.value = f"127.0.0.1:{server.port}", code
        app.step(DT)  # (drawn: the buttons have their places)
        click(friends.watch_button.rect.center)
        frames_until(app, lambda: type(app.top).__name__ == "LobbyScene")
        session = app.top.session
        frames_until(app, lambda: session.watcher_id == 1 and session.seats and session.audience.shared)
        lobby = app.top
        assert lobby.status_line()[0].startswith("You watch this table")
        assert not lobby.sit_buttons and lobby.audience.buttons()[0].label == "Watching: the public table (F)"
        camper.start_and_play(hold_at=40)  # (the game waits there until the watcher has followed)
        frames_until(app, lambda: type(app.top).__name__ == "TableScene")
        table = app.top
        assert table.human is None and table.turn is None and isinstance(table.net, WatchMarks)
        assert session.viewer == PUBLIC and table.net.tag().startswith("You watch the public table")
        problems: list[str] = []
        followed = unfollowed = False
        end = time.monotonic() + 120
        while type(app.top).__name__ != "GameOverScene":
            assert time.monotonic() < end, "the watched game did not end"
            frames_until(app, lambda: not getattr(app.top, "timeline", None) or not app.top.timeline.busy)
            top = app.top
            name = type(top).__name__
            if name == "TableScene":
                assert not top.my_turn()
                if session.follows is None:
                    problems += _public_only(top)
                if not followed and session.ver > 6:
                    key(pygame.K_f)  # follow Ada (her camper said so)
                    frames_until(app, lambda: session.follows == 0 and type(app.top).__name__ == "TableScene")
                    assert app.top.board.viewer == 0 and app.top.net.tag().startswith("You watch Ada's cards")
                    followed = True
                elif followed and not unfollowed and session.ver > 30:
                    key(pygame.K_f)  # back to the public table
                    frames_until(
                        app, lambda: session.follows is None and type(app.top).__name__ == "TableScene"
                    )
                    unfollowed = True
                    camper.go_on()
            elif name == "RoundEndScene" and top.done:
                top.next()
            app.step(DT)
        assert problems == [] and followed and unfollowed
        over = app.top
        assert over.title.endswith("wins") or over.title.startswith("The critters")
        assert kept_files() == []  # a watched game is nobody's game here
        assert "Review together (T)" not in [b.label for b in over.buttons]  # a camper opens it
        record = camper.playing.result(30)
        camper.call(camper.client.review_open())
        frames_until(app, lambda: type(app.top).__name__ == "ReviewScene")
        review = app.top
        assert review.together.active and not review.together.leading and review.review.record.actions
        assert len(review.review) == camper.review(lambda m: m["open"])["frames"]
        assert len(review.review.record.actions) == len(record["actions"])
        key(pygame.K_RIGHT)  # Ada leads: nothing moves, the watcher is told
        frames_until(app, lambda: "press L" in review.notice)
        assert review.pos == 0
        camper.call(camper.client.review_go(4))
        frames_until(app, lambda: review.pos == 4)
        key(pygame.K_l)
        frames_until(app, lambda: review.together.leading)
        key(pygame.K_RIGHT)
        app.step(DT)
        assert camper.review(lambda m: m["pos"] == 5)["lead"] == {"name": "Wes", "watcher": 1}
        key(pygame.K_a)  # on alone
        app.step(DT)
        left = camper.review(lambda m: len(m["members"]) == 1)
        assert left["lead"] == {"name": "Ada", "seat": 0} and not review.together.active
        key(pygame.K_RIGHT)
        app.step(DT)
        assert review.pos == 6  # alone, the watcher moves its own review
        session.leave()
        assert session.link.join(10)
    finally:
        camper.stop()


def test_watch_needs_a_table_that_exists(server):
    app = _app(persist=False)
    session = watch_table(app, Invite("127.0.0.1", server.port, "ABCDEF"), "Wes")
    frames_until(app, lambda: session.status == "failed")
    line = app.top.status_line()[0]
    assert line.startswith("Could not watch the table. There is no table") and "ABCDEF" in line
    session.leave()
    assert session.link.join(10)


def test_a_host_sees_who_watches_and_says_what_they_may_see():
    """The lobby of a hosted table: a watcher is listed; W lets watchers follow the host's
    cards (the watcher hears of it), O closes the table to watchers (the watcher is let go)."""
    from game.ui.table.connect import host_table

    app = _app(persist=False)
    session = host_table(app, 4, 0, ["greenhorn"] * 4, "instant", "Ada", bind="127.0.0.1")
    frames_until(app, lambda: session.code and session.port is not None and session.seats)
    lobby = app.top
    watcher = Camper(f"ws://127.0.0.1:{session.port}/")
    try:
        assert watcher.watch(session.code)["watcher"] == 1
        frames_until(app, lambda: lobby.audience.line() == "1 watching: Wes")
        labels = [b.label for b in lobby.audience.buttons()]
        assert labels == ["Watchers see my cards: no (W)", "Watching: open (O)"]
        key(pygame.K_w)
        frames_until(app, lambda: session.audience.shared == (0,))
        assert lobby.audience.buttons()[0].label == "Watchers see my cards: yes (W)"
        key(pygame.K_o)
        frames_until(app, lambda: not session.audience.open and not session.audience.watchers)
        assert lobby.audience.line() == "The host has closed this table to watchers."

        async def sent_off():
            while True:
                message = await watcher.client.recv(10)
                if message["type"] == "error":
                    return message["code"]

        assert watcher.call(sent_off()) == "no-watching"
    finally:
        watcher.stop()
        session.leave()
        assert session.link.join(10)


@pytest.mark.slow
def test_a_camper_opens_the_review_together_from_the_game_over_screen():
    """A hosted 3-camper game with two bots, watched: at its end Review together (T) opens
    the review for the table; the camper leads, and the watcher follows each step."""
    from game.ui.table.connect import host_table

    app = _app(persist=False)
    session = host_table(app, 3, 0, ["greenhorn"] * 3, "instant", "Ada", bind="127.0.0.1")
    frames_until(app, lambda: session.code and session.port is not None and session.seats)
    watcher = Camper(f"ws://127.0.0.1:{session.port}/")
    try:
        watcher.watch(session.code)
        frames_until(app, lambda: session.audience.watchers)
        app.top.start()
        frames_until(app, lambda: type(app.top).__name__ == "TableScene")
        over = _draw_and_throw_to_the_end(app)
        together = next(b for b in over.buttons if b.label == "Review together (T)")
        click(together.rect.center)
        frames_until(app, lambda: type(app.top).__name__ == "ReviewScene")
        review = app.top
        assert review.together.leading and review.title == "Review together"
        assert review.players == session.players == ["Ada", "Bea", "Cal"]  # as the table named them
        opened = watcher.review(lambda m: m["open"])
        assert opened["lead"] == {"name": "Ada", "seat": 0} and len(opened["members"]) == 2
        key(pygame.K_END)
        app.step(DT)
        assert watcher.review(lambda m: m["pos"] == len(review.review) - 1)["members"][1]["watcher"] == 1
        key(pygame.K_ESCAPE)  # closing it leaves the review together
        app.step(DT)
        assert type(app.top).__name__ == "GameOverScene"
        assert watcher.review(lambda m: len(m["members"]) == 1)["lead"] == {"name": "Wes", "watcher": 1}
    finally:
        watcher.stop()
        session.leave()
        assert session.link.join(10)


def _draw_and_throw_to_the_end(app):
    """Play the player's seat the plainest way (draw, throw away) through the table's clicks
    and move on past each round's end, to the game-over screen."""
    from ui_support import button

    end = time.monotonic() + 90
    while type(app.top).__name__ != "GameOverScene":
        assert time.monotonic() < end, "the game did not end"
        top = app.top
        name = type(top).__name__
        if name == "TableScene" and top.my_turn():
            if top.session.view().phase == "start":
                click(top.board.layout.deck_rect().center)
            else:
                click(button(top, "Throw away").rect.center)
        elif name == "RoundEndScene" and top.done:
            top.next()
        app.step(DT)
        time.sleep(0.001)  # the network threads' moment
    return app.top
