"""`scram --server`: run a table server until Ctrl-C or SIGTERM, without a window.

Once it accepts connections it prints `listening on ws://HOST:PORT/` (NETWORK.md) on
standard output; Ctrl-C or SIGTERM stop it cleanly (connections closed with 1001, the
database flushed) with exit status 0. Running tables are kept in `DATA/tables.sqlite` and
restored at the next start, so the campers resume with their tokens.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
from pathlib import Path

from .collector import Collector
from .server import TableServer
from .sqlite_store import SqliteStorage

DEFAULT_HOST = "127.0.0.1"  # friends on the LAN: --host 0.0.0.0
DEFAULT_PORT = 8765


def url_of(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"ws://{shown}:{port}/"


def default_data() -> Path:
    from game.files.disk import data_dir

    return data_dir() / "server"


def _on_stop_signals(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: no loop signal handlers
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))


async def serve(host: str, port: int, data: Path, version: str, grace: float = 30.0) -> int:
    """Serve until a stop signal; the exit status."""
    server = TableServer(SqliteStorage(data / "tables.sqlite"), version=version, grace=grace)
    stop = asyncio.Event()
    _on_stop_signals(stop)
    try:
        bound = await server.start(host, port)
    except (OSError, sqlite3.Error) as e:
        await server.stop()
        print(f"scram: cannot serve on {host}:{port} with data in {data}: {e}", file=sys.stderr, flush=True)
        return 1
    collector = Collector()  # the restored tables are the first objects it freezes
    collector.start()
    print(f"listening on {url_of(host, bound)}", flush=True)
    await stop.wait()
    collector.stop()
    await server.stop()
    return 0


def run(host: str, port: int, data: Path | None, version: str, grace: float = 30.0) -> int:
    try:
        return asyncio.run(serve(host, port, data or default_data(), version, grace))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 0
