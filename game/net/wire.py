"""A table server's WebSocket connections: websockets' asyncio `ServerConnection` with the
caps that must act before any message is read.

- A TCP connection is counted the moment it is made; past the caps (`caps.Caps.arrive`: in
  all, below the descriptor limit; per address and IPv6 site; new ones per address, per site
  and a second in all) it is cut at once,
  before a byte is read, so a flood of connections costs an accept and a close each.
- At the opening handshake, past the caps a person may meet (too many connections from one
  address, a server nearly full) the answer is HTTP 429 or 503 with one sentence.
- Every frame is counted as it is parsed (`FrameBudget`), control frames (pings, pongs)
  as much as messages: past the budget the connection gets `error` `rate` and is closed
  (1008) before the rest of what it sent is even parsed.
- A connection that is closing is cut after `close_timeout` whatever its peer does.
- When a connection is over, the reference cycles asyncio and websockets leave behind (the
  transport's callback to itself, an exception and its traceback) are broken, so its memory
  is freed by reference counting, even after the collector (`collector.py`) froze it.
"""

from __future__ import annotations

import asyncio
import http

from websockets.asyncio.server import ServerConnection
from websockets.frames import BINARY, CLOSE, CONT, TEXT, Frame
from websockets.http11 import Request, Response
from websockets.protocol import OPEN
from websockets.server import ServerProtocol

from . import protocol
from .caps import Caps, forwarded_for
from .limits import Window

MAX_FRAGMENTS = 16  # frames one message may come in
CLOSE_CUT = 3.0  # seconds a closing connection is given before it is cut (no close_timeout)
TOO_MANY = http.HTTPStatus.TOO_MANY_REQUESTS
FULL = http.HTTPStatus.SERVICE_UNAVAILABLE


class FrameBudget:
    """What one connection may send: `rate` messages and control frames in any second, a
    message in at most MAX_FRAGMENTS frames. The first message after the server asked this
    connection for a decision (`ask`) is not counted: a bot that answers its turns at once,
    however fast the table plays, is never cut."""

    def __init__(self, rate: int) -> None:
        self.window = Window(rate, 1.0)
        self.fragments = 0
        self.owed = False

    def ask(self) -> None:
        self.owed = True

    def take(self, frame: Frame) -> str | None:
        """None if `frame` is within the budget (counted), else why not."""
        opcode = frame.opcode
        if opcode is CLOSE:
            return None
        if opcode is TEXT or opcode is BINARY or opcode is CONT:
            if not frame.fin:
                self.fragments += 1
                return "fragments" if self.fragments >= MAX_FRAGMENTS else None
            self.fragments = 0
            if self.owed:
                self.owed = False
                return None
        return None if self.window.hit() else "rate"


class CappedProtocol(ServerProtocol):
    """websockets' server protocol, counting every frame against the connection's budget."""

    budget: FrameBudget

    def recv_frame(self, frame: Frame) -> None:
        if self.state is OPEN:
            why = self.budget.take(frame)
            if why is not None:
                return self._refuse(why, frame)
        super().recv_frame(frame)

    def _refuse(self, why: str, frame: Frame) -> None:
        """Say why, then fail the connection (1008): what follows in the buffer is dropped
        unparsed (`fail` swaps the parser for a discarding one)."""
        if why == "rate":
            tag = protocol.peek_id(frame.data) if frame.opcode is TEXT else None
            said = protocol.error("rate", f"more than {self.budget.window.limit} messages a second", tag)
            close = "too many messages"
        else:
            said = protocol.error("bad-message", f"a message may come in at most {MAX_FRAGMENTS} frames")
            close = "too many fragments"
        self.send_text(protocol.encode(said).encode())
        self.fail(protocol.CLOSE_POLICY, close)


class CappedConnection(ServerConnection):
    """One connection, counted from its first moment (`caps`, set on a subclass by
    `connection_class`) and cut past the caps."""

    caps: Caps
    rate: int = protocol.RATE_PER_SECOND

    def __init__(self, connection_protocol: ServerProtocol, server, **kw) -> None:
        # websockets builds the protocol itself; this connection's frames are counted by
        # the subclass (the same object, so nothing else changes).
        connection_protocol.__class__ = CappedProtocol
        connection_protocol.budget = FrameBudget(self.rate)
        super().__init__(connection_protocol, server, **kw)
        self.peer = ""  # the TCP peer's address
        self.client = ""  # the address the client counts as (behind a trusted proxy: its own)
        self.counted = False  # counted in `caps` (not cut at once)
        self.admitted = False  # counted per client address behind a trusted proxy
        self.cut: asyncio.TimerHandle | None = None

    @property
    def budget(self) -> FrameBudget:
        return self.protocol.budget

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        refusal = self.caps.arrive(self.peer)
        if refusal is not None:
            if refusal == "full":
                self.caps.shortage_seen()
            elif refusal == "rush":
                self.caps.rush_seen()
            transport.abort()  # before anything is read: no handler, no handshake
            if hasattr(transport, "_read_ready_cb"):  # (see _break_cycles)
                transport._read_ready_cb = None
            self.protocol.parser = None  # (its parser, waiting for a request, holds it)
            return
        self.counted = True
        self.client = self.caps.client(self.peer, None)
        super().connection_made(transport)

    def admit(self, request: Request) -> Response | None:
        """At the opening handshake: None, or the HTTP answer of a connection past the caps."""
        forwarded = forwarded_for(request.headers.get("X-Forwarded-For"))
        self.client = self.caps.client(self.peer, forwarded)
        refusal = self.caps.admit(self.peer, self.client)
        if refusal is None:
            self.admitted = self.caps.trusted(self.peer)
            return None
        full = refusal.startswith("this server")
        response = self.respond(FULL if full else TOO_MANY, refusal + "\n")
        response.headers["Retry-After"] = "60" if full else "10"
        return response

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cut is None and self.protocol.close_expected():
            self.cut = self.loop.call_later(self.close_timeout or CLOSE_CUT, self.transport.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.counted:
            return  # cut in connection_made: websockets never saw it
        self.counted = False
        self.caps.gone(self.peer)
        if self.admitted:
            self.caps.client_gone(self.peer, self.client)
        if self.cut is not None:
            self.cut.cancel()
            self.cut = None
        super().connection_lost(exc)
        self._break_cycles()

    def _break_cycles(self) -> None:
        """Drop the references that make a finished connection a cycle (its end has been
        read: nothing reads them again; tests/net/test_leftovers.py proves none is left)."""
        transport = self.transport
        if hasattr(transport, "_read_ready_cb"):  # asyncio's selector transport: a bound method of itself
            transport._read_ready_cb = None
        proto = self.protocol
        proto.handshake_exc = None  # an exception whose traceback holds the parser's frames
        proto.parser_exc = None
        proto.parser = None  # a generator suspended for good, whose frame holds the protocol


def connection_class(caps: Caps, rate: int) -> type[CappedConnection]:
    """The connection class of one server: its caps and its message rate."""
    return type("ServerConnection", (CappedConnection,), {"caps": caps, "rate": rate})
