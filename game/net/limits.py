"""Rate limits: reactions per connection; wrong codes, new connections and tables created per
address.

Sliding windows over the event loop's clock (`time.monotonic`), each holding at most
`limit` timestamps, so a flood costs a bounded amount of memory.
"""

from __future__ import annotations

import time
from collections import deque


class Window:
    """At most `limit` hits in any `seconds`: `hit()` says whether one more is allowed (and
    counts it if so)."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit, self.seconds = limit, seconds
        self.times: deque[float] = deque()

    def _trim(self, now: float) -> None:
        times = self.times
        while times and now - times[0] >= self.seconds:
            times.popleft()

    def hit(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self._trim(now)
        if len(self.times) >= self.limit:
            return False
        self.times.append(now)
        return True

    def full(self, now: float | None = None) -> bool:
        """Whether the next hit would be refused (counts nothing)."""
        self._trim(time.monotonic() if now is None else now)
        return len(self.times) >= self.limit


class AddressLimit:
    """Events per remote address (wrong codes and tokens that resume nothing, new
    connections, tables created): once an address has `limit` in `seconds`, it is
    `blocked` (its next tries are refused unread) until the oldest one is that old."""

    MAX_ADDRESSES = 10_000  # forgotten, oldest first, beyond this many

    def __init__(self, limit: int = 10, seconds: float = 60.0) -> None:
        self.limit, self.seconds = limit, seconds
        self.windows: dict[str, Window] = {}

    def blocked(self, address: str) -> bool:
        window = self.windows.get(address)
        return window is not None and window.full()

    def note(self, address: str) -> None:
        """One more for `address` (a failure, or whatever this limit counts)."""
        window = self.windows.get(address)
        if window is None:
            if len(self.windows) >= self.MAX_ADDRESSES:
                self.windows.pop(next(iter(self.windows)))
            window = self.windows[address] = Window(self.limit, self.seconds)
        window.hit()
