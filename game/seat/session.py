"""What drives a table: one interface for a game played here, a game played on a server and
a game watched there.

The table scene (game/ui/scenes/table.py) shows a game and takes the player's decisions; a
`Session` holds the game. A local session (local_session.py) owns a `Game`, the bots'
worker and the save; a remote session (remote_session.py) owns the connection to a table
server; a watching one (watch_session.py) sits nowhere at such a table. The scene asks the
same questions of every one, and only these (the interface is complete: it never asks a
session whether it has a member):

- `view()`: the viewer's seat's view as far as the table has shown it (a `SeatView`);
  `phase`, `turn`, `rounds` and `between_rounds` follow from it;
- `seen()`: the one event log, every event as the viewer's seat saw it, as far as shown;
- `decide(d)`: the player's (or a local bot's) decision; the events it caused that may be
  shown at once (a local game: all of them; a remote one: none, they come back as a step);
- `next_step()`: a decision taken elsewhere (a server's `move`), or None;
- `bot_step(seat, dt, pace)`: how long `seat` has been deciding, and its decision once a
  local bot has made it at the table's pace (a remote seat decides on the server: None);
- `next_round()`: the next round's deal, once the player has seen the round end;
- `off_frame`: runs a function off the frame (the player's hints), or None (at once);
- `notes`: one-line notes for the player (a save that failed, a refused decision);
- `problems`: bots this side could not build (a save naming a level this version lacks);
- a networked table's facts, with a local game's answers here: `stood_in` and
  `stand_in_level` (a stand-in played the seat while its camper was away), `resynced` (a
  `state` came mid-game: the table is drawn afresh), `follows` (the seat a watcher's eyes
  are), `restored_words()`, `playing`, `port` (this game hosts the table);
- `pump()`, `save()`, `close()`, `leave()` and `finish()` (the game is over: the result
  screen comes next).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from game.rules import OVER, ROUND_OVER, Decision, Event, Game, SeatView


@dataclass(frozen=True)
class Step:
    """A decision taken at another place: who decided, and the events the viewer sees."""

    by: int
    events: tuple


class Session(ABC):
    """Who sits where, and the questions the table asks of every session."""

    local = True  # False: the game lives on a server (no save, no pause, no hints)
    watcher = False  # True: a watcher's session, which sits nowhere
    game: Game | None = None  # the whole game, where this side may hold it
    port: int | None = None  # the port of the server this game hosts (a networked table)
    resynced = False  # a `state` came mid-game: the table is drawn again from it

    def __init__(self, campers: int, players: list[str], levels: list[str | None], human: int | None) -> None:
        self.campers = campers
        self.players, self.levels, self.human = players, levels, human
        self.viewer = human if human is not None else 0
        self.notes: list[str] = []
        self.stood_in: list[tuple[int, int]] = []  # spans of `seen()` the seat's stand-in played

    # ---- what the table shows ------------------------------------------------------------
    @abstractmethod
    def view(self) -> SeatView: ...

    @abstractmethod
    def seen(self) -> list[Event]: ...

    @property
    def phase(self) -> str:
        return self.view().phase

    @property
    def turn(self) -> int | None:
        return self.view().turn

    @property
    def rounds(self) -> int:
        return self.view().rounds

    @property
    def between_rounds(self) -> bool:
        return self.phase in (ROUND_OVER, OVER)

    @property
    def playing(self) -> bool:
        """A game is on and not yet over."""
        return self.phase != OVER

    @property
    def problems(self) -> list[str]:
        """Bots this side could not build and stands in for (only a local game builds bots)."""
        return []

    @property
    def waiting(self) -> bool:
        """The player's decision is on its way and not yet answered (a remote session)."""
        return False

    @property
    def follows(self) -> int | None:
        """The seat whose eyes a watcher watches with (None: the player's own, or public)."""
        return None

    @property
    def stand_in_level(self) -> str:
        """The level of the bot that stands in for this seat (the table's word for it)."""
        return "bot"

    @property
    def off_frame(self) -> Callable[..., Future] | None:
        """`run(fn, *args) -> Future` off the frame (the player's hints), or None: at once."""
        return None

    def restored_words(self) -> str | None:
        """What the table says when it is drawn afresh (None: its own words)."""
        return None

    def pump(self) -> None:
        """Take in what came from elsewhere (a remote session's messages); once a frame."""
        return None

    # ---- decisions -------------------------------------------------------------------------
    @abstractmethod
    def decide(self, decision: Decision) -> list[Event]: ...

    def next_step(self) -> Step | None:
        return None

    @abstractmethod
    def bot_step(self, seat: int, dt: float, pace: float) -> tuple[float, Decision | None]: ...

    @abstractmethod
    def next_round(self) -> list[Event]: ...

    # ---- the table's life --------------------------------------------------------------------
    def save(self) -> None:
        """Keep the game on disk (only a local game is saved)."""
        return None

    def close(self) -> None:
        """The table is left: let go of what the session holds (bots, a connection)."""
        return None

    def leave(self) -> None:
        """The player leaves the table (a networked seat is given up)."""
        self.close()

    def finish(self) -> None:
        """The game is over and its result is shown next."""
        self.close()
