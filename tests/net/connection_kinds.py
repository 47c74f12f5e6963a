"""Every kind of connection a table server meets, one after another, each closed in the end:
run as a process of its own (`python connection_kinds.py URL`) so that the server's process
holds only the server's side of them (tests/net/test_leftovers.py). The server is expected
to allow 2 connections an address (`Limits(connections_per_address=2)`) and to wait 0.3 s
for `hello`."""

from __future__ import annotations

import asyncio
import json
import sys

from game.seat.client import Client
from game.seat.play import play

KINDS: list = []


def kind(fn):
    KINDS.append(fn)
    return fn


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].strip("/"))


async def expect_closed(c: Client) -> None:
    try:
        await c.wait_closed(10)
    except Exception:  # noqa: BLE001 - closed whichever way
        pass


@kind
async def bare_tcp(url: str) -> None:
    _, writer = await asyncio.open_connection("127.0.0.1", port_of(url))
    writer.close()
    await writer.wait_closed()


@kind
async def not_http(url: str) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port_of(url))
    writer.write(b"\x16\x03\x01 this is no HTTP request\r\n\r\n")
    await reader.read()
    writer.close()


@kind
async def wrong_path(url: str) -> None:
    try:
        await Client.connect(url + "admin")
    except Exception:  # noqa: BLE001 - 404
        pass


@kind
async def hello_and_close(url: str) -> None:
    c = await Client.connect(url)
    await c.hello("Ada")
    await c.close()


@kind
async def silent(url: str) -> None:
    c = await Client.connect(url)
    await expect_closed(c)  # no hello in time


@kind
async def past_the_caps(url: str) -> None:
    held = [await Client.connect(url) for _ in range(2)]
    bare = [await asyncio.open_connection("127.0.0.1", port_of(url)) for _ in range(2)]
    for _ in range(2):
        try:
            await Client.connect(url, open_timeout=5)  # 429, then cut at once
        except Exception:  # noqa: BLE001
            pass
    for _, writer in bare:
        writer.close()
    for c in held:
        await c.close()


@kind
async def flood(url: str) -> None:
    c = await Client.connect(url, send_rate=None)
    await c.hello("Flood")
    try:
        for _ in range(40):
            await c.send({"type": "teleport"})
        for _ in range(40):
            await c.ws.ping()
    except Exception:  # noqa: BLE001 - cut meanwhile
        pass
    await expect_closed(c)


@kind
async def too_big(url: str) -> None:
    c = await Client.connect(url)
    await c.hello("Big")
    await c.send_text(json.dumps({"type": "react", "pad": "x" * 20000}))
    await expect_closed(c)


@kind
async def fragments(url: str) -> None:
    c = await Client.connect(url, send_rate=None)
    await c.hello("Bits")
    await c.ws.send(iter(["{", *([" "] * 30), "}"]))
    await expect_closed(c)


@kind
async def a_table_opened_and_left(url: str) -> None:
    c = await Client.connect(url)
    await c.hello("Host")
    await c.create(4, 0, ["greenhorn"] * 4, "instant")
    await c.wait_for("table")
    await c.leave()
    await c.wait_for("table")
    await c.close()


@kind
async def a_whole_game_resumed_and_replaced(url: str) -> None:
    c = await Client.connect(url, send_rate=None)
    await c.hello("Host")
    joined = await c.create(4, 0, ["greenhorn"] * 4, "instant")
    await c.start()
    await c.wait_for("state")
    await c.ws.close()  # dropped: the seat waits (the grace) ...
    back = await Client.connect(url, send_rate=None)
    await back.hello("Host")
    await back.resume(joined["token"])  # ... and comes back
    newer = await Client.connect(url, send_rate=None)
    await newer.hello("Host")
    await newer.resume(joined["token"])  # the older connection is closed (4001)
    await expect_closed(back)
    await play(newer, joined["seat"])
    await newer.leave()
    await newer.close()


@kind
async def a_game_watched_and_reviewed_together(url: str) -> None:
    host = await Client.connect(url, send_rate=None)
    await host.hello("Host")
    joined = await host.create(4, 0, ["greenhorn"] * 4, "instant")
    await host.share_view(True)
    wes = await Client.connect(url)
    await wes.hello("Wes")
    await wes.watch(joined["code"])
    await wes.follow(0)
    await host.start()
    await play(host, joined["seat"])
    await host.review_open()
    await wes.wait_for("review")
    await wes.review_lead()
    await wes.review_go(3)
    await host.wait_for("review")
    await wes.leave()  # the watcher goes, then the last camper: the table closes
    await wes.wait_for("table")
    await wes.close()
    await host.leave()
    await host.close()


async def main(url: str) -> None:
    for fn in KINDS:
        await fn(url)
    print("done", len(KINDS), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
