"""The table server: WebSocket connections at path `/`, the registry of tables and tokens,
and the limits of NETWORK.md (16 KiB frames, hello first within 10 s, 20 messages a
second, wrong codes per address, ping timeouts).

Each connection is a `Conn`: its messages are read and checked here (`protocol`), then
posted to its table's inbox; what the table sends it goes through the connection's own
outbox and writer task, so a slow or frozen peer never holds a table up (one whose unsent
messages pile up is closed, 4003). `TableServer.start()` restores the running tables from
storage before it accepts anyone.
"""

from __future__ import annotations

import asyncio
import http
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from . import protocol
from .codes import new_code, token_key
from .limits import AddressLimit, Window
from .storage import Storage
from .table import Table, TableOptions, shuffled_deal

_CLOSE = object()
READ_SIZE = 64 * 1024  # bytes read from a socket at once


class Conn:
    """One client connection: its name once it said hello, its table, its limits, and the
    outbox its writer task empties into the socket in order."""

    MAX_PENDING = 256  # unsent messages before a reader this slow is let go
    DIRECT_BELOW = 32 * 1024  # bytes in the socket's buffer under which a message is written at once

    def __init__(self, ws: ServerConnection, rate: int = protocol.RATE_PER_SECOND) -> None:
        self.ws = ws
        peer = ws.remote_address
        self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        self.name: str | None = None
        self.table: Table | None = None
        self.rate = Window(rate, 1.0)
        self.reactions = Window(3, 5.0)
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.closing = False
        self.writer = asyncio.create_task(self._write())
        # asyncio reads a plain protocol's socket into a fresh buffer of `max_size` (256 KiB)
        # each time; a frame is at most 16 KiB here, and a smaller buffer is far cheaper.
        if hasattr(ws.transport, "max_size"):
            ws.transport.max_size = READ_SIZE

    def send(self, text: str) -> None:
        if self.closing:
            return
        ws = self.ws
        if (
            self.outbox.empty()
            and ws.protocol.state is State.OPEN
            and ws.transport.get_write_buffer_size() < self.DIRECT_BELOW
        ):
            # The common case, written at once: what `ws.send` does (the protocol frames the
            # text, the transport takes the bytes) without a task switch and a coroutine a
            # message. Past the buffer's mark, or behind queued ones, the writer task sends
            # and waits for the socket to drain (websockets' flow control).
            ws.protocol.send_text(text.encode())
            ws.send_data()
            return
        if self.outbox.qsize() >= self.MAX_PENDING:
            self.close(protocol.CLOSE_SLOW, "too many messages waiting: the connection is too slow")
            return
        self.outbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close once everything queued before is sent."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait((_CLOSE, code, reason))

    async def _write(self) -> None:
        ws = self.ws
        try:
            while True:
                item = await self.outbox.get()
                if type(item) is tuple:
                    await ws.close(item[1], item[2])
                    return
                await ws.send(item)
        except ConnectionClosed:
            return

    def bind(self, table: Table) -> None:
        self.table = table

    def release(self, table: Table) -> None:
        if self.table is table:
            self.table = None

    async def finish(self, timeout: float) -> None:
        """The connection is over: let the writer send what it holds, then stop it."""
        self.close(1000, "")
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        except (TimeoutError, asyncio.CancelledError):
            self.writer.cancel()


@dataclass
class ServerOptions:
    hello_timeout: float = protocol.HELLO_SECONDS
    rate: int = protocol.RATE_PER_SECOND  # messages a second per connection
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    # A frozen peer answers no ping, nor the close that follows: it is let go this long
    # after the ping timed out (websockets' default, 10 s, would keep its seat "connected").
    close_timeout: float = 3.0
    wrong_codes: int = 10  # per address ...
    wrong_codes_seconds: float = 60.0  # ... in this many seconds
    bot_workers: int = 2


class TableServer:
    """Tables, tokens and connections of one server process."""

    def __init__(
        self,
        storage: Storage,
        *,
        version: str = "unknown",
        grace: float = 30.0,
        idle_close: float = 30 * 60.0,
        deal=shuffled_deal,
        options: ServerOptions | None = None,
    ) -> None:
        self.storage, self.version = storage, version
        self.options = options or ServerOptions()
        self.executor = ThreadPoolExecutor(self.options.bot_workers, thread_name_prefix="scram-bots")
        self.table_options = TableOptions(self.executor, grace, idle_close, deal)
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, Table] = {}  # token key -> its table
        self.wrong = AddressLimit(self.options.wrong_codes, self.options.wrong_codes_seconds)
        self.server: Server | None = None
        self.conns: set[Conn] = set()

    # ---- the hub a table uses ----------------------------------------------------------
    def register(self, key: str, table: Table) -> None:
        self.tokens[key] = table

    def unregister(self, key: str | None) -> None:
        self.tokens.pop(key, None)

    def closed(self, table: Table) -> None:
        if self.tables.get(table.code) is table:
            del self.tables[table.code]

    # ---- starting and stopping ---------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Restore the running tables, then accept connections; the port listened on."""
        for stored in await self.storage.open():
            try:
                table = Table.restore(stored, self, self.storage, self.table_options)
            except Exception as e:  # noqa: BLE001 - one damaged table must not stop the others
                print(f"scram: table {stored.code} cannot be restored ({e}); it is closed", file=sys.stderr)
                await self.storage.close_table(stored.code)
                continue
            self.tables[table.code] = table
            table.run()
        o = self.options
        self.server = await serve(
            self.handler,
            host,
            port,
            process_request=_root_only,
            max_size=protocol.MAX_FRAME,
            ping_interval=o.ping_interval,
            ping_timeout=o.ping_timeout,
            close_timeout=o.close_timeout,
            compression=None,
            server_header=f"scram/{self.version}",
        )
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Stop accepting, close every connection (1001), stop the tables, flush storage."""
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for table in list(self.tables.values()):
            await table.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)
        await self.storage.close()

    # ---- one connection ----------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.options.rate)
        self.conns.add(conn)
        try:
            await self._hello(conn)
            # Once the connection is closing, what still arrives is read and dropped: left
            # unread it would stop the socket's reading, and the close handshake with it.
            async for text in ws:
                if conn.closing:
                    continue
                if not conn.rate.hit():
                    conn.send(
                        protocol.encode(
                            protocol.error("rate", f"more than {conn.rate.limit} messages a second")
                        )
                    )
                    conn.close(protocol.CLOSE_POLICY, "too many messages")
                    continue
                self._route(conn, text)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            if conn.table is not None:
                conn.table.post(("gone", conn))
            await conn.finish(5.0)

    async def _hello(self, conn: Conn) -> None:
        refusal = None
        try:
            async with asyncio.timeout(self.options.hello_timeout):
                text = await conn.ws.recv()
        except TimeoutError:
            refusal = protocol.error("bad-message", f"say hello within {self.options.hello_timeout:g} s")
        else:
            conn.rate.hit()
            try:
                msg = protocol.read_message(text)
            except protocol.ProtocolError as e:
                refusal = protocol.error(e.code, e.message, e.id)
            else:
                if not isinstance(msg, protocol.Hello):
                    refusal = protocol.error("bad-message", "the first message must be hello")
        if refusal is not None:
            conn.send(protocol.encode(refusal))
            conn.close(protocol.CLOSE_POLICY, refusal["message"][:100])
            return
        conn.name = msg.name
        conn.send(protocol.encode(protocol.welcome(self.version)))

    def _route(self, conn: Conn, text: str | bytes) -> None:
        try:
            msg = protocol.read_message(text)
        except protocol.ProtocolError as e:
            return conn.send(protocol.encode(protocol.error(e.code, e.message, e.id)))
        if msg is None:
            return  # a message type this version does not know: ignored (NETWORK.md)
        if isinstance(msg, protocol.Hello):
            return _refuse(conn, "bad-message", "you have already said hello", msg.id)
        if isinstance(msg, protocol.Create | protocol.Join) and conn.table is not None:
            return _refuse(conn, "bad-message", "this connection holds a seat: leave it first", msg.id)
        if isinstance(msg, protocol.Create):
            return self._create(conn, msg)
        if isinstance(msg, protocol.Join | protocol.Resume):
            return self._find(conn, msg)
        if conn.table is None:
            return _refuse(conn, "not-seated", "join or create a table first", msg.id)
        conn.table.post(("msg", conn, msg))

    def _create(self, conn: Conn, msg: protocol.Create) -> None:
        table = Table(
            new_code(self.tables), msg.campers, msg.levels, msg.pace, self, self.storage, self.table_options
        )
        self.tables[table.code] = table
        table.run()
        conn.bind(table)
        table.post(("create", conn, msg))

    def _find(self, conn: Conn, msg: protocol.Join | protocol.Resume) -> None:
        """A table by its code (join) or a seat's token (resume); wrong ones are counted
        per address, and past the limit not even looked at."""
        joining = isinstance(msg, protocol.Join)
        if self.wrong.blocked(conn.address):
            what = "wrong codes" if joining else "tokens that resume nothing"
            return _refuse(conn, "rate", f"too many {what} from your address: wait a minute", msg.id)
        table = self.tables.get(msg.code) if joining else self.tokens.get(token_key(msg.token))
        if table is None:
            self.wrong.fail(conn.address)
            if joining:
                return _refuse(conn, "no-table", f"there is no table {msg.code[:12]!r} here", msg.id)
            return _refuse(conn, "bad-token", "that token resumes no seat", msg.id)
        if conn.table is not None and conn.table is not table:
            return _refuse(conn, "bad-message", "this connection holds a seat at another table", msg.id)
        conn.bind(table)
        table.post(("msg", conn, msg) if joining else ("resume", conn, msg))


def _refuse(conn: Conn, code: str, message: str, id: str | int | None) -> None:
    conn.send(protocol.encode(protocol.error(code, message, id)))


HEALTH_PATH = "/healthz"  # a plain GET here answers 200 "ok": for a proxy's or a supervisor's probe


def _root_only(connection: ServerConnection, request):
    """The protocol lives at path `/` (a query string is allowed); `/healthz` answers a
    plain HTTP GET (no upgrade) while the server accepts connections; anything else: 404."""
    path = request.path.split("?", 1)[0]
    if path == HEALTH_PATH:
        return connection.respond(http.HTTPStatus.OK, "ok\n")
    if path != "/":
        return connection.respond(http.HTTPStatus.NOT_FOUND, "scram-net/1 is served at /\n")
    return None
