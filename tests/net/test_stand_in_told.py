"""What a table tells of an absent camper's stand-in (docs/NETWORK-EXTENSIONS.md): the
seconds left before one may play for them (`table.seats[].stand_in_due`), and, when they
come back, which of the round's events their stand-in's decisions caused (`state.stand_in`),
so their game tells those moves as the stand-in's, not as their own. Real connections."""

from __future__ import annotations

import asyncio
import itertools

from net_support import Feed, greeted, play_recording, run, serving, table_of

ACTS = ("CardDrawn", "CardTaken", "ScramDeclared")  # a decision's first event names who took it


def test_an_absent_campers_seat_says_how_long_until_a_stand_in_may_play(tmp_path):
    async def go():
        async with serving(tmp_path, grace=30.0) as (_, url):
            (host, bob), _, _ = await table_of(url, 4, 2, send_rate=None)
            lobby = await host.wait_for("table")
            assert all("stand_in_due" not in s for s in lobby["seats"])  # no game: no countdown
            await host.start()
            await bob.wait_for("state")
            bob.ws.transport.abort()  # gone without a word
            while (table := await host.wait_for("table"))["seats"][1]["connected"]:
                pass
            due = table["seats"][1]["stand_in_due"]
            assert 25.0 < due <= 30.0 and table["seats"][1]["stand_in"] is None
            assert all("stand_in_due" not in s for n, s in enumerate(table["seats"]) if n != 1)

    run(go())


def test_a_returning_camper_is_told_which_events_their_stand_in_caused(tmp_path):
    async def go():
        async with serving(tmp_path, grace=0.0, rate=1000) as (_, url):
            (host, bob), _, _ = await table_of(url, 4, 2, send_rate=None)
            await host.start()
            await bob.wait_for("state")
            await bob.close()  # away from the first move: every decision of seat 1 is its stand-in's
            feed, hold = Feed(), asyncio.Event()

            async def wait_once_stood_in() -> None:
                if any(m["type"] == "move" and m["by"] == 1 for m in feed.messages):
                    await hold.wait()  # the host's turn: the game waits for it (seat 1 is back then)

            hosting = asyncio.ensure_future(
                play_recording(host, 0, "random", hook=feed.add, before_act=wait_once_stood_in)
            )
            await feed.first(lambda m: m["type"] == "move" and m["by"] == 1)
            back = await greeted(url, "Bob again", send_rate=None)
            await back.resume(bob.joined["token"])
            state = await back.wait_for("state")
            events, spans = state["events"], state["stand_in"]
            assert spans and all(0 <= a < b <= len(events) for a, b in spans)
            assert all(s[1] <= t[0] for s, t in itertools.pairwise(spans))  # in order, apart
            inside = {i for a, b in spans for i in range(a, b)}
            acts = [i for i, e in enumerate(events) if e["type"] in ACTS and e["seat"] == 1]
            assert acts and set(acts) <= inside  # every move of seat 1 this round: its stand-in's
            assert all(events[a].get("seat") == 1 for a, _ in spans)  # each a decision of seat 1
            others = [i for i, e in enumerate(events) if e["type"] in ACTS and e["seat"] != 1]
            assert not inside & set(others)
            hosting.cancel()

    run(go())
