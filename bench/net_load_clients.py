"""The load clients of bench/net_load.py: as cheap as a client of a table server can be, so
that the load process is not what the benchmark measures.

Each connection is websockets' Sans-I/O client protocol (`websockets.client.ClientProtocol`)
on a plain asyncio transport: no task, no queue and no coroutine a connection or a message,
only `data_received` callbacks. A seat follows its messages with the same mirror the bot
client uses (`game.seat.follower.SeatFollower`: events followed, the view built only when the
seat must decide), decides at once (the rules core's random legal decision) and keeps under
NETWORK.md's 20 messages a second. A `move` is read the cheap way: its events (the
message's last key, as this server writes it) always, the whole message only when the seat's
turn has begun (`SeatFollower.follow`, then `see`). The latency of a decision is measured from the moment
its `act` is written to the socket until its `move` is read back, before it is parsed.

Watchers (`--watchers N`: N a table, docs/NETWORK-EXTENSIONS.md) are the same connections
that `watch` the table's code from an address of their own (127.x.y.z: the server caps
watchers per address) and count the frames they are sent, parsing nothing else.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import deque
from urllib.parse import urlsplit

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from game.net.protocol import PROTOCOL, RATE_PER_SECOND
from game.rules import decision_to_json, event_from_json
from game.seat.follower import SeatFollower

TURN = ("start", "drawn", "twelve")
MOVE = re.compile(rb'\{"type":"move","ver":(\d+),"by":(\d+),')
EVENTS = b',"events":'  # the last key of a move
SEND_RATE = RATE_PER_SECOND - 2  # in any second, with a margin for jitter


class Stats:
    """What every seat of the load adds up while `measuring`."""

    def __init__(self) -> None:
        self.decisions = 0
        self.latencies: list[float] = []
        self.measuring = False
        self.errors: dict[str, int] = {}
        self.watched = 0  # frames the watchers were sent while measuring
        self.waited = (0.0, 0.0)  # seconds the server and the load waited for a core
        self.system = (0.0, 0.0)  # CPU seconds the server and the load spent in the kernel


class Wire(asyncio.BufferedProtocol):
    """One WebSocket connection: frames in through `on_text(data, when)`, text out by `send`.
    Read into a buffer of its own (asyncio's plain protocols get a fresh 256 KiB one a read)."""

    def __init__(self, url: str) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=4 * 1024 * 1024)
        self.buffer = memoryview(bytearray(64 * 1024))
        self.transport: asyncio.Transport | None = None
        self.opened = asyncio.get_running_loop().create_future()
        self.on_text = None  # set by the seat

    def connection_made(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.ws.send_request(self.ws.connect())
        self._flush()

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.buffer

    def buffer_updated(self, nbytes: int) -> None:
        when = time.perf_counter()
        self.ws.receive_data(bytes(self.buffer[:nbytes]))
        for event in self.ws.events_received():
            if type(event) is Frame:
                if event.opcode is Opcode.TEXT:
                    self.on_text(event.data, when)
            elif type(event) is Response and not self.opened.done():
                if self.ws.handshake_exc is not None:  # (an HTTP 429 or 503: past the server's caps)
                    self.opened.set_exception(ConnectionError(f"HTTP {event.status_code}"))
                else:
                    self.opened.set_result(None)
        self._flush()  # (pongs, a close)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))

    def send(self, text: str) -> None:
        if self.ws.state is not State.OPEN:
            return  # (the server stopped: a reconnecting seat is on another connection)
        self.ws.send_text(text.encode())
        self._flush()

    def _flush(self) -> None:
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()


class Arrivals:
    """New connections at most `per_second`, evenly spaced, as people arriving at a server
    would (the server cuts a burst past its new connections a second: `caps.Limits`)."""

    def __init__(self, per_second: float | None) -> None:
        self.gap = 1.0 / per_second if per_second else 0.0
        self.due = 0.0

    async def turn(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        at = max(now, self.due)
        self.due = at + self.gap
        if at > now:
            await asyncio.sleep(at - now)


class LoadSeat:
    """One camper of the load: seats itself (awaiting each answer), then plays by callback."""

    def __init__(self, wire: Wire, stats: Stats, rng: random.Random, counts_all: bool) -> None:
        self.wire, self.stats, self.rng, self.counts_all = wire, stats, rng, counts_all
        self.host = False
        self.mirror: SeatFollower | None = None
        self.answer: asyncio.Future | None = None  # while seating: the reply awaited ...
        self.answer_kind = ""  # ... and its type
        self.sent_at: tuple[int, float] | None = None  # (ver, when) of the act in flight
        self.times: deque[float] = deque()  # when the last SEND_RATE messages went
        self.token: str | None = None  # the seat's, to resume it
        self.source: str | None = None  # the local address it connects from
        wire.on_text = self.on_text

    @classmethod
    async def connect(
        cls, url: str, stats: Stats, rng: random.Random, counts_all: bool, source: str | None = None
    ) -> LoadSeat:
        """`source`: the local address to connect from (hostile/hostile_load.py's other table)."""
        parts = urlsplit(url)
        loop = asyncio.get_running_loop()
        local = None if source is None else (source, 0)
        _, wire = await loop.create_connection(
            lambda: Wire(url), parts.hostname, parts.port, local_addr=local
        )
        await wire.opened
        return cls(wire, stats, rng, counts_all)

    async def reconnect(self, url: str) -> None:
        """A new connection for this seat (its game followed afresh from the next `state`)."""
        parts = urlsplit(url)
        local = None if self.source is None else (self.source, 0)
        loop = asyncio.get_running_loop()
        _, wire = await loop.create_connection(
            lambda: Wire(url), parts.hostname, parts.port, local_addr=local
        )
        try:
            await wire.opened
        except BaseException:
            wire.transport.abort()
            raise
        self.wire, self.mirror, self.sent_at = wire, None, None
        wire.on_text = self.on_text

    # ---- seating ---------------------------------------------------------------------------
    async def ask(self, message: dict, answer: str) -> dict:
        self.answer, self.answer_kind = asyncio.get_running_loop().create_future(), answer
        self.wire.send(json.dumps(message))
        reply = await asyncio.wait_for(self.answer, 30)
        self.answer = None
        return reply

    async def hello(self, name: str) -> None:
        await self.ask({"type": "hello", "protocol": PROTOCOL, "name": name, "app": "bench"}, "welcome")

    def start(self) -> None:
        self.host = True
        self._send(json.dumps({"type": "start"}))

    # ---- playing ---------------------------------------------------------------------------
    def on_text(self, data: bytes, when: float) -> None:
        head = MOVE.match(data)
        if head is not None and self.mirror is not None:
            return self._moved(data, int(head[1]), int(head[2]), when)
        message = json.loads(data)
        kind = message["type"]
        if kind == "state":
            self.mirror = SeatFollower(message["seat"])
            self.mirror.feed(message)
            self._play(message["view"], message["ver"])
        elif self.answer is not None and kind in (self.answer_kind, "error"):
            self.answer.set_result(message)
        elif kind == "over" and self.host:
            self._send(json.dumps({"type": "start"}))
        elif kind == "error":
            self.stats.errors[message["code"]] = self.stats.errors.get(message["code"], 0) + 1

    def _moved(self, data: bytes, ver: int, by: int, when: float) -> None:
        stats, seat = self.stats, self.mirror.seat
        if stats.measuring:
            if self.counts_all or by == seat:
                stats.decisions += 1
            sent = self.sent_at
            if by == seat and sent is not None and ver == sent[0] + 1:
                stats.latencies.append(when - sent[1])
        events = json.loads(data[data.rindex(EVENTS) + len(EVENTS) : -1])
        self.mirror.follow([event_from_json(e) for e in events])
        if self.mirror.turn == seat:  # it may be this seat's to decide: read the view
            view = json.loads(data)["view"]
            self.mirror.see(view)
            self._play(view, ver)

    def _play(self, view: dict, ver: int) -> None:
        seat = self.mirror.seat
        if view["turn"] == seat and view["phase"] in TURN:
            v = self.mirror.view()
            decision = decision_to_json(v.sample_decision(self.rng), v.holding)
            self._send(json.dumps({"type": "act", "ver": ver, "decision": decision}), ver)

    def _send(self, text: str, act: int | None = None) -> None:
        """Now, or once the last second holds fewer than SEND_RATE messages."""
        now = time.perf_counter()
        times = self.times
        while times and now - times[0] >= 1.0:
            times.popleft()
        if len(times) >= SEND_RATE:
            asyncio.get_running_loop().call_later(times[0] + 1.0 - now, self._send, text, act)
            return
        times.append(now)
        if act is not None:
            self.sent_at = (act, now)  # the latency runs from here
        self.wire.send(text)


async def seat_table(
    url: str,
    stats: Stats,
    rng: random.Random,
    bots: bool,
    level: str,
    source: str | None = None,
    pace: str = "instant",
    kind: type[LoadSeat] = LoadSeat,
    arrivals: Arrivals | None = None,
) -> list[LoadSeat]:
    """One table: its host (a `kind`) creates it (4 seats; with `bots`, 3 server bots at
    `level`, playing at `pace`), the others join; nobody has started yet. Each connection
    waits for its turn of `arrivals`."""
    arrivals = arrivals or Arrivals(None)
    await arrivals.turn()
    host = await kind.connect(url, stats, random.Random(rng.random()), bots, source)
    await host.hello("Host")
    create = {"type": "create", "campers": 4, "seat": 0, "levels": [level] * 4, "pace": pace}
    joined = await host.ask(create, "joined")
    if joined["type"] != "joined":
        raise RuntimeError(f"a table was refused: {joined}")
    host.code, host.token, host.source = joined["code"], joined["token"], source
    seats = [host]
    for n in range(1, 1 if bots else 4):
        await arrivals.turn()
        seat = await LoadSeat.connect(url, stats, random.Random(rng.random()), bots, source)
        await seat.hello(f"Camper {n}")
        answer = await seat.ask({"type": "join", "code": joined["code"]}, "joined")
        seat.token, seat.source = answer["token"], source
        seats.append(seat)
    return seats


class Watcher(LoadSeat):
    """A watcher of the load: it watches a table and counts what it is sent."""

    def on_text(self, data: bytes, when: float) -> None:
        if self.answer is not None:
            message = json.loads(data)
            if message["type"] in (self.answer_kind, "error"):
                self.answer.set_result(message)
        elif self.stats.measuring:
            self.stats.watched += 1


async def watch_table(url: str, code: str, stats: Stats, n: int, first: int) -> list[Watcher]:
    """`n` watchers of table `code`, each from an address of its own (from number `first`)."""
    out = []
    for k in range(first, first + n):
        w = await Watcher.connect(
            url, stats, random.Random(k), False, source=f"127.1.{k % 250}.{k // 250 + 1}"
        )
        await w.hello(f"Watcher {k}")
        answer = await w.ask({"type": "watch", "code": code}, "watching")
        if answer["type"] != "watching":
            raise RuntimeError(f"a watcher was refused: {answer}")
        out.append(w)
    return out


async def seat_all(
    url: str,
    tables: int,
    stats: Stats,
    bots: bool,
    level: str,
    watchers: int = 0,
    arrivals: float | None = None,
) -> list[list[LoadSeat]]:
    """Seat every table (twenty at a time, new connections at most `arrivals` a second), give
    each `watchers` watchers, then start them all. Each table connects from a loopback
    address of its own, in a /24 of its own (127.x.y.1), as campers at different tables come
    from different homes, and each watcher from one of its own (127.1.x.y): the server's caps
    per address and per network are not what is measured."""
    rng, seated, pacing = random.Random(1), [], Arrivals(arrivals)
    for first in range(0, tables, 20):
        batch = range(first, min(tables, first + 20))
        seated += await asyncio.gather(
            *(seat_table(url, stats, rng, bots, level, table_source(t), arrivals=pacing) for t in batch)
        )
    if watchers:
        for first in range(0, tables, 20):
            batch = range(first, min(tables, first + 20))
            found = await asyncio.gather(
                *(watch_table(url, seated[t][0].code, stats, watchers, t * watchers) for t in batch)
            )
            for t, ws in zip(batch, found, strict=True):
                seated[t] += ws
    for seats in seated:
        seats[0].start()
    return seated


async def come_back(url: str, seats: list[LoadSeat], budget: float) -> dict:
    """Every seat reconnects at once and resumes its seat, trying again after the game's
    client's backoff (`retry.backoff`) whenever it is refused or cut: how many were back
    within `budget` seconds, when, and after how many tries."""
    from game.seat.retry import backoff

    began = asyncio.get_running_loop().time()
    refusals: dict[str, int] = {}

    async def one(seat: LoadSeat) -> tuple[float | None, int]:
        tries = 0
        while True:
            tries += 1
            try:
                await seat.reconnect(url)
                await seat.hello("Back")
                answer = await seat.ask({"type": "resume", "token": seat.token}, "joined")
                if answer["type"] == "joined":
                    return asyncio.get_running_loop().time() - began, tries
                why = answer.get("code", "?")
                seat.wire.transport.abort()
            except (OSError, TimeoutError) as e:
                why = str(e) or type(e).__name__
            refusals[why[:40]] = refusals.get(why[:40], 0) + 1
            wait = backoff(tries)
            if asyncio.get_running_loop().time() - began + wait > budget:
                return None, tries
            await asyncio.sleep(wait)

    results = await asyncio.gather(*(one(s) for s in seats))
    times = sorted(t for t, _ in results if t is not None)
    return {
        "seats": len(seats),
        "back": len(times),
        "budget": budget,
        "last": times[-1] if times else 0.0,
        "median": times[len(times) // 2] if times else 0.0,
        "retried": sum(1 for _, n in results if n > 1),
        "most_tries": max((n for _, n in results), default=0),
        "refusals": refusals,
    }


def table_source(table: int) -> str:
    return f"127.{9 + table // 250}.{table % 250}.1"


def close_all(seated: list[list[LoadSeat]]) -> None:
    for seats in seated:
        for seat in seats:
            seat.wire.transport.abort()
