"""Networked screens for the layout check, built from the very messages a table server sends
(`game.net.protocol` and `game.net.views` build them from a rules-core `Game`), handed to the
desktop game's `RemoteSession` through a link that only queues them: the lobby, the table,
the host form and Play with friends, with the longest names the protocol allows (24
characters) and every mark a networked table shows (a stand-in's countdown and its moves,
a reaction, the reactions' row)."""

from __future__ import annotations

import json
import random
import time
from types import SimpleNamespace

import pygame
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.settings import Settings
from game.files.table_seats import TableSeat, keep_seat
from game.net import protocol, views
from game.rules import START
from game.rules.decisions import DRAW, Replace
from game.rules.state import Game
from game.seat.client import Cut
from game.seat.link import _unreachable
from game.seat.remote_session import RemoteSession
from game.ui.kit.widgets import px
from game.ui.routes import make_app

# 24 characters each (the protocol's most), wide letters first: the hard case for every line.
LONG_NAMES = [
    "WWWWWWWWWWWWWWWWWWWWWWWW",
    "Bartholomew Wigglesworth",
    "Maximiliana Montgomery-W",
    "MMMMMMMMMMMMMMMMMMMMMMMM",
    "Wolfgang Amadeus Mozart!",
    "Guinevere Pemberton-Okoy",
]
ME = "Wilhelmina Montgomery-Wu"  # the player's own (also 24 characters)
CODE, TOKEN = "BZ7T9M", "t" * 32


class QueuedLink:
    """What `RemoteSession` reads of a link: the messages it is handed, in order, and what
    it sends (kept, for the tests to read)."""

    def __init__(self, messages: list[dict]) -> None:
        self.url, self.name = "ws://127.0.0.1:8765/", ME
        self.inbox, self.sent = list(messages), []

    def poll(self, most: int = 200) -> list[dict]:
        out, self.inbox = self.inbox[:most], self.inbox[most:]
        return out

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self, leave: bool = False) -> None:
        pass


def seat_entries(campers: int, me: int, started: bool, due: float = 24.0) -> list[dict]:
    """Every seat taken by a long-named human: the one after the player away with a stand-in's
    countdown, the next one's stand-in playing, the last seat a bot that kept a leaver's name."""
    out = []
    for s in range(campers):
        name = ME if s == me else LONG_NAMES[s]
        away = (s - me) % campers == 1
        playing = (s - me) % campers == 2 and campers > 3
        if s == campers - 1 and s != me and campers > 3:
            out.append(protocol.seat_entry(name, "bot", "trailblazer", True, None))
            continue
        stand_in = "trailblazer" if playing else None
        here = not (away or playing)
        out.append(
            protocol.seat_entry(
                name, "human", "trailblazer", here, stand_in, due if away and started else None
            )
        )
    return out


def lobby_session(campers: int, me: int, started: bool = False) -> RemoteSession:
    """A hosted table's lobby as its host sees it (the player hosts at `me`)."""
    messages = [
        {"type": "link", "status": "hosting", "port": 8765, "addresses": ["192.168.100.200", "10.0.0.123"]},
        protocol.welcome("test"),
        protocol.joined(CODE, me, TOKEN),
        protocol.table(CODE, campers, me, started, seat_entries(campers, me, started)),
        {"type": "link", "status": "connected"},
    ]
    session = RemoteSession(QueuedLink(messages), ME, keep=False)
    session.pump()
    return session


# The longest sentence a link fails with: a busy server's, with a long address.
REFUSED = _unreachable("wss://scram-tables.example.org:8765/", Cut(""))


def refused_session() -> RemoteSession:
    """A table the link could not take a seat at: the server said why at length."""
    messages = [
        {"type": "link", "status": "connecting", "attempt": 0},
        {"type": "link", "status": "failed", "why": REFUSED},
    ]
    session = RemoteSession(QueuedLink(messages), ME, keep=False, code=CODE)
    session.pump()
    return session


def game_at_my_turn(campers: int, me: int, seed: int = 3) -> tuple[Game, list[tuple[int, int, int]]]:
    """A game played round the table (each camper draws and keeps the card in place of their
    1st), the player's turn by their stand-in: the game at the player's next turn and the
    stand-in's spans, as the server keeps them."""
    game, spans = Game(campers, seed), []
    while not (spans and game.turn == me):
        by = game.turn
        for decision in (DRAW, Replace(((by, 0),), "right")):
            mark = len(game.events)
            game.play(decision)
            if by == me:
                spans.append((me, mark, len(game.events)))
        while game.turn != (by + 1) % campers:  # (a 12's swap or leave: left)
            game.play(game.sample_decision(random.Random(0)))
    assert game.turn == me and game.phase == START and spans
    return game, spans


def remote_table(size, campers: int, me: int, settings: Settings | None = None):
    """The table of a networked game the player came back to (its stand-in played meanwhile),
    at the player's turn, with a reaction by the seat after theirs: (app, table)."""
    game, spans = game_at_my_turn(campers, me)
    messages = [
        protocol.welcome("test"),
        protocol.joined(CODE, me, TOKEN),
        protocol.table(CODE, campers, 0, True, seat_entries(campers, me, True)),
        {"type": "link", "status": "connected"},
        json.loads(views.state_message(game, me, spans)),
        protocol.reaction((me + 1) % campers, "good game"),
    ]
    settings = settings or Settings(speed="instant", bot_pace="instant", muted=True)
    app = make_app(size, settings, persist=False)
    session = RemoteSession(QueuedLink(messages), ME, keep=False, code=CODE)
    session.pump()
    session.reactions = [(s, e, time.monotonic()) for s, e, _ in session.reactions]
    app.show("net_table", session, fresh=False)
    table = app.top
    for _ in range(600):  # the restored view, then the player's turn
        app.step(1 / 60)
        if table.my_turn():
            break
    assert table.my_turn(), "the player's turn did not come"
    return app, table


def kept_seats() -> None:
    """Two seats kept at tables, for Play with friends' "Your seat is waiting"."""
    for n, code in enumerate(("BZ7T9M", "KX4P2Q")):
        keep_seat(TableSeat(f"ws://192.168.100.{200 + n}:65535/", code, code * 4, 5, None, n))


def apart(rects: list[tuple[str, pygame.Rect]], area: pygame.Rect, state: str) -> list[str]:
    """Boxes (buttons, fields, marks) that leave `area` or overlap one another."""
    out = [f"{state}: {n!r} {r} leaves {area}" for n, r in rects if not area.contains(r)]
    return out + overlaps(rects, rects, state)


def overlaps(
    these: list[tuple[str, pygame.Rect]], those: list[tuple[str, pygame.Rect]], state: str
) -> list[str]:
    """Each box of `these` that meets a box of `those` (a box never meets itself)."""
    out, seen = [], set()
    for a, ra in these:
        for b, rb in those:
            pair = frozenset(((a, tuple(ra)), (b, tuple(rb))))
            if ra.colliderect(rb) and (a, tuple(ra)) != (b, tuple(rb)) and pair not in seen:
                seen.add(pair)
                out.append(f"{state}: {a!r} {ra} overlaps {b!r} {rb}")
    return out


def sidebar_texts(table, drawn_texts) -> list[tuple[str, pygame.Rect]]:
    """The sidebar's panel (a picture of its own) drawn as a screen of its own for the layout
    check's `drawn_texts(app)`, in window coordinates: every line, down to where its log ends."""
    side, sb = table.board.layout.sidebar, table.sidebar
    bottom = sb.buttons[0].rect.y - side.y - px(10) - sb.below_log
    panel = SimpleNamespace(opaque=True, draw=lambda surface: sb.render(surface, bottom))
    return [(t, r.move(side.topleft)) for t, r in drawn_texts(SimpleNamespace(size=side.size, stack=[panel]))]


def watched_table(size, campers: int = 4, settings: Settings | None = None):
    """A friends' table the player watches (the public table: no face-down value), a game
    started and played round once: (app, table)."""
    from game.net.watch_protocol import watching
    from game.rules import PUBLIC
    from game.seat.watch_session import WatchSession

    game, _spans = game_at_my_turn(campers, 0)
    messages = [
        protocol.welcome("test"),
        watching(CODE, 1),
        protocol.table(CODE, campers, 0, True, seat_entries(campers, 0, True)),
        {"type": "link", "status": "connected"},
        json.loads(views.state_message(game, PUBLIC)),
    ]
    settings = settings or Settings(speed="instant", bot_pace="instant", muted=True)
    app = make_app(size, settings, persist=False)
    session = WatchSession(QueuedLink(messages), "Wes", code=CODE)
    session.pump()
    app.show("net_table", session, fresh=False)
    for _ in range(120):  # the restored public view drawn
        app.step(1 / 60)
    return app, app.top
