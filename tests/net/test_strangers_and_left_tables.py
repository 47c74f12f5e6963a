"""What a stranger may take of a table server, and when a table nobody would come back to
closes, through real connections on 127.0.0.1 (the loopback addresses 127.x.y.z are all this
machine's, so each test picks the addresses its clients come from): the desktop's own server
holds its host's table only; an IPv4 /24 is one network for the caps on tables and on
creating them; a never-started table, or one its only camper left, closes after a few
minutes; after a restart the tables still count against their creator's address and keep the
time they had been empty, and campers reconnecting all at once past the new-connections cap
are back within the grace; on a full server the table vacant longest gives its place to a
newcomer; a watcher is told why the follow it chose in the lobby was dropped at the start,
and a bot's seat is named as one."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time

import pytest
from net_support import greeted, on_close, run, serving, table_of

from game.net.caps import OWN_SERVER_CREATORS, Caps, Limits, address_key
from game.net.server import own_server_options
from game.net.table_log import TableLog
from game.seat.client import ServerError

LEVELS = ["greenhorn"] * 4


async def create_from(url: str, source: str, name: str = "Host") -> tuple[object, dict]:
    """A client from `source` that asked for a 4-camper table: (client, its answer)."""
    c = await greeted(url, name, local_addr=(source, 0))
    await c.send({"type": "create", "campers": 4, "levels": LEVELS, "pace": "instant"})
    answer = await c.wait_for("joined", "error")
    if answer["type"] == "joined":
        await c.wait_for("table")
    return c, answer


# ---- a table hosted on this computer ----------------------------------------------------------
def test_the_desktops_own_server_holds_its_hosts_table_only_and_others_may_join_or_watch(tmp_path):
    assert own_server_options().limits.creators == OWN_SERVER_CREATORS

    async def go():
        async with serving(tmp_path, limits=Limits(creators=OWN_SERVER_CREATORS)) as (server, url):
            host, joined = await create_from(url, "127.0.0.1")
            assert joined["type"] == "joined"
            stranger, refused = await create_from(url, "127.0.0.7", "Stranger")
            assert refused["type"] == "error" and refused["code"] == "no-create"
            assert "own server" in refused["message"] and list(server.tables) == [joined["code"]]
            await stranger.join(joined["code"])  # a friend with the code still sits down
            fan = await greeted(url, "Fan", local_addr=("127.0.0.8", 0))
            assert (await fan.watch(joined["code"]))["type"] == "watching"
            assert not server.caps.tables.get("127.0.0.7")

    run(go())


# ---- an IPv4 network ----------------------------------------------------------------------------
def test_an_ipv4_24_holds_so_many_times_the_tables_one_address_may(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(tables_per_address=1, site_factor=2)) as (_, url):
            assert (await create_from(url, "127.0.5.2"))[1]["type"] == "joined"
            assert (await create_from(url, "127.0.5.2"))[1][
                "message"
            ] == "your address has 1 tables open here already"
            assert (await create_from(url, "127.0.5.3"))[1]["type"] == "joined"
            refused = (await create_from(url, "127.0.5.4"))[1]
            assert (
                refused["code"] == "limit"
                and refused["message"] == "your network has 2 tables open here already"
            )
            assert (await create_from(url, "127.0.6.4"))[1]["type"] == "joined"  # the next /24

    run(go())


def test_an_ipv4_24_creates_so_many_times_what_one_address_may_lately():
    caps = Caps(Limits(creates_per_address=1, site_factor=2))
    for n, address in enumerate(("198.51.100.1", "198.51.100.2")):
        caps.opened(f"T{n}", address_key(address))
        caps.closed(f"T{n}")
    assert (
        caps.may_create("198.51.100.3")
        == "your network has created too many tables lately: wait a few minutes"
    )
    assert caps.may_create("198.51.101.3") is None


def test_under_a_flood_the_tables_opened_are_one_summary_line_not_one_line_each(caplog):
    caplog.set_level(logging.INFO, "scram")
    said = TableLog(burst=2, seconds=60.0)
    for n in range(6):
        said.opened(f"T{n}", 4, f"192.0.2.{n + 1}", n + 1)
    said.closed("T0", "everyone left", 0, 5)
    said.summary(5)
    said.summary(5)  # nothing more to say
    lines = [r.getMessage() for r in caplog.records]
    assert lines[:2] == [
        "table T0 opened: 4 campers, by 192.0.2.1 (1 open)",
        "table T1 opened: 4 campers, by 192.0.2.2 (2 open)",
    ]
    assert lines[2:] == [
        "too many tables to log one by one: 4 tables opened (4 of them from 192.0.2.0/24)"
        " and 1 closed (1 of them: everyone left); 5 open"
    ]


# ---- tables nobody would come back to ----------------------------------------------------------
def test_a_never_started_table_closes_soon_after_its_creator_is_gone_and_a_visited_one_waits(tmp_path):
    async def go():
        async with serving(tmp_path, abandoned_close=0.3, idle_close=3600.0) as (server, url):
            closed = on_close(server)
            left, joined = await create_from(url, "127.0.0.2")
            (host, bea), _, kept = await table_of(url, 4, 2)
            await host.start()
            await host.close()  # both campers of a game gone: the table waits for them ...
            await bea.close()
            await left.close()  # ... but not for the creator of a table where nothing began
            assert await closed.get() == (joined["code"], "idle")
            assert kept in server.tables and closed.empty()

    run(go())


def test_a_table_its_only_camper_left_mid_game_closes_soon(tmp_path):
    async def go():
        async with serving(tmp_path, abandoned_close=0.3, idle_close=3600.0) as (server, url):
            closed = on_close(server)
            (host,), _, code = await table_of(url, 4, 1, pace="normal")
            await host.start()
            await host.wait_for("state")
            await host.close()
            assert await closed.get() == (code, "idle")
            assert not server.caps.tables  # the host may open another

    run(go())


def test_after_a_restart_tables_count_against_their_creator_and_keep_their_empty_time(tmp_path):
    limits = Limits(tables_per_address=2)

    async def go():
        async with serving(tmp_path, limits=limits) as (_, url):
            first, a = await create_from(url, "127.0.0.2")
            second, b = await create_from(url, "127.0.0.2")
            await first.close()
            await second.send({"type": "react", "emote": "nice"})  # (in order: after the other's goodbye)
            await second.wait_for("reaction")
        db = sqlite3.connect(tmp_path / "tables.sqlite")
        lobby = json.loads(db.execute("SELECT lobby FROM tables WHERE code = ?", (a["code"],)).fetchone()[0])
        assert lobby["creator"] == "127.0.0.2" and abs(lobby["empty_since"] - time.time()) < 60
        lobby["empty_since"] = time.time() - 1000.0  # as if it had been empty 1000 s when the server stopped
        db.execute("UPDATE tables SET lobby = ? WHERE code = ?", (json.dumps(lobby), a["code"]))
        db.commit()
        db.close()
        async with serving(tmp_path, limits=limits, abandoned_close=1000.3) as (server, url):
            closed = on_close(server)
            assert server.caps.tables == {"127.0.0.2": 2, "127.0.0.0/24": 2}
            assert (await create_from(url, "127.0.0.2"))[1]["code"] == "limit"
            assert await closed.get() == (a["code"], "nobody connected for 16.6717 minutes")
            assert b["code"] in server.tables  # (nobody connected to it either: 1000 s to go)
            assert (await create_from(url, "127.0.0.2"))[1]["type"] == "joined"

    run(go())


# ---- following a seat --------------------------------------------------------------------------
def test_a_follow_chosen_in_the_lobby_and_dropped_at_the_start_is_told_why(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            home = ("127.0.0.2", 0)
            host = await greeted(url, "Ada", local_addr=home)
            code = (await host.create(4, 0, LEVELS, "normal"))["code"]
            bea = await greeted(url, "Bea", local_addr=("127.0.0.3", 0))
            await bea.join(code)
            await bea.share_view(True)
            peek = await greeted(url, "Ada again", local_addr=home)
            await peek.watch(code)
            while (await peek.wait_for("audience"))["shared"] != [1]:
                pass
            await peek.follow(1)  # the other team's seat: allowed in the lobby
            while (await peek.wait_for("audience"))["watchers"][0]["follows"] != 1:
                pass
            await host.start()
            with pytest.raises(ServerError) as told:  # (an error, before the state)
                await peek.wait_for("state")
            assert told.value.code == "no-follow" and "the game has started" in told.value.message
            assert "your address" in told.value.message
            assert (await peek.wait_for("state"))["seat"] is None  # the public table

    run(go())


def test_a_bots_seat_is_refused_as_a_bots_not_as_a_camper_who_did_not_allow_it(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(watch_binds_address=False)) as (_, url):
            (host,), _, code = await table_of(url, 4, 1, pace="normal")
            wes = await greeted(url, "Wes")
            await wes.watch(code)
            await wes.follow(2)
            refused = await wes.wait_for("error")
            assert refused["code"] == "no-follow" and refused["message"].startswith("nobody sits at seat 2")
            await host.start()
            await wes.follow(3)
            refused = await wes.wait_for("error")
            assert refused["code"] == "no-follow" and "seat 3 is a bot's" in refused["message"]
            assert "camper of seat" not in refused["message"]

    run(go())


@pytest.mark.slow  # a restart and every seat back, about 5 s
# ---- everyone back after a restart ---------------------------------------------------------------
def test_after_a_restart_everyone_reconnecting_at_once_past_the_new_connections_cap_is_back_within_the_grace(
    tmp_path,
):
    """Campers of 16 tables reconnect at the same moment to a restarted server that lets in 4
    new connections a second (and as many newcomers): those cut try again as the game's
    client does (`retry.backoff`), and every one has its seat back before a stand-in would
    play for it (the grace, 30 s)."""
    from websockets.exceptions import InvalidStatus

    from game.seat.client import Client, Cut
    from game.seat.retry import backoff

    sources = [f"127.0.{n}.9" for n in range(16)]  # each a home (and a network) of its own

    async def back(url: str, source: str, token: str, began: float) -> tuple[float, int]:
        loop, tries = asyncio.get_running_loop(), 0
        while True:
            tries += 1
            try:
                c = await Client.connect(url, local_addr=(source, 0), open_timeout=5)
            except (Cut, OSError, InvalidStatus, TimeoutError):
                await asyncio.sleep(backoff(tries))  # (the client's own retry, not the test's wait)
                continue
            await c.hello("Back", "tests")
            assert (await c.resume(token))["type"] == "joined"
            await c.close()
            return loop.time() - began, tries

    async def go():
        tokens = []
        async with serving(tmp_path) as (_, url):
            for source in sources:
                c, joined = await create_from(url, source)
                tokens.append(joined["token"])
        async with serving(tmp_path, limits=Limits(arrivals_in_all=4)) as (server, url):
            began = asyncio.get_running_loop().time()
            results = await asyncio.gather(
                *(back(url, s, t, began) for s, t in zip(sources, tokens, strict=True))
            )
            assert max(t for t, _ in results) < 30.0 and len(server.tables) == 16
            assert max(n for _, n in results) > 1  # (the cap was reached: some were cut and tried again)

    run(go(), timeout=90)


def test_when_every_place_is_taken_the_table_vacant_longest_gives_its_place_to_a_newcomer(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(max_tables=2)) as (server, url):
            closed = on_close(server)
            vacant = asyncio.Event()
            told = server.vacant

            def vacant_now(table, now: bool) -> None:
                told(table, now)
                if now:
                    vacant.set()

            server.vacant = vacant_now
            left, a = await create_from(url, "127.0.1.2")
            here, b = await create_from(url, "127.0.2.2")
            await left.close()
            await vacant.wait()  # (the table has seen its creator go)
            newcomer, c = await create_from(url, "127.0.3.2")
            assert c["type"] == "joined"
            assert await closed.get() == (a["code"], "the server was full and a newcomer needed its place")
            late, refused = await create_from(url, "127.0.4.2")  # the others are not vacant
            assert refused["code"] == "limit" and set(server.tables) == {b["code"], c["code"]}

    run(go())
