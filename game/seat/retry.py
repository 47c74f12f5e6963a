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

MAX_BACKOFF = 8.0  # seconds between two tries, at most (before jitter)
FIRST_BACKOFF = 0.25
# Closes after which trying again is pointless, with what to say ("": the server's reason).
STOP_CODES = {CLOSE_REPLACED: "your seat was taken up on another connection", CLOSE_TABLE_CLOSED: ""}


def backoff(tries: int) -> float:
    """Seconds to wait before try number `tries` (from 1)."""
    return min(MAX_BACKOFF, FIRST_BACKOFF * 2**tries) * random.uniform(0.5, 1.5)


def stopped(code: int | None, reason: str = "") -> str | None:
    """Why a connection closed with `code` must not be tried again, or None."""
    if code not in STOP_CODES:
        return None
    return STOP_CODES[code] or reason or "the table was closed"


def refusal(e: Exception) -> str | None:
    """What a server that answered the opening handshake with an HTTP error said (a full
    server: 503, too many connections from this address: 429), in one sentence; None for
    any other exception."""
    if not isinstance(e, InvalidStatus):
        return None
    response = e.response
    said = bytes(response.body or b"").decode("utf-8", "replace").strip().splitlines()
    why = said[0][:200] if said else response.reason_phrase
    return f"the server refused the connection (HTTP {response.status_code}: {why})"
