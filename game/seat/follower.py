"""The one follower of a seat's messages: a table server's `state` and `move` turned into the
seat's view and events.

Whoever sits at (or watches) a networked table reads the same two messages: a `state` (a
fresh start: the round so far as the seat saw it, and the replay state as that seat) and a
`move` (one decision's events and the state after it). `SeatFollower` follows them with
`game.rules.wire_view.SeatMemory` (tests/rules/test_wire_view.py proves the rebuilt view
equal to the core's in every field, the deck cards the seat saw included). The desktop's
remote session and the watcher (`remote_session.py`) take each `move` as a `Move`: its
decision's events, the round's end between them and the next deal, the view after; the
headless bot client (`play.py`), the tests' players and the load benchmark `feed` whole
messages, and the benchmark's fast path calls `follow(events)` for every message and
`see(state)` only when its seat may have to decide, so it parses no view it does not use (an
exchange of a deck card with a campsite card it did not read the state before then leaves
that deck card unknown: a random player never looks).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.net.protocol import MAX_EVENTS
from game.rules import CardsExchanged, Event, GameOver, SeatView, event_from_json
from game.rules.wire_view import SeatMemory, WireViewError, read_state, split_at_deal


@dataclass(frozen=True)
class Move:
    """One `move` as the seat saw it: who decided (-1 if the message does not say), the
    decision's events, and when it ended a round the next round's deal apart (a server deals
    at once; the table shows the round's end between the two)."""

    by: int
    played: tuple[Event, ...]
    deal: tuple[Event, ...]
    ended: SeatView | None  # the view as the round (or the game) ended, when it did
    view: SeatView  # the view after the whole message


def read_events(message: dict) -> list[Event]:
    """A message's `events`, decoded (at most `MAX_EVENTS`)."""
    raw = message.get("events", [])
    if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
        raise WireViewError(f"events must be a list of at most {MAX_EVENTS}")
    return [event_from_json(e) for e in raw]


class SeatFollower:
    """Follows one seat's messages (or the public table's: `seat` is `PUBLIC`); `view()` is
    the seat's view after the last message."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.memory: SeatMemory | None = None
        self.state: object | None = None  # the last `view` seen (a replay state object)
        self._view: SeatView | None = None  # built from it, when asked

    @property
    def started(self) -> bool:
        """A `state` has been followed (a `move` before one belongs to a game not seen start)."""
        return self.memory is not None

    @property
    def campers(self) -> int:
        return self.memory.campers if self.memory is not None else 0

    @property
    def turn(self) -> int | None:
        """The seat whose turn began last (from the events alone)."""
        return self.memory.turn if self.memory is not None else None

    # ---- whole messages -------------------------------------------------------------------
    def feed(self, message: dict) -> list[Event]:
        """A `state` (a fresh start: the seat's round so far) or a `move`; the events it
        carried, decoded (a bot `observe`s them). The view is built when `view()` asks."""
        events = read_events(message)
        state = message["view"]
        if message.get("type") == "state" or self.memory is None:
            self.start(state)
        self.follow(events)
        self.see(state)
        return events

    def on_state(self, message: dict, seat: int | None = None) -> list[Event]:
        """A `state`: a fresh start with the eyes of `seat` (this follower's own if None);
        its events (the round so far), the view built at once."""
        if seat is not None:
            self.seat = seat
        events = read_events(message)
        self.start(message["view"])
        self.follow(events)
        self.see(message["view"])
        self.view()
        return events

    def on_move(self, message: dict) -> Move:
        """A `move` after a `state`: its decision, the round's end if it came, the deal."""
        played, deal = split_at_deal(read_events(message))
        state = message["view"]
        self.follow(played)
        ended = None
        if deal or any(type(e) is GameOver for e in played):
            ended = self.memory.round_over(state)
        if deal:
            self.memory.follow(deal)
        self.see(state)
        by = message.get("by")
        return Move(by if type(by) is int else -1, tuple(played), tuple(deal), ended, self.view())

    # ---- the parts, for a reader that wants no view it does not use ---------------------------
    def start(self, state: object) -> None:
        """A fresh start from a `state` message's view (its round's events come next)."""
        rows = state.get("campsites") if isinstance(state, dict) else None
        if not isinstance(rows, list) or len(rows) not in (3, 4, 6):
            raise WireViewError("a view has a campsite for each of 3, 4 or 6 campers")
        self.memory, self.state, self._view = SeatMemory(len(rows), self.seat), None, None

    def follow(self, events: list[Event]) -> None:
        """The events of one message (call `see` with its view after, if it is wanted)."""
        if self.memory is None:
            raise WireViewError("events before the first state")
        self.memory.follow(events, self._campsites_before(events))
        self.state, self._view = None, None

    def see(self, state: object) -> None:
        """The message's `view` (after `follow`): `view()` builds the SeatView from it."""
        self.state, self._view = state, None

    def view(self) -> SeatView:
        """The seat's view now (WireViewError if no view was seen since the last events)."""
        if self._view is None:
            if self.state is None or self.memory is None:
                raise WireViewError("no view since the last events")
            self._view = self.memory.view(self.state)
        return self._view

    def _campsites_before(self, events: list[Event]) -> tuple | None:
        """The seat's campsites before `events`, when an exchange with the deck needs them
        (what the seat knew of the campsite card goes into the deck)."""
        if self.state is None:
            return None
        for e in events:
            if type(e) is CardsExchanged and "deck" in (e.first[0], e.second[0]):
                if self._view is not None:
                    return self._view.campsites
                return read_state(self.state, self.campers)["campsites"]
        return None
