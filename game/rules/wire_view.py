"""A seat's view rebuilt from what a table server sends it (docs/PROTOCOL.md): the replay command's
state for that seat (docs/RECORDS.md, `--as SEAT`) and the events that seat saw.

The state holds most of a `SeatView`; the rest a seat learns only by watching, so
`SeatMemory` follows the seat's events for it: where the held card came from and who saw it,
the two cards a 12 showed, the deck cards the seat knows (a view, a flip or an exchange put
them there; draws, penalties and discards move them), the round's start camper, who still
plays after a Scram (R-SCRAM-2, R-SEAT-3), and the discard pile and the deck as a round
ended (the state sent with a round's last decision is already the next round's deal, so
`round_over` builds the view between the two). Anything malformed raises `WireViewError`.
A spectator's public view (`events.PUBLIC`, no seat's eyes) is followed the same way; it
knows no face-down card, deck cards included (a flip shows in its events, not in its view).
tests/rules/test_wire_view.py proves the rebuilt view equal to the core's after every
decision of random games.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import cards
from . import events as ev
from .phases import DRAWN, OVER, ROUND_OVER, START, TWELVE
from .view import SeatView

# Cards in one campsite at most: every card of the table's deck (random play's penalties
# have grown one past 40).
MAX_ROW = max(len(cards.deck_for(n)) for n in cards.CAMPER_COUNTS)


class WireViewError(ValueError):
    """A state that is not the replay command's state of a seat at this table."""


class SeatMemory:
    """What seat `seat` of a `campers` table has seen happen, as far as a view needs it."""

    def __init__(self, campers: int, seat: int) -> None:
        self.campers, self.seat = campers, seat
        self.bit = ev.seat_bit(seat)
        self.all_mask = (1 << campers) - 1
        self.start = 0
        self.turn: int | None = None  # the last turn begun
        self.last_duo = 2  # with 3 campers, the duo camper who played last
        self.final: list[int] = []
        self.discard: list[int] = []  # top last
        self.deck_size = 0
        self.deck_known: dict[int, int] = {}  # position from the top -> value
        self.drawn_source: str | None = None
        self.drawn_mask = 0
        self.viewed: list[tuple] = []  # what the 12 being played showed, in order
        self.last_scored: ev.RoundScored | None = None

    # ---- following the events -----------------------------------------------------------
    def follow(self, events: Iterable, campsites: tuple | None = None) -> None:
        """The events of one decision (or a deal), as this seat saw them; `campsites` is the
        seat's view of the campsites just before (an exchange moves their knowledge)."""
        gone: list[int] = []  # deck positions discarded by this decision, as they stood before
        for e in events:
            kind = type(e)
            if kind is ev.RoundDealt:
                self.start, self.discard, self.deck_size = e.start, [e.discard_top], e.deck_size
                self.deck_known, self.last_scored = {}, None
                self.turn, self.last_duo, self.final = None, 2 if e.start == 0 else e.start, []
                self._turn_ends()
            elif kind is ev.TurnBegan:
                self._turn_begins(e.seat)
            elif kind is ev.RoundScored:
                self._turn_ends()
                self.final = []  # the round is over, even if the deck ran out first (R-END-2)
                self.last_scored = e
            elif kind is ev.ScramDeclared:
                self.final = self._finals(e.seat)
            elif kind is ev.CardDrawn:
                self._deck_top_leaves()
                self.drawn_source, self.drawn_mask = "deck", e.mask
            elif kind is ev.CardTaken:
                self.discard.pop()
                self.drawn_source, self.drawn_mask = "discard", self.all_mask
            elif kind is ev.CardPlayed:
                if e.card not in (9, 13):
                    self.discard.append(e.card)
                self.viewed = []
            elif kind is ev.CardDiscarded:
                self.discard.append(e.card)
                if e.source is not None and e.source[0] == "deck":
                    gone.append(e.source[1])
            elif kind in (ev.CardViewed, ev.CardFlipped):
                self._saw(e)
            elif kind is ev.CardsExchanged:
                self._exchanged(e.first, e.second, campsites)
            elif kind is ev.CardPlaced and e.penalty:
                self._deck_top_leaves()
        for position in sorted(gone, reverse=True):
            self.deck_size -= 1
            self.deck_known = {p - (p > position): v for p, v in self.deck_known.items() if p != position}

    def _turn_begins(self, seat: int) -> None:
        if self.campers == 3 and self.turn not in (None, 0):
            self.last_duo = self.turn
        if self.final:
            self.final.pop(0)  # the next of the final turns after a Scram has come
        self.turn = seat
        self._turn_ends()

    def _finals(self, me: int) -> list[int]:
        """Who plays a final turn after a Scram by `me`, in order (R-SCRAM-2, R-SEAT-3)."""
        n = self.campers
        if n != 3:
            return [(me + k) % n for k in range(1, n)]
        if me == 0:
            first = 3 - self.last_duo
            return [first, 3 - first]
        return [0, 3 - me, 0]

    def _turn_ends(self) -> None:
        self.drawn_source, self.drawn_mask, self.viewed = None, 0, []

    def _deck_top_leaves(self) -> None:
        self.deck_size -= 1
        self.deck_known = {p - 1: v for p, v in self.deck_known.items() if p}

    def _saw(self, e) -> None:
        if type(e) is ev.CardViewed:
            self.viewed.append(e.target)
        if e.target[0] == "deck" and e.card is not None and self.bit:
            self.deck_known[e.target[1]] = e.card

    def _exchanged(self, a: tuple, b: tuple, campsites: tuple | None) -> None:
        """Two cards changed places (an 11 or a 12): what the seat knew of each goes along."""
        decks = [t for t in (a, b) if t[0] == "deck"]
        if len(decks) == 2:
            k = self.deck_known
            x, y = k.pop(a[1], None), k.pop(b[1], None)
            k.update({p: v for p, v in ((a[1], y), (b[1], x)) if v is not None})
        elif decks:
            deck, card = (a, b) if a[0] == "deck" else (b, a)
            value = None
            if campsites is not None and card[0] < len(campsites) and card[1] < len(campsites[card[0]]):
                value = campsites[card[0]][card[1]][0]  # None: the seat did not know it
            if value is None or not self.bit:  # (the public view knows no deck card)
                self.deck_known.pop(deck[1], None)
            else:
                self.deck_known[deck[1]] = value

    # ---- the view ---------------------------------------------------------------------------
    def view(self, state: object) -> SeatView:
        """The seat's view from a server's `view` (the replay state as this seat)."""
        f = read_state(state, self.campers)
        phase, turn = f["phase"], f["turn"]
        held = f.pop("drawn")
        if phase != DRAWN:
            held = None
        sees = turn == self.seat or self.drawn_source == "discard" or self.drawn_mask & self.bit
        if phase == TWELVE and sees:
            held = 12
        twelve = tuple(self.viewed[-2:]) if phase == TWELVE and len(self.viewed) >= 2 else None
        active = phase in (DRAWN, TWELVE)
        return SeatView.of_parts(
            **f,
            campers=self.campers,
            seat=self.seat,
            start=self.start,
            final=tuple(self.final),
            twelve=twelve,
            deck_known={p: v for p, v in self.deck_known.items() if p < f["deck_size"]},
            drawn=held,
            drawn_source=self.drawn_source if active else None,
            drawn_mask=self.drawn_mask if active else 0,
        )

    def round_over(self, state: object) -> SeatView:
        """The view as the last round ended (every card face up, the scores counted), from the
        state sent with the round's last decision (the next deal, or the game's end)."""
        after = self.view(state)
        scored = self.last_scored
        if scored is None:
            raise WireViewError("no round has been scored")
        if after.phase == OVER:
            return after
        fields = {name: getattr(after, name) for name in SeatView.FIELDS}
        fields.update(
            round=scored.round,
            phase=ROUND_OVER,
            turn=None,
            scram=scored.scram,
            campsites=tuple(tuple((v, True, 0) for v in row) for row in scored.campsites),
            discard=tuple(self.discard),
            deck_size=self.deck_size,
            deck_known=dict(self.deck_known),
            start=self.start,
            final=tuple(self.final),
        )
        return SeatView.of_parts(**fields)


def split_at_deal(events: list) -> tuple[list, list]:
    """A decision's events up to the end of its round, and the next round's deal after them
    (a server deals at once; the table shows the round end between the two)."""
    for i, e in enumerate(events):
        if type(e) is ev.RoundDealt:
            return events[:i], events[i:]
    return events, []


# ---- reading the state -------------------------------------------------------------------------
def _int(x: object, what: str, low: int, high: int) -> int:
    if type(x) is not int or not low <= x <= high:
        raise WireViewError(f"{what} must be a whole number from {low} to {high}")
    return x


def _seat_or_none(x: object, what: str, campers: int) -> int | None:
    return None if x is None else _int(x, what, 0, campers - 1)


def _card(x: object) -> int:
    try:
        return cards.from_json(x)
    except ValueError:
        raise WireViewError(f"not a card value: {str(x)[:20]!r}") from None


def _list(x: object, what: str, most: int) -> list:
    if not isinstance(x, list) or len(x) > most:
        raise WireViewError(f"{what} must be a list of at most {most} items")
    return x


def _campsite_card(c: object, campers: int) -> tuple:
    if not isinstance(c, dict):
        raise WireViewError("a campsite card must be an object")
    up = c.get("up")
    if type(up) is not bool:
        raise WireViewError("a campsite card's up must be true or false")
    value = None if c.get("card") is None else _card(c.get("card"))
    mask = 0
    for s in _list(c.get("known"), "known", campers):
        mask |= 1 << _int(s, "a seat in known", 0, campers - 1)
    if up and value is None:
        raise WireViewError("a face-up card must show its value")
    return (value, up, mask)


def _pair(x: object, what: str) -> tuple[int, int]:
    row = _list(x, what, 2)
    if len(row) != 2:
        raise WireViewError(f"{what} must hold two numbers")
    return (_int(row[0], what, 0, 10**6), _int(row[1], what, 0, 10**6))


def read_state(state: object, campers: int) -> dict:
    """The fields of a `SeatView` that the replay state gives, checked (WireViewError)."""
    if not isinstance(state, dict):
        raise WireViewError("a view must be a JSON object")
    rounds = _int(state.get("rounds"), "rounds", 1, 20)
    phase = state.get("phase")
    if phase not in (START, DRAWN, TWELVE, OVER):  # (the state never stops between rounds)
        raise WireViewError(f"unknown phase {str(phase)[:20]!r}")
    rows = _list(state.get("campsites"), "campsites", campers)
    if len(rows) != campers:
        raise WireViewError(f"campsites must have a row for each of the {campers} campers")
    discard = [_card(c) for c in _list(state.get("discard"), "discard", 200)]
    winner = state.get("winner")
    if winner not in (None, 0, 1, "nobody") or type(winner) is bool:
        raise WireViewError('winner must be null, 0, 1 or "nobody"')
    drawn = state.get("drawn")
    return {
        "round": _int(state.get("round"), "round", 1, rounds),
        "rounds": rounds,
        "turn": _seat_or_none(state.get("turn"), "turn", campers),
        "phase": phase,
        "campsites": tuple(
            tuple(_campsite_card(c, campers) for c in _list(row, "a campsite", MAX_ROW)) for row in rows
        ),
        "drawn": None if drawn is None else _card(drawn),
        "discard": tuple(reversed(discard)),  # the state lists the top first; a view, last
        "deck_size": _int(state.get("deck"), "deck", 0, 200),
        "scram": _seat_or_none(state.get("scram"), "scram", campers),
        "scores": tuple(_pair(s, "a round's scores") for s in _list(state.get("scores"), "scores", rounds)),
        "totals": _pair(state.get("totals"), "totals"),
        "winner": winner,
    }
