"""A finished (or saved) game, decision by decision, for the review screen.

`Review(record)` replays the record once and keeps a frame for every point a player may
stop at: the deal of each round, the table after every decision, and each round's end
with every card turned up. A frame holds a snapshot of the state (`Game.copy`, a few
microseconds), so stepping back and forth, or jumping to a round, costs no replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import OVER, ROUND_OVER
from game.rules.decisions import from_json
from game.rules.events import Event, RoundScored, for_seat
from game.rules.record import Record
from game.rules.state import Game


@dataclass(frozen=True)
class Frame:
    """The table at one point of the game."""

    game: Game  # a snapshot: never changed after it is taken
    round: int
    decisions: int  # how many decisions of the record are applied
    actor: int | None  # who took the decision that led here (None at a deal)
    events: tuple  # the events of the round so far, unfiltered
    scored: tuple  # RoundScored events of every round finished so far
    ended: bool  # a round's end: every card is shown face up


class Review:
    """Every stop of a recorded game (raises RecordError/ReplayError like `replay`)."""

    def __init__(self, record: Record) -> None:
        from game.rules.decisions import MalformedDecision
        from game.rules.errors import IllegalDecision
        from game.rules.record import ReplayError

        self.record = record
        self.frames: list[Frame] = []
        game = record.new_game()
        round_events: list[Event] = list(game.events)
        scored: list[RoundScored] = []
        self._add(game, None, round_events, scored, False)
        for index, raw in enumerate(record.actions):
            actor = game.turn
            try:
                events = game.apply(from_json(raw, game.holding()))
            except (MalformedDecision, IllegalDecision) as e:
                raise ReplayError(index, str(e), game) from None
            round_events += events
            scored += [e for e in events if type(e) is RoundScored]
            ended = game.phase in (ROUND_OVER, OVER)
            self._add(game, actor, round_events, scored, ended)
            if game.phase == ROUND_OVER:
                round_events = list(game.next_round())
                self._add(game, None, round_events, scored, False)
        self.game = game

    def _add(self, game: Game, actor: int | None, events: list, scored: list, ended: bool) -> None:
        decisions = len(game.actions)
        self.frames.append(
            Frame(game.copy(), game.round, decisions, actor, tuple(events), tuple(scored), ended)
        )

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def rounds(self) -> int:
        return self.game.round

    def round_start(self, round_: int) -> int:
        """The frame index of the deal of `round_` (from 1)."""
        for k, f in enumerate(self.frames):
            if f.round == round_:
                return k
        return len(self.frames) - 1

    def events_as(self, k: int, seat: int | None) -> list:
        """The round's events up to frame `k`, as `seat` saw them (None: all values shown)."""
        evs = self.frames[k].events
        return list(evs) if seat is None else [for_seat(e, seat) for e in evs]

    def cards(self, k: int, seat: int | None) -> list[list[tuple[int | None, bool, bool]]]:
        """Each campsite at frame `k` as (value or None, shown face up, known by `seat`).

        `seat` None shows every value; a round's end shows every card face up.
        """
        f = self.frames[k]
        if f.ended:
            done = [e for e in f.events if type(e) is RoundScored]
            if done:
                return [[(v, True, True) for v in row] for row in done[-1].campsites]
        view = f.game.view(seat)
        out = []
        for row in view.campsites:
            out.append([(v, up, v is not None) for v, up, _known in row])
        return out
