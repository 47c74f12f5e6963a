"""What each seat is sent about the game: `state` and `move` messages with the seat's view
(exactly `python -m game.replay RECORD --as SEAT` of the game so far: `state_dict`), its
events (filtered by `for_seat`, as JSON), a round's `reveal`, and the `over` record.

Nothing here reads a card a seat may not see except through `state_dict(game, seat)`,
`for_seat` and the round's scoring (every card is face up then, for everyone).
"""

from __future__ import annotations

import json

from game.rules import (
    EQ,
    EventTexts,
    Game,
    RoundDealt,
    RoundScored,
    StateTexts,
    shuffled_deck,
    state_text,
    to_record,
)

from . import protocol


def _card(value: int) -> int | str:
    return "=" if value == EQ else value


def round_start(game: Game) -> int:
    """Where the current round's events begin in `game.events` (its deal)."""
    events = game.events
    for i in range(len(events) - 1, -1, -1):
        if type(events[i]) is RoundDealt:
            return i
    return 0


def round_events(game: Game) -> list:
    """The events of the current round so far (from its deal)."""
    return game.events[round_start(game) :]


def stand_in_spans(game: Game, seat: int, stood_in: list[tuple[int, int, int]]) -> list[list[int]]:
    """The `[from, to)` ranges of this round's events (as `round_events` lists them) caused
    by decisions `seat`'s stand-in took; `stood_in` holds (seat, from, to) over `game.events`."""
    start = round_start(game)
    return [[a - start, b - start] for s, a, b in stood_in if s == seat and a >= start]


def state_message(game: Game, seat: int, stood_in: list[tuple[int, int, int]] = ()) -> str:
    """`state` for `seat`: the view, what the seat saw of this round so far, and which of it
    its stand-in played (the text `protocol.encode(protocol.state(...))` gives, with the view
    encoded by `state_text`)."""
    events = EventTexts(round_events(game)).of(seat)
    view = state_text(game, seat)
    spans = stand_in_spans(game, seat, list(stood_in))
    extra = ',"stand_in":' + json.dumps(spans, separators=(",", ":")) if spans else ""
    head = f'{{"type":"state","ver":{len(game.actions)},"seat":{seat}'
    return f'{head},"view":{view},"events":{events}{extra}}}'


def reveal(events: list) -> dict | None:
    """A round's end among `events`: its campsites face up and its recorded scores row."""
    for e in events:
        if type(e) is RoundScored:
            campsites = [[_card(v) for v in row] for row in e.campsites]
            return {"campsites": campsites, "scores": list(e.recorded)}
    return None


class Moves:
    """The `move` messages of one decision: what every seat shares is encoded once (the
    head, the public part of the view, the events every seat sees alike, a reveal), each
    seat adds what only it may see (`protocol.encode(protocol.move(...))`'s text)."""

    def __init__(self, game: Game, by: int, decision: dict, events: list) -> None:
        self.views, self.events = StateTexts(game), EventTexts(events)
        ver, decided = len(game.actions), protocol.encode(decision)
        self.head = f'{{"type":"move","ver":{ver},"by":{by},"decision":{decided},"view":'
        shown = reveal(events)
        self.reveal = "" if shown is None else ',"reveal":' + protocol.encode(shown)

    def to(self, seat: int) -> str:
        return f'{self.head}{self.views.of(seat)}{self.reveal},"events":{self.events.of(seat)}}}'


def game_record(game: Game, names: list[str | None], levels: list[str], humans: list[int]) -> dict:
    """The whole game as a record, with the seats' names (`players`, as kept games have
    them), their bot levels (None for a human's seat) and the human seats."""
    players = [name or f"Seat {n + 1}" for n, name in enumerate(names)]
    seat_levels = [None if n in humans else level for n, level in enumerate(levels)]
    record = to_record(game, players=players, levels=seat_levels, humans=humans)
    record["decks"] = played_decks(game)
    return record


def played_decks(game: Game) -> list[list]:
    """The deck of every round dealt, top first (stacked, or shuffled from the seed)."""
    decks = []
    for r in range(1, game.round + 1):
        deck = game.decks[r - 1] if r <= len(game.decks) else shuffled_deck(game.campers, game.seed, r)
        decks.append([_card(v) for v in deck])
    return decks
