"""Watching a table (docs/NETWORK-EXTENSIONS.md), through real connections on 127.0.0.1:
anyone with the code watches without taking a seat; a watcher sees the public table only
(every view the replay's `PUBLIC` view, no face-down value anywhere); it follows a seat only
when that seat's camper allows it, never two seats of opposite teams in one game (nor
anyone else from its address); the host closes the table to watchers; the caps; and a
camper who never sends the new messages sees nothing new."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_support import greeted, play_recording, run, serving, table_of
from test_games import check_views

from game.net.caps import Limits
from game.rules import PUBLIC, Game
from game.seat.client import Closed, ServerError


async def until(client, test) -> dict:
    """Read on to the first message that passes `test` (the others are dropped)."""
    while True:
        message = await client.recv(30)
        if test(message):
            return message


def of_type(kind: str, test=lambda m: True):
    return lambda m: m.get("type") == kind and test(m)


async def watcher(url: str, code: str, name: str = "Wes", **kw):
    client = await greeted(url, name, **kw)
    client.watching = await client.watch(code)
    return client


def no_face_down_value(message: dict) -> None:
    """A watcher's `state` or `move`: no face-down card shows its value, in the view or the
    events, and no card is in hand unless it came from the pile."""
    view = message["view"]
    for row in view["campsites"]:
        for card in row:
            assert card["up"] or card["card"] is None, card
    for e in message["events"]:
        if e["type"] == "RoundDealt":
            assert all(v is None for row in e["campsites"] for v, up in row if not up)
        elif "mask" in e and not (e["type"] == "CardPlaced" and e["up"]):
            assert e["card"] is None, e


def test_a_watcher_takes_no_seat_and_is_listed_for_the_table(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host,), _, code = await table_of(url, 3, 1)
            wes = await watcher(url, code.lower())
            assert wes.watching == {"type": "watching", "code": code, "watcher": 1}
            table = await wes.wait_for("table")
            assert [s["kind"] for s in table["seats"]] == ["human", "open", "open"]
            seen = await host.wait_for("audience")
            assert seen == {
                "type": "audience",
                "open": True,
                "watchers": [{"id": 1, "name": "Wes", "follows": None}],
                "shared": [],
            }
            assert await wes.wait_for("audience") == seen
            bea = await greeted(url, "Bea")
            assert (await bea.join(code))["seat"] == 1  # a watcher is not counted against the seats
            assert (await bea.wait_for("audience"))["watchers"][0]["name"] == "Wes"
            await wes.leave()
            assert (await wes.wait_for("table"))["code"] == code
            gone = await until(host, of_type("audience", lambda m: not m["watchers"]))
            assert gone["watchers"] == []
            with pytest.raises(ServerError) as refused:
                await (await greeted(url, "Guess")).watch("ZZZZZZ")
            assert refused.value.code == "no-table"

    run(go())


def test_a_watcher_sees_every_view_as_the_public_table_and_no_face_down_value(tmp_path):
    async def go():
        async with serving(tmp_path, rate=1000) as (_, url):
            (host,), _, code = await table_of(url, 4, 1, send_rate=None)
            wes = await watcher(url, code)
            await host.start()
            playing = asyncio.create_task(play_recording(host, 0, "random", 3))
            seen = []
            while True:
                message = await wes.recv(30)
                seen.append(message)
                if message["type"] == "over":
                    break
                assert message["type"] != "error", message
                if message["type"] in ("state", "move"):
                    no_face_down_value(message)
            record, _ = await playing
            assert seen[-1]["record"] == record
            states = [m for m in seen if m["type"] == "state"]
            assert len(states) == 1 and states[0]["seat"] is None
            assert check_views(record, PUBLIC, seen) == len(record["actions"]) + 1
            reveals = [m["reveal"] for m in seen if "reveal" in m]
            assert len(reveals) == len(record["decks"])  # each round's end shows every card

    run(go())


def test_a_watcher_follows_a_seat_only_while_its_camper_allows_it(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(watch_binds_address=False)) as (_, url):
            (host,), _, code = await table_of(url, 4, 1)
            wes = await watcher(url, code)
            await wes.follow(0)
            refused = await wes.wait_for("error")
            assert refused["code"] == "no-follow" and "not let" in refused["message"]
            await host.share_view(True)
            assert (await until(wes, of_type("audience", lambda m: m["shared"])))["shared"] == [0]
            await wes.follow(0)
            following = await until(wes, of_type("audience", lambda m: m["watchers"][0]["follows"] == 0))
            assert following["shared"] == [0]
            await host.start()
            mine = await host.wait_for("state")
            assert await wes.wait_for("state") == mine  # exactly what seat 0 is sent
            await host.share_view(False)
            public = await wes.wait_for("state")
            assert public["seat"] is None
            await wes.follow(0)
            assert (await wes.wait_for("error"))["code"] == "no-follow"
            await wes.follow(3)  # a bot's seat: no camper to allow it
            assert (await wes.wait_for("error"))["code"] == "no-follow"
            await wes.follow(9)
            assert (await wes.wait_for("error"))["code"] == "bad-message"

    run(go())


def test_a_follower_is_sent_the_very_bytes_of_its_seat_until_the_camper_leaves(tmp_path):
    seed = next(s for s in range(100) if Game(4, s).start == 0)  # seat 3 plays fourth

    async def go():
        limits = Limits(watch_binds_address=False)
        async with serving(tmp_path, deal=lambda n: (seed, None), limits=limits) as (_, url):
            (host, bea), _, code = await table_of(url, 4, 2)
            await bea.sit(3)
            await until(host, of_type("table", lambda m: m["seats"][3]["kind"] == "human"))
            await bea.share_view(True)
            wes = await watcher(url, code)
            await until(wes, of_type("audience", lambda m: m["shared"] == [3]))
            await wes.follow(3)
            await until(wes, of_type("audience", lambda m: m["watchers"][0]["follows"] == 3))
            await host.start()
            host_plays = asyncio.create_task(play_recording(host, 0, "random", 1))
            seat_sees, follower_sees = await asyncio.gather(_until_turn(bea, 3), _until_turn(wes, 3))
            assert len(seat_sees) > 3 and seat_sees == follower_sees  # byte for byte
            await bea.leave()  # a bot takes seat 3: nobody may be followed there any more
            public = await until(wes, of_type("state"))
            assert public["seat"] is None
            host_plays.cancel()
            await asyncio.gather(host_plays, return_exceptions=True)

    run(go())


async def _until_turn(client, seat: int) -> list[str]:
    """The text of every `state` and `move` `client` is sent, up to the one that starts
    `seat`'s first turn."""
    out = []
    while True:
        text = await client.ws.recv()
        message = json.loads(text)
        if message["type"] not in ("state", "move"):
            continue
        out.append(text)
        view = message["view"]
        if view["turn"] == seat and view["phase"] == "start":
            return out


def test_in_one_game_a_watcher_never_follows_both_teams(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(watch_binds_address=False)) as (_, url):
            (host, bea), _, code = await table_of(url, 4, 2, levels=["greenhorn"] * 4, pace="normal")
            await host.share_view(True)
            await bea.share_view(True)
            wes = await watcher(url, code)
            await until(wes, of_type("audience", lambda m: m["shared"] == [0, 1]))
            await wes.follow(1)  # before the game: a choice, binding no team yet
            await wes.follow(0)
            await until(wes, of_type("audience", lambda m: m["watchers"][0]["follows"] == 0))
            await host.start()
            assert (await wes.wait_for("state"))["seat"] == 0
            await wes.follow(1)  # seat 1 is the other team
            refused = await wes.wait_for("error")
            assert refused["code"] == "no-follow" and "other team" in refused["message"]
            await wes.follow(None)
            assert (await wes.wait_for("state"))["seat"] is None
            await wes.follow(1)  # the public table in between does not undo what it saw
            assert (await wes.wait_for("error"))["code"] == "no-follow"
            await wes.follow(0)
            assert (await wes.wait_for("state"))["seat"] == 0

    run(go())


def test_an_address_that_plays_or_follows_one_team_may_not_follow_the_other(tmp_path):
    """A camper's second window (or anyone at its address) may not look at the other team's
    cards; another address may."""

    async def go():
        async with serving(tmp_path) as (_, url):
            home, away = ("127.0.0.2", 0), ("127.0.0.3", 0)
            host = await greeted(url, "Ada", local_addr=home)
            code = (await host.create(4, 0, ["greenhorn"] * 4, "normal"))["code"]
            bea = await greeted(url, "Bea", local_addr=away)
            await bea.join(code)
            await bea.share_view(True)
            peek = await watcher(url, code, "Ada again", local_addr=home)
            fan = await watcher(url, code, "Fan", local_addr=("127.0.0.4", 0))
            await until(peek, of_type("audience", lambda m: m["shared"] == [1]))
            await host.start()
            await peek.wait_for("state")
            await peek.follow(1)
            refused = await peek.wait_for("error")
            assert refused["code"] == "no-follow" and "your address" in refused["message"]
            await fan.follow(1)
            assert (await until(fan, of_type("state", lambda m: m["seat"] == 1)))["ver"] == 0
            sibling = await watcher(url, code, "Fan's sibling", local_addr=("127.0.0.4", 0))
            await host.share_view(True)
            await until(sibling, of_type("audience", lambda m: m["shared"] == [0, 1]))
            await sibling.follow(0)  # the address has followed team B in this game
            assert (await sibling.wait_for("error"))["code"] == "no-follow"

    run(go())


def test_the_host_closes_the_table_to_watchers_and_opens_it_again(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host, bea), _, code = await table_of(url, 4, 2)
            wes = await watcher(url, code)
            await bea.allow_watching(False)
            assert (await bea.wait_for("error"))["code"] == "not-host"
            await host.allow_watching(False)
            sent_off = await wes.wait_for("error")
            assert sent_off["code"] == "no-watching"
            closed = await until(host, of_type("audience", lambda m: not m["open"]))
            assert closed["watchers"] == []
            with pytest.raises(ServerError) as refused:
                await (await greeted(url, "Late")).watch(code)
            assert refused.value.code == "no-watching"
            await host.allow_watching(True)
            await until(host, of_type("audience", lambda m: m["open"]))
            assert (await (await greeted(url, "Later")).watch(code))["watcher"] == 2

    run(go())


def test_watchers_are_capped_per_table_and_per_address(tmp_path):
    async def go():
        async with serving(tmp_path, limits=Limits(watchers_per_table=2, watching_per_address=3)) as (_, url):
            _, _, code = await table_of(url, 3, 1)
            _, _, other = await table_of(url, 3, 1)
            first = [await watcher(url, code, f"W{n}") for n in range(2)]
            with pytest.raises(ServerError) as refused:
                await watcher(url, code, "Third")
            assert refused.value.code == "full"
            await watcher(url, other, "W2")
            with pytest.raises(ServerError) as refused:
                await watcher(url, other, "W3")
            assert refused.value.code == "limit" and "your address" in str(refused.value)
            await watcher(url, other, "Elsewhere", local_addr=("127.0.0.5", 0))
            await first[0].leave()
            await first[0].wait_for("table")
            assert (await watcher(url, code, "W4")).watching["watcher"] == 3

    run(go())


def test_a_watcher_is_no_camper_and_a_camper_no_watcher(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host,), _, code = await table_of(url, 3, 1)
            await host.send({"type": "watch", "code": code})
            assert (await host.wait_for("error"))["code"] == "bad-message"
            await host.follow(0)
            assert (await host.wait_for("error"))["code"] == "not-seated"
            wes = await watcher(url, code)
            await wes.send({"type": "join", "code": code})
            assert (await wes.wait_for("error"))["code"] == "bad-message"
            for message in ({"type": "act", "ver": 0, "decision": {"do": "draw"}}, {"type": "start"}):
                await wes.send(message)
                assert (await wes.wait_for("error"))["code"] in ("not-seated", "not-host")
            await wes.send({"type": "resume", "token": host.joined["token"]})
            assert (await wes.wait_for("error"))["code"] == "bad-message"
            await wes.share_view(True)
            assert (await wes.wait_for("error"))["code"] == "not-seated"
            await wes.send({"type": "follow", "seat": "one"})
            assert (await wes.wait_for("error"))["code"] == "bad-message"

    run(go())


def test_watching_closed_and_shared_seats_survive_a_restart(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            (host, bea), _, code = await table_of(url, 4, 2)
            await bea.share_view(True)
            await host.allow_watching(False)
            await until(host, of_type("audience", lambda m: not m["open"] and m["shared"] == [1]))
            token = host.joined["token"]
        async with serving(tmp_path) as (_, url):
            back = await greeted(url, "Ada")
            await back.resume(token)
            said = await back.wait_for("audience")
            assert said["open"] is False and said["shared"] == [1]

    run(go())


def test_campers_who_never_watch_see_nothing_new_but_the_audience(tmp_path):
    """The same game played twice, once watched by a follower and a public watcher: what the
    campers are sent differs only by `audience` messages, which a client that does not know
    them ignores (NETWORK.md); unwatched, nothing of this extension is sent at all."""
    seed = 11

    async def game(folder, watched: bool) -> list[list[dict]]:
        async with serving(folder, rate=1000, deal=lambda n: (seed, None)) as (_, url):
            (host, bea), _, code = await table_of(url, 3, 2, send_rate=None)
            if watched:
                await bea.share_view(True)
                fan, wes = await watcher(url, code, "Fan"), await watcher(url, code)
                await until(fan, of_type("audience", lambda m: m["shared"] == [1]))
                await fan.follow(1)
                await until(wes, of_type("audience", lambda m: m["watchers"][0]["follows"] == 1))
                for w in (fan, wes):  # (a watcher that reads nothing would hold the close up)
                    asyncio.create_task(_drain(w))
            await host.start()
            seen = await asyncio.gather(
                *(play_recording(c, s, "hasty", s) for s, c in enumerate((host, bea)))
            )
            return [[_blank(m, code) for m in messages] for _, messages in seen]

    watched = run(game(tmp_path / "watched", True))
    alone = run(game(tmp_path / "alone", False))
    new = {"audience", "watching", "review"}
    assert not any(m["type"] in new for messages in alone for m in messages)
    for seat in (0, 1):
        assert any(m["type"] == "audience" for m in watched[seat])
        assert [m for m in watched[seat] if m["type"] != "audience"] == alone[seat]


async def _drain(client) -> None:
    try:
        while True:
            await client.recv()
    except Closed:
        pass


def _blank(message: dict, code: str) -> dict:
    """A message with the table's code (random) put aside."""
    return json.loads(json.dumps(message).replace(code, "CODE"))
