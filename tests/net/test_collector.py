"""The garbage collector's schedule of a server process (game/net/collector.py): the live
objects are frozen out of the collector's sight, its youngest generation looked at less
often, cyclic garbage still swept in the end, and Python's own settings put back."""

from __future__ import annotations

import asyncio
import gc
import weakref

from net_support import run

from game.net.collector import YOUNG, Collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_live_objects_are_frozen_and_cyclic_garbage_is_swept_in_the_end():
    async def scenario() -> None:
        before = gc.get_threshold()
        swept = asyncio.Event()
        garbage = Cycle()
        weakref.finalize(garbage, swept.set)  # told when the sweep frees it
        collector = Collector(freeze=0.01, sweep=0.05)
        collector.start()
        try:
            assert gc.get_freeze_count() > 0 and gc.get_threshold()[0] == YOUNG
            del garbage  # unreachable now, but frozen: only a sweep frees it
            gc.collect()
            assert not swept.is_set()
            await swept.wait()
        finally:
            collector.stop()
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == before

    run(scenario(), timeout=20)
