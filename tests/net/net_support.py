"""Shared helpers of the network tests: a server on 127.0.0.1 (port 0) in the test's own
event loop, clients that said hello, and headless players."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from game.net.server import ServerOptions, TableServer
from game.net.sqlite_store import SqliteStorage
from game.net.table import ABANDONED_CLOSE, shuffled_deal
from game.rules import SCRAM
from game.seat.client import Client


def run(coro, timeout: float = 60.0):
    """Run a test's coroutine in a fresh event loop, failing after `timeout` seconds."""

    async def bounded():
        async with asyncio.timeout(timeout):
            return await coro

    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def serving(
    folder: Path,
    *,
    deal=shuffled_deal,
    grace: float = 30.0,
    idle_close: float = 1800.0,
    abandoned_close: float = ABANDONED_CLOSE,
    **options,
):
    """A TableServer on 127.0.0.1:0 keeping its tables in `folder`; yields (server, url)."""
    server = TableServer(
        SqliteStorage(folder / "tables.sqlite", synchronous="NORMAL"),
        version="test",
        grace=grace,
        idle_close=idle_close,
        deal=deal,
        options=ServerOptions(**options),
        abandoned_close=abandoned_close,
    )
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}/"
    finally:
        await server.stop()


async def greeted(url: str, name: str = "Camper", **kw) -> Client:
    client = await Client.connect(url, **kw)
    await client.hello(name, "tests")
    return client


async def play_recording(
    client: Client, seat: int, level: str = "random", seed: int = 0, hook=None, before_act=None
) -> tuple[dict, list]:
    """`game.seat.play.play`, keeping every message the client received (in order). Level
    "hasty" calls Scram whenever it may (short games), else plays at random. `hook(message)`
    sees each message as it comes; `await before_act()` runs before each decision is sent."""
    from game.seat.play import Player

    player = Player(seat, "random" if level == "hasty" else level, seed)
    seen = []
    while True:
        message = await client.recv(60)
        seen.append(message)
        if hook is not None:
            hook(message)
        if message["type"] == "over":
            return message["record"], seen
        if message["type"] in ("state", "move"):
            player.feed(message)
            if player.my_turn(message):
                if before_act is not None:
                    await before_act()
                hasty = level == "hasty" and player.follower.view().why_illegal(SCRAM) is None
                await client.act(message["ver"], {"do": "scram"} if hasty else player.decide())
        assert message["type"] != "error", message


async def table_of(url: str, campers: int, humans: int, levels=None, pace: str = "instant", **client):
    """A table with `humans` greeted clients seated (the first hosts); returns (clients,
    seats, code). `client`: options of `Client.connect` (send_rate=None: unpaced)."""
    host = await greeted(url, "Host", **client)
    joined = await host.create(campers, 0, levels or ["greenhorn"] * campers, pace)
    host.joined = joined  # (its token, for tests that resume)
    clients, seats = [host], [joined["seat"]]
    for n in range(1, humans):
        c = await greeted(url, f"Camper {n}", **client)
        clients.append(c)
        c.joined = await c.join(joined["code"])
        seats.append(c.joined["seat"])
    return clients, seats, joined["code"]


def on_close(server: TableServer) -> asyncio.Queue:
    """A queue that gets (code, why) of each table `server` closes from now on."""
    closed: asyncio.Queue = asyncio.Queue()
    before = server.closed

    def closing(table, why: str) -> None:
        before(table, why)
        closed.put_nowait((table.code, why))

    server.closed = closing  # (the tables' hub: they call it as they close)
    return closed


class Feed:
    """Messages as they arrive (a hook of `play_recording`), for any number of waiters that
    each look for their own message, in order, without taking it from the others."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.changed = asyncio.Event()

    def add(self, message: dict) -> None:
        self.messages.append(message)
        self.changed.set()

    async def first(self, test) -> dict:
        """The first message (so far or to come) that passes `test`."""
        seen = 0
        while True:
            for message in self.messages[seen:]:
                if test(message):
                    return message
            seen = len(self.messages)
            self.changed.clear()
            await self.changed.wait()
