"""Hostile clients: each gets its error code (or the close code NETWORK.md names) and changes
nothing for anyone else: the honest campers' game then plays on to `over`, every view the
replay of the record, and nobody else heard of the attack."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_support import greeted, play_recording, run, serving, table_of
from test_games import check_views
from websockets.exceptions import InvalidStatus

from game.net.protocol import CODE_ALPHABET
from game.rules import Game, decision_from_json
from game.seat.client import SEND_RATE, Client, Closed, ServerError

SEED = 1  # a 4-camper game whose first turn is seat 0's (the host's)
assert Game(4, SEED).first_start == 0


def fixed_deal(campers: int):
    return SEED, None


async def expect_error(client: Client, code: str) -> dict:
    message = await client.wait_for("error")
    assert message["code"] == code, message
    return message


async def scene(folder, attack, humans: int = 2, **server_options):
    """A started 4-camper game of `humans` honest clients (seat 0 to move, ver 0); `attack`
    runs, then the honest clients play to `over` and every view is checked. The honest
    clients play as fast as they can: their connections' limit is raised (`rate`) for
    speed, save where the attack is a flood."""
    server_options.setdefault("rate", 1000)
    async with serving(folder, deal=fixed_deal, **server_options) as (server, url):
        paced = server_options["rate"] <= 20
        clients, seats, code = await table_of(url, 4, humans, send_rate=SEND_RATE if paced else None)
        await clients[0].start()
        states = [await c.wait_for("state") for c in clients]
        assert states[0]["ver"] == 0 and states[0]["view"]["turn"] == 0
        await attack(url=url, clients=clients, code=code, server=server)
        for c, state in zip(clients, states, strict=True):
            c.backlog = type(c.backlog)(m for m in c.backlog if m["type"] not in ("table", "state"))
            c.backlog.appendleft(state)
        results = await asyncio.gather(
            *(play_recording(c, s, "hasty") for c, s in zip(clients, seats, strict=True))
        )
        for (record, messages), seat in zip(results, seats, strict=True):
            assert record == results[0][0]
            check_views(record, seat, messages)
            assert not [m for m in messages if m["type"] == "error"]
        return results[0][0]


# ---- seated campers breaking the rules ---------------------------------------------------
async def out_of_turn(clients, **_):
    await clients[1].act(0, {"do": "draw"})
    await expect_error(clients[1], "not-your-turn")


async def for_another_seat(clients, **_):
    await clients[1].send({"type": "act", "ver": 0, "decision": {"do": "draw"}, "seat": 0, "by": 0})
    await expect_error(clients[1], "not-your-turn")


async def stale_ver(clients, **_):
    await clients[0].act(3, {"do": "draw"})
    await expect_error(clients[0], "stale")
    await clients[1].act(-0, {"do": "draw"})  # the right ver, the wrong seat
    await expect_error(clients[1], "not-your-turn")


async def illegal(clients, **_):
    await clients[0].send({"type": "act", "ver": 0, "decision": {"do": "discard"}, "id": 7})
    refusal = await expect_error(clients[0], "illegal")
    assert refusal["id"] == 7
    reason = Game(4, SEED).why_illegal(decision_from_json({"do": "discard"}))
    assert refusal["message"] == reason  # the rules core's own reason
    await clients[0].act(0, {"do": "replace", "cards": [[5, 0]]})
    await expect_error(clients[0], "illegal")
    await clients[0].act(0, {"do": "fly"})
    await expect_error(clients[0], "illegal")


async def wrong_types(clients, **_):
    for text in ('{"type": "act", "ver": "0", "decision": {"do": "draw"}}', '{"type": "act"}', "{oops", "[]"):
        await clients[0].send_text(text)
        await expect_error(clients[0], "bad-message")


async def lobby_moves_after_the_start(clients, **_):
    await clients[1].sit(3)
    await expect_error(clients[1], "started")
    await clients[1].start()
    await expect_error(clients[1], "not-host")
    await clients[0].start()
    await expect_error(clients[0], "started")
    await clients[0].send({"type": "hello", "protocol": "scram-net/1", "name": "Again"})
    await expect_error(clients[0], "bad-message")
    await clients[0].send({"type": "join", "code": "ABCDEF"})
    await expect_error(clients[0], "bad-message")


async def unknown_types(clients, **_):
    await clients[0].send({"type": "teleport", "to": "the lake"})
    await clients[0].send({"type": "sit", "seat": 1, "id": "after"})  # answered; teleport was not
    refusal = await clients[0].wait_for("error")
    assert refusal["id"] == "after" and refusal["code"] == "started"


SEATED = [
    out_of_turn,
    for_another_seat,
    stale_ver,
    illegal,
    wrong_types,
    lobby_moves_after_the_start,
    unknown_types,
]


@pytest.mark.parametrize("attack", SEATED, ids=[a.__name__ for a in SEATED])
def test_a_seated_camper_breaking_the_rules_changes_nothing(tmp_path, attack):
    record = run(scene(tmp_path, attack), timeout=90)
    assert record["actions"][0] != {"do": "discard"}


# ---- strangers -------------------------------------------------------------------------
async def stranger_acts(url, **_):
    c = await greeted(url, "Stranger")
    await c.act(0, {"do": "draw"})
    await expect_error(c, "not-seated")
    await c.start()
    await expect_error(c, "not-seated")
    await c.leave()
    await expect_error(c, "not-seated")
    await c.close()


async def late_joiner(url, code, **_):
    c = await greeted(url, "Late")
    with pytest.raises(ServerError) as refused:
        await c.join(code)
    assert refused.value.code == "started"
    await c.close()


async def huge_frame(url, **_):
    c = await greeted(url, "Big")
    await c.send_text(json.dumps({"type": "react", "emote": "nice", "pad": "x" * (1 << 20)}))
    closed = await c.wait_closed()
    assert closed.code == 1009


async def just_too_big(url, **_):
    c = await greeted(url, "Big")
    frame = json.dumps({"type": "leave", "pad": ""})
    await c.send_text(frame[:-2] + "x" * (16 * 1024 - len(frame) + 1) + '"}')
    assert (await c.wait_closed()).code == 1009


async def flood(url, **_):
    c = await Client.connect(url, send_rate=None)
    await c.hello("Flood")
    for _ in range(40):
        try:
            await c.send({"type": "teleport"})
        except Closed:
            break
    await expect_error(c, "rate")
    assert (await c.wait_closed()).code == 1008


async def forged_tokens(url, server, **_):
    c = await greeted(url, "Forger")
    for token in ("x" * 32, "A" * 200, "", "\u0000"):
        await c.send({"type": "resume", "token": token})
        await expect_error(c, "bad-token")
    await c.close()


async def other_tables_token(url, clients, **_):
    """A camper of another table presents its token here while seated there: refused; the
    token of a seat given up resumes nothing."""
    other = await greeted(url, "Other")
    mine = await other.create(3, 0, ["greenhorn"] * 3, "instant")
    third = await greeted(url, "Third")
    theirs = await third.create(3, 0, ["greenhorn"] * 3, "instant")
    await other.send({"type": "resume", "token": theirs["token"]})
    await expect_error(other, "bad-message")
    await third.leave()
    await third.wait_for("table")
    fresh = await greeted(url, "Fresh")
    await fresh.send({"type": "resume", "token": theirs["token"]})
    await expect_error(fresh, "bad-token")
    assert mine["code"] != theirs["code"]
    for c in (other, third, fresh):
        await c.close()


async def guessing_codes(url, code, **_):
    c = await greeted(url, "Guesser")
    for n in range(10):
        await c.send({"type": "join", "code": f"ZZZZZ{CODE_ALPHABET[n]}"})
        await expect_error(c, "no-table")
    await c.send({"type": "join", "code": code})  # even the right code: not looked at now
    await expect_error(c, "rate")
    await c.close()


async def no_hello(url, **_):
    c = await Client.connect(url)
    await c.send({"type": "create", "campers": 4})
    await expect_error(c, "bad-message")
    assert (await c.wait_closed()).code == 1008


async def silent(url, **_):
    c = await Client.connect(url)
    refusal = await c.wait_for("error")
    assert refusal["code"] == "bad-message" and "hello" in refusal["message"]
    assert (await c.wait_closed()).code == 1008


async def wrong_protocol(url, **_):
    c = await Client.connect(url)
    with pytest.raises(ServerError) as refused:
        await c.hello("Old", protocol="scram-net/0")
    assert refused.value.code == "version"
    assert "scram-net/1" in refused.value.message and "scram-net/0" in refused.value.message
    assert (await c.wait_closed()).code == 1008


STRANGERS = [
    stranger_acts,
    late_joiner,
    huge_frame,
    just_too_big,
    flood,
    forged_tokens,
    other_tables_token,
    guessing_codes,
    no_hello,
    silent,
    wrong_protocol,
]


@pytest.mark.parametrize(
    "attack",
    # the flood waits for the rate limit to cut it off (about a second of wall time): slow
    [pytest.param(a, id=a.__name__, marks=[pytest.mark.slow] if a is flood else []) for a in STRANGERS],
)
def test_a_hostile_stranger_gets_its_code_and_changes_nothing(tmp_path, attack):
    rate = 20 if attack is flood else 1000  # the flood meets NETWORK.md's own limit
    run(scene(tmp_path, attack, hello_timeout=0.5, rate=rate), timeout=90)


def test_only_the_root_path_speaks_the_protocol(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            with pytest.raises(InvalidStatus) as refused:
                await Client.connect(url + "admin")
            assert refused.value.response.status_code == 404
            fine = await Client.connect(url + "?table=ABC234")  # a query string is allowed
            assert (await fine.hello("Ada"))["protocol"] == "scram-net/1"

    run(go())
