"""The bots at the table, thinking on a worker thread so the window never freezes.

Each bot gets only its seat's view (`game.view(seat)`) and its filtered events. One
worker thread runs every bot call in order (observe, then decide), so a bot sees the
events before it is asked. Until `ai/` provides `make_bot`, a stand-in plays random legal
decisions. A decision that is not legal (a bot bug) is replaced by a random legal one,
so a broken bot cannot stop the game.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor

from game.events import for_seat


class RandomBot:
    """Stand-in for `ai.make_bot`: any legal decision, at random."""

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


def _make(level: str | None, seat: int, campers: int, seed: int):
    try:
        from ai import LEVELS, make_bot

        if level not in LEVELS:
            level = list(LEVELS)[len(LEVELS) // 2]
        return make_bot(level, seat, campers, seed)
    except Exception:
        return RandomBot(seed)


class BotTable:
    """The bots of one game: feeds them events and asks for decisions, off the frame loop."""

    def __init__(self, campers: int, levels: list[str | None], seats: list[int], seed: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scram-bots")
        self.bots = {s: _make(levels[s], s, campers, seed * 31 + s) for s in seats}
        self.problems: list[str] = []

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

    def _decide(self, seat: int, view):
        bot = self.bots[seat]
        try:
            decision = bot.decide(view)
            reason = view.why_illegal(decision)
        except Exception as e:
            decision, reason = None, f"crashed ({e})"
        if reason is not None:
            self.problems.append(f"bot at seat {seat}: {reason}")
            decision = view.sample_decision(random.Random(len(self.problems)))
        return decision

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
