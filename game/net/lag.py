"""How late the server's loop runs, and how much of that lateness was its own work.

A task sleeps `TICK` seconds again and again; how much later than asked it wakes is the
loop's lag (what a message arriving then waited before the loop looked at it). On Linux
the kernel also says how long the loop's thread waited on a run queue for a core
(`/proc/thread-self/schedstat`, its second field): lag beyond that wait is the server's own
doing (a long callback, a collection, a write), lag within it is other processes having the
core. The status line (SIGUSR1) gives both since the last status line, so an operator (and
hostile/hostile_load.py) can tell a slow server from a busy machine.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

TICK = 0.02  # seconds between looks: 50 a second, a few microseconds each
SCHEDSTAT = Path("/proc/thread-self/schedstat")


def _queued() -> float | None:
    """Seconds this thread has waited for a core since it started (None where unknown)."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


class LoopLag:
    """The loop's lateness, tick by tick, until `stop`."""

    def __init__(self, tick: float = TICK) -> None:
        self.tick = tick
        self.task: asyncio.Task | None = None
        self._reset()

    def _reset(self) -> None:
        self.lags: list[float] = []  # seconds late, each tick since the last status
        self.own: list[float] = []  # the same less the time spent waiting for a core

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="loop lag")

    async def _run(self) -> None:
        while True:
            began, queued = time.perf_counter(), _queued()
            await asyncio.sleep(self.tick)
            late = max(0.0, time.perf_counter() - began - self.tick)
            after = _queued()
            waited = after - queued if after is not None and queued is not None else 0.0
            if len(self.lags) < 200_000:  # about an hour of ticks between two status lines
                self.lags.append(late)
                self.own.append(max(0.0, late - waited))

    def status(self) -> str:
        """The lateness since the last status, in a few words (and start counting again)."""
        lags, own = sorted(self.lags), sorted(self.own)
        self._reset()
        if not lags:
            return "loop lag: no ticks yet"

        def ms(values: list[float], q: float) -> str:
            return f"{values[min(len(values) - 1, int(q * len(values)))] * 1000:.1f}"

        return (
            f"loop lag over {len(lags)} ticks: p50 {ms(lags, 0.5)} ms, p95 {ms(lags, 0.95)} ms, "
            f"worst {lags[-1] * 1000:.1f} ms; less the waits for a core: "
            f"p95 {ms(own, 0.95)} ms, worst {own[-1] * 1000:.1f} ms"
        )

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
