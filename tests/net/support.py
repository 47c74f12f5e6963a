"""Shared helpers of the network tests: a server on 127.0.0.1 (port 0) in the test's own
event loop, clients that said hello, and headless players."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from game.net.client import Client
from game.net.server import ServerOptions, TableServer
from game.net.sqlite_store import SqliteStorage
from game.net.table import shuffled_deal


def run(coro, timeout: float = 60.0):
    """Run a test's coroutine in a fresh event loop, failing after `timeout` seconds."""

    async def bounded():
        async with asyncio.timeout(timeout):
            return await coro

    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def serving(
    folder: Path, *, deal=shuffled_deal, grace: float = 30.0, idle_close: float = 1800.0, **options
):
    """A TableServer on 127.0.0.1:0 keeping its tables in `folder`; yields (server, url)."""
    server = TableServer(
        SqliteStorage(folder / "tables.sqlite", synchronous="NORMAL"),
        version="test",
        grace=grace,
        idle_close=idle_close,
        deal=deal,
        options=ServerOptions(**options),
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
