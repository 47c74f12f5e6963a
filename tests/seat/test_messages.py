"""What a seat sends is what the server reads: every client message built by
`game.net.protocol` (the builders the client, the sessions and the audience use) is read
back by the server's own readers as the message it was built to be."""

from __future__ import annotations

import pytest

from game.net import protocol
from game.net import watch_protocol as watch
from game.net.protocol import encode

BUILT = [
    (protocol.hello("Ada", "tests"), protocol.Hello("Ada", "tests")),
    (protocol.create(4, 1, ["scout"] * 4, "instant"), protocol.Create(4, 1, ("scout",) * 4, "instant")),
    (protocol.join("ABC234"), protocol.Join("ABC234")),
    (protocol.resume("t" * 32), protocol.Resume("t" * 32)),
    (protocol.sit(2), protocol.Sit(2)),
    (protocol.start(), protocol.Start()),
    (protocol.act(7, {"do": "scram"}), protocol.Act(7, {"do": "scram"})),
    (protocol.leave(), protocol.Leave()),
    (protocol.react("nice"), protocol.React("nice")),
]
WATCH_BUILT = [
    (protocol.watch("ABC234"), watch.Watch("ABC234")),
    (protocol.follow(2), watch.Follow(2)),
    (protocol.follow(None), watch.Follow(None)),
    (protocol.share_view(True), watch.ShareView(True)),
    (protocol.allow_watching(False), watch.AllowWatching(False)),
    (protocol.review_open(), watch.ReviewOpen()),
    (protocol.review_go(3), watch.ReviewGo(3)),
    (protocol.review_lead(), watch.ReviewLead()),
    (protocol.review_leave(), watch.ReviewLeave()),
]


@pytest.mark.parametrize(("built", "read"), BUILT, ids=[m["type"] for m, _ in BUILT])
def test_a_client_message_built_here_is_read_by_the_server_as_built(built, read):
    assert protocol.read_message(encode(built)) == read


@pytest.mark.parametrize(("built", "read"), WATCH_BUILT, ids=[str(m) for m, _ in WATCH_BUILT])
def test_a_watcher_or_review_message_built_here_is_read_by_the_server_as_built(built, read):
    assert watch.read_message(encode(built)) == read


def test_a_create_without_levels_or_pace_leaves_them_to_the_server():
    assert protocol.create(3) == {"type": "create", "campers": 3, "seat": 0}
    read = protocol.read_message(encode(protocol.create(3)))
    assert read.levels == (protocol.DEFAULT_LEVEL,) * 3 and read.pace == protocol.DEFAULT_PACE
