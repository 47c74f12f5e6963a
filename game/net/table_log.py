"""The log lines of tables opening and closing: one line a table while they come at a
person's pace; under a flood (more than `burst` lines in `seconds`) the rest are only
counted, and `summary()` (called by the server every few seconds) says them in one line,
with the network that opened the most, so a flood of tables writes a few lines a minute,
not one a table.
"""

from __future__ import annotations

import logging
from collections import Counter

from .caps import address_keys
from .limits import Window

log = logging.getLogger("scram.server")


class TableLog:
    """The `table ... opened` / `closed` lines, rate-limited into summaries."""

    def __init__(self, burst: int = 20, seconds: float = 60.0) -> None:
        self.window = Window(burst, seconds)
        self.opened_unsaid = 0
        self.closed_unsaid = 0
        self.networks: Counter[str] = Counter()  # the networks of the tables opened unsaid
        self.why: Counter[str] = Counter()  # why the tables closed unsaid

    def opened(self, code: str, campers: int, address: str, open_now: int) -> None:
        if self.window.hit():
            log.info("table %s opened: %d campers, by %s (%d open)", code, campers, address, open_now)
            return
        self.opened_unsaid += 1
        key, site = address_keys(address)
        if len(self.networks) < 1000 or (site or key) in self.networks:  # (bounded: a flood's summary)
            self.networks[site or key] += 1

    def closed(self, code: str, why: str, games: int, open_now: int) -> None:
        if self.window.hit():
            played = f"{games} game{'' if games == 1 else 's'}"
            log.info("table %s closed: %s (%s; %d open)", code, why, played, open_now)
            return
        self.closed_unsaid += 1
        if len(self.why) < 20 or why in self.why:
            self.why[why] += 1

    def summary(self, open_now: int) -> None:
        """Say what was only counted since the last summary, in one line (if anything was)."""
        if not (self.opened_unsaid or self.closed_unsaid):
            return
        parts = []
        if self.opened_unsaid:
            network, most = self.networks.most_common(1)[0] if self.networks else ("?", 0)
            parts.append(f"{self.opened_unsaid} tables opened ({most} of them from {network})")
        if self.closed_unsaid:
            why, most = self.why.most_common(1)[0]
            parts.append(f"{self.closed_unsaid} closed ({most} of them: {why})")
        log.info("too many tables to log one by one: %s; %d open", " and ".join(parts), open_now)
        self.opened_unsaid = self.closed_unsaid = 0
        self.networks.clear()
        self.why.clear()
