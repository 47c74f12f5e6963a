"""The attacks of hostile/hostile_load.py, each a coroutine that runs for a given time against
a server and returns what it managed, as counts.

They speak WebSocket by hand (a fixed upgrade request, frames masked with a zero key: a
server does not check the key) so that the attacker costs as little as it can and is never
the bottleneck. Every attack connects from loopback addresses of its own: `ONE` is the single
address of a lone stranger, `many(n)` gives n addresses (the whole of 127.0.0.0/8 is
loopback on Linux), as a stranger with many machines would have.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time

ONE = "127.0.0.1"
OTHER = "127.0.0.3"
REQUEST = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
PING = b"\x89\x80\x00\x00\x00\x00"  # a masked ping with no payload
CLOSE = b"\x88\x82\x00\x00\x00\x00\x03\xe8"  # a masked close, 1000
FAILED = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ValueError)


def many(count: int, block: int = 1) -> list[str]:
    """`count` loopback addresses of their own (127.<block>.x.y)."""
    return [f"127.{block}.{n // 250}.{n % 250 + 1}" for n in range(count)]


def spread(count: int, block: int = 20) -> list[str]:
    """`count` loopback addresses each in a /24 of its own (127.<block + k>.x.1)."""
    return [f"127.{block + n // 250}.{n % 250}.1" for n in range(count)]


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    else:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return head + b"\x00\x00\x00\x00" + payload


def message(obj: dict) -> bytes:
    return frame(json.dumps(obj).encode())


HELLO = message({"type": "hello", "protocol": "scram-net/1", "name": "Stranger", "app": "hostile"})
CREATE = message({"type": "create", "campers": 4, "levels": ["greenhorn"] * 4, "pace": "normal"})
LEAVE = message({"type": "leave"})


class Raw:
    """One hand-made WebSocket connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.upgraded = False

    @classmethod
    async def open(cls, port: int, source: str, handshake: bool = True) -> Raw | None:
        """Connected (and upgraded), or None if the server answered something else."""
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        raw = cls(reader, writer)
        if not handshake:
            return raw
        writer.write(REQUEST)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raw.abort()
            return None
        raw.upgraded = True
        return raw

    async def frame(self) -> tuple[int, bytes]:
        b0, b1 = await self.reader.readexactly(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(await self.reader.readexactly(2), "big")
        elif n == 127:
            n = int.from_bytes(await self.reader.readexactly(8), "big")
        return b0 & 0x0F, await self.reader.readexactly(n)

    async def ask(self, data: bytes, *kinds: str) -> dict:
        """Send `data`; the first text message of one of `kinds` (or an error)."""
        self.writer.write(data)
        while True:
            opcode, payload = await asyncio.wait_for(self.frame(), 10)
            if opcode == 0x8:
                raise ConnectionResetError("closed")
            if opcode == 0x1:
                got = json.loads(payload)
                if got["type"] in kinds or got["type"] == "error":
                    return got

    def close(self) -> None:
        if self.upgraded:
            try:
                self.writer.write(CLOSE)
            except (OSError, RuntimeError):
                pass
        self.writer.close()

    def abort(self) -> None:
        self.writer.transport.abort()


async def until(seconds: float, worker, workers: int) -> None:
    """`workers` copies of `worker(n)` looping until `seconds` have passed."""
    deadline = time.monotonic() + seconds

    async def loop(n: int) -> None:
        while time.monotonic() < deadline:
            await worker(n)

    await asyncio.gather(*(loop(n) for n in range(workers)))


# ---- 1. tables ---------------------------------------------------------------------------------
async def open_table(port: int, source: str, counts: dict) -> bool:
    """Connect from `source`, say hello, create a table and go (its camper away); whether
    it was created (`counts`: created, refused or failed)."""
    try:
        raw = await Raw.open(port, source)
        if raw is None:
            counts["refused"] += 1
            return False
        await raw.ask(HELLO, "welcome")
        got = await raw.ask(CREATE, "joined")
        counts["created" if got["type"] == "joined" else "refused"] += 1
        raw.close()
        return got["type"] == "joined"
    except FAILED:
        counts["failed"] += 1
        return False


async def tables(port: int, seconds: float) -> dict:
    """One address: 16 connections create a table each and go (the table stays, its camper
    away), again and again; from another address, one connection creates and leaves in a
    loop (as the issue's 200 empty tables in 24 s), a new connection when it is refused."""
    counts = {"created": 0, "refused": 0, "failed": 0, "created_and_left": 0}

    async def create_and_go(_: int) -> None:
        if not await open_table(port, ONE, counts):
            await asyncio.sleep(0.05)

    async def create_and_leave() -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                raw = await Raw.open(port, OTHER)
                if raw is None:
                    await asyncio.sleep(0.5)
                    continue
                await raw.ask(HELLO, "welcome")
                while time.monotonic() < deadline:
                    got = await raw.ask(CREATE, "joined")
                    if got["type"] != "joined":
                        counts["refused"] += 1
                        break
                    await raw.ask(LEAVE, "table")
                    counts["created_and_left"] += 1
                raw.close()
            except FAILED:
                counts["failed"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(until(seconds, create_and_go, 16), create_and_leave())
    return counts


# ---- 2. connections ----------------------------------------------------------------------------
async def connections(port: int, seconds: float, sources: list[str], most: int = 2000) -> dict:
    """Open `most` idle connections (no handshake, as the issue's 1,012), spread over
    `sources`, and keep them open: whatever the server cuts is opened again."""
    counts = {"opened": 0, "cut": 0, "failed": 0, "held_at_end": 0}
    held: list[Raw] = []
    deadline = time.monotonic() + seconds

    async def keep(n: int) -> None:
        source = sources[n % len(sources)]
        while time.monotonic() < deadline:
            try:
                raw = await Raw.open(port, source, handshake=False)
            except FAILED:
                counts["failed"] += 1
                await asyncio.sleep(0.2)
                continue
            counts["opened"] += 1
            held.append(raw)
            try:  # an idle connection learns it was cut when its read ends (or is reset)
                await asyncio.wait_for(raw.reader.read(), max(0.01, deadline - time.monotonic()))
                counts["cut"] += 1
            except TimeoutError:  # (an OSError too: first)
                counts["held_at_end"] += 1  # (the server's descriptors say how many it holds)
                return
            except OSError:
                counts["cut"] += 1
            finally:
                held.remove(raw)
                raw.abort()

    await asyncio.gather(*(keep(n) for n in range(most)))
    return counts


# ---- 3. pings ----------------------------------------------------------------------------------
async def pings(port: int, seconds: float, sources: list[str], per_source: int = 16) -> dict:
    """From each source, `per_source` connections say hello and then send nothing but pings
    as fast as the socket takes them; a cut connection is opened again."""
    counts = {"pings_sent": 0, "pongs": 0, "cut": 0, "held_to_the_end": 0, "refused": 0, "failed": 0}
    burst = PING * 1000
    deadline = time.monotonic() + seconds  # (a server that never cuts: the flood stops here)

    async def flood(n: int) -> None:
        try:
            raw = await Raw.open(port, sources[n % len(sources)])
            if raw is None:
                counts["refused"] += 1
                await asyncio.sleep(0.1)
                return
            await raw.ask(HELLO, "welcome")
        except FAILED:
            counts["failed"] += 1
            await asyncio.sleep(0.05)
            return

        async def count_pongs() -> None:
            while True:
                opcode, _ = await raw.frame()
                if opcode == 0xA:
                    counts["pongs"] += 1
                elif opcode == 0x8:
                    return

        reading = asyncio.ensure_future(count_pongs())
        try:
            while not reading.done() and time.monotonic() < deadline:
                raw.writer.write(burst)
                counts["pings_sent"] += 1000
                await asyncio.wait_for(raw.writer.drain(), max(0.01, deadline - time.monotonic()))
        except FAILED:
            pass
        counts["cut" if reading.done() else "held_to_the_end"] += 1
        reading.cancel()
        raw.abort()

    await until(seconds, flood, len(sources) * per_source)
    return counts


# ---- 4. connect and close ----------------------------------------------------------------------
async def churn(port: int, cycles: int, sources: list[str], workers: int = 64) -> dict:
    """`cycles` connections opened and closed: every other one a bare TCP connection, the
    others a WebSocket that says hello; the sources in turn."""
    counts = {"cycles": 0, "refused": 0, "failed": 0}
    numbers = itertools.count()

    async def worker(_: int) -> None:
        while (n := next(numbers)) < cycles:
            source = sources[n % len(sources)]
            try:
                raw = await Raw.open(port, source, handshake=n % 2 == 1)
                if raw is None:
                    counts["refused"] += 1
                    continue
                if n % 2 == 1:
                    await raw.ask(HELLO, "welcome")
                raw.close()
                counts["cycles"] += 1
            except FAILED:
                counts["failed"] += 1

    began = time.monotonic()
    await asyncio.gather(*(worker(w) for w in range(workers)))
    counts["per_second"] = round(cycles / (time.monotonic() - began))
    return counts


# ---- 5. many tables ----------------------------------------------------------------------------
HEAP_TRIES = 50  # tries of one table of `heap` cut at once before it is given up


async def heap(port: int, count: int, sources: list[str], workers: int = 32) -> dict:
    """`count` tables created from `sources` (as many as each address may open), each left by
    its creator's connection (the table waits for its camper)."""
    counts = {"created": 0, "refused": 0, "failed": 0}
    numbers = itertools.count()

    async def worker(_: int) -> None:
        while (n := next(numbers)) < count:
            # A connection cut at once (past the server's new connections a second in all) is
            # tried again a little later: this attack measures many tables, not a flood.
            for _try in range(HEAP_TRIES):
                failed = counts["failed"]
                await open_table(port, sources[n % len(sources)], counts)
                if counts["failed"] == failed:
                    break
                await asyncio.sleep(0.1)

    began = time.monotonic()
    await asyncio.gather(*(worker(w) for w in range(workers)))
    counts["seconds"] = round(time.monotonic() - began, 1)
    return counts


# ---- 6. a stranger on a desktop host -----------------------------------------------------------
STRANGER = "127.0.0.5"  # not the address a desktop's own game connects from (127.0.0.1)


async def desktop(port: int, seconds: float, count: int = 8) -> dict:
    """A stranger who reached the port a desktop game opened for its host's table creates
    `count` tables of the top level's bots and keeps them playing for `seconds` (it plays its
    own seat at once; three bots think at each table)."""
    import random

    from bench.net_load_clients import Stats, seat_table
    from game.net.protocol import DEFAULT_LEVEL

    stats, rng = Stats(), random.Random(5)
    stats.measuring = True
    url, seated = f"ws://127.0.0.1:{port}/", []
    counts = {"created": 0, "refused": 0, "failed": 0}
    for _ in range(count):
        try:
            seats = await seat_table(url, stats, rng, True, DEFAULT_LEVEL, source=STRANGER)
        except RuntimeError as e:  # the create was refused
            counts["refused"] += 1
            counts["said"] = str(e)[:160]
            continue
        except FAILED:
            counts["failed"] += 1
            continue
        counts["created"] += 1
        seats[0].start()
        seated.append(seats)
    await asyncio.sleep(seconds)
    counts["decisions"] = stats.decisions
    for seats in seated:
        for seat in seats:
            seat.wire.transport.abort()
    return counts


# ---- 7. every slot of a public server ------------------------------------------------------------
SLOTS_SOURCES = 1250  # addresses, as many as it takes at 8 tables an address


SLOTS_SECONDS = 60.0  # the attack gives up then (it took 45 s to fill every slot without the caps)


async def slots(port: int, count: int, sources: list[str]) -> dict:
    """`count` tables (a server's every slot) from `sources` (8 an address), one short
    connection a table, as fast as the server lets them in, a table cut at once tried again
    twice, for `SLOTS_SECONDS` at most; then a newcomer from an address and network never
    seen before tries to create one."""
    counts = {"created": 0, "refused": 0, "failed": 0}
    numbers = itertools.count()
    began = time.monotonic()
    deadline = began + SLOTS_SECONDS

    async def worker() -> None:
        while (n := next(numbers)) < count and time.monotonic() < deadline:
            for _try in range(3):
                failed = counts["failed"]
                await open_table(port, sources[n // 8 % len(sources)], counts)
                if counts["failed"] == failed:
                    break
                await asyncio.sleep(0.1)

    await asyncio.gather(*(worker() for _ in range(64)))
    counts["seconds"] = round(time.monotonic() - began, 1)
    newcomer = {"created": 0, "refused": 0, "failed": 0}
    await open_table(port, "127.201.0.1", newcomer)
    counts["newcomer"] = "created" if newcomer["created"] else "refused" if newcomer["refused"] else "failed"
    return counts
