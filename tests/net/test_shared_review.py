"""The review of a table's last game stepped through together (docs/NETWORK-EXTENSIONS.md),
through real connections: a camper opens it after the game, everyone at the table is in it
and the opener leads; only the lead moves it, anyone in it takes the lead, anyone leaves
it; the lead passes on; the next game closes it; its positions are the review's stops."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_support import play_recording, run, serving, table_of
from test_watch import of_type, until, watcher

from game.learn.review import Review
from game.net.shared_review import review_stops
from game.net.views import game_record
from game.rules import OVER, Game, parse_record


async def finished_table(url: str):
    """A 3-camper table of two campers and a bot, watched by one, after a short game:
    (host, bea, wes, record)."""
    (host, bea), _, code = await table_of(url, 3, 2, send_rate=None)
    wes = await watcher(url, code)
    await host.start()
    (record, _), _ = await asyncio.gather(
        play_recording(host, 0, "hasty", 1), play_recording(bea, 1, "hasty", 2)
    )
    await wes.wait_for("over")
    return host, bea, wes, record


@pytest.mark.parametrize("campers", [3, 4, 6])
def test_the_review_has_a_stop_for_every_position_the_desktop_review_has(campers):
    for seed in range(3):
        game, rng = Game(campers, seed), random.Random(seed)
        while game.phase != OVER:
            game.play(game.sample_decision(rng))
        record = game_record(game, [None] * campers, ["greenhorn"] * campers, [0])
        assert review_stops(record) == len(Review(parse_record(record)))


def test_a_camper_opens_it_and_the_whole_table_steps_through_it_together(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            host, bea, wes, record = await finished_table(url)
            frames = review_stops(record)
            await wes.review_open()  # a watcher does not open one
            assert (await wes.wait_for("error"))["code"] == "no-review"
            await bea.review_open()
            opened = await host.wait_for("review")
            assert opened == {
                "type": "review",
                "open": True,
                "game": 1,
                "frames": frames,
                "pos": 0,
                "lead": {"name": "Camper 1", "seat": 1},
                "members": [
                    {"name": "Camper 1", "seat": 1},
                    {"name": "Host", "seat": 0},
                    {"name": "Wes", "watcher": 1},
                ],
            }
            assert await wes.wait_for("review") == opened == await bea.wait_for("review")
            await host.review_go(5)
            refused = await host.wait_for("error")
            assert refused["code"] == "not-lead" and refused["message"].startswith("Camper 1 leads")
            await bea.review_go(5)
            for client in (host, bea, wes):
                assert (await client.wait_for("review"))["pos"] == 5
            await wes.review_lead()
            led = await host.wait_for("review")
            assert led["lead"] == {"name": "Wes", "watcher": 1} and led["pos"] == 5
            await wes.review_go(frames - 1)
            assert (await until(bea, of_type("review", lambda m: m["pos"] > 5)))["pos"] == frames - 1
            await wes.review_go(frames)
            assert (await wes.wait_for("error"))["code"] == "bad-message"

    run(go())


def test_leaving_hands_the_lead_on_and_the_next_game_closes_it(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            host, bea, wes, _ = await finished_table(url)
            await wes.review_go(1)
            assert (await wes.wait_for("error"))["code"] == "no-review"
            await host.review_open()
            await wes.wait_for("review")
            await wes.review_lead()
            await until(host, of_type("review", lambda m: "watcher" in m["lead"]))
            await wes.review_leave()  # the lead passes to the first camper (by seat) still in it
            passed = await until(bea, of_type("review", lambda m: len(m["members"]) == 2))
            assert passed["lead"] == {"name": "Host", "seat": 0}
            await bea.review_leave()
            await host.review_go(3)
            assert (await until(bea, of_type("review", lambda m: m["pos"] == 3)))["members"] == [
                {"name": "Host", "seat": 0}
            ]
            await bea.review_open()  # back in the review open now
            back = await until(host, of_type("review", lambda m: m["pos"] == 3 and len(m["members"]) == 2))
            assert back["lead"]["seat"] == 0 and back["members"][1] == {"name": "Camper 1", "seat": 1}
            await host.start()
            closed = await until(wes, of_type("review", lambda m: not m["open"]))
            assert closed["members"] == [] and closed["lead"] is None
            await host.review_open()
            refused = await host.wait_for("error")
            assert refused["code"] == "no-review" and "still on" in refused["message"]

    run(go())


def test_someone_who_comes_later_is_told_of_the_open_review(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            host, _, _, record = await finished_table(url)
            await host.review_open()
            await host.wait_for("review")
            late = await watcher(url, host.joined["code"], "Late")
            over = await late.wait_for("over")  # to build the review from
            assert over["record"] == record
            told = await late.wait_for("review")
            assert told["open"] and {"name": "Late", "watcher": 2} not in told["members"]
            await late.review_open()
            joined = await until(host, of_type("review", lambda m: len(m["members"]) == 4))
            assert joined["members"][-1] == {"name": "Late", "watcher": 2}

    run(go())


@pytest.mark.parametrize("message", [{"type": "review_go", "pos": -1}, {"type": "review_go", "pos": "2"}])
def test_a_malformed_review_message_is_refused(tmp_path, message):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host,), _, _ = await table_of(url, 3, 1)
            await host.send(message)
            assert (await host.wait_for("error"))["code"] == "bad-message"

    run(go())
