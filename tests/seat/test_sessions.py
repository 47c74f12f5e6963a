"""The sessions behind a table, without a window: the interface the table scene asks is
whole (no member is probed for), a local game is played through it by the window's bots, a
desktop session plays a whole game at a real table server, and the audience a session holds
reads what the table says of it and sends what the player asks."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from seat_server import Recorder, run, serving
from test_follower import Messages, fields

from game.net import protocol
from game.rules import OVER, Game, for_seat, parse_record, replay
from game.seat.audience import Audience
from game.seat.local_session import LocalSession
from game.seat.remote_session import RemoteSession
from game.seat.session import Session
from game.seat.watch_session import WatchSession

SCENE = Path(__file__).resolve().parents[2] / "game" / "ui" / "scenes" / "table.py"


def test_the_session_interface_holds_every_member_the_table_scene_asks_for():
    source = SCENE.read_text()
    asked = set(re.findall(r"\bsession\.(?!py\b)([a-z_]+)", source))  # (not "session.py")
    assert {"view", "decide", "off_frame", "stood_in", "restored_words"} <= asked
    assert not re.search(r"(getattr|hasattr)\((self\.)?session\b", source)  # nothing probed
    link = Messages()
    game = Game(3, 4)
    local = LocalSession(game, ["A", "B", "C"], [None, "greenhorn", "greenhorn"], None)
    try:
        for session in (local, RemoteSession(link, "Ada"), WatchSession(link, "Wes")):
            assert isinstance(session, Session)
            # (on the class, or set by its constructor: a property is not asked before a game)
            missing = [n for n in sorted(asked) if not hasattr(type(session), n) and n not in vars(session)]
            assert missing == [], type(session).__name__
    finally:
        local.close()
    with pytest.raises(TypeError):
        Session(3, [], [], None)  # abstract: a session says what it is


def test_a_watched_local_game_is_played_to_its_end_through_the_session():
    game = Game(3, 12)
    session = LocalSession(game, ["Ann", "Bea", "Cal"], ["greenhorn"] * 3, None)
    try:
        while session.phase != OVER:
            if session.between_rounds:
                assert session.next_round()
                continue
            decision = None
            while decision is None:  # the bot thinks on the bots' worker; no pace to wait
                _, decision = session.bot_step(session.turn, 0.01, 0.0)
                time.sleep(0.001)
            assert session.decide(decision)
    finally:
        session.close()
    assert game.over and not session.playing and fields(session.view()) == fields(game.view(0))
    assert session.seen() == [for_seat(e, 0) for e in game.events]  # the one event log
    assert session.problems == [] and session.off_frame is not None


async def desktop_game(folder) -> tuple[RemoteSession, dict, list]:
    """A desktop session at seat 0 of a real table beside two bots, its link's messages
    carried by a real connection, deciding at random from its own view."""
    async with serving(folder) as url:
        host = await Recorder.greeted(url, "Ada")
        link = Messages()
        session = RemoteSession(link, "Ada")
        await host.client.send(protocol.create(3, 0, ["greenhorn"] * 3, "instant"))
        rng, record = random.Random(3), None
        while session.record is None:
            link.inbox.append(await host.read())
            session.pump()
            assert not session.notes, session.notes
            if session.human is not None and session.seats and not session.started and not link.sent:
                session.start()
            while session.next_step() is not None or session.next_round():
                pass
            view = session.view() if session.shown is not None else None
            mine = view is not None and not session.steps and view.turn == session.human
            if mine and not session.waiting and not session.between_rounds:
                session.decide(view.sample_decision(rng))
            for message in link.sent:
                await host.client.send(message)
            link.sent.clear()
        record = session.record
        await host.client.close()
    return session, record, host.kept


@pytest.mark.slow  # a whole game at a real table, about 4 s
def test_a_desktop_session_plays_a_whole_game_at_a_real_table(tmp_path):
    session, record, messages = run(desktop_game(tmp_path))
    assert not [m for m in messages if m["type"] == "error"]  # every decision it sent was taken
    played = replay(parse_record(record))
    assert session.game.over and session.game.winner == played.winner
    assert session.players[0] == "Ada" and session.seat == 0
    acts = parse_record(record).actions
    assert len(acts) > 10 and session.ver == len(acts)
    assert session.seen() == [for_seat(e, 0) for e in played.events]  # the one event log, whole


def test_a_sessions_audience_reads_the_table_and_sends_what_the_player_asks():
    sent: list[dict] = []
    me: dict | None = {"seat": 1}
    audience = Audience(sent.append, lambda: me)
    audience.read({"open": False, "watchers": [{"id": 4, "name": "Wes", "follows": 1}], "shared": [1, 9]}, 4)
    assert not audience.open and audience.shared == (1,) and audience.watchers[0].follows == 1
    assert audience.count_words() == "1 watching"
    audience.share_view(True)
    audience.allow_watching(False)
    sent.clear()
    audience.say_again()  # after a reconnection: what this player asked, again
    assert sent == [protocol.share_view(True), protocol.allow_watching(False)]
    review = {"open": True, "game": 1, "frames": 9, "pos": 2, "lead": {"name": "Ada", "seat": 0}}
    audience.read_review({**review, "members": [{"name": "Ada", "seat": 0}, {"name": "Bea", "seat": 1}]})
    assert audience.in_review and not audience.leading and audience.review_to_show()
    audience.review_shown_now()
    assert not audience.review_to_show()
    audience.review_leave()
    assert audience.review_left and sent[-1] == protocol.review_leave()
    me = {"watcher": 4}
    assert not audience.in_review  # a watcher's number is not seat 1's
