"""Faults through an in-test TCP proxy (pass, delay 200 ms, freeze, cut) and a server killed
with SIGKILL: campers resume with their tokens, stand-ins cover the absent, the newest
connection to a seat wins, and every table finishes with nothing lost. After every fault,
every view a client got is still the replay of the final record."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from net_support import Feed, greeted, play_recording, run, serving
from proxy import Proxy
from test_games import check_views

from game.seat.client import Closed

ROOT = Path(__file__).resolve().parents[2]
DROPPED = (Closed, OSError, TimeoutError, EOFError)


async def seated_pair(url: str, other_url: str, campers: int = 4, **client) -> tuple:
    """A host at `url` and a second camper at `other_url` (through a proxy), at one table."""
    host = await greeted(url, "Host", **client)
    joined = host.joined = await host.create(campers, 0, ["greenhorn"] * campers, "instant")
    bob = await greeted(other_url, "Bob", **client)
    bob.joined = await bob.join(joined["code"])
    return host, bob, joined["code"]


async def play_on(client, seat: int, token: str, next_url, messages: list, hook=None, **options):
    """Play `seat` to `over` (hastily) across dropped connections: after a drop, connect to
    `await next_url()` (`options` for `Client.connect`) and resume with `token`. Every
    message received goes to `messages`."""

    def keep(message: dict) -> None:
        messages.append(message)
        if hook is not None:
            hook(message)

    while True:
        try:
            if client is None:
                client = await greeted(await next_url(), "Back", **options)
                await client.resume(token)
            record, _ = await play_recording(client, seat, "hasty", hook=keep)
            return record, client
        except DROPPED:
            client = None


def moves_seen(messages: list) -> list:
    return [m for m in messages if m["type"] == "move"]


def test_a_dropped_client_resumes_and_play_goes_on(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (server, url):
            proxy = await Proxy.start(int(url.rsplit(":", 1)[1].strip("/")))
            host, bob, _ = await seated_pair(url, proxy.url, send_rate=None)
            await host.start()
            hosting = asyncio.ensure_future(play_recording(host, 0, "hasty"))
            mine: list = []
            cuts = []

            def cut_twice(message: dict) -> None:
                if message["type"] == "move" and len(moves_seen(mine)) in (8, 30) and len(cuts) < 2:
                    cuts.append(message["ver"])
                    proxy.cut()

            async def proxy_url() -> str:
                return proxy.url

            record, _ = await play_on(bob, 1, bob.joined["token"], proxy_url, mine, cut_twice, send_rate=None)
            assert (await hosting)[0] == record
            assert len(cuts) == 2 and sum(m["type"] == "state" for m in mine) == 3  # dealt, resumed twice
            check_views(record, 1, mine)
            await proxy.close()

    run(go(), timeout=60)


@pytest.mark.slow
def test_a_frozen_client_is_found_by_ping_and_its_stand_in_plays_until_it_returns(tmp_path):
    async def go():
        options = {
            "grace": 0.3,
            "ping_interval": 0.2,
            "ping_timeout": 0.3,
            "close_timeout": 0.3,
            "rate": 1000,
        }
        quick_ping = {"send_rate": None, "ping_interval": 0.2, "ping_timeout": 0.3, "close_timeout": 0.3}
        async with serving(tmp_path, **options) as (server, url):
            proxy = await Proxy.start(int(url.rsplit(":", 1)[1].strip("/")))
            host, bob, _ = await seated_pair(url, proxy.url, **quick_ping)
            await host.start()
            feed, returned = Feed(), asyncio.Event()

            def stand_in_seen(m: dict) -> bool:
                return m["type"] == "table" and m["seats"][1]["stand_in"] is not None

            def stand_in_played(m: dict) -> bool:
                return m["type"] == "move" and m["by"] == 1 and any(map(stand_in_seen, feed.messages))

            async def wait_for_bob() -> None:
                # (the host, a person, waits for a friend who froze: the game stays unfinished)
                if any(map(stand_in_played, feed.messages)):
                    await returned.wait()

            hosting = asyncio.ensure_future(
                play_recording(host, 0, "hasty", hook=feed.add, before_act=wait_for_bob)
            )
            mine: list = []

            def freeze_once(message: dict) -> None:
                if message["type"] == "move" and len(moves_seen(mine)) == 6:
                    proxy.freeze()
                if message["type"] == "state" and proxy.flowing.is_set() and len(moves_seen(mine)) >= 6:
                    returned.set()

            async def back_through_the_proxy() -> str:
                await feed.first(stand_in_played)  # it returns once its stand-in has played
                proxy.thaw()
                return proxy.url

            frozen = asyncio.ensure_future(
                play_on(bob, 1, bob.joined["token"], back_through_the_proxy, mine, freeze_once, **quick_ping)
            )
            table = await feed.first(stand_in_seen)
            assert table["seats"][1]["connected"] is False and table["seats"][1]["stand_in"] == "greenhorn"
            record, _ = await frozen
            assert (await hosting)[0] == record
            back = [m for m in mine if m["type"] == "table"][-1]
            assert back["seats"][1]["connected"] and back["seats"][1]["stand_in"] is None
            check_views(record, 1, mine)
            await proxy.close()

    run(go(), timeout=60)


def test_two_connections_resuming_one_seat_leave_only_the_newest(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (server, url):
            host, bob, _ = await seated_pair(url, url, send_rate=None)
            token = bob.joined["token"]
            second = await greeted(url, "Bob 2", send_rate=None)
            await second.resume(token)
            assert (await bob.wait_closed()).code == 4001
            third = await greeted(url, "Bob 3", send_rate=None)
            await third.resume(token)
            assert (await second.wait_closed()).code == 4001
            table = await third.wait_for("table")
            assert table["seats"][1]["connected"] and table["seats"][1]["name"] == "Bob"
            await host.start()
            (record, _), (again, messages) = await asyncio.gather(
                play_recording(host, 0, "hasty"), play_recording(third, 1, "hasty")
            )
            assert record == again
            check_views(record, 1, messages)

    run(go(), timeout=60)


@pytest.mark.slow
def test_a_client_200_ms_away_plays_on(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (server, url):
            proxy = await Proxy.start(int(url.rsplit(":", 1)[1].strip("/")))
            proxy.delay = 0.2
            host, bob, _ = await seated_pair(url, proxy.url, campers=3, send_rate=None)
            loop = asyncio.get_running_loop()
            asked = loop.time()
            await bob.react("hello")  # through the slow link and back: at least 400 ms
            await bob.wait_for("reaction")
            assert loop.time() - asked >= 0.4
            await host.start()
            mine: list = []

            def speed_up(message: dict) -> None:
                mine.append(message)
                if message["type"] == "move" and message["ver"] >= 12:
                    proxy.delay = 0.0  # the rest of the game at loopback speed

            (record, _), (again, _) = await asyncio.gather(
                play_recording(host, 0, "hasty"), play_recording(bob, 1, "hasty", hook=speed_up)
            )
            assert record == again
            check_views(record, 1, mine)
            await proxy.close()

    run(go(), timeout=60)


# ---- the server killed and started again ------------------------------------------------
async def start_server(data: Path) -> tuple[asyncio.subprocess.Process, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "game",
        "--server",
        "--port",
        "0",
        "--data",
        str(data),
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    line = (await proc.stdout.readline()).decode()
    assert line.startswith("listening on ws://127.0.0.1:"), line
    return proc, line.split()[-1]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="stopping the server takes a POSIX signal")
def test_a_server_killed_mid_game_finishes_every_table_with_nothing_lost(tmp_path):
    async def go():
        proc, url = await start_server(tmp_path)
        restarted: asyncio.Future = asyncio.get_running_loop().create_future()
        tables, killing = [], asyncio.Event()
        for _ in range(2):
            host, bob, code = await seated_pair(url, url)
            await host.start()
            tables.append((host, bob))
        seen = {id(c): [] for pair in tables for c in pair}

        def watch(message: dict) -> None:
            if all(len(moves_seen(m)) >= 12 for m in seen.values()):
                killing.set()

        async def new_url() -> str:
            return await restarted

        players = [
            asyncio.ensure_future(play_on(c, s, c.joined["token"], new_url, seen[id(c)], watch))
            for host, bob in tables
            for c, s in ((host, 0), (bob, 1))
        ]
        await killing.wait()
        proc.kill()  # SIGKILL: no goodbye, no flush
        await proc.wait()
        before = {k: max((m["ver"] for m in moves_seen(v)), default=0) for k, v in seen.items()}
        proc, url = await start_server(tmp_path)
        restarted.set_result(url)
        results = await asyncio.gather(*players)
        proc.terminate()
        assert await proc.wait() == 0
        for (record, _), (key, messages), seat in zip(results, seen.items(), (0, 1, 0, 1), strict=True):
            assert len(record["actions"]) >= before[key]
            check_views(record, seat, messages)  # every move told before the kill is in it
            assert sum(m["type"] == "state" for m in messages) >= 2  # dealt, resumed
        assert results[0][0] == results[1][0] and results[2][0] == results[3][0]

    run(go(), timeout=120)
