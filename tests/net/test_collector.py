"""The garbage collector's schedule of a server process (game/net/collector.py): what dies
young is freed by the pass of each tick and never frozen, what lives is frozen out of the
collector's sight, a sweep frees frozen cyclic garbage only while its pause stays within
budget, and Python's own settings are put back."""

from __future__ import annotations

import asyncio
import gc
import weakref

from net_support import run

from game.net.collector import YOUNG, Collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def watched() -> tuple[Cycle, asyncio.Event]:
    """A cycle, and an event set when the collector frees it."""
    garbage, freed = Cycle(), asyncio.Event()
    weakref.finalize(garbage, freed.set)
    return garbage, freed


def test_what_dies_before_a_tick_is_freed_by_it_and_python_settings_come_back():
    async def scenario() -> None:
        before = gc.get_threshold()
        collector = Collector(freeze=0.01, sweep=3600)
        collector.start()
        try:
            assert gc.get_freeze_count() > 0 and gc.get_threshold()[0] == YOUNG
            garbage, freed = watched()
            del garbage  # dead before the next tick: its pass frees it (no sweep in an hour)
            await freed.wait()
        finally:
            collector.stop()
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == before

    run(scenario(), timeout=20)


def test_frozen_cyclic_garbage_waits_for_a_sweep_and_a_sweep_over_budget_is_skipped():
    async def scenario() -> None:
        collector = Collector(freeze=3600, sweep=3600)  # ticks by hand below
        collector.start()
        try:
            garbage, freed = watched()
            gc.collect()
            gc.freeze()  # alive at a tick: frozen
            del garbage
            gc.collect()
            assert not freed.is_set()  # frozen: no pass sees it
            collector.sweep_objects = 0  # as if the frozen heap were too big to sweep in budget
            assert not collector.sweep_now() and collector.skipped == 1 and not freed.is_set()
            collector.sweep_objects = 10**9
            assert collector.sweep_now() and collector.sweeps == 1
            await freed.wait()
        finally:
            collector.stop()

    run(scenario(), timeout=20)
