"""A table's life through real connections: seats in the lobby, the host, leaving, reactions,
stand-ins after the grace, a rematch after `over`, an idle table closing, and every
decision on disk before anyone hears of it."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest
from net_support import greeted, play_recording, run, serving, table_of
from test_games import check_views

from game.seat.client import ServerError


async def next_table(client, test=lambda t: True) -> dict:
    while True:
        table = await client.wait_for("table")
        if test(table):
            return table


def test_the_creator_hosts_and_joiners_take_the_first_open_seats(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            host = await greeted(url, "Ada")
            joined = await host.create(4, 2, ["scout", None, "ranger", "greenhorn"], "brisk")
            assert joined["seat"] == 2 and len(joined["code"]) == 6 and len(joined["token"]) >= 22
            table = await host.wait_for("table")
            assert table["host"] == 2 and table["started"] is False and table["campers"] == 4
            assert table["seats"][2] == {
                "name": "Ada",
                "kind": "human",
                "level": "ranger",
                "connected": True,
                "stand_in": None,
            }
            assert [s["kind"] for s in table["seats"]] == ["open", "open", "human", "open"]
            assert table["seats"][1]["level"] == "trailblazer"  # null: the top level
            bob = await greeted(url, "Bob")
            assert (await bob.join(joined["code"].lower()))["seat"] == 0
            seen = await next_table(host, lambda t: t["seats"][0]["kind"] == "human")
            assert seen["seats"][0]["name"] == "Bob" and seen == await bob.wait_for("table")

    run(go())


def test_sitting_moves_a_camper_to_an_open_seat_and_the_host_with_them(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host, bob), _, _ = await table_of(url, 3, 2)
            await host.sit(1)
            refused = await host.wait_for("error")
            assert refused["code"] == "full"
            await host.sit(2)
            table = await next_table(bob, lambda t: t["seats"][2]["kind"] == "human")
            assert table["host"] == 2 and table["seats"][0]["kind"] == "open"
            await bob.sit(7)
            assert (await bob.wait_for("error"))["code"] == "bad-message"

    run(go())


def test_leaving_the_lobby_opens_the_seat_and_hands_the_table_on(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host, bob), _, code = await table_of(url, 4, 2)
            await host.leave()
            table = await next_table(bob, lambda t: t["seats"][0]["kind"] == "open")
            assert table["host"] == 1
            await bob.start()
            assert (await bob.wait_for("state"))["seat"] == 1
            again = await greeted(url, "Again")
            with pytest.raises(ServerError) as refused:
                await again.join(code)
            assert refused.value.code == "started"

    run(go())


def test_a_full_table_refuses_one_more(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            _, _, code = await table_of(url, 3, 3)
            late = await greeted(url, "Late")
            with pytest.raises(ServerError) as refused:
                await late.join(code)
            assert refused.value.code == "full"

    run(go())


def test_leaving_a_game_gives_the_seat_to_a_bot_and_the_game_goes_on(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            (host, bob), seats, _ = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            await bob.wait_for("state")
            await bob.leave()
            table = await next_table(host, lambda t: t["seats"][1]["kind"] == "bot")
            assert table["seats"][1]["name"] == "Camper 1" and table["started"]
            record, _ = await play_recording(host, 0, "hasty")
            assert record["humans"] == [0]

    run(go(), timeout=60)


def test_reactions_reach_the_table_and_are_rate_limited(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host, bob), _, _ = await table_of(url, 4, 2)
            for _ in range(3):
                await bob.react("nice")
            for client in (host, bob):
                for _ in range(3):
                    assert await client.wait_for("reaction") == {
                        "type": "reaction",
                        "seat": 1,
                        "emote": "nice",
                    }
            await bob.react("oops")
            assert (await bob.wait_for("error"))["code"] == "rate"

    run(go())


def test_after_over_the_host_starts_a_new_game_with_the_same_seats(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (server, url):
            (host,), _, code = await table_of(url, 3, 1, send_rate=None)
            await host.start()
            first, _ = await play_recording(host, 0, "hasty")
            table = await host.wait_for("table")
            assert table["started"] is False and table["seats"][1]["kind"] == "bot"
            await host.start()
            second, _ = await play_recording(host, 0, "hasty")
            assert first["seed"] != second["seed"]
            assert await server.storage.records(code) == [first, second]

    run(go(), timeout=60)


def test_a_stand_in_plays_for_an_absent_camper_after_the_grace_until_they_resume(tmp_path):
    async def go():
        async with serving(tmp_path, grace=0.2, rate=1000) as (_, url):
            (host, bob), _, _ = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            await bob.wait_for("state")
            await bob.close()
            seen: asyncio.Queue = asyncio.Queue()
            hosting = asyncio.ensure_future(play_recording(host, 0, "hasty", hook=seen.put_nowait))
            while not ((m := await seen.get())["type"] == "table" and m["seats"][1]["stand_in"]):
                pass
            assert m["seats"][1]["connected"] is False and m["seats"][1]["stand_in"] == "greenhorn"
            while not ((m := await seen.get())["type"] == "move" and m["by"] == 1):
                pass  # the stand-in played seat 1
            back = await greeted(url, "Bob again", send_rate=None)
            assert (await back.resume(bob.joined["token"]))["seat"] == 1
            table = await back.wait_for("table")
            assert table["seats"][1]["connected"] is True and table["seats"][1]["stand_in"] is None
            assert table["seats"][1]["name"] == "Camper 1"  # the seat's name, not the new hello's
            state = await back.wait_for("state")
            back.backlog.appendleft(state)
            (record, _), (again, messages) = await asyncio.gather(hosting, play_recording(back, 1))
            assert record == again and check_views(record, 1, messages)

    run(go(), timeout=60)


def test_a_table_nobody_is_connected_to_closes(tmp_path):
    async def go():
        async with serving(tmp_path, idle_close=0.2) as (server, url):
            (host,), _, code = await table_of(url, 4, 1)
            table = server.tables[code]
            await host.close()
            await table.task  # the table's actor ends when its idle timer closes it
            assert code not in server.tables
            late = await greeted(url, "Late")
            with pytest.raises(ServerError) as refused:
                await late.join(code)
            assert refused.value.code == "no-table"

    run(go())


def test_every_decision_is_on_disk_before_anyone_is_told(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            (host, bob), _, code = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            db = sqlite3.connect(tmp_path / "tables.sqlite")  # another reader of the file
            moves = []

            def on_disk_already(message: dict) -> None:
                if message["type"] == "move":
                    # the decisions of the game under way; a finished game's are in its record
                    (stored,) = db.execute("SELECT COUNT(*) FROM decisions WHERE code=?", (code,)).fetchone()
                    (kept,) = db.execute(
                        "SELECT json_array_length(record, '$.actions') FROM games WHERE code=?", (code,)
                    ).fetchone()
                    moves.append(max(stored, kept or 0) >= message["ver"])

            await asyncio.gather(
                play_recording(host, 0, "hasty"), play_recording(bob, 1, hook=on_disk_already)
            )
            assert len(moves) > 20 and all(moves)

    run(go(), timeout=60)


def test_a_camper_back_after_the_end_is_sent_the_over_they_missed(tmp_path):
    async def go():
        async with serving(tmp_path, grace=0.0, rate=1000) as (_, url):
            (host, bob), _, _ = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            await bob.close()  # their stand-in plays at once (no grace)
            record, _ = await play_recording(host, 0, "hasty")
            back = await greeted(url, "Bob", send_rate=None)
            await back.resume(bob.joined["token"])
            assert (await back.wait_for("over"))["record"] == record
            again = await greeted(url, "Bob", send_rate=None)
            await again.resume(bob.joined["token"])  # told once: not again
            await again.react("thanks")
            assert (await again.wait_for("reaction", "over"))["type"] == "reaction"

    run(go(), timeout=60)


# How a stored table is damaged: a decision the rules refuse, a decision or the table's
# settings that are not JSON at all (the server closes that table with one line and restores the others).
DAMAGE = {
    "illegal decision": ('INSERT INTO decisions VALUES (?, 1, 999, \'{"do": "fly"}\')', "fly"),
    "decision not JSON": ("INSERT INTO decisions VALUES (?, 1, 999, 'not json')", "not JSON"),
    "settings not JSON": ('UPDATE tables SET lobby=\'{"campers": 3, "seats": [\' WHERE code=?', "not JSON"),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_server_started_again_restores_its_tables_and_closes_a_damaged_one(tmp_path, caplog, damage):
    statement, words = DAMAGE[damage]

    async def go():
        async with serving(tmp_path, rate=1000) as (server, url):
            (host, bob), _, good = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            await bob.wait_for("state")
            (other,), _, bad = await table_of(url, 3, 1, send_rate=None)
            await other.start()
            await other.wait_for("state")
        db = sqlite3.connect(tmp_path / "tables.sqlite")
        with db:
            db.execute(statement, (bad,))
        db.close()
        async with serving(tmp_path, rate=1000) as (server, url):
            assert good in server.tables and bad not in server.tables
            back = await greeted(url, "Bob", send_rate=None)
            await back.resume(bob.joined["token"])
            assert (await back.wait_for("state"))["seat"] == 1
        return bad

    caplog.set_level(logging.WARNING, "scram")
    bad = run(go())
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "\n" not in said[0], said
    assert said[0].startswith(f"table {bad} cannot be restored") and words in said[0]
