"""A table as an actor: one inbox and one task consume, in order, the campers' messages,
the bots' decisions and the timers; nothing else touches the table's seats or game.

The table holds its seats, its lobby (`lobby.Lobby`: creating, joining, resuming, sitting,
leaving, dropping out, reactions), its match (`match.Match`: the game, its bots and
stand-ins), its audience (`spectators.Audience`) and its shared review; here are the inbox
(`inbox`: one frozen dataclass a kind of item, dispatched by type), telling everyone,
saving the lobby, and closing: an empty table at once, an idle one after a while. The server
(`server.py`) posts each connection's messages into the inbox and gives the table a `Hub`
(the registry of tokens and tables) and `TableOptions` (grace, idle times, the deal, where
the bots think).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from . import protocol
from . import watch_protocol as watch
from .bot_queue import BotQueue
from .caps import Caps
from .codes import new_seed
from .inbox import (
    BotDecided,
    Close,
    Create,
    FromConnection,
    Gone,
    GraceOver,
    Idle,
    Item,
    Message,
    Resume,
    Resumed,
    Say,
    Stop,
    Watch,
)
from .lobby import Lobby
from .match import Match
from .seats import Seats
from .shared_review import SharedReview
from .spectators import Audience
from .storage import Storage, StoredTable

log = logging.getLogger("scram.server")
# A table nobody would come back to (no game ever started there, or one camper at most)
# closes this soon once nobody is connected: never-started tables left by their creator
# would otherwise hold a server's places for half an hour.
ABANDONED_CLOSE = 5 * 60.0


def shuffled_deal(campers: int) -> tuple[int, list | None]:
    """A new game's seed (a cryptographic draw) and no stacked decks."""
    return new_seed(), None


@dataclass
class TableOptions:
    bot_queue: BotQueue  # where bots think: the server's workers, fairly by table
    grace: float = 30.0  # seconds an absent camper keeps the seat before a stand-in plays
    idle_close: float = 30 * 60.0  # a table nobody is connected to for this long closes
    deal: Callable[[int], tuple[int, list | None]] = shuffled_deal  # tests stack decks
    caps: Caps | None = None  # the server's caps (watchers a table and an address: caps.Limits)
    abandoned_close: float = ABANDONED_CLOSE  # ... or this long, when nobody would come back


class Hub(Protocol):
    """What a table needs of the server: the token registry, being let go, and being told
    when it is vacant (never started, nobody connected: its place may go to a newcomer)."""

    def register(self, key: str, table: Table) -> None: ...

    def unregister(self, key: str) -> None: ...

    def closed(self, table: Table, why: str) -> None: ...

    def vacant(self, table: Table, vacant: bool) -> None: ...


class Table:
    """One table: its seats, lobby, match and audience, its inbox and the task that consumes it."""

    def __init__(
        self,
        code: str,
        campers: int,
        levels: tuple[str, ...],
        pace: str,
        hub: Hub,
        storage: Storage,
        options: TableOptions,
        creator: str = "",
    ) -> None:
        self.code, self.campers, self.pace = code, campers, pace
        self.hub, self.storage, self.options = hub, storage, options
        self.creator = creator  # the address that created it (caps.py counts its tables)
        self.seats = Seats(levels)
        self.lobby = Lobby(self)
        self.match = Match(self)
        self.inbox: asyncio.Queue[Item] = asyncio.Queue()
        self.tasks: set[asyncio.Task] = set()
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.timer_keys = itertools.count()
        self.idle: asyncio.TimerHandle | None = None
        self.empty_since: float | None = None  # loop time since when nobody is connected
        self.loop = asyncio.get_running_loop()
        self.task: asyncio.Task | None = None
        self.closed = False
        # spectators and the shared review (docs/NETWORK-EXTENSIONS.md)
        self.audience = Audience(self, getattr(options, "caps", None))
        self.review = SharedReview(self)

    # What the match owns, as the audience and the review read it.
    @property
    def game(self):
        return self.match.game

    @property
    def game_no(self) -> int:
        return self.match.game_no

    @property
    def last_over(self) -> dict | None:
        return self.match.last_over

    @classmethod
    def restore(cls, stored: StoredTable, hub: Hub, storage: Storage, options: TableOptions) -> Table:
        """A running table as `storage` kept it; every human is away from now on, and a table
        nobody was connected to keeps the time it had been empty."""
        lobby = stored.lobby
        rows = lobby["seats"]
        levels = tuple(r["level"] for r in rows)
        creator = lobby.get("creator")
        creator = creator[:64] if isinstance(creator, str) else ""
        table = cls(stored.code, lobby["campers"], levels, lobby["pace"], hub, storage, options, creator)
        table.seats = Seats.from_json(rows, lobby["host"], table.loop.time())
        table.audience.restore(lobby.get("watching"))
        table.match.game_no = stored.game_no
        if stored.playing:
            table.match.restore(stored.seed, stored.decks, stored.decisions)
        empty = lobby.get("empty_since")
        if isinstance(empty, int | float) and not isinstance(empty, bool):
            table.empty_since = table.loop.time() - min(max(0.0, time.time() - empty), 1e9)
        for seat in table.seats.seats:
            if seat.token_key is not None:
                hub.register(seat.token_key, table)
        return table

    # ---- the actor ---------------------------------------------------------------------
    def run(self) -> None:
        self.task = asyncio.create_task(self._consume(), name=f"table {self.code}")
        if self.game is not None:
            self.post(Resumed())  # restored mid-game: whoever is next plays on
        self.check_idle()

    def post(self, item: Item) -> None:
        self.inbox.put_nowait(item)

    def later(self, delay: float, item: Item) -> None:
        """Post `item` after `delay` seconds (cancelled if the table stops first)."""
        key = next(self.timer_keys)
        self.timers[key] = self.loop.call_later(delay, self._fire, key, item)

    def _fire(self, key: int, item: Item) -> None:
        # (a key, not the handle in a closure: a fired timer must not be a reference cycle)
        del self.timers[key]
        self.post(item)

    async def _consume(self) -> None:
        while True:
            item = await self.inbox.get()
            if isinstance(item, Stop):
                return
            try:
                await self.handle(item)
            except Exception:  # a bug (never a client's mistake): say it, go on
                log.exception("table %s: a bug; the table plays on", self.code)
            # Not kept while waiting for the next one: a `Gone` holds its connection, and an
            # idle table would keep the last one (15 KB) for as long as it waits.
            item = None
            if self.closed:
                return self._turn_away()

    def _turn_away(self) -> None:
        """The table has closed: what is still in its inbox gets its answer (a `join` that
        came as it closed: no such table any more), and its connections are let go."""
        while not self.inbox.empty():
            item = self.inbox.get_nowait()
            if not isinstance(item, FromConnection):
                continue  # a bot's answer, a timer: nobody waits for it
            conn = item.conn
            conn.release(self)
            if isinstance(item, Say):
                conn.send(item.text)
            elif not isinstance(item, Gone):
                tag = getattr(item.msg, "id", None)
                self.refuse(conn, "no-table", f"table {self.code} has just closed", tag)

    async def handle(self, item: Item) -> None:
        match item:
            case Message(conn, msg):
                await self.on_message(conn, msg)
            case Create(conn, msg):
                await self.lobby.create(conn, msg)
            case Resume(conn, msg):
                await self.lobby.resume(conn, msg)
            case Watch(conn, msg):
                self.audience.watch(conn, msg)
            case Gone(conn):
                await self.lobby.gone(conn)
            case BotDecided():
                await self.match.bot_decided(item)
            case GraceOver():
                self.match.grace_over(item)
            case Say(conn, text):  # the server's answer, in order with the table's
                conn.send(text)
            case Idle():
                await self.close_if_idle()
            case Close(why):
                for conn in self.seats.connections():  # (someone came back as its place was given)
                    conn.release(self)
                    self.refuse(conn, "no-table", f"table {self.code} has closed: {why}")
                await self.close_now(why)
            case Resumed() if self.game is not None:
                self.match.next_turn()

    async def on_message(self, conn, msg: protocol.ClientMessage) -> None:
        if isinstance(msg, protocol.Join):
            return await self.lobby.join(conn, msg)
        if isinstance(msg, watch.AudienceMessage):
            return await self.audience.on_message(conn, msg)
        if isinstance(msg, watch.ReviewMessage):
            return self.review.on_message(conn, msg)
        if isinstance(msg, protocol.Leave) and self.audience.has(conn):
            return self.audience.leave(conn, msg)
        handler = self._seated.get(type(msg))
        if handler is None:
            return
        n = self.seats.of(conn)
        if n is None:  # (the one check of every message only a seated camper sends)
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        await handler(self, conn, n, msg)

    # The messages of a seated camper, with who handles them (given the camper's seat).
    _seated = {
        protocol.Act: lambda t, conn, n, msg: t.match.act(conn, n, msg),
        protocol.Start: lambda t, conn, n, msg: t.match.start(conn, n, msg),
        protocol.Sit: lambda t, conn, n, msg: t.lobby.sit(conn, n, msg),
        protocol.Leave: lambda t, conn, n, msg: t.lobby.leave(conn, n, msg),
        protocol.React: lambda t, conn, n, msg: t.lobby.react(conn, n, msg),
    }

    async def stop(self) -> None:
        """Stop consuming (the server stops): timers and bots' tasks are cancelled."""
        for handle in self.timers.values():
            handle.cancel()
        if self.idle is not None:
            self.idle.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.task is not None and not self.task.done():
            self.post(Stop())
            await asyncio.gather(self.task, return_exceptions=True)

    # ---- telling -----------------------------------------------------------------------
    def refuse(self, conn, code: str, message: str, id: str | int | None = None) -> None:
        conn.send(protocol.encode(protocol.error(code, message, id)))

    def send_all(self, message: dict) -> None:
        text = protocol.encode(message)
        for conn in self.seats.connections():
            conn.send(text)
        self.audience.send(text)

    def announce(self) -> None:
        """The `table` message to everyone at the table (then the audience, if that changed)."""
        self.send_all(self.table_message())
        self.audience.seats_changed()

    def table_message(self) -> dict:
        grace = self.options.grace if self.game is not None else None  # a stand-in's countdown
        seats = self.seats.entries(self.loop.time(), grace)
        return protocol.table(self.code, self.campers, self.seats.host, self.game is not None, seats)

    def client(self) -> str:
        """Whose share of the bot workers this table's bots take: the address that created it
        (caps.py; a table without caps is a client of its own)."""
        caps = self.options.caps
        return (caps.owners.get(self.code) if caps is not None else None) or self.code

    async def save_lobby(self) -> None:
        empty = None if self.empty_since is None else time.time() - (self.loop.time() - self.empty_since)
        lobby = {
            "campers": self.campers,
            "host": self.seats.host,
            "pace": self.pace,
            "started": self.game is not None,
            "seats": self.seats.to_json(),
            "watching": self.audience.to_json(),
            "creator": self.creator,
            "empty_since": empty,  # (wall-clock time: a restarted server keeps counting)
        }
        await self.storage.save_lobby(self.code, lobby)

    # ---- closing an idle table ---------------------------------------------------------
    def abandoned(self) -> bool:
        """Nobody else would come back for it: no game ever started here, or at most one
        camper sits at it (a host alone with bots, a creator gone)."""
        return self.game_no == 0 or len(self.seats.humans()) <= 1

    def check_idle(self) -> bool:
        """Nobody connected: the idle timer runs (from when the table emptied); whether it
        has just started."""
        if self.seats.connections() or self.idle is not None:
            return False
        now = self.loop.time()
        fresh = self.empty_since is None
        if fresh:
            self.empty_since = now
        o = self.options
        wait = min(o.idle_close, o.abandoned_close) if self.abandoned() else o.idle_close
        self.idle = self.loop.call_later(max(0.0, self.empty_since + wait - now), self.post, Idle())
        if self.game_no == 0:
            self.hub.vacant(self, True)
        return fresh

    def cancel_idle(self) -> None:
        if self.empty_since is not None and self.game_no == 0:
            self.hub.vacant(self, False)
        self.empty_since = None
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None

    async def close_if_idle(self) -> None:
        # (Whether a table is abandoned cannot change while nobody is connected: leaving,
        # starting a game and sitting down all need a connection.)
        self.idle = None
        if not self.seats.connections():
            o = self.options
            idle = min(o.idle_close, o.abandoned_close) if self.abandoned() else o.idle_close
            await self.close_now(f"nobody connected for {idle / 60:g} minutes" if idle >= 60 else "idle")

    async def close_now(self, why: str) -> None:
        """Close the table: timers and bots stop, its tokens resume nothing, storage keeps its
        finished games only."""
        self.closed = True
        self.audience.dismiss_all("no-table", f"table {self.code} has closed")
        self.cancel_idle()
        for handle in self.timers.values():
            handle.cancel()
        for task in list(self.tasks):
            task.cancel()
        await self.storage.close_table(self.code)
        for seat in self.seats.seats:
            if seat.token_key is not None:
                self.hub.unregister(seat.token_key)
        self.hub.closed(self, why)
