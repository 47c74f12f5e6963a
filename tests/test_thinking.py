"""Where the bots think (game/thinking.py): in a worker process, the same decisions as on a
thread, and a job that cannot go there, or a worker that dies, never stops a game."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ai import make_bot
from game.rules import OVER, ROUND_OVER, Game, for_seat
from game.thinking import Thinker, shared_thinker, think

ROOT = Path(__file__).resolve().parent.parent


def _play(campers: int, seed: int, decide) -> list:
    """A whole game of trailblazers, each decision from `decide(bot, events, view)` (which
    returns the bot as it now is and its decision); the decisions, in order."""
    game = Game(campers, seed)
    bots = {s: make_bot("trailblazer", s, campers, 50 + s) for s in range(campers)}
    unseen = {s: [for_seat(e, s) for e in game.events] for s in bots}
    decisions = []
    while game.phase != OVER:
        if game.phase == ROUND_OVER:
            events = game.next_round()
        else:
            seat = game.turn
            bots[seat], decision = decide(bots[seat], unseen[seat], game.view(seat))
            unseen[seat] = []
            decisions.append(decision)
            events = game.apply(decision)
        for s in bots:
            unseen[s].extend(for_seat(e, s) for e in events)
    return decisions


@pytest.mark.slow  # a worker process and whole games, about 10 s
def test_a_bot_in_a_worker_process_decides_as_it_does_on_the_calling_thread():
    thinker = Thinker(1)
    try:

        def there(bot, events, view):
            thought = thinker.submit(bot, events, view).result(timeout=60)
            assert thought.problem is None
            return thought.bot, thought.decision

        def here(bot, events, view):
            thought = think(bot, events, view)
            return thought.bot, thought.decision

        # 3 campers: the trailblazer's quick policy, a whole game in a few seconds
        far = _play(3, 11, there)
        assert thinker.fell_back is None and thinker.where() == "a worker process"
        workers = list(thinker.processes._processes.values())
        assert workers and all(p.pid != os.getpid() and p.is_alive() for p in workers)
        assert far == _play(3, 11, here)  # the bot travels with its memory and its RNG
    finally:
        thinker.shutdown()


class _Unpicklable:
    """A bot that cannot travel to a worker (it holds a lambda)."""

    def __init__(self) -> None:
        self.pick = lambda view: view.sample_decision(__import__("random").Random(1))

    def observe(self, events: list) -> None:
        pass

    def decide(self, view):
        return self.pick(view)


def test_a_bot_that_cannot_travel_thinks_on_a_thread_and_the_workers_stay():
    thinker = Thinker(1)
    try:
        game = Game(4, 3)
        thought = thinker.submit(_Unpicklable(), [], game.view(game.turn)).result(timeout=60)
        assert thought.problem is None and game.view(game.turn).why_illegal(thought.decision) is None
        assert thinker.fell_back is None  # one job's bot, not the workers, was the trouble
    finally:
        thinker.shutdown()


def test_a_worker_that_dies_leaves_the_bots_on_threads_and_says_so_once(capsys):
    thinker = Thinker(1)
    try:
        game = Game(4, 3)
        bot = make_bot("scout", game.turn, 4, 1)
        view = game.view(game.turn)
        assert thinker.submit(bot, [], view).result(timeout=60).problem is None
        for process in list(thinker.processes._processes.values()):
            os.kill(process.pid, signal.SIGKILL)  # the system ran out of memory, say
            process.join(10)
        for _ in range(3):  # the next jobs: answered all the same, on threads
            thought = thinker.submit(bot, [], view).result(timeout=60)
            assert thought.problem is None and view.why_illegal(thought.decision) is None
        assert thinker.fell_back is not None and thinker.where().startswith("threads (")
        said = [line for line in capsys.readouterr().err.splitlines() if "think on threads" in line]
        assert len(said) == 1, said
    finally:
        thinker.shutdown()


def test_a_bot_that_crashes_is_replaced_by_a_legal_decision_and_named():
    class Crashing(_Unpicklable):
        def decide(self, view):
            raise RuntimeError("no brain today")

    game = Game(4, 3)
    view = game.view(game.turn)
    thought = think(Crashing(), [], view, fallback_seed=2)
    assert view.why_illegal(thought.decision) is None
    assert thought.problem == "crashed (no brain today)"


def test_a_hint_thinks_in_the_worker_process_and_is_the_hint_of_the_seat():
    """The player's hint (the top level's search) goes to the bots' worker, not a thread of
    the window, and comes back as `best_decision` gives it on the calling thread."""
    from ai.hint import best_decision
    from game.seat.bots import WORKERS
    from game.ui.table.hints import Hints

    game = Game(4, 8)
    seat = game.turn
    view, seen = game.view(seat), game.events_for(seat)
    thinker = shared_thinker(WORKERS)
    assert thinker.call(os.getpid).result(timeout=60) != os.getpid()  # (the worker is up)
    jobs = thinker.processes._queue_count  # jobs the worker process was handed
    hints = Hints(["Ada", "Cal", "Bea", "Dov"], seed=8)
    assert hints(view, seen) == best_decision(view, seen, 8, hints.names)
    assert thinker.processes._queue_count == jobs + 1 and thinker.where() == "a worker process"
    assert hints.used == 1 and len(hints.times) == 1


OWNER = """
import sys
from ai import make_bot
from game.rules import Game
from game.thinking import Thinker

if __name__ == "__main__":
    thinker = Thinker(1)
    game = Game(4, 3)
    thinker.submit(make_bot("scout", game.turn, 4, 1), [], game.view(game.turn)).result(timeout=60)
    print(*(p.pid for p in thinker.processes._processes.values()), flush=True)
    sys.stdin.read()  # until killed
"""


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="waits on the worker's pidfd (Linux)")
def test_a_worker_ends_when_its_owner_is_killed_outright(tmp_path):
    script = tmp_path / "owner.py"
    script.write_text(OWNER)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    owner = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        workers = [int(pid) for pid in owner.stdout.readline().split()]
        assert len(workers) == 1
        pidfd = os.pidfd_open(workers[0])
        owner.kill()  # SIGKILL: no exit handlers run
        owner.wait()
        # the worker sees its lifeline close and ends: nothing left holding the owner's pipes
        assert select.select([pidfd], [], [], 20)[0], "the worker outlived its owner"
        os.close(pidfd)
    finally:
        if owner.poll() is None:
            owner.kill()


INTERRUPTED = """
import os
import signal
import sys
import time

# Ctrl-C as a terminal's foreground job gets it (a test runner's background job may ignore it)
signal.signal(signal.SIGINT, signal.default_int_handler)

import game.__main__ as scram
from game.thinking import shared_thinker


def think_for_a_minute(argv):
    thinker = shared_thinker(1)
    worker = thinker.call(os.getpid).result(timeout=60)
    thought = thinker.call(time.sleep, 60)  # a bot deep in thought
    print(worker, flush=True)
    thought.result()
    return 0


if __name__ == "__main__":
    scram._main = think_for_a_minute  # the game's own main around it: its Ctrl-C, its ending
    sys.exit(scram.main([]))
"""


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="waits on the worker's pidfd (Linux)")
def test_ctrl_c_while_a_bot_thinks_ends_the_game_quietly_with_its_worker(tmp_path):
    script = tmp_path / "interrupted.py"
    script.write_text(INTERRUPTED)
    owner = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        worker = int(owner.stdout.readline())  # the worker is up and thinking
        pidfd = os.pidfd_open(worker)
        os.killpg(owner.pid, signal.SIGINT)  # Ctrl-C: the terminal interrupts the whole group
        _, err = owner.communicate(timeout=30)
        assert owner.returncode == 130
        assert err == ""  # no traceback from the worker, no "bots think on threads" line
        # the owner stopped its worker before it ended, not after the minute's thought
        assert select.select([pidfd], [], [], 1)[0], "the worker outlived the game"
        os.close(pidfd)
    finally:
        if owner.poll() is None:
            owner.kill()
