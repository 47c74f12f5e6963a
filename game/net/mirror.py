"""A headless client's `SeatView` of a networked game, from the `state` and `move` messages
its seat is sent: the seat's events followed by `game.rules.wire_view.SeatMemory` (the one
mirror of a seat's view: the desktop's remote session uses it too, and
tests/rules/test_wire_view.py proves it equal to the core's view in every field, the deck
cards the seat saw included), the view built from the message's `view` when asked.

The headless bot client (`game.net.play`), the tests' players and the load benchmark use it.
`feed(message)` takes a whole message; the benchmark's fast path calls `follow(events)` for
every message and `see(state)` only when its seat may have to decide, and so parses no view
it does not use (an exchange of a deck card with a campsite card it did not read the state
before then leaves that deck card unknown: a random player never looks).
"""

from __future__ import annotations

from game.rules import CardsExchanged, Event, SeatView, event_from_json
from game.rules.wire_view import SeatMemory, WireViewError, read_state

from .protocol import MAX_EVENTS


class SeatMirror:
    """Follows one seat's messages; `view()` is its current SeatView."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.memory: SeatMemory | None = None
        self.state: object | None = None  # the last `view` seen (a replay state object)
        self._view: SeatView | None = None  # built from it, when asked

    @property
    def campers(self) -> int:
        return self.memory.campers if self.memory is not None else 0

    @property
    def turn(self) -> int | None:
        """The seat whose turn began last (from the events alone)."""
        return self.memory.turn if self.memory is not None else None

    def feed(self, message: dict) -> list[Event]:
        """A `state` (a fresh start: the seat's round so far) or a `move`; the events it
        carried, decoded (a bot `observe`s them)."""
        raw = message.get("events", [])
        if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
            raise WireViewError(f"events must be a list of at most {MAX_EVENTS}")
        state = message["view"]
        if message.get("type") == "state" or self.memory is None:
            self.start(state)
        events = [event_from_json(e) for e in raw]
        self.follow(events)
        self.see(state)
        return events

    def start(self, state: object) -> None:
        """A fresh start from a `state` message's view (its round's events come next)."""
        rows = state.get("campsites") if isinstance(state, dict) else None
        if not isinstance(rows, list) or len(rows) not in (3, 4, 6):
            raise WireViewError("a view has a campsite for each of 3, 4 or 6 campers")
        self.memory, self.state, self._view = SeatMemory(len(rows), self.seat), None, None

    def follow(self, events: list[Event]) -> None:
        """The events of one message (call `see` with its view after, if it is wanted)."""
        self.memory.follow(events, self._campsites_before(events))
        self.state, self._view = None, None

    def see(self, state: object) -> None:
        """The message's `view` (after `follow`): `view()` builds the SeatView from it."""
        self.state, self._view = state, None

    def view(self) -> SeatView:
        """The seat's view now (WireViewError if no view was seen since the last events)."""
        if self._view is None:
            if self.state is None:
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
