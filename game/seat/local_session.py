"""A game played on this computer: the `Game`, the bots' worker and the save, behind the
table's session interface (session.py).

Every decision is applied at once with `game.apply`; the bots are told what their seats
saw and asked in their worker process (bots.py), and a bot's decision is handed to the table
once it is ready and the table's pace has passed. The guided game's coach may play the
other seats from its script instead (`bot_decision`). The game is saved after every
decision (a watched game and the guided game are never saved).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future

from game.files.saves import SaveWriter
from game.rules import OVER, START, Game, SeatView, for_seat

from .bots import BotTable
from .session import Session

SECOND_STEP = 0.6  # a bot's second decision of a turn takes this share of its pace


class LocalSession(Session):
    def __init__(
        self,
        game: Game,
        players: list[str],
        levels: list[str | None],
        human: int | None,
        coach=None,
        hints: Callable[[], int] = lambda: 0,
    ) -> None:
        super().__init__(game.campers, players, levels, human)
        self.game = game
        self.coach = coach
        self.hints = hints  # how many hints the player has asked for (kept in the save)
        self.bots = BotTable(self.campers, levels, [s for s in range(self.campers) if s != human], game.seed)
        # a watched game is not saved, nor the guided game: neither is the player's to resume
        self.saver = SaveWriter() if human is not None and coach is None else None
        if self.saver is not None:
            self.notes = self.saver.notes  # a failed write says so (from the saver's thread)
        self.pending: Future | None = None
        self.think, self.think_frames = 0.0, 0  # how long the bot to move has been thinking
        self.bots.observe(list(game.events))

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def problems(self) -> list[str]:
        return self.bots.problems

    def view(self) -> SeatView:
        return self.game.view(self.viewer)

    def seen(self) -> list:
        return [for_seat(e, self.viewer) for e in self.game.events]

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def turn(self) -> int | None:
        return self.game.turn

    @property
    def rounds(self) -> int:
        return self.game.rounds

    def decide(self, decision) -> list:
        events = self.game.apply(decision)
        self.bots.observe(events)
        self.save()
        return events

    def next_round(self) -> list:
        events = self.game.next_round()
        self.bots.observe(events)
        self.save()
        return events

    def bot_step(self, seat: int, dt: float, pace: float) -> tuple[float, object | None]:
        """The bot at `seat` thinks (on the worker, or the coach's script); its decision comes
        once it is made and `pace` seconds (less for a turn's second decision) have passed."""
        if self.pending is None:
            if hasattr(self.coach, "bot_decision"):
                scripted = self.coach.bot_decision(seat, self.game.view(seat))
                if scripted is None:  # the script ends here (a lesson that stops mid-round)
                    return 0.0, None
                self.pending = Future()
                self.pending.set_result(scripted)
            else:
                self.pending = self.bots.ask(seat, self.game.view(seat))
            self.think, self.think_frames = 0.0, 0
        self.think += dt
        self.think_frames += 1
        if not self.pending.done() and self.think_frames > 2:
            # Give the bots' threads the GIL (a loop that never sleeps would starve them: the
            # job's hand-off to the worker process, or the bot itself when it thinks on a
            # thread); not sooner: a paced loop leaves them the time between frames.
            time.sleep(0)
        if self.game.phase != START:
            pace *= SECOND_STEP
        if self.pending.done() and self.think >= pace:
            decision = self.pending.result()
            self.pending = None
            return self.think, decision
        return self.think, None

    @property
    def off_frame(self) -> Callable[..., Future]:
        """The player's hints think on the bots' worker, off the frame."""
        return self.run

    def run(self, fn, *args) -> Future:
        """Run `fn(*args)` off the frame, on the bots' worker (the player's hints)."""
        return self.bots.run(fn, *args)

    def save(self) -> None:
        if self.saver is None:
            return
        if self.game.phase == OVER:
            self.saver.delete()
        else:
            self.saver.save(self.game, self.players, self.levels, self.human, self.hints())

    def close(self) -> None:
        """The table is left: the bots stop, and the last save is on disk before we go on."""
        self.bots.close()
        if self.saver is not None:
            self.saver.close()
