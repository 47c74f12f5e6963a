"""The bots of the tables, on the server: each decides on its seat's view and the events
its seat may see, and nothing else, in the server's worker processes (game/thinking.py),
fairly between clients (bot_queue.py), off the event loop.

A `BotSeat` wraps one `ai` bot with how far it has read its game's event list. The table
actor hands a job the game's (append-only) event list, how many events to read and the
seat's `SeatView` (a copy: the game may move on meanwhile); the job takes the bot the new
events through `for_seat` and asks it. A bot that fails, or answers an illegal decision
(a bug), is replaced for that decision by a random legal one, so a table never stalls.
"""

from __future__ import annotations

import asyncio
import sys

from ai import LEVELS, make_bot
from game.rules import Decision, SeatView, for_seat
from game.thinking import RandomBot, Thought
from game.thinking import think as think_here

from .bot_queue import BotQueue


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
        self.lock = asyncio.Lock()  # one job at a time: each job carries the bot as it is
        self.problems = 0

    def unseen(self, events: list, upto: int) -> list:
        """events[read:upto], as this seat sees them: what the bot has not observed yet."""
        return [for_seat(e, self.seat) for e in events[self.read : upto]]

    def thought(self, thought: Thought, upto: int) -> Decision:
        """Keep the bot as the job brought it back; its decision."""
        self.bot, self.read = thought.bot, max(self.read, upto)
        if thought.problem is not None:
            self.problems += 1
        return thought.decision

    def think(self, events: list, upto: int, view: SeatView) -> Decision:
        """Observe events[read:upto], then decide, on the calling thread (a headless client's
        one bot, game/seat/play.py)."""
        return self.thought(think_here(self.bot, self.unseen(events, upto), view, self.problems), upto)


async def think(
    queue: BotQueue, client: str, bot: BotSeat, events: list, upto: int, view: SeatView
) -> Decision:
    """The bot observes events[read:upto] as its seat sees them, then decides, on a worker
    when `client`'s turn in the queue comes (the table's creator): the event loop goes on
    meanwhile."""
    async with bot.lock:
        thought = await queue.think(client, bot.bot, bot.unseen(events, upto), view, bot.problems)
        return bot.thought(thought, upto)
