"""A client's `SeatView` of a networked game, built from what the server sends its seat: the
`view` of the last `state` or `move` (the replay command's seat view) and the seat's events,
which give the few facts the view does not print: where the held card came from, the two
cards of a 12, who still has a final turn, the round's start camper.

So a headless client can decide with the rules core's legality (`view.why_illegal`,
`sample_decision`) or an `ai` bot (`observe` the events, `decide` on the view). One thing a
perfect memory could add is left out: the deck cards this seat saw and that are still in
the deck (`deck_known` is empty); a bot then plays as if it had forgotten them.
"""

from __future__ import annotations

from game.rules import EQ, Event, SeatView, event_from_json

TWELVE = 12


def _card(raw: object) -> int | None:
    return None if raw is None else EQ if raw == "=" else raw


def _mask(seats: list[int]) -> int:
    return sum(1 << s for s in seats)


class SeatMirror:
    """Follows one seat's `state` / `move` messages; `view()` is its current SeatView."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.last: dict | None = None  # the last view (a replay state object)
        self.start = 0
        self.scram: int | None = None
        self.final: list[int] = []
        self.last_duo = 2
        self.turn: int | None = None
        self.source: str | None = None
        self.drawn_mask = 0
        self.viewed: list[tuple] = []
        self.campers = 0

    def feed(self, message: dict, decode: bool = True) -> list[Event]:
        """Take a `state` or `move` message; the events it carried (for a bot's `observe`;
        `decode=False`: none, when nobody observes them, which is quicker)."""
        self.last = message["view"]
        self.campers = len(self.last["campsites"])
        raw = message.get("events", [])
        events = [event_from_json(e) for e in raw] if decode else []
        for e in raw:
            self._follow(e)
        return events

    def _follow(self, e: dict) -> None:
        """The facts the view does not print, from one event (as JSON, checked or not)."""
        kind = e["type"]
        if kind == "RoundDealt":
            start = e["start"]
            self.start, self.scram, self.final, self.turn = start, None, [], None
            self.last_duo = 2 if start == 0 else start
        elif kind == "TurnBegan":
            if self.campers == 3 and self.turn not in (None, 0):
                self.last_duo = self.turn
            if self.final and self.final[0] == e["seat"]:
                self.final.pop(0)
            self.turn, self.source, self.drawn_mask, self.viewed = e["seat"], None, 0, []
        elif kind == "ScramDeclared":
            self.scram, self.final = e["seat"], self._finals(e["seat"])
        elif kind == "CardDrawn":
            self.source, self.drawn_mask = "deck", e["mask"]
        elif kind == "CardTaken":
            self.source, self.drawn_mask = "discard", (1 << self.campers) - 1
        elif kind == "CardPlayed":
            self.viewed = []
        elif kind == "CardViewed":
            self.viewed.append(tuple(e["target"]))

    def _finals(self, me: int) -> list[int]:
        """Who plays a final turn after a Scram by `me`, in order (R-SCRAM-2)."""
        n = self.campers
        if n != 3:
            return [(me + k) % n for k in range(1, n)]
        if me == 0:
            first = 3 - self.last_duo
            return [first, 3 - first]
        return [0, 3 - me, 0]

    def view(self) -> SeatView:
        """The seat's view now (call after `feed`)."""
        j = self.last
        v = SeatView()
        v.campers, v.seat = self.campers, self.seat
        v.round, v.rounds, v.start = j["round"], j["rounds"], self.start
        v.turn, v.phase, v.scram = j["turn"], j["phase"], j["scram"]
        v.final = tuple(self.final)
        v.twelve = tuple(self.viewed[-2:]) if j["phase"] == "twelve" else None
        v.scores = tuple(tuple(row) for row in j["scores"])
        v.totals, v.winner = tuple(j["totals"]), j["winner"]
        v.discard = tuple(_card(c) for c in reversed(j["discard"]))
        v.deck_size = j["deck"]
        v.campsites = tuple(
            tuple((_card(c["card"]), c["up"], _mask(c["known"])) for c in row) for row in j["campsites"]
        )
        v.deck_known = {}
        v.drawn = TWELVE if j["phase"] == "twelve" else _card(j["drawn"])
        v.drawn_source = self.source if j["phase"] in ("drawn", "twelve") else None
        v.drawn_mask = self.drawn_mask
        return v
