"""How a client that lost its table server tries again: the desktop game (`link.Link`) and
the headless client (`play`) alike.

A lost connection is tried again with the seat's token after a backoff that doubles from
`FIRST_BACKOFF` up to `MAX_BACKOFF` seconds, with jitter (so a table of clients does not
knock all at once, say when a restarted server comes back). A close that says the seat is
gone for good (`STOP_CODES`) is not tried again; a server that refuses the connection at
its handshake (HTTP 429 or 503: past its caps) or cuts it unread (`client.Cut`: past its new
connections a second) is tried again like one that does not answer.
"""

from __future__ import annotations

import random

from websockets.exceptions import InvalidStatus

from game.net.protocol import CLOSE_REPLACED, CLOSE_TABLE_CLOSED

from .notices import Notice

MAX_BACKOFF = 8.0  # seconds between two tries, at most (before jitter)
FIRST_BACKOFF = 0.25
# Closes after which trying again is pointless (what to say: notices.py's close codes).
STOP_CODES = (CLOSE_REPLACED, CLOSE_TABLE_CLOSED)


def backoff(tries: int) -> float:
    """Seconds to wait before try number `tries` (from 1)."""
    return min(MAX_BACKOFF, FIRST_BACKOFF * 2**tries) * random.uniform(0.5, 1.5)


def stopped(code: int | None, reason: str = "") -> Notice | None:
    """Why a connection closed with `code` must not be tried again (in the player's words:
    `str()` of it), or None."""
    if code not in STOP_CODES:
        return None
    return Notice.closed(code, reason)


def refusal(e: Exception) -> str | None:
    """What a server that answered the opening handshake with an HTTP error said (a full
    server: 503, too many connections from this address: 429), in one sentence; None for
    any other exception."""
    said = http_refusal(e)
    return None if said is None else f"the server refused the connection (HTTP {said[0]}: {said[1]})"


def http_refusal(e: Exception) -> tuple[int, str] | None:
    """The HTTP status a server refused the opening handshake with, and its first line (the
    server's own English); None for any other exception."""
    if not isinstance(e, InvalidStatus):
        return None
    response = e.response
    said = bytes(response.body or b"").decode("utf-8", "replace").strip().splitlines()
    return response.status_code, said[0][:200] if said else response.reason_phrase
