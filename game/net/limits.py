"""Rate limits: messages and reactions per connection; wrong codes, new connections and
tables created per address.

Sliding windows over the event loop's clock (`time.monotonic`), each holding at most
`limit` timestamps, so a flood costs a bounded amount of memory; per address, at most
`AddressLimit.MAX_ADDRESSES` windows, and the addresses quiet for a whole window are
forgotten (`tidy`), so strangers passing through leave nothing behind.
"""

from __future__ import annotations

import time


class Window:
    """At most `limit` hits in any `seconds`: `hit()` says whether one more is allowed (and
    counts it if so)."""

    __slots__ = ("limit", "seconds", "times")

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit, self.seconds = limit, seconds
        # (a list, not a deque: a few timestamps each, and a deque's block is 0.5 KiB a window)
        self.times: list[float] = []

    def _trim(self, now: float) -> None:
        times, old = self.times, 0
        while old < len(times) and now - times[old] >= self.seconds:
            old += 1
        if old:
            del times[:old]

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

    def quiet(self, now: float) -> bool:
        """Nothing counted in the last `seconds`: the window is as if new."""
        return not self.times or now - self.times[-1] >= self.seconds


class AddressLimit:
    """Events per remote address (wrong codes and tokens that resume nothing, new
    connections, tables created): once an address has `limit` in `seconds`, it is
    `blocked` (its next tries are refused unread) until the oldest one is that old."""

    MAX_ADDRESSES = 10_000  # forgotten, least recently counted first, beyond this many

    def __init__(self, limit: int = 10, seconds: float = 60.0) -> None:
        self.limit, self.seconds = limit, seconds
        self.windows: dict[str, Window] = {}  # in the order they were last counted

    def blocked(self, address: str) -> bool:
        window = self.windows.get(address)
        return window is not None and window.full()

    def lately(self, address: str) -> bool:
        """Something of `address` was counted within the last window."""
        window = self.windows.get(address)
        return window is not None and not window.quiet(time.monotonic())

    def note(self, address: str) -> None:
        """One more for `address` (a failure, or whatever this limit counts)."""
        window = self.windows.pop(address, None)  # (back in at the end: the last counted)
        if window is None:
            if len(self.windows) >= self.MAX_ADDRESSES:
                self.windows.pop(next(iter(self.windows)))
            window = Window(self.limit, self.seconds)
        self.windows[address] = window
        window.hit()
        self.tidy(2)

    def tidy(self, most: int | None = None) -> None:
        """Forget the addresses quiet for a whole window (at most `most` of them)."""
        now, windows = time.monotonic(), self.windows
        while windows and (most is None or most > 0):
            first = next(iter(windows))
            if not windows[first].quiet(now):
                return  # the least recently counted is not quiet: none after it is
            del windows[first]
            most = None if most is None else most - 1
