"""The bots of the tables, on the server: each decides on its seat's view and the events
its seat may see, and nothing else, on worker threads off the event loop.

A `BotSeat` wraps one `ai` bot with how far it has read its game's event list. The table
actor hands a job the game's (append-only) event list, how many events to read and the
seat's `SeatView` (a copy: the game may move on meanwhile); the job feeds the bot the new
events through `for_seat`, then asks it. A bot that fails, or answers an illegal decision
(a bug), is replaced for that decision by a random legal one, so a table never stalls.
"""

from __future__ import annotations

import asyncio
import random
import sys
import threading
from concurrent.futures import Executor

from ai import LEVELS, make_bot
from game.rules import Decision, SeatView, for_seat


class RandomBot:
    """Plays any legal decision: the stand-in when a level's bot cannot be built."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def observe(self, events: list) -> None:
        pass

    def decide(self, view: SeatView) -> Decision:
        return view.sample_decision(self.rng)


class BotSeat:
    """One bot at one seat of one game."""

    def __init__(self, level: str, seat: int, campers: int, seed: int) -> None:
        """`level`: one of `ai.LEVELS`, or "random" (any legal decision)."""
        self.seat, self.level = seat, level
        try:
            if level == "random":
                self.bot = RandomBot(seed)
            else:
                self.bot = make_bot(level if level in LEVELS else LEVELS[-1], seat, campers, seed)
        except Exception as e:  # noqa: BLE001 - the table plays on with a random stand-in
            print(f"scram server: the {level} bot failed to start ({e}); a random one plays", file=sys.stderr)
            self.bot = RandomBot(seed)
        self.read = 0  # events of the game's list the bot has observed
        self.lock = threading.Lock()  # one job at a time for this bot
        self.problems = 0

    def think(self, events: list, upto: int, view: SeatView) -> Decision:
        """Observe events[read:upto] as this seat sees them, then decide (on a worker)."""
        with self.lock:
            if upto > self.read:
                mine = [for_seat(e, self.seat) for e in events[self.read : upto]]
                self.read = upto
                try:
                    self.bot.observe(mine)
                except Exception:  # noqa: BLE001 - a bot bug must not stop the table
                    self.problems += 1
            try:
                decision = self.bot.decide(view)
                reason = view.why_illegal(decision)
            except Exception:  # noqa: BLE001
                decision, reason = None, "crashed"
            if reason is not None:
                self.problems += 1
                decision = view.sample_decision(random.Random(self.problems))
            return decision


async def think(executor: Executor, bot: BotSeat, events: list, upto: int, view: SeatView) -> Decision:
    """`bot.think` on the executor: the event loop goes on meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(executor, bot.think, events, upto, view)
