"""What drives a table: one interface for a game played here and a game played on a server.

The table scene (game/ui/scenes/table.py) shows a game and takes the player's decisions; a
`Session` holds the game. A local session (local_session.py) owns a `Game`, the bots'
worker and the save; a remote session (remote_session.py) owns the connection to a table
server. The scene asks the same questions of both:

- `view()`: the player's seat's view as far as the table has shown it (a `SeatView`);
  `phase`, `turn` and `seen()` (every event as the viewer's seat saw it) follow from it;
- `decide(d)`: the player's (or a local bot's) decision; the events it caused that may be
  shown at once (a local game: all of them; a remote one: none, they come back as a step);
- `next_step()`: a decision taken elsewhere (a server's `move`), or None;
- `bot_step(seat, dt, pace)`: how long `seat` has been deciding, and its decision once a
  local bot has made it at the table's pace (a remote seat decides on the server: None);
- `next_round()`: the next round's deal, once the player has seen the round end;
- `notes`: one-line notes for the player (a save that failed, a refused decision);
- `problems`: bots this side could not build (a save naming a level this version lacks);
- `save()`, `close()` and `finish()` (the game is over: the result screen comes next).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import OVER, ROUND_OVER, Game, SeatView


@dataclass(frozen=True)
class Step:
    """A decision taken at another place: who decided, and the events the viewer sees."""

    by: int
    events: tuple


class Session:
    """The common part of every session: who sits where, and the shape of the questions."""

    local = True  # False: the game lives on a server (no save, no pause, no hints)
    game: Game | None = None  # the whole game, where this side may hold it

    def __init__(self, campers: int, players: list[str], levels: list[str | None], human: int | None) -> None:
        self.campers = campers
        self.players, self.levels, self.human = players, levels, human
        self.viewer = human if human is not None else 0
        self.notes: list[str] = []

    # ---- what the table shows ------------------------------------------------------------
    def view(self) -> SeatView:
        raise NotImplementedError

    def seen(self) -> list:
        raise NotImplementedError

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
    def problems(self) -> list[str]:
        """Bots this side could not build and stands in for (only a local game builds bots)."""
        return []

    @property
    def waiting(self) -> bool:
        """The player's decision is on its way and not yet answered (a remote session)."""
        return False

    def pump(self) -> None:
        """Take in what came from elsewhere (a remote session's messages); once a frame."""

    # ---- decisions -------------------------------------------------------------------------
    def decide(self, decision) -> list:
        raise NotImplementedError

    def next_step(self) -> Step | None:
        return None

    def bot_step(self, seat: int, dt: float, pace: float) -> tuple[float, object | None]:
        raise NotImplementedError

    def next_round(self) -> list:
        raise NotImplementedError

    # ---- the table's life --------------------------------------------------------------------
    def save(self) -> None:
        pass

    def close(self) -> None:
        pass

    def finish(self) -> None:
        """The game is over and its result is shown next."""
        self.close()
