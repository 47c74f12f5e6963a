"""The desktop game's link (game/seat/link.py) against a server that cuts its connections
unread, as a server past its new connections a second does (game/net/caps.py): it tries
again and takes its seat, or after about 15 s of tries says the server is busy."""

from __future__ import annotations

import queue

import pytest

from game.net.caps import Caps
from game.seat import link as link_module
from game.seat.link import FIRST_TRIES_CUT, Hosting, Link, Seat

CREATE = {"campers": 4, "seat": 0, "levels": ["greenhorn"] * 4, "pace": "normal"}


@pytest.fixture
def cut_first(monkeypatch):
    """The server's caps cut the first `n` connections unread (as past its rate in all)."""
    left = {"n": 0}
    arrive = Caps.arrive

    def arriving(self, peer: str) -> str | None:
        if left["n"] > 0:
            left["n"] -= 1
            return "rush"
        return arrive(self, peer)

    monkeypatch.setattr(Caps, "arrive", arriving)
    monkeypatch.setattr(link_module, "backoff", lambda tries: 0.01)  # (the tries, not the waits)

    def set_to(n: int) -> None:
        left["n"] = n

    return set_to


def statuses_until(link: Link, last: set[str], seconds: float = 30.0) -> list[dict]:
    """The link's messages until one whose type or status is in `last`."""
    seen = []
    while True:
        m = link.inbox.get(timeout=seconds)
        seen.append(m)
        if m.get("type") in last or m.get("status") in last:
            return seen


def first_connection(tmp_path) -> tuple[Link, list[dict]]:
    """A link that hosts a table here and takes its seat there: its messages until it has
    the seat or fails (the link is closed then)."""
    link = Link("", "Ada", Seat(create=dict(CREATE)), Hosting(tmp_path, "test", host="127.0.0.1")).start()
    try:
        return link, statuses_until(link, {"joined", "failed"})
    finally:
        link.close()
        link.join(10)


def test_a_first_connection_cut_unread_is_tried_again_and_takes_its_seat(tmp_path, cut_first):
    cut_first(FIRST_TRIES_CUT - 1)
    _, seen = first_connection(tmp_path)
    assert seen[-1]["type"] == "joined", seen
    assert sum(m.get("status") == "waiting" for m in seen) == FIRST_TRIES_CUT - 1


def test_a_server_that_keeps_cutting_is_said_to_be_busy(tmp_path, cut_first):
    cut_first(10 * FIRST_TRIES_CUT)
    link, seen = first_connection(tmp_path)
    assert seen[-1]["status"] == "failed" and "is busy (it cut the connection unread)" in seen[-1]["why"], (
        seen
    )
    assert sum(m.get("status") == "connecting" for m in seen) == FIRST_TRIES_CUT
    with pytest.raises(queue.Empty):
        link.inbox.get(timeout=0.1)  # nothing after it
