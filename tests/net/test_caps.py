"""What one client may take of a server (game/net/caps.py, wire.py), so one client cannot
starve the others: tables per connection, per address and in all, an empty table closed at
once, connections per address and in all (HTTP 429 / 503 first, then cut), new connections per
address, per IPv6 site (/48) and a second in all, a trusted proxy's clients counted apart,
every frame counted, and a shortage of descriptors said once."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from net_support import greeted, run, serving
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage, InvalidStatus
from websockets.frames import BINARY as OP_BINARY
from websockets.frames import CONT as OP_CONT
from websockets.frames import PING as OP_PING
from websockets.frames import TEXT as OP_TEXT
from websockets.frames import Frame

from game.net.caps import Caps, Limits, address_key, forwarded_for, site_key
from game.net.serve import PEER_GONE, PeerGoneOnceAMinute
from game.net.server import TableServer
from game.net.sqlite_store import SqliteStorage
from game.net.wire import MAX_FRAGMENTS, FrameBudget
from game.seat.client import Client

CUT = (InvalidMessage, OSError, EOFError)  # how a client sees a connection cut at once
ROOT = Path(__file__).resolve().parents[2]


async def create(url: str, name: str = "Host") -> tuple[Client, dict]:
    c = await greeted(url, name)
    await c.send({"type": "create", "campers": 4, "levels": ["greenhorn"] * 4, "pace": "instant"})
    answer = await c.wait_for("joined", "error")
    if answer["type"] == "joined":
        await c.wait_for("table")
    return c, answer


# ---- tables ---------------------------------------------------------------------------------
def test_a_table_everyone_left_closes_at_once_and_leaves_nothing_in_the_database(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            c, joined = await create(url)
            await c.leave()
            await c.wait_for("table")
            await c.send({"type": "join", "code": joined["code"]})
            refusal = await c.wait_for("error")
            assert refusal["code"] == "no-table"
            assert not server.tables and not server.caps.owners
        db = sqlite3.connect(tmp_path / "tables.sqlite")
        assert db.execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 0

    run(go())


def test_one_connection_creates_so_many_tables_a_minute(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(creates_per_connection=2)) as (server, url):
            c = await greeted(url)
            for _ in range(2):
                await c.create(4, 0, ["greenhorn"] * 4, "instant")
                await c.wait_for("table")
                await c.leave()
                await c.wait_for("table")
            await c.send({"type": "create", "campers": 4, "id": "third"})
            refusal = await c.wait_for("error")
            assert (refusal["code"], refusal["id"]) == ("limit", "third")
            assert "this connection has created 2 tables" in refusal["message"]

    run(go())


def test_one_address_holds_so_many_open_tables_and_may_open_another_when_one_closes(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(tables_per_address=2)) as (server, url):
            (a, _), _ = await create(url, "A"), await create(url, "B")
            _, refusal = await create(url, "C")
            assert refusal["code"] == "limit" and "2 tables open" in refusal["message"]
            await a.leave()  # A's table is empty: it closes
            await a.wait_for("table")
            _, joined = await create(url, "D")
            assert joined["type"] == "joined"

    run(go())


def test_a_server_holds_so_many_tables_in_all(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(max_tables=1)) as (server, url):
            await create(url, "A")
            _, refusal = await create(url, "B")
            assert refusal["code"] == "limit" and "as many tables as it can" in refusal["message"]

    run(go())


# ---- connections ----------------------------------------------------------------------------
def test_an_address_gets_429_past_its_connections_and_is_cut_past_twice_as_many(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(connections_per_address=2)) as (server, url):
            held = [await greeted(url, f"C{n}") for n in range(2)]
            for _ in range(2):  # the 3rd and 4th: told why
                with pytest.raises(InvalidStatus) as refused:
                    held.append(await Client.connect(url))
                response = refused.value.response
                assert response.status_code == 429 and b"2 connections open" in response.body
            port = server.server.sockets[0].getsockname()[1]
            bare = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]  # 4 sockets
            with pytest.raises(CUT):
                await Client.connect(url, open_timeout=5)
            for _, writer in bare:
                writer.close()

    run(go())


def test_new_connections_from_one_address_are_cut_past_the_rate(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(arrivals_per_address=3)) as (server, url):
            for n in range(3):
                c = await greeted(url, f"C{n}")
                await c.close()
            with pytest.raises(CUT):
                await Client.connect(url, open_timeout=5)
            assert server.caps.sockets <= 1  # (the cut one, being let go)

    run(go())


def test_a_full_server_says_503_then_cuts_and_says_so_once_in_its_log(tmp_path, caplog):
    limits = Limits(max_connections=5, connections_per_address=100, arrivals_per_address=100)

    async def go():
        async with serving(tmp_path, limits=limits) as (server, url):
            held = [await greeted(url, f"C{n}") for n in range(4)]
            with pytest.raises(InvalidStatus) as refused:
                await Client.connect(url)  # the 5th: past 90 % of the most
            assert refused.value.response.status_code == 503
            assert refused.value.response.headers["Retry-After"] == "60"
            port = server.server.sockets[0].getsockname()[1]
            bare = [
                await asyncio.open_connection("127.0.0.1", port) for _ in range(2)
            ]  # the 5th socket: held
            for _ in range(2):
                with pytest.raises(CUT):
                    await Client.connect(url, open_timeout=5)
            for _, writer in bare:
                writer.close()
            for c in held:
                await c.close()

    caplog.set_level(logging.INFO, "scram")
    run(go())
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "descriptor limit" in said[0]


def test_running_out_of_descriptors_anyway_is_one_line_a_minute_not_a_traceback(tmp_path, caplog):
    async def go():
        async with serving(tmp_path) as (server, _):
            loop = asyncio.get_running_loop()
            for _ in range(100):  # what asyncio reports each time accept() finds no descriptor
                context = {"message": "socket.accept() out of system resource"}
                loop.call_exception_handler(
                    {**context, "exception": OSError(errno.EMFILE, "Too many open files")}
                )

    caplog.set_level(logging.DEBUG)
    run(go())
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and said[0].exc_info is None and "Too many open files" in said[0].getMessage()


def test_asyncios_line_for_each_write_to_a_gone_peer_is_said_once_a_minute():
    quiet = PeerGoneOnceAMinute()

    def line(message: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.WARNING, "", 0, message, (), None)

    assert sum(quiet.filter(line(PEER_GONE)) for _ in range(100)) == 1  # a flooder's pongs
    assert quiet.filter(line("Unclosed connection"))  # anything else as it is
    quiet.throttle.last -= 61  # a minute later
    later = line(PEER_GONE)
    assert quiet.filter(later) and later.getMessage().endswith("(and 99 more since the last such line)")
    assert not quiet.filter(line(PEER_GONE))


def test_behind_a_trusted_proxy_each_forwarded_client_counts_apart(tmp_path):
    limits = Limits(connections_per_address=1, trusted_proxies=frozenset({"127.0.0.1"}))

    async def via_proxy(url: str, client: str):
        return await connect(url, additional_headers={"X-Forwarded-For": f"198.51.100.7, {client}"})

    async def go():
        async with serving(tmp_path, limits=limits) as (server, url):
            first = await via_proxy(url, "203.0.113.1")
            second = await via_proxy(url, "203.0.113.2")  # another client: fine
            with pytest.raises(InvalidStatus) as refused:
                await via_proxy(url, "203.0.113.1")  # the first one's second connection
            assert refused.value.response.status_code == 429
            await first.close()
            await second.close()

    run(go())


def test_past_the_new_connections_a_second_in_all_only_newcomers_get_in_and_it_is_said_once(tmp_path, caplog):
    limits = Limits(arrivals_in_all=3, arrivals_in_all_seconds=60.0)

    async def go():
        async with serving(tmp_path, limits=limits) as (server, url):
            held = [await greeted(url, f"C{n}") for n in range(3)]
            for _ in range(2):  # from an address that came lately
                with pytest.raises(CUT):
                    await Client.connect(url, open_timeout=5)
            assert server.caps.sockets <= 4  # the three, and the cut one being let go
            assert server.caps.cut_since() == 2 and server.caps.cut_since() == 0  # (the status line's)
            with pytest.raises(CUT):  # another address of the same /24 is no newcomer
                await Client.connect(url, open_timeout=5, local_addr=("127.0.0.9", 0))
            newcomers = [await greeted(url, f"N{n}", local_addr=(f"127.0.{n}.1", 0)) for n in (3, 4, 5)]
            with pytest.raises(CUT):  # as many newcomers again in all, then no more
                await Client.connect(url, open_timeout=5, local_addr=("127.0.6.1", 0))
            await held[0].send({"type": "create", "campers": 4, "levels": ["greenhorn"] * 4})
            assert (await held[0].wait_for("joined", "error"))["type"] == "joined"  # open ones go on
            for c in held + newcomers:
                await c.close()

    caplog.set_level(logging.INFO, "scram")
    run(go())
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "more than 3 new connections in 60 s" in said[0]


def test_past_the_rate_in_all_an_address_or_site_that_tried_lately_is_no_newcomer():
    caps = Caps(Limits(arrivals_in_all=3, arrivals_in_all_seconds=60.0, arrivals_per_address=100))
    assert [caps.arrive(f"192.0.2.{n}") for n in (1, 2, 3)] == [None] * 3  # the rate in all
    assert caps.arrive("192.0.2.4") == "rush"  # another address of the same /24: no newcomer
    assert caps.arrive("198.51.100.4") is None  # a newcomer
    assert caps.arrive("198.51.100.4") == "rush"  # the same address coming round again
    assert caps.arrive("2001:db8:9:1::1") is None  # a newcomer
    assert caps.arrive("2001:db8:9:2::1") == "rush"  # another /64 of the same site
    assert caps.arrive("203.0.113.1") is None  # the third newcomer
    assert caps.arrive("192.0.3.5") == "rush"  # as many newcomers as the rate in all: no more


def test_an_ipv6_site_holds_so_many_times_what_one_address_may():
    caps = Caps(Limits(connections_per_address=2, site_factor=3, arrivals_per_address=100))
    site = [f"2001:db8:7:{n:x}::1" for n in range(7)]  # seven /64s of one /48
    assert [caps.arrive(peer) for peer in site[:6]] == [None] * 6  # 2 x 2 x 3 = 12: room for 6 more
    assert [caps.arrive(peer) for peer in site[:6]] == [None] * 6
    assert caps.arrive(site[6]) == "site"  # a /64 of its own, but the site holds 12
    assert caps.arrive("2001:db8:8::1") is None  # the next /48 is another site
    caps.gone(site[0])
    assert caps.arrive(site[6]) is None
    assert caps.admit(site[6], address_key(site[6])) == "your network has 6 connections open here already"


def test_an_ipv6_site_opens_and_watches_so_many_times_what_one_address_may():
    caps = Caps(Limits(tables_per_address=1, watching_per_address=1, site_factor=2))
    a, b, c = (address_key(f"2001:db8:7:{n}::1") for n in (1, 2, 3))  # three /64s of one /48
    caps.opened("T1", a)
    caps.opened("T2", b)
    assert caps.may_create(a) == "your address has 1 tables open here already"
    assert caps.may_create(c) == "your network has 2 tables open here already"
    assert caps.may_create(address_key("2001:db8:8::1")) is None  # another site
    caps.closed("T1")
    assert caps.may_create(c) is None
    caps.watch_began(a)
    caps.watch_began(b)
    assert caps.may_watch(c, 0) == ("limit", "your network watches 2 tables here already")
    caps.watch_ended(a)
    assert caps.may_watch(c, 0) is None
    caps.closed("T2")
    caps.watch_ended(b)
    assert caps.tables == {} and caps.watching == {}  # nothing left of them


def test_tables_created_from_one_ipv6_site_are_refused_past_so_many_times_one_address_rate():
    caps = Caps(Limits(creates_per_address=1, site_factor=2))
    for n in (1, 2):
        caps.opened(f"T{n}", address_key(f"2001:db8:7:{n}::1"))
        caps.closed(f"T{n}")
    assert caps.may_create(address_key("2001:db8:7:3::1")) == (
        "your network has created too many tables lately: wait a few minutes"
    )
    assert caps.may_create("192.0.2.7") is None


def test_new_connections_from_one_ipv6_site_are_cut_past_so_many_times_one_address_rate():
    caps = Caps(Limits(arrivals_per_address=2, site_factor=3, connections_per_address=100))
    for n in range(6):  # 2 x 3 from six /64s of one /48, each closed again
        peer = f"2001:db8:7:{n:x}::1"
        assert caps.arrive(peer) is None
        caps.gone(peer)
    assert caps.arrive("2001:db8:7:ff::1") == "arrivals"
    assert caps.arrive("192.0.2.7") is None and caps.by_address == {"192.0.2.7": 1, "192.0.2.0/24": 1}


def test_behind_a_trusted_proxy_an_ipv6_site_counts_as_a_whole(tmp_path):
    limits = Limits(connections_per_address=1, site_factor=2, trusted_proxies=frozenset({"127.0.0.1"}))

    async def via_proxy(url: str, client: str):
        return await connect(url, additional_headers={"X-Forwarded-For": client})

    async def go():
        async with serving(tmp_path, limits=limits) as (server, url):
            held = [await via_proxy(url, f"2001:db8:5:{n}::9") for n in range(2)]
            with pytest.raises(InvalidStatus) as refused:
                await via_proxy(url, "2001:db8:5:99::9")  # a third /64 of the same /48
            assert refused.value.response.status_code == 429
            assert b"your network has 2 connections" in refused.value.response.body
            await held[0].close()
            again = await via_proxy(url, "2001:db8:5:99::9")
            await again.close()
            await held[1].close()

    run(go())


def test_the_address_a_client_counts_as():
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert site_key("2001:db8:1:2:3:4:5:6") == site_key("2001:db8:1:2::/64") == "2001:db8:1::/48"
    assert site_key("192.0.2.7") == site_key("::ffff:192.0.2.250") == "192.0.2.0/24"  # an IPv4 site: its /24
    assert forwarded_for("198.51.100.7, 203.0.113.1") == "203.0.113.1"
    assert forwarded_for("203.0.113.1, not-an-address") is None and forwarded_for(None) is None


# ---- frames ---------------------------------------------------------------------------------
def text(fin: bool = True, opcode=OP_TEXT) -> Frame:
    return Frame(opcode, b"{}", fin)


def test_every_frame_counts_but_the_answer_to_an_ask():
    budget = FrameBudget(3)
    assert budget.take(Frame(OP_PING, b"")) is None  # 1
    assert budget.take(text()) is None  # 2
    budget.ask()
    assert budget.take(text()) is None  # the answer: free
    assert budget.take(text(opcode=OP_BINARY)) is None  # 3
    assert budget.take(Frame(OP_PING, b"")) == "rate"
    assert budget.take(text()) == "rate"


def test_a_message_comes_in_at_most_so_many_frames():
    budget = FrameBudget(100)
    assert budget.take(text(fin=False)) is None
    for _ in range(MAX_FRAGMENTS - 2):
        assert budget.take(text(fin=False, opcode=OP_CONT)) is None
    assert budget.take(text(fin=True, opcode=OP_CONT)) is None  # 16 frames: one message
    assert budget.take(text(fin=False)) is None
    for _ in range(MAX_FRAGMENTS - 2):
        assert budget.take(text(fin=False, opcode=OP_CONT)) is None
    assert budget.take(text(fin=False, opcode=OP_CONT)) == "fragments"


def test_a_message_in_too_many_frames_is_refused_and_the_connection_closed(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            c = await greeted(url, send_rate=None)
            await c.ws.send(iter(['{"type":', '"react"', *([" "] * 30), ',"emote":"nice"}']))
            refusal = await c.wait_for("error")
            assert (
                refusal["code"] == "bad-message" and f"at most {MAX_FRAGMENTS} frames" in refusal["message"]
            )
            assert (await c.wait_closed()).code == 1008

    run(go())


def test_a_client_refused_at_the_handshake_says_what_the_server_said(tmp_path):
    """The headless client against a full server: one line with the server's sentence; the
    desktop's link says the same of a first connection."""
    from game.seat.link import _unreachable

    async def go():
        async with serving(tmp_path, limits=Limits(max_connections=1)) as (_, url):
            player = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "game.seat.play", url, "--create", "4",
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )  # fmt: skip
            out, err = await player.communicate()
            with pytest.raises(InvalidStatus) as refused:
                await Client.connect(url)
            return player.returncode, out.decode(), err.decode(), _unreachable(url, refused.value)

    status, out, err, said = run(go())
    assert status == 1 and out == "" and len(err.splitlines()) == 1, err
    assert "refused the connection (HTTP 503: this server holds as many connections as it can" in err
    said = str(said)
    assert said.startswith("The table server at ws://127.0.0.1:") and "HTTP 503" in said


class SlowToClose(SqliteStorage):
    """SQLite storage whose `close_table` waits until the test lets it go."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, synchronous="NORMAL")
        self.closing, self.go_on = asyncio.Event(), asyncio.Event()

    async def close_table(self, code: str) -> None:
        self.closing.set()
        await self.go_on.wait()
        await super().close_table(code)


def test_a_join_that_reaches_a_table_as_it_closes_is_answered(tmp_path):
    async def go():
        storage = SlowToClose(tmp_path / "tables.sqlite")
        server = TableServer(storage, version="test")
        url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}/"
        try:
            host, joined = await create(url)
            table = server.tables[joined["code"]]
            await host.leave()  # the last human: the table closes ...
            await storage.closing.wait()
            guest = await greeted(url, "Guest")
            await guest.send({"type": "join", "code": joined["code"], "id": "late"})
            while table.inbox.empty():  # ... and the join waits in its inbox meanwhile
                await asyncio.sleep(0)
            storage.go_on.set()
            refusal = await guest.wait_for("error")
            assert (refusal["code"], refusal["id"]) == ("no-table", "late")
            assert "has just closed" in refusal["message"]
        finally:
            storage.go_on.set()
            await server.stop()

    run(go())
