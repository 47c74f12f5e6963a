"""A table server on 127.0.0.1 (port 0) for the seat's tests, and a client that keeps every
message it reads: the real table actor, met through a real connection."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from game.net import protocol
from game.net.server import TableServer
from game.net.sqlite_store import SqliteStorage
from game.seat.client import Client


@contextlib.asynccontextmanager
async def serving(folder: Path):
    """A TableServer on 127.0.0.1:0 keeping its tables in `folder`; yields its URL."""
    server = TableServer(SqliteStorage(folder / "tables.sqlite", synchronous="NORMAL"), version="test")
    port = await server.start("127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{port}/"
    finally:
        await server.stop()


class Recorder:
    """A client that said hello; `read_until(kind)` keeps every message it reads in `kept`."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.kept: list[dict] = []

    @classmethod
    async def greeted(cls, url: str, name: str) -> Recorder:
        client = await Client.connect(url)
        await client.send(protocol.hello(name, "tests"))
        recorder = cls(client)
        await recorder.read_until("welcome")
        return recorder

    async def read(self) -> dict:
        message = await self.client.recv(60)
        assert message["type"] != "error", message
        self.kept.append(message)
        return message

    async def read_until(self, kind: str) -> dict:
        while True:
            message = await self.read()
            if message["type"] == kind:
                return message


def run(coro, timeout: float = 120.0):
    """Run a test's coroutine in a fresh event loop, failing after `timeout` seconds."""

    async def bounded():
        async with asyncio.timeout(timeout):
            return await coro

    return asyncio.run(bounded())
