"""A table as an actor: one inbox and one task consume, in order, the campers' messages,
the bots' decisions and the timers; nothing else touches the table's seats or game.

The lobby half is here (creating, joining, resuming, sitting, leaving, dropping out,
reactions, closing an idle table, or an empty one at once); the game half is
`table_game.TableGame`. The server (`server.py`) posts each connection's messages into the
inbox and gives the table a `Hub` (the registry of tokens and tables) and `TableOptions`
(grace, idle time, the deal, where the bots think).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from . import protocol, views
from . import watch_protocol as watch
from .bot_queue import BotQueue
from .caps import Caps
from .codes import new_seed, new_token, token_key
from .seats import OPEN, Seats
from .shared_review import SharedReview
from .spectators import Audience
from .storage import Storage, StoredTable
from .table_game import TableGame

_STOP = ("stop",)
log = logging.getLogger("scram.server")


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


class Hub(Protocol):
    """What a table needs of the server: the token registry, and being let go."""

    def register(self, key: str, table: Table) -> None: ...

    def unregister(self, key: str) -> None: ...

    def closed(self, table: Table, why: str) -> None: ...


class Table(TableGame):
    """One table: its seats, its game, its inbox and the task that consumes it."""

    def __init__(
        self, code: str, campers: int, levels: tuple[str, ...], pace: str, hub: Hub, storage: Storage, options
    ) -> None:
        self.code, self.campers, self.pace = code, campers, pace
        self.hub, self.storage, self.options = hub, storage, options
        self.seats = Seats(levels)
        self.game = None
        self.game_no = 0
        self.last_over: dict | None = None  # the `over` of the last game, for who missed it
        self.bots: dict = {}
        self.stood_in: list[tuple[int, int, int]] = []  # stand-ins' decisions: (seat, from, to) events
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.tasks: set[asyncio.Task] = set()
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.timer_keys = itertools.count()
        self.idle: asyncio.TimerHandle | None = None
        self.loop = asyncio.get_running_loop()
        self.task: asyncio.Task | None = None
        self.closed = False
        # spectators and the shared review (docs/NETWORK-EXTENSIONS.md): game/net/spectators.py,
        # game/net/shared_review.py
        self.audience = Audience(self, getattr(options, "caps", None))
        self.review = SharedReview(self)

    @classmethod
    def restore(cls, stored: StoredTable, hub: Hub, storage: Storage, options: TableOptions) -> Table:
        """A running table as `storage` kept it; every human is away from now on."""
        lobby = stored.lobby
        rows = lobby["seats"]
        table = cls(
            stored.code,
            lobby["campers"],
            tuple(r["level"] for r in rows),
            lobby["pace"],
            hub,
            storage,
            options,
        )
        table.seats = Seats.from_json(rows, lobby["host"], table.loop.time())
        table.audience.restore(lobby.get("watching"))
        table.game_no = stored.game_no
        if stored.playing:
            table.restore_game(stored.seed, stored.decks, stored.decisions)
        for seat in table.seats.seats:
            if seat.token_key is not None:
                hub.register(seat.token_key, table)
        return table

    # ---- the actor ---------------------------------------------------------------------
    def run(self) -> None:
        self.task = asyncio.create_task(self._consume(), name=f"table {self.code}")
        if self.game is not None:
            self.post(("resumed",))  # restored mid-game: whoever is next plays on
        self.check_idle()

    def post(self, item: tuple) -> None:
        self.inbox.put_nowait(item)

    def later(self, delay: float, item: tuple) -> None:
        """Post `item` after `delay` seconds (cancelled if the table stops first)."""
        key = next(self.timer_keys)
        self.timers[key] = self.loop.call_later(delay, self._fire, key, item)

    def _fire(self, key: int, item: tuple) -> None:
        # (a key, not the handle in a closure: a fired timer must not be a reference cycle)
        del self.timers[key]
        self.post(item)

    async def _consume(self) -> None:
        while True:
            item = await self.inbox.get()
            if item is _STOP:
                return
            try:
                await self.handle(item)
            except Exception:  # a bug (never a client's mistake): say it, go on
                log.exception("table %s: a bug; the table plays on", self.code)
            # Not kept while waiting for the next one: a `gone` holds its connection, and an
            # idle table would keep the last one (15 KB) for as long as it waits.
            item = None
            if self.closed:
                return self._turn_away()

    def _turn_away(self) -> None:
        """The table has closed: what is still in its inbox gets its answer (a `join` that
        came as it closed: no such table any more), and its connections are let go."""
        while not self.inbox.empty():
            item = self.inbox.get_nowait()
            if item[0] not in ("say", "msg", "resume", "create", "gone"):
                continue  # a bot's answer, a timer: nobody waits for it
            conn = item[1]
            conn.release(self)
            if item[0] == "say":
                conn.send(item[2])
            elif item[0] != "gone":
                tag = getattr(item[2], "id", None)
                self.refuse(conn, "no-table", f"table {self.code} has just closed", tag)

    async def handle(self, item: tuple) -> None:
        kind = item[0]
        if kind == "msg":
            await self.on_message(item[1], item[2])
        elif kind == "create":
            await self.create(item[1], item[2])
        elif kind == "resume":
            await self.resume(item[1], item[2])
        elif kind == "watch":
            self.audience.watch(item[1], item[2])
        elif kind == "gone":
            self.gone(item[1])
        elif kind == "bot":
            await self.bot_decided(*item[1:])
        elif kind == "grace":
            self.grace_over(*item[1:])
        elif kind == "say":  # the server's answer, in order with the table's
            item[1].send(item[2])
        elif kind == "idle":
            await self.close_if_idle()
        elif kind == "resumed" and self.game is not None:
            self.next_turn()

    async def on_message(self, conn, msg: protocol.ClientMessage) -> None:
        if isinstance(msg, protocol.Act):
            await self.act(conn, msg)
        elif isinstance(msg, protocol.Join):
            await self.join(conn, msg)
        elif isinstance(msg, protocol.Sit):
            await self.sit(conn, msg)
        elif isinstance(msg, protocol.Start):
            await self.start_game(conn, msg)
        elif isinstance(msg, protocol.Leave):
            await self.leave(conn, msg)
        elif isinstance(msg, protocol.React):
            self.react(conn, msg)
        elif isinstance(msg, watch.AudienceMessage):
            await self.audience.on_message(conn, msg)
        elif isinstance(msg, watch.ReviewMessage):
            self.review.on_message(conn, msg)

    async def stop(self) -> None:
        """Stop consuming (the server stops): timers and bots' tasks are cancelled."""
        for handle in self.timers.values():
            handle.cancel()
        if self.idle is not None:
            self.idle.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.task is not None and not self.task.done():
            self.post(_STOP)
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

    async def save_lobby(self) -> None:
        lobby = {
            "campers": self.campers,
            "host": self.seats.host,
            "pace": self.pace,
            "started": self.game is not None,
            "seats": self.seats.to_json(),
            "watching": self.audience.to_json(),
        }
        await self.storage.save_lobby(self.code, lobby)

    # ---- the lobby ---------------------------------------------------------------------
    async def create(self, conn, msg: protocol.Create) -> None:
        self.seats.host = msg.seat
        await self._seat(conn, msg.seat)

    async def join(self, conn, msg: protocol.Join) -> None:
        n = self.seats.first_open()
        if self.game is not None:
            conn.release(self)
            return self.refuse(conn, "started", "the game at this table has started", msg.id)
        if n is None:
            conn.release(self)
            return self.refuse(conn, "full", "every seat at this table is taken", msg.id)
        await self._seat(conn, n)

    async def _seat(self, conn, n: int) -> None:
        token = new_token()
        key = token_key(token)
        self.seats.seat_human(n, conn.name, key, conn)
        self.hub.register(key, self)
        self.cancel_idle()
        await self.save_lobby()
        conn.send(protocol.encode(protocol.joined(self.code, n, token)))
        self.announce()
        self.audience.tell_newcomer(conn)
        self.review.tell_newcomer(conn)

    async def resume(self, conn, msg: protocol.Resume) -> None:
        key = token_key(msg.token)
        n = self.seats.by_token(key)
        if self.audience.has(conn):
            return self.refuse(conn, "bad-message", "this connection watches the table: leave first", msg.id)
        if n is None or self.seats.of(conn) not in (None, n):
            conn.release(self)
            return self.refuse(conn, "bad-token", "that token resumes no seat", msg.id)
        old = self.seats[n].conn
        if old is not None and old is not conn:
            old.release(self)
            old.close(protocol.CLOSE_REPLACED, "this seat was resumed on a newer connection")
        self.seats.back(n, conn)
        self.bots.pop(n, None)  # the stand-in goes; a new one would read the game afresh
        self.cancel_idle()
        conn.send(protocol.encode(protocol.joined(self.code, n, msg.token)))
        self.announce()
        self.audience.tell_newcomer(conn)
        if self.game is not None:
            conn.send(views.state_message(self.game, n, self.stood_in))
            if self.game.turn == n:
                conn.asked()
        elif self.last_over is not None and self.seats.told_over(n, self.game_no):
            conn.send(protocol.encode(self.last_over))  # the game ended while they were away
        self.review.tell_newcomer(conn)

    async def sit(self, conn, msg: protocol.Sit) -> None:
        n = self.seats.of(conn)
        if n is None:
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        if self.game is not None:
            return self.refuse(conn, "started", "seats are fixed once the game has started", msg.id)
        if msg.seat >= self.campers:
            seats = f"seat must be 0 to {self.campers - 1} at this {self.campers}-camper table"
            return self.refuse(conn, "bad-message", seats, msg.id)
        if msg.seat != n:
            if self.seats[msg.seat].kind != OPEN:
                return self.refuse(conn, "full", f"seat {msg.seat} is taken", msg.id)
            self.seats.move(n, msg.seat)
            await self.save_lobby()
        self.announce()

    async def leave(self, conn, msg: protocol.Leave) -> None:
        if self.audience.has(conn):
            return self.audience.leave(conn, msg)
        n = self.seats.of(conn)
        if n is None:
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        self.hub.unregister(self.seats[n].token_key)
        self.audience.shared.discard(self.seats[n].token_key)
        self.review.gone(conn)
        self.seats.give_up(n, self.game is not None)
        self.bots.pop(n, None)
        conn.release(self)
        if not self.seats.humans():  # nobody left to come back: the table closes now ...
            await self.close_now("everyone left")
            return conn.send(protocol.encode(self.table_message()))  # ... and then says so
        await self.save_lobby()
        conn.send(protocol.encode(self.table_message()))
        self.announce()
        if self.game is not None and self.game.turn == n:
            self.next_turn()
        self.check_idle()

    def react(self, conn, msg: protocol.React) -> None:
        n = self.seats.of(conn)
        if n is None:
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        if not conn.reactions.hit():
            return self.refuse(conn, "rate", "one reaction at a time, please", msg.id)
        self.send_all(protocol.reaction(n, msg.emote))

    def gone(self, conn) -> None:
        """A connection closed: its camper keeps the seat, away from now on."""
        self.review.gone(conn)
        if self.audience.has(conn):
            return self.audience.leave(conn)
        n = self.seats.of(conn)
        if n is None:
            return
        self.seats.away(n, self.loop.time())
        self.announce()
        if self.game is not None and self.game.turn == n:
            self.next_turn()
        self.check_idle()

    # ---- closing an idle table ---------------------------------------------------------
    def check_idle(self) -> None:
        if not self.seats.connections() and self.idle is None:
            self.idle = self.loop.call_later(self.options.idle_close, self.post, ("idle",))

    def cancel_idle(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None

    async def close_if_idle(self) -> None:
        self.idle = None
        if not self.seats.connections():
            idle = self.options.idle_close
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
