"""A small asyncio client of a table server (`scram-net/1`), on the `websockets` asyncio API.

No threads, no pygame: tests, the benchmark, the headless bot client (`game.seat.play`) and
the desktop game's network thread all use it the same way.

    client = await Client.connect("ws://127.0.0.1:8765/")
    await client.hello("Ada")                    # -> the `welcome` message
    joined = await client.create(4, seat=0)      # or .join(code), .resume(token): `joined`
    await client.start()                         # the host; then `state` arrives
    msg = await client.recv()                    # any server message, as a dict
    await client.act(msg["ver"], {"do": "draw"})
    await client.close()

`hello`, `create`, `join` and `resume` wait for their answer (`welcome` / `joined`) and
raise `ServerError` (its `code` and `message`) when the server refuses; messages that
arrive meanwhile are kept, in order, for `recv`. The other requests (`sit`, `start`, `act`,
`leave`, `react`) only send: their answers (`table`, `state`, `move`, or an `error`) come
through `recv`. Watching (docs/NETWORK-EXTENSIONS.md): `watch(code)` waits for `watching`;
`follow`, `share_view`, `allow_watching` and the shared review's `review_open`, `review_go`,
`review_lead`, `review_leave` only send. `wait_for(*types)` reads on to the first message of
those types, keeping the others. A closed connection raises `Closed` (its close `code` and `reason`).
`send(message)` sends any object (tests send malformed ones with `send_text`). Sending
keeps under the server's rate limit (`send_rate` messages in any second; None: unpaced).
"""

from __future__ import annotations

import asyncio
import json
from collections import deque

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidMessage

from game.lang import _
from game.net import protocol as proto
from game.net.protocol import PROTOCOL, RATE_PER_SECOND

MAX_INCOMING = 4 * 1024 * 1024  # a whole game's `over` record fits with room to spare
# The client keeps under the server's limit (20 a second) with a margin for the network's
# jitter: at most this many messages in any second, the next one waits.
SEND_RATE = RATE_PER_SECOND - 2


class ServerError(Exception):
    """The server answered with `error`: `code` (NETWORK.md's list), `message`, `id`."""

    def __init__(self, message: dict) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = message.get("code")
        self.message = message.get("message")
        self.id = message.get("id")


class Closed(Exception):
    """The connection is closed: `code` and `reason` as the closing side gave them."""

    def __init__(self, code: int | None, reason: str) -> None:
        super().__init__(f"connection closed ({code}{': ' + reason if reason else ''})")
        self.code, self.reason = code, reason


class Cut(ConnectionResetError):
    """The server closed the connection before answering its opening handshake: a server
    past its caps cuts a connection unread (too many new connections, from here or in all).
    An `OSError`, so whoever tries again after a lost connection tries again after this."""


class NotAServer(ConnectionError):
    """Something answered the opening handshake, but not in HTTP: no table server there."""


class Client:
    """One connection to a table server; one seat at most."""

    def __init__(self, ws: ClientConnection, send_rate: int | None = SEND_RATE) -> None:
        self.ws = ws
        self.backlog: deque[dict] = deque()  # received, not yet handed out by recv
        self.send_rate = send_rate  # None: no pacing (tests that flood the server)
        self.sent: deque[float] = deque()  # when the last `send_rate` messages went

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        open_timeout: float = 10.0,
        ping_interval: float | None = 20.0,
        ping_timeout: float | None = 20.0,
        close_timeout: float = 3.0,
        send_rate: int | None = SEND_RATE,
        local_addr: tuple[str, int] | None = None,
    ) -> Client:
        """`local_addr`: the address to connect from (tests play several homes on loopback)."""
        more = {} if local_addr is None else {"local_addr": local_addr}
        try:
            ws = await connect(
                url,
                open_timeout=open_timeout,
                ping_interval=ping_interval,
                ping_timeout=ping_timeout,
                close_timeout=close_timeout,
                max_size=MAX_INCOMING,
                compression=None,
                **more,
            )
        except InvalidMessage as e:  # no HTTP answer: closed before it, or something else
            if isinstance(e.__cause__, (EOFError, ConnectionError)):
                raise Cut(_("the server closed the connection before answering")) from e
            raise NotAServer(_("what answered is not a table server ({why})", why=e)) from e
        return cls(ws, send_rate)

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- sending -----------------------------------------------------------------------
    async def send(self, message: dict) -> None:
        await self.send_text(json.dumps(message, separators=(",", ":"), ensure_ascii=False))

    async def send_text(self, text: str | bytes) -> None:
        await self._pace()
        try:
            await self.ws.send(text)
        except ConnectionClosed as e:
            raise self._closed(e) from None

    async def _pace(self) -> None:
        """Wait, if need be, so that no second holds more than `send_rate` messages."""
        if self.send_rate is None:
            return
        loop = asyncio.get_running_loop()
        sent = self.sent
        if len(sent) >= self.send_rate:
            wait = sent[0] + 1.0 - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            sent.popleft()
        sent.append(loop.time())

    async def hello(self, name: str, app: str = "scram.net.client", protocol: str = PROTOCOL) -> dict:
        await self.send(proto.hello(name, app, protocol))
        return await self.wait_for("welcome")

    async def create(
        self, campers: int, seat: int = 0, levels: list[str | None] | None = None, pace: str | None = None
    ) -> dict:
        await self.send(proto.create(campers, seat, levels, pace))
        return await self.wait_for("joined")

    async def join(self, code: str) -> dict:
        await self.send(proto.join(code))
        return await self.wait_for("joined")

    async def resume(self, token: str) -> dict:
        await self.send(proto.resume(token))
        return await self.wait_for("joined")

    async def sit(self, seat: int) -> None:
        await self.send(proto.sit(seat))

    async def start(self) -> None:
        await self.send(proto.start())

    async def act(self, ver: int, decision: dict) -> None:
        await self.send(proto.act(ver, decision))

    async def leave(self) -> None:
        await self.send(proto.leave())

    async def react(self, emote: str) -> None:
        await self.send(proto.react(emote))

    # ---- watching and the shared review (extensions) -----------------------------------
    async def watch(self, code: str) -> dict:
        await self.send(proto.watch(code))
        return await self.wait_for("watching")

    async def follow(self, seat: int | None) -> None:
        await self.send(proto.follow(seat))

    async def share_view(self, share: bool) -> None:
        await self.send(proto.share_view(share))

    async def allow_watching(self, allow: bool) -> None:
        await self.send(proto.allow_watching(allow))

    async def review_open(self) -> None:
        await self.send(proto.review_open())

    async def review_go(self, pos: int) -> None:
        await self.send(proto.review_go(pos))

    async def review_lead(self) -> None:
        await self.send(proto.review_lead())

    async def review_leave(self) -> None:
        await self.send(proto.review_leave())

    # ---- receiving ---------------------------------------------------------------------
    async def recv(self, timeout: float | None = None) -> dict:
        """The next server message (kept ones first); TimeoutError after `timeout` seconds."""
        if self.backlog:
            return self.backlog.popleft()
        return await self._read(timeout)

    async def _read(self, timeout: float | None) -> dict:
        try:
            async with asyncio.timeout(timeout):
                text = await self.ws.recv()
        except ConnectionClosed as e:
            raise self._closed(e) from None
        message = json.loads(text)
        if not isinstance(message, dict):
            raise ValueError(_("the server sent something that is not a JSON object"))
        return message

    async def wait_for(self, *types: str, timeout: float | None = 10.0) -> dict:
        """Read on to the first message of one of `types`, keeping the others for `recv`;
        an `error` (not asked for) raises ServerError."""
        for i, message in enumerate(self.backlog):
            if message.get("type") in types:
                del self.backlog[i]
                return message
        async with asyncio.timeout(timeout):
            while True:
                message = await self._read(None)
                kind = message.get("type")
                if kind in types:
                    return message
                if kind == "error":
                    raise ServerError(message)
                self.backlog.append(message)

    # ---- closing -----------------------------------------------------------------------
    @property
    def close_code(self) -> int | None:
        return self.ws.close_code

    async def wait_closed(self, timeout: float | None = 10.0) -> Closed:
        """Read until the server closes the connection; the `Closed` it gave."""
        async with asyncio.timeout(timeout):
            while True:
                try:
                    await self._read(None)
                except Closed as closed:
                    return closed

    async def close(self) -> None:
        await self.ws.close()

    def _closed(self, e: ConnectionClosed) -> Closed:
        frame = e.rcvd or e.sent
        return Closed(frame.code if frame else None, frame.reason if frame else "")
