"""Helpers of the networked-table tests: a real table server on 127.0.0.1 (port 0) on a
thread of its own (as a friend's computer would be), headless friends (game.seat.play) on
threads, and the frame loop run until something happens (never a sleep as a wait: each
frame leaves the network threads a moment, as the game's 60 fps pacing does)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from game.net.server import TableServer
from game.net.sqlite_store import SqliteStorage
from game.seat.client import Client
from game.seat.link import Link
from game.seat.play import play

DT = 1 / 60


class ServerThread:
    """A TableServer on its own event loop and thread; `call(coro_fn)` runs in its loop."""

    def __init__(self, folder: Path, grace: float = 30.0) -> None:
        self.folder, self.grace = folder, grace
        self.loop = asyncio.new_event_loop()
        self.server: TableServer | None = None
        self.port = 0
        ready = threading.Event()
        self.thread = threading.Thread(target=self._main, args=(ready,), daemon=True)
        self.thread.start()
        assert ready.wait(10), "the server did not start"

    def _main(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)

        async def start() -> None:
            store = SqliteStorage(self.folder / "tables.sqlite", synchronous="NORMAL")
            self.server = TableServer(store, version="test", grace=self.grace)
            self.port = await self.server.start("127.0.0.1", 0)
            ready.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def call(self, fn, timeout: float = 10.0):
        """Run `fn()` (a coroutine function, or a plain one) in the server's loop; its result."""

        async def go():
            result = fn()
            return await result if asyncio.iscoroutine(result) else result

        return asyncio.run_coroutine_threadsafe(go(), self.loop).result(timeout)

    def cut_all(self) -> int:
        """Drop every client's TCP connection at once (no close handshake): a lost network."""

        def cut() -> int:
            conns = list(self.server.conns)
            for conn in conns:
                conn.ws.transport.abort()
            return len(conns)

        return self.call(cut)

    def stop(self) -> None:
        self.call(self.server.stop, 20)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class Friend:
    """A headless friend on its own thread: joins `code` and plays its seat to `over`."""

    def __init__(self, url: str, code: str, name: str = "Bea", emote: str | None = None) -> None:
        self.url, self.code, self.name, self.emote = url, code, name, emote
        self.record: dict | None = None
        self.error: BaseException | None = None
        self.seated = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.thread.start()

    async def _main(self) -> None:
        try:
            client = await Client.connect(self.url)
            await client.hello(self.name, "tests")
            joined = await client.join(self.code)
            self.seat = joined["seat"]
            self.seated.set()
            if self.emote is not None:
                await client.react(self.emote)
            self.record = await play(client, joined["seat"], timeout=60)
            await client.close()
        except BaseException as e:  # the test reads it
            self.error = e
            self.seated.set()


def frames_until(app, cond, seconds: float = 60.0) -> int:
    """Run frames until `cond()`; the number run. Fails after `seconds` of wall time."""
    end = time.monotonic() + seconds
    n = 0
    while not cond():
        assert time.monotonic() < end, "the condition was not reached in time"
        app.step(DT)
        n += 1
        time.sleep(0.002)  # the network threads' moment (the game's frame pacing)
    return n


def fresh_home(tmp_path: Path, monkeypatch):
    """A home fixture's body: a fresh data folder, and every link a test starts stopped when
    it ends (passed or not)."""
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path / "home"))
    started = []
    start = Link.start

    def recorded(link):
        started.append(link)
        return start(link)

    monkeypatch.setattr(Link, "start", recorded)
    yield
    for link in started:
        link.close()
    assert all(link.join(10) for link in started), "a network thread did not stop"
