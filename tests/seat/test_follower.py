"""The one follower of a seat's messages (game/seat/follower.py), as each of its three users
reads a real table's messages: the headless bot client (`play.Player`), the desktop's
remote session (through its frame's `pump`, `next_step` and `next_round`) and the watcher's
session (the public table). After every message, what each shows is the view the rules
core gives those eyes at that decision."""

from __future__ import annotations

import asyncio

import pytest
from seat_server import Recorder, run, serving

from game.net import protocol
from game.rules import PUBLIC, decision_from_json, parse_record
from game.seat.play import Player
from game.seat.remote_session import RemoteSession
from game.seat.watch_session import WatchSession


def fields(view) -> tuple:
    """Everything in a view."""
    return tuple(getattr(view, name) for name in view.FIELDS)


async def one_game(folder) -> dict:
    """A 4-camper table: a headless client at seat 0 plays at random beside three bots, and a
    watcher watches the public table; every message each of them read, and the record."""
    async with serving(folder) as url:
        host = await Recorder.greeted(url, "Host")
        await host.client.send(protocol.create(4, 0, ["greenhorn"] * 4, "instant"))
        joined = await host.read_until("joined")
        wes = await Recorder.greeted(url, "Wes")
        await wes.client.send(protocol.watch(joined["code"]))
        await wes.read_until("watching")
        await host.client.send(protocol.start())
        player = Player(joined["seat"], "random", 5)
        views = []  # what the headless client's follower showed after each state and move

        async def play() -> dict:
            while True:
                m = await host.read()
                if m["type"] == "over":
                    return m["record"]
                if m["type"] in ("state", "move"):
                    player.feed(m)
                    views.append((m["ver"], player.follower.view()))
                    if player.my_turn(m):
                        await host.client.act(m["ver"], player.decide())

        record, _ = await asyncio.gather(play(), wes.read_until("over"))
        for r in (host, wes):
            await r.client.close()
    return {"record": record, "seat": joined["seat"], "host": host.kept, "wes": wes.kept, "headless": views}


@pytest.fixture(scope="module")
def game_seen(tmp_path_factory):
    return run(one_game(tmp_path_factory.mktemp("follower")))


class Messages:
    """A link that hands the session the recorded messages, one `pump` at a time."""

    def __init__(self) -> None:
        self.inbox: list[dict] = []
        self.sent: list[dict] = []
        self.url = "ws://test/"

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self, leave: bool = False) -> None:
        pass


def through_a_session(session, link: Messages, messages: list[dict]) -> list[tuple[int, object]]:
    """Each message pumped into `session`, the table's steps and deals taken as the table
    takes them; the view shown once nothing waits, with the decision it stands at."""
    out, ver = [], None
    for m in messages:
        link.inbox.append(m)
        session.pump()
        assert not session.notes, session.notes  # nothing it could not read
        ver = m["ver"] if m["type"] in ("state", "move") else ver
        while session.next_step() is not None or session.next_round():
            pass
        if ver is not None and session.shown is not None and not session.steps:
            out.append((ver, session.view()))
    return out


def desktop(seen: dict) -> tuple[int, list]:
    link = Messages()
    return seen["seat"], through_a_session(RemoteSession(link, "Host"), link, seen["host"])


def watcher(seen: dict) -> tuple[int, list]:
    link = Messages()
    return PUBLIC, through_a_session(WatchSession(link, "Wes"), link, seen["wes"])


def headless(seen: dict) -> tuple[int, list]:
    return seen["seat"], seen["headless"]


@pytest.mark.parametrize("user", [headless, desktop, watcher])
def test_every_user_of_the_follower_shows_the_view_the_core_gives_its_eyes(game_seen, user):
    eyes, shown = user(game_seen)
    parsed = parse_record(game_seen["record"])
    game, done = parsed.new_game(), 0
    assert len(shown) > 20 and shown[-1][0] == len(parsed.actions)  # the whole game, to its end
    for ver, view in shown:
        while done < ver:
            game.play(decision_from_json(parsed.actions[done], game.holding()))
            done += 1
        assert fields(view) == fields(game.view(eyes)), f"decision {ver}"


def test_a_move_that_ends_a_round_is_told_apart_from_the_next_deal(game_seen):
    """The desktop's table shows the round's end between a round's last decision and the
    next deal: the follower hands them over apart, with the view as the round ended."""
    from game.rules import ROUND_OVER, RoundDealt, replay
    from game.seat.follower import SeatFollower

    follower, ends = SeatFollower(game_seen["seat"]), 0
    for m in game_seen["host"]:
        if m["type"] == "state":
            follower.on_state(m)
        elif m["type"] == "move":
            move = follower.on_move(m)
            assert not any(type(e) is RoundDealt for e in move.played)
            if move.deal:
                ends += 1
                assert move.ended.phase == ROUND_OVER and type(move.deal[0]) is RoundDealt
                assert move.view.round == move.ended.round + 1
    assert ends == replay(parse_record(game_seen["record"])).round - 1 > 0
