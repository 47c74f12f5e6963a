"""A watcher takes of a server what any client may (game/net/caps.py, wire.py: the same caps as
a camper's): its messages are counted like everyone's, its connection is one of its address's,
and when it is cut its place among the watchers is given back."""

from __future__ import annotations

import pytest
from net_support import greeted, run, serving, table_of
from test_watch import of_type, until
from websockets.exceptions import InvalidStatus

from game.net.caps import Limits
from game.seat.client import Client


def test_a_watcher_that_floods_is_cut_like_anyone_and_its_place_is_given_back(tmp_path):
    async def go():
        limits = Limits(watchers_per_table=1)
        async with serving(tmp_path, rate=5, limits=limits) as (server, url):
            (host,), _, code = await table_of(url, 3, 1)
            flood = await greeted(url, "Flood", send_rate=None)
            await flood.watch(code)
            for _ in range(8):  # past 5 messages a second: even a watcher's follows count
                await flood.send({"type": "follow", "seat": None})
            refusal = await flood.wait_for("error")
            assert refusal["code"] == "rate"
            assert (await flood.wait_closed()).code == 1008
            await until(host, of_type("audience", lambda m: m["watchers"] == []))
            assert server.caps.watching == {}
            later = await greeted(url, "Later")  # the one place at the table is free again
            assert (await later.watch(code))["type"] == "watching"

    run(go())


def test_a_watchers_connection_counts_among_its_addresss_connections(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(connections_per_address=2)) as (_, url):
            (host,), _, code = await table_of(url, 3, 1)
            wes = await greeted(url, "Wes")
            await wes.watch(code)
            with pytest.raises(InvalidStatus) as refused:
                await Client.connect(url)
            assert refused.value.response.status_code == 429
            await wes.leave()
            await wes.wait_for("table")
            await wes.close()
            await until(host, of_type("audience", lambda m: m["watchers"] == []))
            assert (await (await greeted(url, "Next")).watch(code))["type"] == "watching"

    run(go())
