"""Events as JSON and back: the form the table server sends a seat (its `events` key), so a
client can animate what happened without a copy of the game.

An event becomes one object: `{"type": "CardDrawn", "seat": 0, "card": 7, "mask": 1}`: its
class name, then its fields by name. Card values are written as in records (`"="` for the
= card), a card a seat may not see is `null` (encode what `for_seat` gave), targets are
`[seat, slot]` or `["deck", 0|1]`, tuples are lists. `event_from_json` reads that back into
the very same NamedTuple (equal to the one encoded), and refuses anything else with
`EventJsonError`, so a client never animates a malformed event.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from . import cards
from . import events as ev
from .decisions import MalformedDecision, parse_target


class EventJsonError(ValueError):
    """A JSON object that is not an event of this version."""


# ---- each field's kind: (encode, decode) -------------------------------------------------
def _int(x: object) -> int:
    if type(x) is not int:
        raise EventJsonError(f"want an integer, not {x!r}")
    return x


def _bool(x: object) -> bool:
    if type(x) is not bool:
        raise EventJsonError(f"want true or false, not {x!r}")
    return x


def _card(x: object) -> int:
    try:
        return cards.from_json(x)
    except ValueError:
        raise EventJsonError(f"not a card value: {x!r}") from None


def _maybe(decode: Callable[[object], object]) -> Callable[[object], object]:
    return lambda x: None if x is None else decode(x)


def _list(x: object) -> list:
    if not isinstance(x, list):
        raise EventJsonError(f"want a list, not {x!r}")
    return x


def _target(x: object) -> tuple:
    try:
        return parse_target(x)
    except MalformedDecision as e:
        raise EventJsonError(str(e)) from None


def _dealt_card(x: object) -> tuple:
    pair = _list(x)
    if len(pair) != 2:
        raise EventJsonError(f"want [card, up], not {x!r}")
    return (_maybe(_card)(pair[0]), _bool(pair[1]))


def _tuple_of(decode: Callable[[object], object]) -> Callable[[object], tuple]:
    return lambda x: tuple(decode(item) for item in _list(x))


def _winner(x: object) -> int | str:
    return x if x == "nobody" else _int(x)


def _plain(x: object) -> object:
    return x


_CARD_OUT = cards.to_json
KINDS: dict[str, tuple[Callable, Callable]] = {
    "int": (_plain, _int),
    "int?": (_plain, _maybe(_int)),
    "bool": (_plain, _bool),
    "card": (_CARD_OUT, _card),
    "card?": (_CARD_OUT, _maybe(_card)),
    "target": (list, _target),
    "target?": (lambda t: None if t is None else list(t), _maybe(_target)),
    "targets": (lambda ts: [list(t) for t in ts], _tuple_of(_target)),
    "cards": (lambda vs: [_CARD_OUT(v) for v in vs], _tuple_of(_card)),
    "ints": (list, _tuple_of(_int)),
    "dealt": (
        lambda rows: [[[_CARD_OUT(v), up] for v, up in row] for row in rows],
        _tuple_of(_tuple_of(_dealt_card)),
    ),
    "rows": (lambda rows: [[_CARD_OUT(v) for v in row] for row in rows], _tuple_of(_tuple_of(_card))),
    "winner": (_plain, _winner),
}

# Every event type and the kind of each of its fields, in field order.
FIELDS: dict[type, tuple[str, ...]] = {
    ev.RoundDealt: ("int", "int", "card", "dealt", "int"),
    ev.TurnBegan: ("int",),
    ev.CardDrawn: ("int", "card?", "int"),
    ev.CardTaken: ("int", "card"),
    ev.ScramDeclared: ("int",),
    ev.CardDiscarded: ("int", "card", "target?"),
    ev.CardPlayed: ("int", "card"),
    ev.CardViewed: ("int", "target", "card?", "int"),
    ev.CardFlipped: ("int", "target", "card"),
    ev.CardsExchanged: ("int", "target", "target"),
    ev.ExchangeDeclined: ("int",),
    ev.CardPlaced: ("int", "card?", "int", "int", "bool", "int", "bool"),
    ev.ReplacementRevealed: ("int", "targets", "cards", "bool", "int"),
    ev.RoundScored: ("int", "rows", "ints", "ints", "ints", "int?"),
    ev.GameOver: ("winner", "ints"),
}
_BY_NAME = {cls.__name__: cls for cls in FIELDS}


def event_to_json(event: ev.Event) -> dict:
    """The JSON object of one event (as given: filter it with `for_seat` first)."""
    cls = type(event)
    out: dict = {"type": cls.__name__}
    for name, kind, value in zip(cls._fields, FIELDS[cls], event, strict=True):
        out[name] = KINDS[kind][0](value)
    return out


def event_from_json(data: object) -> ev.Event:
    """The event a JSON object describes (EventJsonError for anything else)."""
    if not isinstance(data, dict):
        raise EventJsonError("an event must be a JSON object")
    cls = _BY_NAME.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise EventJsonError(f"unknown event type {data.get('type')!r}")
    values = []
    for name, kind in zip(cls._fields, FIELDS[cls], strict=True):
        if name not in data:
            raise EventJsonError(f"{cls.__name__} lacks {name!r}")
        try:
            values.append(KINDS[kind][1](data[name]))
        except EventJsonError as e:
            raise EventJsonError(f"{cls.__name__}.{name}: {e}") from None
    return cls(*values)


def events_to_json(events: list[ev.Event], seat: int) -> list[dict]:
    """What `seat` may see of `events`, as JSON objects (`for_seat`, then `event_to_json`)."""
    return [event_to_json(ev.for_seat(e, seat)) for e in events]


class EventTexts:
    """What each seat may see of `events`, as the compact JSON text of the list
    (`json.dumps(events_to_json(events, seat), separators=(",", ":"), ensure_ascii=False)`),
    for any number of seats: an event that several seats see alike is encoded once."""

    def __init__(self, events: list[ev.Event]) -> None:
        self.events = events
        self.texts: dict[tuple, str] = {}  # (index, the event as some seat sees it) -> its text

    def of(self, seat: int) -> str:
        texts, parts = self.texts, []
        for i, e in enumerate(self.events):
            mine = ev.for_seat(e, seat)
            key = (i, mine)
            text = texts.get(key)
            if text is None:
                text = texts[key] = json.dumps(event_to_json(mine), separators=(",", ":"), ensure_ascii=False)
            parts.append(text)
        return "[" + ",".join(parts) + "]"
