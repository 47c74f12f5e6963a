"""A bot's memory of face-down cards: what it saw, followed as cards move, forgotten by level.

The memory mirrors the table position by position from the (seat-filtered) event stream:
every campsite slot and every known deck position holds an `Entry` (or None when nothing
at all is noted about it). An entry carries the value the bot *believes* (None when it
does not know or has forgotten), plus belief hints that follow the card when it moves.

Face-up cards are always seen, so they take no memory slot; the bot reads them from the
view. Face-down values do: a level has a number of slots (the oldest memory fades first
when a new one does not fit) and a chance, each table turn, that each memory fades. The
lowest level may also *misremember* (a faded value drifts by one instead of vanishing),
and plays on what it believes, failed replacements included.

The view gives perfect-memory knowledge; a memory-limited bot must use only what this
memory still holds (R-INFO-3, R-INFO-5).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules import (
    EQ,
    CardDiscarded,
    CardDrawn,
    CardFlipped,
    CardPlaced,
    CardPlayed,
    CardsExchanged,
    CardTaken,
    CardViewed,
    Event,
    ReplacementRevealed,
    RoundDealt,
    RoundScored,
    TurnBegan,
    campsite_layout,
)


class Entry:
    """What the bot notes about one face-down card."""

    __slots__ = ("value", "t", "up", "below", "low", "seen", "cap", "kept_as")

    def __init__(self, value: int | None = None, t: int = 0, up: bool = False) -> None:
        self.value = value  # believed value (None: unknown / forgotten)
        self.t = t  # when it was learned (oldest fades first)
        self.up = up  # face up: seen by all, takes no memory slot
        self.below: int | None = None  # inference: kept in place of this value, so likely lower
        self.low = False  # inference: viewed by its own team and left there, so likely low
        # The seats known to have seen its value (public, R-INFO-1). The view shows this at a
        # decision; the memory needs it when a card is given up or let go, between decisions.
        self.seen = 0
        self.cap: int | None = None  # inference: its owner, knowing it, since let go a card this low
        # inference: what its keeper gave up for it: "blind" (cards it had not seen), "single"
        # (one card it knew, worth `below`) or "group" (a matching group)
        self.kept_as: str | None = None


class Memory:
    """Position-by-position memory of one seat, fed with that seat's filtered events."""

    def __init__(
        self,
        seat: int,
        campers: int,
        slots: int | None,
        fade: float,
        blur: float,
        rng: random.Random,
        infer: bool = False,
    ) -> None:
        self.seat, self.campers = seat, campers
        self.slots, self.fade, self.blur = slots, fade, blur
        self.infer = infer
        self.rng = rng
        self.clock = 0
        self.rows: list[list[Entry]] = [[] for _ in range(campers)]
        self.deck: dict[int, Entry] = {}  # deck position (0 = top) -> entry
        self.held: Entry | None = None
        # The discard pile, bottom first: public when each card went there, so under the
        # top a matter of memory (R-INFO-3); pile memories fade like the others.
        self.pile: list[Entry] = []
        self.pending: list[tuple] = []  # sources of a batch of discards, removed together
        self.last_duo = 2
        self.turn: int | None = None
        self.resyncs = 0  # times the rows had to be rebuilt from the view (should stay 0)
        self.forgotten = 0  # memories that faded (for tests and curiosity)

    # ---- the event stream ---------------------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        for e in events:
            kind = type(e)
            if kind is not CardDiscarded or e.source is None:
                self._flush()
            handler = _HANDLERS.get(kind)
            if handler is not None:
                handler(self, e)
        self._flush()

    def _deal(self, e: RoundDealt) -> None:
        self.rows = []
        for s in range(self.campers):
            down, up = campsite_layout(s, self.campers)
            self.rows.append([Entry(up=j >= down) for j in range(down + up)])
        self.deck = {}
        self.held = None
        self.pending = []
        self.pile = [Entry(e.discard_top, self.clock)]
        self.last_duo = 2 if e.start == 0 else e.start

    def _turn(self, e: TurnBegan) -> None:
        self.clock += 1
        self.turn = e.seat
        self._last_replaced = ()
        if self.campers == 3 and e.seat != 0:
            self.last_duo = e.seat
        if self.fade > 0:
            for entry in self._memories():
                if self.rng.random() < self.fade:
                    self._forget(entry)
            for entry in self.pile[:-1]:  # the top is on view
                if entry.value is not None and self.rng.random() < self.fade:
                    entry.value = None
                    self.forgotten += 1

    def _drawn(self, e: CardDrawn) -> None:
        entry = self._pop_deck(0)
        if e.seat == self.seat:
            entry = Entry(e.card, self.clock)
        elif entry is None:
            entry = Entry()
        entry.seen |= e.mask
        self.held = entry

    def _taken(self, e: CardTaken) -> None:
        self.held = None
        if self.pile:
            self.pile.pop()

    def _played(self, e: CardPlayed) -> None:
        self._let_go(e.seat, e.card)
        if e.card not in (9, 13):  # the others go on the pile (9 and 13 to a campsite)
            self.pile.append(Entry(e.card, self.clock))

    def _discarded(self, e: CardDiscarded) -> None:
        self.pile.append(Entry(e.card, self.clock))
        if e.source is None:
            self.held = None
            self._let_go(e.seat, e.card)
        else:
            self.pending.append(e.source)

    def _viewed(self, e: CardViewed) -> None:
        t = e.target
        entry = self._at(t) or self._set(t, Entry())
        entry.seen |= 1 << e.seat
        if entry.up:
            entry.value = e.card
        elif e.card is not None and e.seat == self.seat:
            entry.value, entry.t = e.card, self.clock
            self._fit()
        elif self.infer and t[0] != "deck" and _team(t[0], self.campers) == _team(e.seat, self.campers):
            entry.low = True

    def _flipped(self, e: CardFlipped) -> None:
        t = e.target
        if t[0] == "deck":
            entry = self._at(t) or self._set(t, Entry())
            entry.value, entry.t = e.card, self.clock
            self._fit()
        else:
            self._set(t, Entry(e.card, self.clock, up=True))  # face up now: seen, not remembered

    def _exchanged(self, e: CardsExchanged) -> None:
        a, b = self._at(e.first), self._at(e.second)
        # Faces travel with the cards; a card moved onto the deck lies face down there.
        self._set(e.first, self._moved(b, e.first))
        self._set(e.second, self._moved(a, e.second))
        self._fit()

    def _revealed(self, e: ReplacementRevealed) -> None:
        if e.matched:
            return  # their CardDiscarded events follow, removed as one batch
        for t, v in zip(e.targets, e.cards, strict=True):
            self._set(t, Entry(v, self.clock, up=True))  # R-REPL-4: face up for the round

    def _placed(self, e: CardPlaced) -> None:
        if e.penalty:
            entry = self._pop_deck(0)
        elif e.up:
            entry = Entry(e.card, self.clock, up=True)
        else:
            entry = self.held
            if entry is None:
                entry = Entry(e.card, self.clock) if e.card is not None else Entry()
            if entry.value is None and self.infer and self._last_replaced:
                entry.below = max(self._last_replaced)
                entry.kept_as = self._last_kind
            self.held = None
        if entry is None:
            entry = Entry()
        entry.up = e.up
        entry.seen |= e.mask
        row = self.rows[e.owner]
        slot = min(e.slot, len(row))
        row.insert(slot, entry)

    def _scored(self, e: RoundScored) -> None:
        self.rows = [[] for _ in range(self.campers)]
        self.deck = {}
        self.held = None
        self.pile = []

    _last_replaced: tuple = ()

    _last_kind: str | None = None

    def _let_go(self, seat: int, card: int, skip: tuple | None = None) -> None:
        """`seat` let `card` go (threw or played the card it drew, or replaced a card it knew):
        it would rather have given up a higher card it knows in its campsite, so those are
        likely at most `card` (the `cap` hint; public facts only: who saw which card)."""
        if not self.infer or card == EQ:
            return
        bit = 1 << seat
        for i, entry in enumerate(self.rows[seat]):
            if (seat, i) != skip and not entry.up and entry.seen & bit:
                entry.cap = card if entry.cap is None else min(entry.cap, card)

    def _note_replaced(self, e: ReplacementRevealed) -> None:
        self._last_replaced = tuple(v for v in e.cards if v != EQ) or (0,)
        bit = 1 << e.seat
        if any((x := self._at(t)) is None or (not x.up and not x.seen & bit) for t in e.targets):
            self._last_kind = "blind"
        elif len(e.targets) > 1:
            self._last_kind = "group"
        else:
            self._last_kind = "single"
            self._let_go(e.seat, e.cards[0], skip=e.targets[0])

    # ---- removal in batches (positions are as they stood before the batch) -------
    def _flush(self) -> None:
        if not self.pending:
            return
        camp = sorted((t for t in self.pending if t[0] != "deck"), reverse=True)
        decks = sorted((t[1] for t in self.pending if t[0] == "deck"), reverse=True)
        self.pending = []
        for s, i in camp:
            if i < len(self.rows[s]):
                del self.rows[s][i]
        for p in decks:
            self._pop_deck(p)

    # ---- positions ----------------------------------------------------------------
    def _moved(self, entry: Entry | None, to: tuple) -> Entry | None:
        if to[0] == "deck":
            if entry is None:
                return None
            if entry.up:
                entry = Entry(entry.value, self.clock)  # face down on the deck, known to all
            return entry
        if entry is None:
            return Entry()
        return entry

    def _at(self, t: tuple) -> Entry | None:
        if t[0] == "deck":
            return self.deck.get(t[1])
        row = self.rows[t[0]]
        return row[t[1]] if t[1] < len(row) else None

    def _set(self, t: tuple, entry: Entry | None) -> Entry | None:
        if t[0] == "deck":
            if entry is None:
                self.deck.pop(t[1], None)
            else:
                self.deck[t[1]] = entry
        else:
            row = self.rows[t[0]]
            while len(row) <= t[1]:
                row.append(Entry())
            row[t[1]] = entry if entry is not None else Entry()
        return entry

    def _pop_deck(self, pos: int) -> Entry | None:
        """Remove deck position `pos`; the cards below it move up one position."""
        out = self.deck.pop(pos, None)
        if self.deck:
            self.deck = {(p - 1 if p > pos else p): e for p, e in self.deck.items()}
        return out

    # ---- forgetting ---------------------------------------------------------------
    def _memories(self) -> list[Entry]:
        out = [e for row in self.rows for e in row if e.value is not None and not e.up]
        out.extend(e for e in self.deck.values() if e.value is not None)
        return out

    def _forget(self, entry: Entry) -> None:
        self.forgotten += 1
        if self.blur and entry.value != EQ and self.rng.random() < self.blur:
            # A person misremembers rather than forgets: off by one, still sure of it.
            entry.value = max(1, min(13, entry.value + self.rng.choice((-1, 1))))
            entry.t = -1  # a blurred memory is the first to go for good
            return
        entry.value = None

    def _fit(self) -> None:
        if self.slots is None:
            return
        mems = self._memories()
        extra = len(mems) - self.slots
        if extra > 0:
            for entry in sorted(mems, key=lambda m: m.t)[:extra]:
                entry.value = None
                self.forgotten += 1

    # ---- reading it back ----------------------------------------------------------
    def remembered(self, seat: int, slot: int) -> int | None:
        row = self.rows[seat]
        return row[slot].value if slot < len(row) else None

    def entry(self, seat: int, slot: int) -> Entry | None:
        row = self.rows[seat]
        return row[slot] if slot < len(row) else None

    def deck_value(self, pos: int) -> int | None:
        e = self.deck.get(pos)
        return None if e is None else e.value

    def sync(self, view) -> None:
        """Check the rows against the view's shape; rebuild (forgetting) if they disagree.

        Only positions are compared (public facts): if a tracking slip ever left the rows
        out of step, the bot forgets rather than believe cards are where they are not.
        """
        self._flush()
        for s, row in enumerate(view.campsites):
            mine = self.rows[s] if s < len(self.rows) else None
            if mine is None or len(mine) != len(row):
                self.resyncs += 1
                self.rows = [[Entry() for _ in r] for r in view.campsites]
                break
        # Face-up cards are seen; a memory of a card the seat cannot know would be a slip
        # of the tracking: drop it.
        for s, row in enumerate(view.campsites):
            mine = self.rows[s]
            for i, c in enumerate(row):
                e = mine[i]
                if c[1]:
                    e.up, e.value = True, c[0]
                else:
                    e.up = False
                    if e.value is not None and c[0] is None:
                        self.resyncs += 1
                        e.value = None
        self._fit()
        for p in list(self.deck):
            if p >= view.deck_size or p not in view.deck_known:
                e = self.deck[p]
                if e.value is not None:
                    e.value = None

    def pile_values(self, view) -> list[int]:
        """The discard pile as remembered: the top (on view) and the cards under it that
        have not faded. Rebuilt (forgetting) if it ever disagrees with the pile's size."""
        if len(self.pile) != len(view.discard):
            self.resyncs += 1
            self.pile = [Entry() for _ in view.discard]
        if view.discard:
            top = self.pile[-1]
            top.value = view.discard[-1]
        return [e.value for e in self.pile if e.value is not None]

    def count(self) -> int:
        return len(self._memories())


def _team(seat: int, campers: int) -> int:
    if campers == 3:
        return 0 if seat == 0 else 1
    return seat % 2


def _revealed_and_note(mem: Memory, e: ReplacementRevealed) -> None:
    mem._note_replaced(e)
    mem._revealed(e)


_HANDLERS = {
    RoundDealt: Memory._deal,
    TurnBegan: Memory._turn,
    CardDrawn: Memory._drawn,
    CardTaken: Memory._taken,
    CardDiscarded: Memory._discarded,
    CardPlayed: Memory._played,
    CardViewed: Memory._viewed,
    CardFlipped: Memory._flipped,
    CardsExchanged: Memory._exchanged,
    ReplacementRevealed: _revealed_and_note,
    CardPlaced: Memory._placed,
    RoundScored: Memory._scored,
}
