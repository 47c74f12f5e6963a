"""The decisions a camper can take, as small immutable values, and their JSON form.

A target is a campsite card `(seat, slot)` or a deck position `("deck", 0)` / `("deck", 1)`
(top / second card of the draw deck), exactly as in a record.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Literal

Target = tuple[int, int] | tuple[Literal["deck"], int]  # (seat, slot) or ("deck", 0|1)
End = Literal["left", "right"]

DECK_TOP: Target = ("deck", 0)
DECK_SECOND: Target = ("deck", 1)


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 3, 4, 4, 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 24


def short_repr(x: object) -> str:
    """`repr(x)` cut short (one line, a few dozen characters): for reasons quoting bad input."""
    return _SHORT.repr(x)


def is_deck(target: Target) -> bool:
    return target[0] == "deck"


@dataclass(frozen=True, slots=True)
class Draw:
    """Start of turn: draw the top card of the draw deck."""

    do = "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Start of turn: take the top card of the discard pile."""

    do = "take"


@dataclass(frozen=True, slots=True)
class Scram:
    """Start of turn: declare Scram (R-SCRAM-1)."""

    do = "scram"


@dataclass(frozen=True, slots=True)
class Discard:
    """Holding a card drawn from the deck: put it on the discard pile."""

    do = "discard"


@dataclass(frozen=True, slots=True)
class Replace:
    """Keep the held card in place of `cards` (the first in the actor's own campsite)."""

    cards: tuple[Target, ...]
    end: End = "right"
    do = "replace"


@dataclass(frozen=True, slots=True)
class Act:
    """Play the held card (5–13, drawn from the deck) for its action.

    `targets` for 5–12 (order does not matter), `end` for 9 and 13, `seat` for 13.
    """

    targets: tuple[Target, ...] = ()
    end: End = "right"
    seat: int | None = None
    do = "act"


@dataclass(frozen=True, slots=True)
class Swap:
    """After a 12's views: exchange the two viewed cards."""

    do = "swap"


@dataclass(frozen=True, slots=True)
class Keep:
    """After a 12's views: leave both cards where they are."""

    do = "keep"


Decision = Draw | Take | Scram | Discard | Replace | Act | Swap | Keep

DRAW, TAKE, SCRAM, DISCARD, SWAP, KEEP = Draw(), Take(), Scram(), Discard(), Swap(), Keep()
_SIMPLE = {
    "draw": DRAW,
    "take": TAKE,
    "scram": SCRAM,
    "discard": DISCARD,
    "swap": SWAP,
    "keep": KEEP,
}


class MalformedDecision(ValueError):
    """A decision object that does not have the shape docs/RECORDS.md requires."""


def _is_int(x: object) -> bool:
    return type(x) is int


def parse_target(raw: object) -> Target:
    if isinstance(raw, list) and len(raw) == 2:
        a, b = raw
        if a == "deck" and _is_int(b) and b in (0, 1):
            return ("deck", b)
        if _is_int(a) and _is_int(b):
            return (a, b)
    raise MalformedDecision(f'bad target {short_repr(raw)}: want [seat, slot] or ["deck", 0|1]')


def _parse_end(raw: dict) -> End:
    end = raw.get("end")
    if end is None:
        return "right"
    if end not in ("left", "right"):
        raise MalformedDecision(f'bad end {short_repr(end)}: want "left" or "right"')
    return end


def from_json(raw: object, holding: int | None = None) -> Decision:
    """Read one decision of a record. `holding` is the held card (9 and 13 read `end`)."""
    if not isinstance(raw, dict):
        raise MalformedDecision("a decision must be a JSON object")
    do = raw.get("do")
    if not isinstance(do, str):
        raise MalformedDecision('a decision needs a "do"')
    if do in _SIMPLE:
        return _SIMPLE[do]
    if do == "replace":
        cards = raw.get("cards")
        if not isinstance(cards, list):
            raise MalformedDecision('replace needs "cards": a list of [seat, slot]')
        return Replace(tuple(parse_target(c) for c in cards), _parse_end(raw))
    if do == "act":
        if holding == 13:
            seat = raw.get("seat")
            if not _is_int(seat):
                raise MalformedDecision('act with a 13 needs "seat": an integer')
            return Act((), _parse_end(raw), seat)
        targets = raw.get("targets")
        if not isinstance(targets, list):
            raise MalformedDecision('act needs "targets": a list')
        end = _parse_end(raw) if holding == 9 else "right"
        return Act(tuple(parse_target(t) for t in targets), end)
    raise MalformedDecision(f"unknown decision {short_repr(do)}")


def to_json(decision: Decision, holding: int | None = None) -> dict:
    """The record form of a decision (`holding` decides which keys an act carries)."""
    if isinstance(decision, Replace):
        out: dict = {"do": "replace", "cards": [list(t) for t in decision.cards]}
        if decision.end != "right":
            out["end"] = decision.end
        return out
    if isinstance(decision, Act):
        if holding == 13:
            return {"do": "act", "seat": decision.seat, "end": decision.end}
        out = {"do": "act", "targets": [list(t) for t in decision.targets]}
        if holding == 9:
            out["end"] = decision.end
        return out
    return {"do": decision.do}
