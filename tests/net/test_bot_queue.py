"""The server's bot jobs go to its workers fairly between clients (game/net/bot_queue.py): a
person whose bots ask now and then goes before a stranger's tables that ask without pause,
busy clients take turns, and the workers are never handed more than they can start."""

from __future__ import annotations

import asyncio
import random
import threading

from game.net.bot_queue import BotQueue
from game.rules import Game
from game.thinking import Thinker


class _Noting:
    """A bot that notes who it thinks for, waiting first for `gate` if it has one."""

    def __init__(self, name: str, log: list, gate: threading.Event | None = None, thinker=None) -> None:
        self.name, self.log, self.gate, self.thinker = name, log, gate, thinker

    def observe(self, events: list) -> None:
        pass

    def decide(self, view):
        if self.gate is not None:
            assert self.gate.wait(60)
        queued = None if self.thinker is None else self.thinker.threads._work_queue.qsize()
        self.log.append((self.name, queued))
        return view.sample_decision(random.Random(1))


def _job(queue: BotQueue, client: str, log: list, view, **bot) -> asyncio.Task:
    """`client`'s bot thinks, its turn in `queue` come."""
    return asyncio.create_task(queue.think(client, _Noting(client, log, **bot), [], view, 0))


def _run(test) -> None:
    thinker = Thinker(1, processes=False)  # threads: the queue's order is what is tested
    try:
        asyncio.run(asyncio.wait_for(test(thinker, Game(4, 5).view(0)), 60))
    finally:
        thinker.shutdown()


def test_a_client_that_asks_seldom_goes_before_a_busy_clients_waiting_jobs():
    async def test(thinker, view):
        queue, log, gate = BotQueue(thinker), [], threading.Event()
        jobs = [_job(queue, "stranger", log, view, gate=gate)]
        await asyncio.sleep(0)  # (the first job is with the worker)
        jobs += [_job(queue, "stranger", log, view) for _ in range(5)]
        jobs.append(_job(queue, "person", log, view))
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*jobs)
        assert [name for name, _ in log] == ["stranger", "person"] + ["stranger"] * 5

    _run(test)


def test_busy_clients_take_turns():
    async def test(thinker, view):
        queue, log, gate = BotQueue(thinker), [], threading.Event()
        jobs = [_job(queue, "first", log, view, gate=gate)]
        await asyncio.sleep(0)
        for name in ("A", "B"):
            jobs += [_job(queue, name, log, view) for _ in range(6)]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*jobs)
        order = [name for name, _ in log[1:]]
        assert order[:2] == ["A", "B"] and sorted(order[:6]) == ["A"] * 3 + ["B"] * 3, order

    _run(test)


def test_the_workers_are_never_handed_more_jobs_than_they_can_start():
    async def test(thinker, view):
        queue, log = BotQueue(thinker), []
        jobs = [_job(queue, f"client {n % 3}", log, view, thinker=thinker) for n in range(12)]
        await asyncio.gather(*jobs)
        assert len(log) == 12 and all(queued == 0 for _, queued in log), log
        assert queue.running == 0 and not queue.queues and not queue.next

    _run(test)


def test_a_job_cancelled_while_it_waits_holds_up_nobody():
    async def test(thinker, view):
        queue, log, gate = BotQueue(thinker), [], threading.Event()
        first = _job(queue, "A", log, view, gate=gate)
        await asyncio.sleep(0)
        gone, later = _job(queue, "B", log, view), _job(queue, "C", log, view)
        await asyncio.sleep(0)
        assert queue.waiting_jobs() == 2
        gone.cancel()  # the table closed while its bot waited for a worker
        gate.set()
        await asyncio.gather(first, later)
        assert gone.cancelled() and [name for name, _ in log] == ["A", "C"]
        assert queue.running == 0 and queue.waiting_jobs() == 0 and not queue.queues

    _run(test)
