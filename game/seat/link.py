"""The desktop game's connection to a table server, on a thread of its own.

A `Link` runs an asyncio loop on a daemon thread: it connects with `client.Client`, says
hello, takes its seat (`create`, `join`, or `resume` with the token it was given), then
passes every server message to a queue that the game's frame drains with `poll()` (never
waiting), and sends what the frame hands `send()`. "Host a table" also runs a `TableServer`
in the same loop, on a free port, so friends connect to this computer.

A lost connection is tried again with the seat's token, after a backoff that doubles up to
`retry.MAX_BACKOFF` seconds with jitter (so a table of clients does not knock all at once;
the headless client `play` tries the same way). What
happens to the link reaches the queue as a `status` message of its own (`type: "link"`):
`connecting`, `hosting` (with the port and this computer's addresses), `connected`,
`reconnecting` and `waiting` (with the next try's delay), and `failed` (with one sentence
why; the link then stops: a protocol mismatch, a code that finds no table, a seat taken by
a newer connection, a server that cannot be reached at all, or that cut the first
connection unread for about 15 s of tries).

A table hosted here on every interface also asks the home router to forward its port
(`portmap.py`, UPnP IGD) on a daemon thread, so neither the frame nor the game's exit waits
for a router: `{"type": "portmap", "status": "asking"}`, then `"open"` (the router's
public address and port) or `"failed"` (the player's one sentence, `advice`). The lease is
renewed while the table is open and the mapping removed when the link stops (at the
latest when the game exits: `atexit`); a crash leaves it for one lease at most.
"""

from __future__ import annotations

import asyncio
import atexit
import ipaddress
import queue
import ssl
import threading
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import InvalidStatus

from game.lang import N_, _
from game.net.protocol import PROTOCOL

from .client import Client, Closed, Cut, NotAServer, ServerError
from .invite import lan_addresses
from .notices import Notice
from .portmap import DISCOVER_MS, NoMapping, PortMapper, notice_no_router
from .retry import backoff, http_refusal, stopped

CONNECT_SECONDS = 6.0  # to open the connection and have the seat again
FIRST_TRIES = 3  # a first connection that fails this many times is said to have failed
# ... unless the server cut it unread (busy): with the backoff, six tries last about 15 s,
# past the 10 s after which a busy server lets an address in as a newcomer again (caps.py).
FIRST_TRIES_CUT = 6
INBOX_MAX = 10_000  # messages waiting for the frame; more means the frame is gone: stop


@dataclass
class Seat:
    """How the link takes its seat: the first time, and on every reconnection."""

    create: dict | None = None  # create's arguments (campers, seat, levels, pace)
    code: str | None = None  # join this table
    token: str | None = None  # resume this seat
    watch: str | None = None  # watch this table (no seat: docs/NETWORK-EXTENSIONS.md)


@dataclass
class Hosting:
    """A table server run inside the game (Host a table)."""

    folder: Path
    version: str
    host: str = "0.0.0.0"
    port: int = 0
    grace: float = 30.0
    upnp: bool | None = None  # ask the router for the port; None: unless bound to loopback
    upnp_discover_ms: int = DISCOVER_MS

    @property
    def maps_port(self) -> bool:
        if self.upnp is not None:
            return self.upnp
        try:
            return not ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return self.host != "localhost"


@dataclass
class Link:
    """One connection to a table; every method is for the frame's thread and never waits."""

    url: str
    name: str
    seat: Seat
    hosting: Hosting | None = None
    protocol: str = PROTOCOL  # (tests speak another version to see a mismatch)
    app: str = "scram desktop"
    inbox: queue.Queue = field(default_factory=queue.Queue)
    _loop: asyncio.AbstractEventLoop | None = None
    _out: asyncio.Queue | None = None
    _stop: asyncio.Event | None = None
    _thread: threading.Thread | None = None
    _leaving: bool = False
    server: object | None = None  # the hosted TableServer, in the link's loop (Host a table)
    mapper: PortMapper | None = None  # the router's port mapping of a hosted table

    # ---- the frame's side -------------------------------------------------------------------
    def start(self) -> Link:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._main, args=(ready,), name="scram-net", daemon=True)
        self._thread.start()
        ready.wait(5.0)  # the loop exists (a few microseconds): `send` may be called at once
        return self

    def poll(self, most: int = 200) -> list[dict]:
        """The messages that arrived since the last call, in order (at most `most`)."""
        out = []
        while len(out) < most:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def send(self, message: dict) -> None:
        """Send `message` as soon as the connection allows (dropped while it is down)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._out.put_nowait, message)
            except RuntimeError:  # the loop has just stopped
                pass

    def close(self, leave: bool = False) -> None:
        """Stop the link (and a hosted server); `leave` gives the seat up first."""
        loop = self._loop
        self._leaving = leave
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass

    def join(self, timeout: float = 10.0) -> bool:
        """Wait for the thread to end (tests, and the app's last moment); True if it did."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # ---- the link's thread -------------------------------------------------------------------
    def _main(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._out = asyncio.Queue()
        self._stop = asyncio.Event()
        ready.set()
        try:
            loop.run_until_complete(self._run())
        except Exception as e:  # the game must hear of it, whatever it was
            self._fail(Notice("broke", params={"why": f"{type(e).__name__}: {e}"}))
        finally:
            loop.close()

    def _status(self, status: str, **more: object) -> None:
        self.inbox.put({"type": "link", "status": status, **more})

    def _fail(self, notice: Notice, **more: object) -> None:
        """`failed`: `notice` says why in the player's language, `why` in the current one."""
        self._status("failed", why=notice.text(), notice=notice, **more)

    async def _run(self) -> None:
        server = mapping = None
        if self.hosting is not None:
            hosted = await self._host()
            if hosted is None:
                return
            server, port = hosted
            if self.hosting.maps_port:
                _LIVE[id(self)] = self
                mapping = asyncio.create_task(self._map_port(port))
        try:
            await self._connect_loop()
        finally:
            if mapping is not None:
                mapping.cancel()
            try:
                await self._unmap()  # the router stops forwarding first
            finally:
                _LIVE.pop(id(self), None)
                if server is not None:
                    await server.stop()

    async def _map_port(self, port: int) -> None:
        """Ask the router to forward `port`, then keep the lease alive while the table is open."""
        self.mapper = mapper = PortMapper(self.hosting.upnp_discover_ms)
        self.inbox.put({"type": "portmap", "status": "asking"})
        try:
            m = await _off_thread(mapper.open, port)
        except Exception as e:  # noqa: BLE001 - whatever the router did, the player reads advice
            if not isinstance(e, NoMapping):
                e = NoMapping("no-router", notice_no_router(port), f"{type(e).__name__}: {e}")
            told = {"kind": e.kind, "advice": e.advice, "notice": e.notice}
            self.inbox.put({"type": "portmap", "status": "failed", **told})
            return
        opened = {"public": m.public, "port": m.port, "lease": m.lease}
        self.inbox.put({"type": "portmap", "status": "open", **opened})
        while m.lease:
            await asyncio.sleep(m.lease / 2)
            if not await _off_thread(mapper.renew):
                lapsed = Notice("portmap-lapsed")
                told = {"kind": "refused", "advice": lapsed.text(), "notice": lapsed}
                self.inbox.put({"type": "portmap", "status": "failed", **told})
                return

    async def _unmap(self) -> None:
        mapper, self.mapper = self.mapper, None
        if mapper is not None:
            try:
                async with asyncio.timeout(UNMAP_SECONDS):
                    await _off_thread(mapper.close)
            except TimeoutError:
                pass

    async def _host(self):
        """Start the table server inside the game: (server, port), or None (and `failed`)."""
        from game.net.server import TableServer, own_server_options
        from game.net.sqlite_store import SqliteStorage

        h = self.hosting
        try:
            h.folder.mkdir(parents=True, exist_ok=True)
            storage = SqliteStorage(h.folder / "hosted.sqlite")
            server = TableServer(storage, version=h.version, grace=h.grace, options=own_server_options())
            port = await server.start(h.host, h.port)
        except (OSError, ValueError) as e:
            self._fail(Notice("no-host", params={"why": e.strerror or str(e)}))
            return None
        self.url = f"ws://127.0.0.1:{port}/"
        self.server = server
        addresses = await asyncio.to_thread(lan_addresses)  # (a name look-up may take a while)
        self._status("hosting", port=port, addresses=addresses)
        return server, port

    async def _connect_loop(self) -> None:
        tries = 0
        ever = False  # connected once: a later loss is tried again, a first failure is said
        while not self._stop.is_set():
            self._status("reconnecting" if ever else "connecting", attempt=tries)
            client = None
            try:
                async with asyncio.timeout(CONNECT_SECONDS):
                    client = await Client.connect(self.url, open_timeout=CONNECT_SECONDS)
                    await self._greet(client)
            except ServerError as e:
                if client is not None:  # refused: the connection is over too
                    await client.ws.close()
                return self._refused(e)
            except (OSError, TimeoutError, Closed, ValueError, InvalidStatus) as e:
                if not ever and tries + 1 >= (FIRST_TRIES_CUT if isinstance(e, Cut) else FIRST_TRIES):
                    self._fail(_unreachable(self.url, e))
                    return
            else:
                ever, tries = True, 0
                closed = await self._pump(client)
                why = None if closed is None else stopped(closed.code, closed.reason)
                if why is not None:
                    self._fail(why)
                    return
                if self._stop.is_set():
                    return
            tries += 1
            delay = backoff(tries)
            self._status("waiting", seconds=round(delay, 2), attempt=tries)
            try:
                async with asyncio.timeout(delay):
                    await self._stop.wait()
            except TimeoutError:
                pass

    async def _greet(self, client: Client) -> None:
        """hello, then the seat: its answers go to the frame like any message."""
        welcome = await client.hello(self.name, self.app, self.protocol)
        theirs = welcome.get("protocol")
        if theirs != self.protocol:
            await client.close()
            refused = ServerError({"code": "version", "message": f"this server speaks {str(theirs)[:40]}"})
            refused.theirs = str(theirs)[:40]
            raise refused
        self.inbox.put(welcome)
        s = self.seat
        if s.token is not None:
            joined = await client.resume(s.token)
        elif s.watch is not None:
            joined = await client.watch(s.watch)
        elif s.code is not None:
            joined = await client.join(s.code)
        else:
            joined = await client.create(**(s.create or {}))
        s.token = joined.get("token") if isinstance(joined.get("token"), str) else s.token
        self.inbox.put(joined)
        while self._out.qsize():  # what was sent while the link was down is out of date
            self._out.get_nowait()
        self._status("connected")

    def _refused(self, e: ServerError) -> None:
        s = self.seat
        asked = {"code": s.watch or s.code, "ours": self.protocol, "theirs": getattr(e, "theirs", None)}
        notice = Notice.refusal({"code": e.code, "message": e.message}, watching=s.watch is not None, **asked)
        self._fail(notice, code=e.code)

    async def _pump(self, client: Client) -> Closed | None:
        """Messages both ways until the connection closes or the link stops."""
        reader = asyncio.create_task(self._read(client))
        writer = asyncio.create_task(self._write(client))
        stop = asyncio.create_task(self._stop.wait())
        done, _pending = await asyncio.wait({reader, writer, stop}, return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer, stop):
            task.cancel()
        closed = None
        for task in done:
            if task is not stop and not task.cancelled() and isinstance(task.exception(), Closed):
                closed = task.exception()
        if self._stop.is_set():
            try:
                if self._leaving:
                    await client.leave()
                await asyncio.wait_for(client.close(), 2.0)
            except (Closed, OSError, TimeoutError):
                pass
        else:
            await client.ws.close()
        return closed

    async def _read(self, client: Client) -> None:
        while True:
            message = await client.recv()
            if self.inbox.qsize() > INBOX_MAX:  # nobody drains it any more
                self._stop.set()
                return
            self.inbox.put(message)

    async def _write(self, client: Client) -> None:
        while True:
            message = await self._out.get()
            await client.send(message)


UNMAP_SECONDS = 3.0  # to remove the mapping when the table closes (else its lease ends it)
_LIVE: dict[int, Link] = {}  # links that may hold a port mapping, by id


async def _off_thread(fn, *args):
    """`fn(*args)` on a daemon thread of its own, awaited: a router that never answers holds
    neither the loop nor, at the end, the game's exit (the executor's threads would)."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def settle(result, error) -> None:
        if not done.done():
            done.set_exception(error) if error is not None else done.set_result(result)

    def work() -> None:
        try:
            result, error = fn(*args), None
        except BaseException as e:  # noqa: BLE001 - handed to the awaiting side
            result, error = None, e
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:  # the loop is gone
            pass

    threading.Thread(target=work, name="scram-portmap", daemon=True).start()
    return await done


@atexit.register
def _close_mapped() -> None:
    """At the game's exit with a hosted table open, remove its port mapping here (the
    link's loop can no longer hand work to executors: they stop before atexit runs)."""
    for link in list(_LIVE.values()):
        mapper = link.mapper
        if mapper is not None:
            mapper.close()
        link.close()


def _unreachable(url: str, e: Exception) -> Notice:
    """Why a first connection failed, in one sentence for the player (the system's own
    reason, `why`, is the operating system's or the server's words)."""
    http = http_refusal(e)
    if http is not None:  # a server past its caps (full, or too many from here)
        return Notice("busy-http", params={"url": url, "status": http[0], "why": http[1]})
    if isinstance(e, Cut):  # past its caps on new connections: it cut the connection unread
        return Notice("busy", params={"url": url})
    if isinstance(e, ssl.SSLCertVerificationError):  # a wss:// server whose certificate fails
        why = getattr(e, "verify_message", None) or _("not trusted")
        return Notice("untrusted", params={"url": url, "why": why})
    plain = _PLAIN.get(type(e))
    what = getattr(e, "strerror", None) or str(e) or (plain and _(plain)) or type(e).__name__
    if isinstance(e, ssl.SSLError):
        return Notice("no-tls", params={"url": url, "why": getattr(e, "reason", None) or what})
    if url.startswith("wss://") and isinstance(e, ConnectionError):  # e.g. a plain server
        return Notice("no-tls", params={"url": url, "why": what})
    if isinstance(e, NotAServer):
        return Notice("not-a-server", params={"url": url})
    return Notice("unreachable", params={"url": url, "why": what})


_PLAIN = {
    ConnectionResetError: N_("the connection was reset"),
    ConnectionAbortedError: N_("it was cut"),
    TimeoutError: N_("it did not answer in time"),
}
