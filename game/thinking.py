"""Where the bots think: in worker processes when they can be had, on threads when not.

Python runs one thread of a process at a time, so a bot searching on a thread beside the
window's frame loop, or the server's event loop, holds them up whenever it has the
interpreter. In a process of its own it holds up nothing, and a server's bots use more
than one core.

A bot is small (about 7 KB pickled, 0.2 ms each way) and thinks in one call,
`think(bot, events, view)`: it observes what its seat saw since it last thought, decides on
its seat's view, and comes back with its new self. So a worker process keeps nothing
between jobs: the owner (a table) keeps each bot and every job carries it there and back.
A bot that cannot be pickled (a test's stand-in), or a worker that died, makes that job
think on a thread instead; the game never waits on a broken pool.

Ctrl-C in a terminal interrupts every process of the game at once: the workers ignore it
(a worker interrupted mid-thought would print its own traceback and leave the pool broken),
and the owner stops them as it ends (`stop_shared`: at once, not after the thought in hand).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import random
import signal
import sys
import threading
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor, ThreadPoolExecutor
from typing import NamedTuple

from game.rules import Decision, SeatView


class RandomBot:
    """Plays any legal decision: the stand-in for a bot that could not be built."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def observe(self, events: list) -> None:
        pass

    def decide(self, view: SeatView) -> Decision:
        return view.sample_decision(self.rng)


class Thought(NamedTuple):
    """What one job brings back: the bot as it now is, its decision (always legal), and what
    went wrong if the bot failed (then the decision is a random legal one)."""

    bot: object
    decision: Decision
    problem: str | None


def think(bot, events: list, view: SeatView, fallback_seed: int = 0) -> Thought:
    """`bot` observes `events` (its seat's already), then decides on `view`. A bot that
    crashes, or answers what is not legal (a bug), is replaced for this decision by a random
    legal one, so a table never stalls."""
    problem = None
    if events:
        try:
            bot.observe(events)
        except Exception as e:  # noqa: BLE001 - a bot bug must not stop the game
            problem = f"failed to observe ({e})"
    try:
        decision = bot.decide(view)
        reason = view.why_illegal(decision)
    except Exception as e:  # noqa: BLE001
        decision, reason = None, f"crashed ({e})"
    if reason is not None:
        problem = reason if problem is None else f"{problem}; {reason}"
        decision = view.sample_decision(random.Random(fallback_seed))
    return Thought(bot, decision, problem)


# How much lower a worker's scheduling priority is than its owner's: on a busy machine the
# system then gives the frame (or the server's loop) the core first; a bot's answer may wait
# a little, which the table's pace hides.
NICER = 5


def _worker_starts(lifeline) -> None:
    """In each new worker: leave Ctrl-C to the owner, end with the owner, step back for it,
    and load the bots now, so the first decision does not wait for the imports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_owner, args=(lifeline,), name="scram-lifeline", daemon=True).start()
    try:
        os.nice(NICER)
    except (AttributeError, OSError):  # no os.nice (Windows), or not allowed: as it is
        pass
    import ai  # noqa: F401


def _end_with_owner(lifeline) -> None:
    """Wait until the owner's end of the lifeline closes, which the system does however the
    owner ends (SIGKILL included), then end this worker at once: a worker left behind would
    keep the owner's output pipes open and wait for jobs for ever."""
    try:
        lifeline.recv_bytes()  # nothing is ever sent
    except (EOFError, OSError):
        pass
    os._exit(0)


def _warm() -> None:
    """A job that does nothing: it makes the pool start its workers."""


class Thinker:
    """Runs `think` jobs on `workers` processes (spawned: forking a process that holds SDL's
    or asyncio's threads is unsafe), falling back to as many threads."""

    def __init__(self, workers: int, processes: bool = True) -> None:
        self.workers = max(1, workers)
        self.threads = ThreadPoolExecutor(self.workers, thread_name_prefix="scram-bots")
        self.processes: ProcessPoolExecutor | None = None
        self.fell_back: str | None = None  # why jobs think on threads (None: they need not)
        self.lifeline = None  # held open while this process lives (_end_with_owner)
        self.warmed = False  # warm() has started the workers
        self.lock = threading.Lock()
        if not processes:
            self.fell_back = "asked for threads"

    def warm(self) -> None:
        """Start the workers now (a table about to play), not at its first decision; once:
        the workers then stay for every later table."""
        if self.warmed:
            return
        self.warmed = True
        pool = self._pool()
        if pool is not None:
            for _ in range(self.workers):
                pool.submit(_warm).add_done_callback(self._check)

    def submit(self, bot, events: list, view: SeatView, fallback_seed: int = 0) -> Future:
        """Start `think(bot, events, view)`; the future holds its `Thought`."""
        return self.call(think, bot, events, view, fallback_seed)

    def call(self, fn, *args) -> Future:
        """Start `fn(*args)` in a worker (`fn` a module's function, so that it can travel; a
        hint, say), or on a thread when it cannot; the future holds what it returns."""
        pool = self._pool()
        if pool is None:
            return self.threads.submit(fn, *args)
        result: Future = Future()
        try:
            job = pool.submit(fn, *args)
        except Exception as e:  # noqa: BLE001 - a broken or closed pool: think here
            self._give_up(e)
            return self.threads.submit(fn, *args)
        job.add_done_callback(lambda done: self._delivered(done, result, fn, args))
        return result

    def where(self) -> str:
        """Where the jobs think, for a person: "a worker process", or threads and why."""
        if self.fell_back is None:
            return "a worker process" if self.workers == 1 else f"{self.workers} worker processes"
        return f"threads ({self.fell_back})"

    def shutdown(self) -> None:
        """Stop the workers now, even one in the middle of a thought (its answer would come
        to no one); jobs not started are cancelled."""
        with self.lock:
            pool, self.processes = self.processes, None
            self.fell_back = self.fell_back or "shut down"
            lifeline, self.lifeline = self.lifeline, None
        # the threads first: a job its ended worker gives back must not start again on one
        self.threads.shutdown(wait=False, cancel_futures=True)
        workers = list((getattr(pool, "_processes", None) or {}).values())  # (shutdown forgets them)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        if lifeline is not None:
            lifeline.close()  # each worker's lifeline thread sees it close and ends its worker
        for worker in workers:
            worker.join(5)  # at once, as a rule: the lifeline ends a worker mid-thought

    def _pool(self) -> ProcessPoolExecutor | None:
        with self.lock:
            if self.processes is None and self.fell_back is None:
                try:
                    spawn = multiprocessing.get_context("spawn")
                    # the workers read the lifeline; only this process holds its other end
                    lifeline, self.lifeline = spawn.Pipe(duplex=False)
                    self.processes = ProcessPoolExecutor(
                        self.workers, mp_context=spawn, initializer=_worker_starts, initargs=(lifeline,)
                    )
                except Exception as e:  # noqa: BLE001 - no processes here (a sandbox): threads
                    self.fell_back = f"no worker process ({e})"
            return self.processes

    def _delivered(self, done: Future, result: Future, fn, args: tuple) -> None:
        if done.cancelled() or result.cancelled():
            result.cancel()
            return
        error = done.exception()
        if error is None:
            _settle(result, done.result())
            return
        # The bot could not travel (pickling), or the worker died: this job thinks here.
        if not isinstance(error, (TypeError, AttributeError)) and "pickl" not in str(error).lower():
            self._give_up(error)
        try:
            thread_job = self.threads.submit(fn, *args)
        except RuntimeError as e:  # shut down meanwhile
            _settle(result, error=e)
            return
        thread_job.add_done_callback(lambda t: _copy(t, result))

    def _check(self, done: Future) -> None:
        if not done.cancelled() and done.exception() is not None:
            self._give_up(done.exception())

    def _give_up(self, error: BaseException) -> None:
        """The workers are broken: from now on every job thinks on a thread (said once)."""
        with self.lock:
            if self.fell_back is not None:
                return
            self.fell_back = f"{type(error).__name__}: {error}"
            pool, self.processes = self.processes, None
        print(f"scram: the bots think on threads from now on ({self.fell_back})", file=sys.stderr)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _copy(source: Future, target: Future) -> None:
    if source.cancelled():
        target.cancel()
    else:
        _settle(target, None if source.exception() else source.result(), source.exception())


def _settle(target: Future, value=None, error: BaseException | None = None) -> None:
    """Give `target` its outcome, unless its waiter gave up on it meanwhile (cancelled)."""
    try:
        if error is not None:
            target.set_exception(error)
        else:
            target.set_result(value)
    except InvalidStateError:
        pass


_shared: dict[int, Thinker] = {}
_shared_lock = threading.Lock()


def shared_thinker(workers: int) -> Thinker:
    """The process's `Thinker` with `workers` workers, made at first use and kept until
    exit: starting a worker costs a fraction of a second, so every table of the window (or
    of the server) shares one."""
    with _shared_lock:
        thinker = _shared.get(workers)
        if thinker is None:
            thinker = _shared[workers] = Thinker(workers)
        return thinker


@atexit.register
def stop_shared() -> None:
    """Stop every shared thinker's workers (the owner is ending). Called by the game as it
    ends: Python's own exit would first wait for a worker's thought in hand to finish."""
    with _shared_lock:
        thinkers = list(_shared.values())
        _shared.clear()
    for thinker in thinkers:
        thinker.shutdown()
