"""The bots of the tables, on the server: each decides on its seat's view and the events
its seat may see, and nothing else, in the server's worker processes (game/thinking.py),
fairly between clients (bot_queue.py), off the event loop.

`seat_bot` is the one way a bot is made for a seat, here and in the window's local games
(game/seat/bots.py), so both fall back alike: no level named (a watched game names none)
is the middle level; "random" is any legal decision; a level this version does not know,
or a bot that fails to build (a bug), is a random stand-in, and why is said once per
process on stderr and handed back for the table to tell its player.

A `BotSeat` wraps one `ai` bot with how far it has read its game's event list. The table
actor hands a job the game's (append-only) event list, how many events to read and the
seat's `SeatView` (a copy: the game may move on meanwhile); the job takes the bot the new
events through `for_seat` and asks it. A bot that fails, or answers an illegal decision
(a bug), is replaced for that decision by a random legal one, so a table never stalls.
"""

from __future__ import annotations

import asyncio
import sys

import ai
from game.rules import Decision, SeatView, for_seat
from game.thinking import RandomBot, Thought
from game.thinking import think as think_here

from .bot_queue import BotQueue

# Reasons already written to stderr: a level that fails for every seat of every game is
# said once per process, not once per seat.
_said: set[str] = set()


class BotProblem(str):
    """Why a random stand-in plays, in English (the server's log and stderr), with its parts
    kept for a player's own words: the level asked for, the seat (from 0), the reason."""

    level: str
    seat: int
    reason: str


def seat_bot(level: str | None, seat: int, campers: int, seed: int) -> tuple[object, str | None]:
    """The bot of `level` for `seat`, and why a random stand-in plays instead (None when it
    does not): `level` is one of `ai.LEVELS`, "random", or None (the middle level)."""
    try:
        if level == "random":
            return RandomBot(seed), None
        if level is None:
            level = ai.LEVELS[len(ai.LEVELS) // 2]
        elif level not in ai.LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return ai.make_bot(level, seat, campers, seed), None
    except Exception as e:  # the table plays on with the stand-in, but says why
        # an unknown level is the player's to read as it is; a bug is named by its kind
        reason = str(e) if type(e) is ValueError else f"{type(e).__name__}: {e}"
        what = f"the {level or 'default'} bot"
        if reason not in _said:
            _said.add(reason)
            # print() writes nothing when there is no stderr (the windowed executable).
            print(f"scram: {what} could not be built ({reason}); a random stand-in plays", file=sys.stderr)
        problem = BotProblem(
            f"{what} for seat {seat + 1} could not be built ({reason}); a random stand-in plays"
        )
        problem.level, problem.seat, problem.reason = level or "", seat, reason
        return RandomBot(seed), problem


class BotSeat:
    """One bot at one seat of one game."""

    def __init__(self, level: str, seat: int, campers: int, seed: int) -> None:
        """`level`: one of `ai.LEVELS`, or "random" (any legal decision); see `seat_bot`."""
        self.seat, self.level = seat, level
        self.bot, self.problem = seat_bot(level, seat, campers, seed)
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
