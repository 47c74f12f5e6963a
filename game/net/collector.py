"""The cyclic garbage collector, scheduled for a server process (`scram --server`).

Python's collector now and then looks at every object the process holds (a full pass): at
200 busy tables that is over 100,000 objects and stopped the event loop for 80-130 ms at a
time, every few seconds (bench/results/net_load.txt), while a table server makes almost
no cyclic garbage (none at all in a measured 8 s of play: games, messages and connections
are freed by their reference counts). So the objects alive are moved out of the
collector's sight every second (`gc.freeze`, which costs nothing), and its passes look only
at what is newer; every ten minutes everything is swept once (`gc.unfreeze`, a full pass),
so no cyclic garbage lives longer than that. The youngest generation is looked at after
5,000 new objects rather than 700 (a pass over a few thousand young objects is well under a
millisecond; the collector's share of the server's time fell from 6-7 % to 3-4 %). A
process-wide policy: `serve.py` applies it
to the server's own process, never the desktop game's (which hosts tables in a thread).
"""

from __future__ import annotations

import asyncio
import gc

FREEZE_SECONDS = 1.0
SWEEP_SECONDS = 600.0
YOUNG = 5000  # new objects between two passes over the youngest generation (Python's: 700)


class Collector:
    """Freezes the live objects every `freeze` seconds, sweeps all every `sweep` seconds."""

    def __init__(self, freeze: float = FREEZE_SECONDS, sweep: float = SWEEP_SECONDS) -> None:
        self.freeze, self.sweep = freeze, sweep
        self.task: asyncio.Task | None = None
        self.thresholds: tuple[int, ...] | None = None  # Python's own, put back by `stop`

    def start(self) -> None:
        self.thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG, *self.thresholds[1:])
        gc.freeze()
        self.task = asyncio.get_running_loop().create_task(self._run(), name="gc schedule")

    async def _run(self) -> None:
        since = 0.0
        while True:
            await asyncio.sleep(self.freeze)
            since += self.freeze
            if since >= self.sweep:
                since = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
        gc.unfreeze()
