"""The table server: WebSocket connections at path `/`, the registry of tables and tokens,
and the limits of NETWORK.md (16 KiB frames, hello first within 10 s, 20 messages a
second, wrong codes per address, ping timeouts) with this server's caps on what one
client may take (`caps.py`: connections, tables; `wire.py`: every frame counted).

Each connection is a `Conn`: its messages are read and checked here (`protocol`), then
posted to its table's inbox; what the table sends it goes through the connection's own
outbox and writer task, so a slow or frozen peer never holds a table up (one whose unsent
messages pile up is closed, 4003). A connection's answers come in the order of its
messages: while it has a table, even the answers given here go through that table's inbox.
`TableServer.start()` restores the running tables from storage before it accepts anyone.
When every place for a table is taken, the never-started table nobody has been connected to
the longest gives its place to a newcomer's `create`.
The log (`scram.server`) says when a table opens and closes (one line each, or a summary
line every few seconds under a flood: `table_log.py`), never a client's mistake.
"""

from __future__ import annotations

import asyncio
import errno
import http
import logging
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.thinking import shared_thinker
from game.threads import hand_over_quickly

from . import protocol
from . import watch_protocol as watch
from .bot_queue import BotQueue
from .caps import OWN_SERVER_CREATORS, Caps, Limits, Throttle
from .codes import is_code, new_code, token_key
from .inbox import Close, Create, Gone, Message, Resume, Say, Watch
from .limits import AddressLimit, Window
from .storage import Storage
from .table import ABANDONED_CLOSE, Table, TableOptions, shuffled_deal
from .table_log import TableLog
from .wire import CappedConnection, connection_class

log = logging.getLogger("scram.server")
TIDY_SECONDS = 10.0

_CLOSE = object()
READ_SIZE = 64 * 1024  # bytes read from a socket at once


class Conn:
    """One client connection: its name once it said hello, its table, its limits, and the
    outbox its writer task empties into the socket in order."""

    MAX_PENDING = 256  # unsent messages before a reader this slow is let go
    MAX_PENDING_BYTES = 1 << 20  # ... or unsent bytes
    DIRECT_BELOW = 32 * 1024  # bytes in the socket's buffer under which a message is written at once

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        if isinstance(ws, CappedConnection):
            self.address = ws.client
        else:
            peer = ws.remote_address
            self.address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        self.name: str | None = None
        self.table: Table | None = None
        self.reactions = Window(3, 5.0)
        self.creates = Window(limits.creates_per_connection, limits.creates_per_connection_seconds)
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.pending = 0  # bytes in the outbox
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
        if self.outbox.qsize() >= self.MAX_PENDING or self.pending + len(text) > self.MAX_PENDING_BYTES:
            self.close(protocol.CLOSE_SLOW, "too many messages waiting: the connection is too slow")
            return
        self.pending += len(text)
        self.outbox.put_nowait(text)

    def asked(self) -> None:
        """The table asked this connection's seat to decide (its next message is not counted
        against the rate: `wire.FrameBudget`)."""
        if isinstance(self.ws, CappedConnection):
            self.ws.budget.ask()

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
                self.pending -= len(item)
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
    bot_workers: int = 2  # worker processes the tables' bots think in (game/thinking.py)
    limits: Limits = field(default_factory=Limits)  # what one client may take (caps.py)


def own_server_options(**options) -> ServerOptions:
    """The options of the desktop game's own server (a table hosted "on this computer"): only
    this computer creates a table (its host's); whoever else reaches the port may join it or
    watch it, and is refused `no-create`."""
    return ServerOptions(limits=Limits(creators=OWN_SERVER_CREATORS), **options)


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
        abandoned_close: float = ABANDONED_CLOSE,
    ) -> None:
        self.storage, self.version = storage, version
        self.options = options or ServerOptions()
        hand_over_quickly()  # the loop gets the GIL back soon from a thinking bot
        self.thinker = shared_thinker(self.options.bot_workers)
        self.bot_queue = BotQueue(self.thinker)  # fairly between clients
        self.caps = Caps(self.options.limits)
        self.table_options = TableOptions(self.bot_queue, grace, idle_close, deal, self.caps, abandoned_close)
        self.table_log = TableLog()
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, Table] = {}  # token key -> its table
        # Never-started tables nobody is connected to, the longest vacant first: when every
        # place is taken, the first gives its place to a newcomer.
        self.vacant_tables: dict[str, Table] = {}
        self.wrong = AddressLimit(self.options.wrong_codes, self.options.wrong_codes_seconds)
        self.server: Server | None = None
        self.conns: set[Conn] = set()
        self.out_of_files = Throttle(60.0)
        self.tidying: asyncio.Task | None = None
        self.loop_handler = None  # the event loop's error handler before this server's

    # ---- the hub a table uses ----------------------------------------------------------
    def register(self, key: str, table: Table) -> None:
        self.tokens[key] = table

    def unregister(self, key: str | None) -> None:
        self.tokens.pop(key, None)

    def vacant(self, table: Table, vacant: bool) -> None:
        if vacant and self.tables.get(table.code) is table:
            self.vacant_tables.setdefault(table.code, table)
        else:
            self.vacant_tables.pop(table.code, None)

    def closed(self, table: Table, why: str) -> None:
        self.vacant_tables.pop(table.code, None)
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
            self.caps.closed(table.code)
            self.table_log.closed(table.code, why, table.game_no, len(self.tables))

    # ---- starting and stopping ---------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Restore the running tables, then accept connections; the port listened on."""
        for stored in await self.storage.open():
            try:
                if stored.damage is not None:
                    raise ValueError(stored.damage)
                table = Table.restore(stored, self, self.storage, self.table_options)
            except Exception as e:  # noqa: BLE001 - one damaged table must not stop the others
                log.warning("table %s cannot be restored (%s): it is closed", stored.code, _short(e))
                await self.storage.close_table(stored.code)
                continue
            self.tables[table.code] = table
            self.caps.opened(table.code, table.creator, created=False)  # (still counted)
            table.run()
        if self.tables:
            log.info("%d running tables restored", len(self.tables))
        o = self.options
        loop = asyncio.get_running_loop()
        self.loop_handler = loop.get_exception_handler()  # (put back by `stop`)
        loop.set_exception_handler(self._loop_trouble)
        self.server = await serve(
            self.handler,
            host,
            port,
            process_request=self._process_request,
            create_connection=connection_class(self.caps, o.rate),
            max_size=protocol.MAX_FRAME,
            ping_interval=o.ping_interval,
            ping_timeout=o.ping_timeout,
            close_timeout=o.close_timeout,
            compression=None,
            server_header=f"scram/{self.version}",
        )
        self.tidying = asyncio.create_task(self._tidy(), name="forget quiet addresses")
        return self.server.sockets[0].getsockname()[1]

    async def _tidy(self) -> None:
        """Now and then, forget the addresses the limits have not counted for a while."""
        while True:
            await asyncio.sleep(TIDY_SECONDS)
            self.wrong.tidy()
            self.caps.tidy()
            self.table_log.summary(len(self.tables))

    async def stop(self) -> None:
        """Stop accepting, close every connection (1001), stop the tables, flush storage."""
        if self.tidying is not None:
            self.tidying.cancel()
            asyncio.get_running_loop().set_exception_handler(self.loop_handler)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for table in list(self.tables.values()):
            await table.stop()
        await self.storage.close()

    def _process_request(self, connection: ServerConnection, request):
        """Before the opening handshake: the path, then the caps (HTTP 429 / 503)."""
        response = _root_only(connection, request)
        if response is None and isinstance(connection, CappedConnection):
            response = connection.admit(request)
        return response

    def _loop_trouble(self, loop: asyncio.AbstractEventLoop, context: dict) -> None:
        """The event loop's errors: running out of descriptors is one line a minute (asyncio
        would write a traceback for every connection it could not accept); the rest as
        asyncio writes them."""
        e = context.get("exception")
        if isinstance(e, OSError) and e.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            if self.out_of_files():
                log.warning(
                    "out of descriptors or memory (%s) with %d connections open: new ones wait",
                    e.strerror,
                    self.caps.sockets,
                )
            return
        if self.loop_handler is not None:
            self.loop_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    # ---- one connection ----------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.options.limits)
        self.conns.add(conn)
        try:
            await self._hello(conn)
            # Once the connection is closing, what still arrives is read and dropped: left
            # unread it would stop the socket's reading, and the close handshake with it.
            # (How many messages a second is counted as they are parsed: `wire.FrameBudget`.)
            async for text in ws:
                if conn.closing:
                    continue
                self._route(conn, text)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            if conn.table is not None:
                conn.table.post(Gone(conn))
            await conn.finish(5.0)

    async def _hello(self, conn: Conn) -> None:
        refusal = None
        try:
            async with asyncio.timeout(self.options.hello_timeout):
                text = await conn.ws.recv()
        except TimeoutError:
            refusal = protocol.error("bad-message", f"say hello within {self.options.hello_timeout:g} s")
        else:
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
            return _refuse(conn, e.code, e.message, e.id)
        if msg is None:
            try:  # watching and the shared review (docs/NETWORK-EXTENSIONS.md)
                msg = watch.read_message(text)
            except protocol.ProtocolError as e:
                return _refuse(conn, e.code, e.message, e.id)
        if msg is None:
            return  # a message type this version does not know: ignored (NETWORK.md)
        if isinstance(msg, protocol.Hello):
            return _refuse(conn, "bad-message", "you have already said hello", msg.id)
        if isinstance(msg, protocol.Create | protocol.Join | watch.Watch) and conn.table is not None:
            return _refuse(conn, "bad-message", "this connection holds a seat: leave it first", msg.id)
        if isinstance(msg, protocol.Create):
            return self._create(conn, msg)
        if isinstance(msg, protocol.Join | protocol.Resume | watch.Watch):
            return self._find(conn, msg)
        if conn.table is None:
            return _refuse(conn, "not-seated", "join or create a table first", msg.id)
        conn.table.post(Message(conn, msg))

    def _create(self, conn: Conn, msg: protocol.Create) -> None:
        if not self.caps.may_host(conn.address):
            why = "this is a player's own server: it holds its host's table only (join it by its code)"
            return _refuse(conn, "no-create", why, msg.id)
        if self.caps.all_tables_open() and self.vacant_tables:
            self._give_place()
        why = self.caps.may_create(conn.address)
        if why is None and not conn.creates.hit():
            why = f"this connection has created {conn.creates.limit} tables lately: wait a minute"
        if why is not None:
            return _refuse(conn, "limit", why, msg.id)
        code, options = new_code(self.tables), self.table_options
        table = Table(code, msg.campers, msg.levels, msg.pace, self, self.storage, options, conn.address)
        self.tables[table.code] = table
        self.caps.opened(table.code, conn.address)
        self.table_log.opened(table.code, msg.campers, conn.address, len(self.tables))
        table.run()
        conn.bind(table)
        table.post(Create(conn, msg))

    def _give_place(self) -> None:
        """Every place is taken: the table vacant the longest (never started, nobody there)
        closes, and its place counts as free at once."""
        code, table = next(iter(self.vacant_tables.items()))
        del self.vacant_tables[code]
        self.caps.closed(code)
        table.post(Close("the server was full and a newcomer needed its place"))

    def _find(self, conn: Conn, msg: protocol.Join | protocol.Resume) -> None:
        """A table by its code (join) or a seat's token (resume); wrong ones are counted
        per address, and past the limit not even looked at."""
        joining = isinstance(msg, protocol.Join | watch.Watch)
        if self.wrong.blocked(conn.address):
            what = "wrong codes" if joining else "tokens that resume nothing"
            return _refuse(conn, "rate", f"too many {what} from your address: wait a minute", msg.id)
        if joining and not is_code(msg.code):  # not a code at all: no guess, not counted
            return _refuse(
                conn,
                "no-table",
                f"{msg.code[:12]!r} is not a table code: a code is {protocol.CODE_LENGTH} letters and digits",
                msg.id,
            )
        table = self.tables.get(msg.code) if joining else self.tokens.get(token_key(msg.token))
        if table is None:
            self.wrong.note(conn.address)
            if joining:
                return _refuse(conn, "no-table", f"there is no table {msg.code} here", msg.id)
            return _refuse(conn, "bad-token", "that token resumes no seat", msg.id)
        if conn.table is not None and conn.table is not table:
            return _refuse(conn, "bad-message", "this connection holds a seat at another table", msg.id)
        conn.bind(table)
        if isinstance(msg, watch.Watch):
            return table.post(Watch(conn, msg))
        table.post(Message(conn, msg) if joining else Resume(conn, msg))


def _refuse(conn: Conn, code: str, message: str, id: str | int | None) -> None:
    """Answer `error`, after every answer to the connection's earlier messages: while it has a
    table, through that table's inbox (where those answers are made)."""
    text = protocol.encode(protocol.error(code, message, id))
    if conn.table is not None:
        conn.table.post(Say(conn, text))
    else:
        conn.send(text)


def _short(e: Exception) -> str:
    """An exception in a few words for a log line."""
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= 120 else text[:117] + "..."


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
