"""The bots at the table, thinking on a worker thread so the window never freezes.

Each bot gets only its seat's view (`game.view(seat)`) and its filtered events. One
worker thread runs every bot call in order (observe, then decide), so a bot sees the
events before it is asked. Each bot is built by `ai.make_bot`; if that fails (a bug, or a
level this version does not know), the game still goes on with a stand-in that plays
random legal decisions, but the failure is said once on stderr and kept in
`BotTable.problems`, which the table shows the player (a windowed executable has no
stderr), so it cannot pass unnoticed. A decision that is not legal (a bot
bug) is likewise replaced by a random legal one, so a broken bot cannot stop the game.
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import Future, ThreadPoolExecutor

from game.rules.events import for_seat


class RandomBot:
    """The stand-in for a bot that could not be built: any legal decision, at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def observe(self, events: list) -> None:
        pass

    def decide(self, view):
        return view.sample_decision(self.rng)


def bot_levels() -> list[str]:
    """The bot levels, weakest first (a single stand-in level without `ai/`)."""
    try:
        from ai import LEVELS

        return list(LEVELS)
    except Exception:
        return ["random"]


# Reasons already written to stderr: a level that fails for every seat of every game is
# said once per process, not once per seat.
_said: set[str] = set()


def _make(level: str | None, seat: int, campers: int, seed: int) -> tuple[object, str | None]:
    """The bot for `seat`, and why it is the random stand-in instead (None when it is not).

    `level` None means "the middle level" (a watched game names none); any other level must
    be one of `ai.LEVELS`.
    """
    try:
        from ai import LEVELS, make_bot

        if level is None:
            level = list(LEVELS)[len(LEVELS) // 2]
        elif level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return make_bot(level, seat, campers, seed), None
    except Exception as e:  # the game goes on with the stand-in, but says why
        # an unknown level is the player's to read as it is; a bug is named by its kind
        reason = str(e) if type(e) is ValueError else f"{type(e).__name__}: {e}"
        what = f"the {level or 'default'} bot"
        if reason not in _said:
            _said.add(reason)
            # print() writes nothing when there is no stderr (the windowed executable).
            print(f"scram: {what} could not be built ({reason}); a random stand-in plays", file=sys.stderr)
        problem = f"{what} for seat {seat + 1} could not be built ({reason}); a random stand-in plays"
        return RandomBot(seed), problem


class BotTable:
    """The bots of one game: feeds them events and asks for decisions, off the frame loop."""

    def __init__(self, campers: int, levels: list[str | None], seats: list[int], seed: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scram-bots")
        self.problems: list[str] = []  # what went wrong with the bots (the game went on)
        self.bots: dict[int, object] = {}
        for s in seats:
            bot, problem = _make(levels[s], s, campers, seed * 31 + s)
            self.bots[s] = bot
            if problem is not None:
                self.problems.append(problem)

    def observe(self, events: list) -> None:
        if events:
            for seat, bot in self.bots.items():
                mine = [for_seat(e, seat) for e in events]
                self.pool.submit(self._safe_observe, bot, mine)

    def _safe_observe(self, bot, events: list) -> None:
        try:
            bot.observe(events)
        except Exception as e:  # a bot bug must not stop the game
            self.problems.append(f"a bot failed to observe: {e}")

    def ask(self, seat: int, view) -> Future:
        """Start the bot at `seat` deciding from `view`; the future holds a legal decision."""
        return self.pool.submit(self._decide, seat, view)

    def run(self, fn, *args) -> Future:
        """Run `fn(*args)` on the bots' worker, off the frame (the player's hints)."""
        return self.pool.submit(fn, *args)

    def _decide(self, seat: int, view):
        bot = self.bots[seat]
        try:
            decision = bot.decide(view)
            reason = view.why_illegal(decision)
        except Exception as e:
            decision, reason = None, f"crashed ({e})"
        if reason is not None:
            self.problems.append(f"bot at seat {seat + 1}: {reason}")
            decision = view.sample_decision(random.Random(len(self.problems)))
        return decision

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
