"""The Hint button's provider: what the top level would do in the player's seat, and why.

`Hints(names, seed)` is the `hint(view, seen_events) -> (decision, sentence)` callable the
table is given. It hands `ai.hint.best_decision` the seat's view and the events filtered
for the seat once more (so even an unfiltered list cannot leak a hidden card), counts the
hints asked for (the count goes into the kept record as its `hints` key and into the
statistics) and keeps how long each took (bench/hint_times.py reports them).
The top level searches (up to a few tenths of a second), so the hint thinks in the bots'
worker process (game/thinking.py), which is idle on the player's turn, and the window keeps
the interpreter; the caller waits on a thread of its own (the table's `run`).
No pygame here: the bots' thread may call it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future

from game.lang import speech
from game.rules.events import for_seat
from game.seat.bots import WORKERS
from game.seat.hint_follow import hint_in_language
from game.thinking import shared_thinker


class Hints:
    def __init__(self, names: Sequence[str], seed: int = 0, used: int = 0) -> None:
        self.names = list(names)
        self.seed = seed
        self.used = used  # a continued game starts from the count its save kept
        self.times: list[float] = []  # seconds per hint

    def __call__(self, view, seen_events: Sequence) -> tuple[object, str]:
        """The top level's decision for `view.seat` (whose turn it is) and one sentence."""
        seat = view.seat
        if seat is None:
            raise ValueError("a hint is given to one seat, from its own view")
        mine = [for_seat(e, seat) for e in seen_events]
        t0 = time.perf_counter()
        job = shared_thinker(WORKERS).call(hint_in_language, speech.code, view, mine, self.seed, self.names)
        decision, sentence = job.result()
        self.times.append(time.perf_counter() - t0)
        self.used += 1
        return decision, sentence

    def run(self, fn, *args) -> Future:
        """Run `fn(*args)` off the frame on a thread of its own, for a table with no bots'
        worker of its own to wait on (a friends' table: the server plays its bots)."""
        job: Future = Future()

        def work() -> None:
            try:
                job.set_result(fn(*args))
            except BaseException as e:  # handed to the table, which says the hint failed
                job.set_exception(e)

        threading.Thread(target=work, name="hint", daemon=True).start()
        return job


def with_hints(scene_class):
    """The table's scene class, giving the player's seat a hint provider (none for a watched
    game or the guided game, which has its coach). A subclass, so the route is still a class
    and every table is still a `TableScene`. `hints_used`: the count a continued game's save
    kept (game/files/saves.py), counted on from there."""

    class Hinted(scene_class):
        def __init__(
            self, app, game, players, levels, human, *args, hint=None, coach=None, hints_used=0, **kwargs
        ):
            if hint is None and coach is None and human is not None:
                hint = Hints(players, seed=game.seed, used=hints_used)
            super().__init__(app, game, players, levels, human, *args, hint=hint, coach=coach, **kwargs)

    Hinted.__name__ = scene_class.__name__
    Hinted.__qualname__ = scene_class.__qualname__
    return Hinted


def with_net_hints(scene_class):
    """The table's scene class for a table at a server (`scene_class(app, session, ...)`):
    a camper gets the same Hint, worked out here from the seat's own view; a watcher plays
    no seat and gets none."""

    class NetHinted(scene_class):
        def __init__(self, app, session, *args, hint=None, **kwargs):
            if hint is None and session.human is not None and not getattr(session, "watcher", False):
                hint = Hints(session.players)
            super().__init__(app, session, *args, hint=hint, **kwargs)

    NetHinted.__name__ = scene_class.__name__
    NetHinted.__qualname__ = scene_class.__qualname__
    return NetHinted
