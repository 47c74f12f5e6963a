"""The cyclic garbage collector, scheduled for a server process (`scram --server`).

Python's collector now and then looks at every object the process holds (a full pass), and
the event loop stops meanwhile: 2,000 idle tables are about 180,000 objects and a pass over
them 80-150 ms on this two-core machine; 10,000 tables took seconds. A table server makes
almost no cyclic garbage (games, messages and tables are freed by their reference counts;
what asyncio and websockets leave of a finished connection is broken up by `wire.py`), so
the objects that live are moved out of the collector's sight (`gc.freeze`) and a pass only
ever looks at what is new:

- every tick, a full pass over what is not frozen (the objects made since the last tick:
  its length follows the server's traffic, never its number of tables), then everything
  still alive is frozen. Garbage that dies between two ticks is freed here, so nothing that
  dies young is ever frozen (freezing it would keep it for good). A tick comes every
  second, and sooner (within `POLL`) when more than `YOUNG_MOST` objects have reached the
  oldest generation since the last one, so that no pass has much to look at however fast
  objects come; the middle generation is kept small for the same reason (`MIDDLE`);
- every ten minutes, a sweep of everything (`gc.unfreeze`, a full pass, freeze again), for
  whatever cyclic garbage was frozen anyway, but only while the frozen heap is small
  enough that the pass stays within `PAUSE_BUDGET` (`SWEEP_OBJECTS` objects; lowered if a
  sweep ever took longer): a bigger server skips it, so the loop never stops longer.

The youngest generation is looked at after 5,000 new objects rather than 700 (a pass over a
few thousand young objects is well under a millisecond). A process-wide policy: `serve.py`
applies it to the server's own process, never the desktop game's (which hosts tables in a
thread).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

FREEZE_SECONDS = 1.0  # between two ticks, at most
POLL = 0.1  # seconds between two looks at Python's counts
SWEEP_SECONDS = 600.0
YOUNG = 5000  # new objects between two passes over the youngest generation (Python's: 700)
MIDDLE = 2  # passes over the youngest between two over the middle one (Python's: 10)
YOUNG_MOST = 10_000  # objects in the oldest generation, not yet frozen, that bring a tick now
PAUSE_BUDGET = 0.05  # seconds a sweep may stop the loop
# Objects a sweep may look at within the budget: a pass costs 0.3-0.8 us an object here
# (a busy two-core machine; the server's objects are bigger than a benchmark's).
SWEEP_OBJECTS = 50_000

log = logging.getLogger("scram.server")


class Collector:
    """Collects and freezes every `freeze` seconds (or sooner), sweeps every `sweep` seconds
    when it may."""

    def __init__(self, freeze: float = FREEZE_SECONDS, sweep: float = SWEEP_SECONDS) -> None:
        self.freeze, self.sweep = freeze, sweep
        self.passes = 0
        self.sweep_objects = SWEEP_OBJECTS
        self.task: asyncio.Task | None = None
        self.thresholds: tuple[int, ...] | None = None  # Python's own, put back by `stop`
        self.worst = self.worst_cpu = 0.0  # the longest pause of its own passes, in seconds
        self.sweeps = self.skipped = 0

    def start(self) -> None:
        self.thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG, MIDDLE, self.thresholds[2])
        gc.collect()
        gc.freeze()
        self.task = asyncio.get_running_loop().create_task(self._run(), name="gc schedule")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        last = swept = loop.time()
        while True:
            await asyncio.sleep(min(POLL, self.freeze))
            now = loop.time()
            if now - last < self.freeze and not self._crowded():
                continue
            if now - swept >= self.sweep:
                swept = now
                self.sweep_now()
            self._timed(gc.collect)
            gc.freeze()
            self.passes += 1
            last = now

    @staticmethod
    def _crowded() -> bool:
        """Whether many objects have reached the oldest generation since the last tick
        (Python's count says first whether any has: then they are counted)."""
        return gc.get_count()[2] > 0 and len(gc.get_objects(generation=2)) > YOUNG_MOST

    def sweep_now(self) -> bool:
        """Sweep everything if the pause stays within budget; whether it did."""
        frozen = gc.get_freeze_count()
        if frozen > self.sweep_objects:
            self.skipped += 1
            return False

        def sweep() -> None:
            gc.unfreeze()
            gc.collect()
            gc.freeze()

        took = self._timed(sweep)
        self.sweeps += 1
        if took > PAUSE_BUDGET and frozen:  # slower than thought: look at fewer next time
            self.sweep_objects = max(1000, int(frozen * PAUSE_BUDGET / took * 0.8))
            log.warning(
                "a sweep of %d objects took %.0f ms: the next look at %d at most",
                frozen,
                took * 1000,
                self.sweep_objects,
            )
        return True

    def _timed(self, work) -> float:
        """Run `work`; the seconds it stopped the loop. The worst is kept twice: as the loop
        saw it, and in this thread's CPU time (what the pass itself cost, whatever other
        processes took of the core meanwhile)."""
        began, cpu = time.perf_counter(), time.thread_time()
        work()
        took = time.perf_counter() - began
        self.worst = max(self.worst, took)
        self.worst_cpu = max(self.worst_cpu, time.thread_time() - cpu)
        return took

    def status(self) -> str:
        """The schedule in a few words, for the server's status line."""
        return (
            f"collector: worst pass {self.worst * 1000:.1f} ms ({self.worst_cpu * 1000:.1f} ms of CPU) "
            f"over {self.passes} passes, "
            f"{self.sweeps} sweeps, {self.skipped} skipped, {gc.get_freeze_count()} objects frozen"
        )

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
        gc.unfreeze()
