"""`scram --server`: run a table server until Ctrl-C or SIGTERM, without a window.

Once it accepts connections it prints `listening on ws://HOST:PORT/` (NETWORK.md) on
standard output; Ctrl-C or SIGTERM stop it cleanly (connections closed with 1001, the
database flushed) with exit status 0. Running tables are kept in `DATA/tables.sqlite` and
restored at the next start, so the campers resume with their tokens. What a person reads
goes to standard error, one line each (`scram.server`): a table opened or closed, a table
that could not be restored, running out of descriptors or new connections cut past the rate
in all (once a minute each), and on SIGUSR1 a status line (tables, connections and those cut
unread, memory, the collector's pauses, the loop's lag since the last status line and how
much of it was waiting for a core: game/net/lag.py). A data folder or database it cannot
use, or a port it cannot listen on, is one line and exit status 1.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import signal
import sqlite3
import sys
from pathlib import Path

from .caps import Limits, Throttle, raise_descriptor_limit
from .collector import Collector
from .lag import LoopLag
from .server import ServerOptions, TableServer
from .sqlite_store import SqliteStorage

DEFAULT_HOST = "127.0.0.1"  # friends on the LAN: --host 0.0.0.0
DEFAULT_PORT = 8765
DATABASE = "tables.sqlite"


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


def _on_status_signal(server: TableServer, collector: Collector, lag: LoopLag) -> None:
    """SIGUSR1 (POSIX): one status line in the log."""

    def status() -> None:
        logging.getLogger("scram.server").info(
            "status: %d tables, %d connections (%d cut unread since the last status line), %s; %s; %s; "
            "bots in %s, %d jobs waiting",
            len(server.tables),
            server.caps.sockets,
            server.caps.cut_since(),
            _memory(),
            collector.status(),
            lag.status(),
            server.thinker.where(),
            server.bot_queue.waiting_jobs(),
        )

    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, status)
    except (AttributeError, NotImplementedError, RuntimeError):  # Windows: no SIGUSR1
        pass


def _memory() -> str:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return f"resident memory {int(line.split()[1]) // 1024} MB"
    except OSError:
        pass
    return "resident memory unknown"


# asyncio's line for each write to a connection whose peer is already gone (past its fifth):
# a flooding client cut while its pongs are being sent makes hundreds of them, and they tell
# an operator nothing more than the first.
PEER_GONE = "socket.send() raised exception."


class PeerGoneOnceAMinute(logging.Filter):
    """Lets asyncio's `PEER_GONE` line through once a minute at most, with how many were
    held back since; every other line as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.throttle = Throttle(60.0)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != PEER_GONE:
            return True
        missed = self.throttle.missed  # (before the throttle says yes and forgets them)
        if not self.throttle():
            return False
        if missed:
            record.msg, record.args = f"{PEER_GONE} (and {missed} more since the last such line)", ()
        return True


def log_to_stderr() -> None:
    """The server's log lines on standard error, with the time (a journal adds its own);
    asyncio's about peers already gone once a minute at most."""
    logger = logging.getLogger("scram")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    quiet = logging.getLogger("asyncio")
    if not any(isinstance(f, PeerGoneOnceAMinute) for f in quiet.filters):
        quiet.addFilter(PeerGoneOnceAMinute())


def data_problem(data: Path) -> str | None:
    """Why `data` cannot hold the server's tables, in one sentence, or None."""
    if data.exists() and not data.is_dir():
        from game.files.disk import what_stands

        return f"--data {data} is {what_stands(data)}, not a folder: give the folder the tables are kept in"
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return f"the data folder {data} cannot be made ({e.strerror or e})"
    database = data / DATABASE
    if database.exists() and not database.is_file():
        from game.files.disk import what_stands

        return f"{database} is {what_stands(database)}, not a file"
    return None


def _refusal(e: Exception, host: str, port: int, data: Path) -> str:
    if isinstance(e, sqlite3.Error):
        return f"the table database {data / DATABASE} cannot be used ({e})"
    if isinstance(e, OSError) and e.filename:
        return f"the table database in {data} cannot be used ({e.strerror or e}: {e.filename})"
    return f"cannot listen on {host}:{port} ({getattr(e, 'strerror', None) or e})"


async def serve(
    host: str,
    port: int,
    data: Path,
    version: str,
    grace: float = 30.0,
    trusted: tuple[str, ...] = (),
    bot_workers: int = 2,
    new_per_second: int | None = None,
) -> int:
    """Serve until a stop signal; the exit status. `new_per_second`: `Limits.arrivals_in_all`
    (None: its default)."""
    problem = data_problem(data)
    if problem is not None:
        print(f"scram: {problem}", file=sys.stderr, flush=True)
        return 1
    log_to_stderr()
    raise_descriptor_limit()
    rate = {} if new_per_second is None else {"arrivals_in_all": new_per_second}
    limits = Limits(trusted_proxies=frozenset(trusted), **rate)
    options = ServerOptions(bot_workers=bot_workers, limits=limits)
    server = TableServer(SqliteStorage(data / DATABASE), version=version, grace=grace, options=options)
    stop = asyncio.Event()
    _on_stop_signals(stop)
    try:
        bound = await server.start(host, port)
    except (OSError, sqlite3.Error) as e:
        await server.stop()
        print(f"scram: {_refusal(e, host, port, data)}", file=sys.stderr, flush=True)
        return 1
    collector = Collector()  # the restored tables are the first objects it freezes
    collector.start()
    lag = LoopLag()
    lag.start()
    _on_status_signal(server, collector, lag)
    print(f"listening on {url_of(host, bound)}", flush=True)
    await stop.wait()
    lag.stop()
    collector.stop()
    await server.stop()
    return 0


def proxy_address(text: str) -> str:
    """A --trusted-proxy address, as the server compares it (ValueError if it is not one)."""
    return str(ipaddress.ip_address(text.strip()))


def run(
    host: str,
    port: int,
    data: Path | None,
    version: str,
    grace: float = 30.0,
    trusted: tuple[str, ...] = (),
    bot_workers: int = 2,
    new_per_second: int | None = None,
) -> int:
    try:
        proxies = tuple(proxy_address(t) for t in trusted)
    except ValueError as e:
        print(f"scram: --trusted-proxy wants an IP address ({e})", file=sys.stderr, flush=True)
        return 2
    try:
        folder = data or default_data()
        return asyncio.run(serve(host, port, folder, version, grace, proxies, bot_workers, new_per_second))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        return 0
