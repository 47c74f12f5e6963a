"""The server's queue of bot jobs: the client that has had the least of the workers goes
first, so a stranger's busy tables never make a person's bots late.

All tables share the server's bot workers (game/thinking.py). Handed to them first come,
first served, a stranger's tables playing bots at the instant pace keep the workers' queue
long, and a person's bot, paced to be followed, waits behind all of them: with 40 such tables
on two workers its moves came up to half a second late (bench/bot_fairness.py). This queue
sends at most as many jobs as there are workers and keeps the rest, ordered by start-time
fair queuing between clients (a table's client is the address that created it, as the caps
count them, caps.py): each client is tagged with the workers' time it has had, counted from
the queue's clock, and the waiting client with the smallest tag goes next (a job is charged
the mean job's time when it goes, and set right when it is back). A client that asks seldom
(bots at a person's pace) comes back with the clock's tag and goes before the clients that
ask without pause, which share what is left equally. Fair between tables instead, a person's
table is one of the stranger's many, and its bots, which need about as much as a table's
share, were later still (p95 1.67 s; the same bench).

Runs on the server's event loop only: nothing here is shared with another thread.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import deque

from game.rules import SeatView
from game.thinking import Thinker, Thought

FORGET_EVERY = 256  # jobs between two sweeps of the clients the clock has caught up with
FIRST_GUESS = 0.03  # seconds: a job's time before any was measured (a searching bot's mean)
LEARNING = 0.05  # how fast the mean job's time follows the jobs


class BotQueue:
    """Hands `think` jobs to a `Thinker`, at most `thinker.workers` at once, fairly by client."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker
        self.running = 0  # jobs handed to the workers and not back yet
        self.clock = 0.0  # the tag of the client served last (workers' seconds)
        self.served: dict[str, float] = {}  # client -> the workers' time it has had, on the clock
        self.queues: dict[str, deque[asyncio.Future]] = {}  # client -> its jobs waiting, in order
        self.next: list[tuple[float, int, str]] = []  # (tag, order, client): one a waiting client
        self.order = itertools.count()
        self.mean = FIRST_GUESS
        self.jobs = 0

    async def think(self, client: str, bot, events: list, view: SeatView, fallback_seed: int) -> Thought:
        """`think(bot, events, view)` in a worker when `client`'s turn comes."""
        await self._turn(client)
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            return await asyncio.wrap_future(self.thinker.submit(bot, events, view, fallback_seed))
        finally:
            self._back(client, loop.time() - began)

    def waiting_jobs(self) -> int:
        """Jobs waiting for a worker."""
        return sum(not turn.done() for queue in self.queues.values() for turn in queue)

    def _tag(self, client: str) -> float:
        return max(self.clock, self.served.get(client, 0.0))

    async def _turn(self, client: str) -> None:
        if self.running < self.thinker.workers and not self.queues:
            self._go(client, self._tag(client))
            return
        turn = asyncio.get_running_loop().create_future()
        queue = self.queues.get(client)
        if queue is None:
            queue = self.queues[client] = deque()
            heapq.heappush(self.next, (self._tag(client), next(self.order), client))
        queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._back(client, 0.0)  # it was given a worker just as it was cancelled
            raise

    def _go(self, client: str, tag: float) -> None:
        """`client`'s job goes to a worker now: charge it the mean job's time."""
        self.clock = max(self.clock, tag)
        self.served[client] = tag + self.mean
        self.running += 1

    def _back(self, client: str, seconds: float) -> None:
        """`client`'s job is back after `seconds`: set its charge right, send the next ones."""
        self.running -= 1
        self.served[client] = self.served.get(client, self.clock) + seconds - self.mean
        if seconds > 0:
            self.mean += LEARNING * (seconds - self.mean)
        while self.next and self.running < self.thinker.workers:
            tag, _, waiting = heapq.heappop(self.next)
            queue = self.queues[waiting]
            while queue and queue[0].done():  # (cancelled while waiting)
                queue.popleft()
            if not queue:
                del self.queues[waiting]
                continue
            self._go(waiting, tag)
            queue.popleft().set_result(None)
            if queue:
                heapq.heappush(self.next, (self._tag(waiting), next(self.order), waiting))
            else:
                del self.queues[waiting]
        self.jobs += 1
        if self.jobs % FORGET_EVERY == 0:
            # A client whose time ended before the clock gets the clock's tag anyway.
            self.served = {c: t for c, t in self.served.items() if t > self.clock or c in self.queues}
