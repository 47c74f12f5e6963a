"""The bots at the table, thinking in a worker process (game/thinking.py) so the window never
freezes, nor waits for a searching bot to hand back the interpreter.

Each bot gets only its seat's view (`game.view(seat)`) and its filtered events: the events
wait here until the bot is next asked, and travel with it to the worker. Each bot is built
as the server builds its bots (`game.net.bots.seat_bot`: the same levels, the same
fallbacks); when a random stand-in plays instead (a bug, or a level this version does not
know), why is kept in `BotTable.problems`, which the table shows the player (a windowed
executable has no stderr), so it cannot pass unnoticed. A decision that is not legal (a
bot bug) is likewise replaced by a random legal one, so a broken bot cannot stop the game.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from game.lang import _
from game.net.bots import BotProblem, seat_bot
from game.rules.events import for_seat
from game.thinking import Thought, shared_thinker

WORKERS = 1  # the window's bots take turns: one worker process is enough


def bot_levels() -> list[str]:
    """The bot levels, weakest first (a single stand-in level without `ai/`)."""
    try:
        from ai import LEVELS

        return list(LEVELS)
    except Exception:
        return ["random"]


def built_wrong(problem: BotProblem) -> str:
    """The player's sentence for a bot that could not be built (its reason is the program's own)."""
    if problem.level:
        # TRANSLATORS: a saved game names a bot level this version lacks, or the bot failed to start
        return _(
            "The {level} bot for seat {seat} could not be built ({reason}): a random stand-in plays.",
            level=problem.level,
            seat=problem.seat + 1,
            reason=problem.reason,
        )
    return _(
        "The bot for seat {seat} could not be built ({reason}): a random stand-in plays.",
        seat=problem.seat + 1,
        reason=problem.reason,
    )


class BotTable:
    """The bots of one game: keeps them and their seats' new events, and asks them for
    decisions off the frame loop (one at a time: the table waits for each answer)."""

    def __init__(self, campers: int, levels: list[str | None], seats: list[int], seed: int) -> None:
        self.thinker = shared_thinker(WORKERS)
        self.thinker.warm()
        self.hints = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scram-hints")
        self.problems: list[str] = []  # what went wrong with the bots (the game went on)
        self.bots: dict[int, object] = {}
        self.unseen: dict[int, list] = {}  # per seat: events its bot has not observed yet
        for s in seats:
            bot, problem = seat_bot(levels[s], s, campers, seed * 31 + s)
            self.bots[s] = bot
            self.unseen[s] = []
            if problem is not None:  # said to the player in the player's language
                self.problems.append(built_wrong(problem))

    def observe(self, events: list) -> None:
        """The bots will observe `events`, each as its seat sees them, before they next decide."""
        if events:
            for seat, waiting in self.unseen.items():
                waiting.extend(for_seat(e, seat) for e in events)

    def ask(self, seat: int, view) -> Future:
        """Start the bot at `seat` deciding from `view`; the future holds a legal decision."""
        events, self.unseen[seat] = self.unseen[seat], []
        answer: Future = Future()
        job = self.thinker.submit(self.bots[seat], events, view, len(self.problems))
        job.add_done_callback(lambda done: self._answered(seat, done, answer))
        return answer

    def _answered(self, seat: int, done: Future, answer: Future) -> None:
        if done.cancelled():
            answer.cancel()
            return
        if done.exception() is not None:
            answer.set_exception(done.exception())
            return
        thought: Thought = done.result()
        # the bot's new self first: by the time the answer is read, it is the one to ask next
        self.bots[seat] = thought.bot
        if thought.problem is not None:
            # TRANSLATORS: a bot's decision failed; {problem} is the program's own (English) reason
            self.problems.append(
                _(
                    "The bot at seat {seat} stumbled ({problem}): a random move was played.",
                    seat=seat + 1,
                    problem=thought.problem,
                )
            )
        answer.set_result(thought.decision)

    def run(self, fn, *args) -> Future:
        """Run `fn(*args)` on a worker thread, off the frame (the player's hints)."""
        return self.hints.submit(fn, *args)

    def close(self) -> None:
        """The table is left: its hints stop (the shared bots' worker stays for the next)."""
        self.hints.shutdown(wait=False, cancel_futures=True)
