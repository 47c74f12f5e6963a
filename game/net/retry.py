"""How a client that lost its table server tries again: the desktop game (`link.Link`) and
the headless client (`play`) alike.

A lost connection is tried again with the seat's token after a backoff that doubles from
`FIRST_BACKOFF` up to `MAX_BACKOFF` seconds, with jitter (so a table of clients does not
knock all at once, say when a restarted server comes back). A close that says the seat is
gone for good (`STOP_CODES`) is not tried again.
"""

from __future__ import annotations

import random

from .protocol import CLOSE_REPLACED, CLOSE_TABLE_CLOSED

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
