"""The full state of a game of Scram! and `apply`, the one way it changes.

`Game` holds everything: campsites, deck, discard pile, the held card, knowledge marks,
scores, the decisions taken so far and the events they caused. `apply` checks a decision
(`why_illegal`, from `TableRules`) before touching anything, so it either applies the
decision whole or raises `IllegalDecision` with the state untouched.

Representation (chosen for cheap copies, see `copy`): a campsite card is a tuple
`(value, up, known)` where `known` is a bit set of seats that know a face-down card; the
deck and the discard pile are lists with their top at the end. When a round ends the
game waits in phase `round_over` (cards revealed) until `next_round()` deals the next.
Every shuffle comes from `seed` (see `deal.py`), so seed + decisions reproduce a game exactly.
"""

from __future__ import annotations

from . import events as ev
from .cards import EQ, deck_for, rounds_for, same_multiset, team_of
from .deal import lay_out_shown, round_rng, shuffled_deck
from .decisions import Act, Decision, Discard, Draw, Keep, Replace, Scram, Swap, Take
from .draws import below
from .effects import ActionEffects
from .errors import IllegalDecision
from .guess import guessed_fields
from .legality import TableRules
from .phases import DRAWN, OVER, ROUND_OVER, START, TWELVE
from .scoring import game_winner, next_start, penalty_count, round_result

# Events are NamedTuples; the hot paths build them with `tuple.__new__` (every field given,
# in order), which skips the Python-level `__new__` a NamedTuple call goes through.
_event = tuple.__new__
_CardPlaced, _ReplacementRevealed = ev.CardPlaced, ev.ReplacementRevealed
# Events with nothing but a seat, or a seat and a card, are built once (events are immutable
# values): a turn's start, a card taken from the pile, a held card thrown onto it.
_TURN_BEGAN = tuple(ev.TurnBegan(s) for s in range(6))
_TAKEN = tuple(tuple(ev.CardTaken(s, v) for v in range(14)) for s in range(6))
_THROWN = tuple(tuple(ev.CardDiscarded(s, v, None) for v in range(14)) for s in range(6))
# A card drawn that nobody knew on the deck: seen by the drawer alone.
_DRAWN_UNSEEN = tuple(tuple(ev.CardDrawn(s, v, 1 << s) for v in range(14)) for s in range(6))
# Face-up campsite cards (value, up, known) are shared too (a failed replacement turns up ~9
# cards a time), and so are face-down ones nobody knows, with the event of such a penalty
# card placed at the left end of a campsite.
_FACE_UP = tuple((v, True, 0) for v in range(14))
_FACE_DOWN = tuple((v, False, 0) for v in range(14))
_UNSEEN_PENALTY_AT_LEFT = tuple(
    tuple(ev.CardPlaced(s, v, s, 0, False, 0, True) for v in range(14)) for s in range(6)
)
# R-REPL-5's penalty cards by the number of distinct numbered values revealed.
_PENALTIES = tuple(penalty_count(n) for n in range(15))
# The seat after each seat, going round a table of 4 or 6 campers.
_NEXT_SEAT = {n: tuple((s + 1) % n for s in range(n)) for n in (4, 6)}

__all__ = ["Game", "IllegalDecision", "penalty_count"]


class Game(ActionEffects, TableRules):
    """A whole game: rounds, turns, cards and who knows them."""

    def __init__(
        self,
        campers: int,
        seed: int,
        start: int | None = None,
        decks: list[list[int]] | None = None,
    ) -> None:
        if campers not in (3, 4, 6):
            raise ValueError(f"campers must be 3, 4 or 6, not {campers}")
        if start is not None and not (0 <= start < campers) or (campers == 3 and start not in (None, 0)):
            raise ValueError(f"start camper {start} is not allowed with {campers} campers")
        for n, deck in enumerate(decks or ()):
            if not same_multiset(deck, campers):
                raise ValueError(f"deck {n + 1} is not the {len(deck_for(campers))}-card deck")
        self.campers = campers
        self.seed = seed
        self.rounds = rounds_for(campers)
        self.all_mask = (1 << campers) - 1
        self.decks = [list(d) for d in decks] if decks else []
        self.round = 0
        self.scores: list[tuple[int, int]] = []
        self.totals = [0, 0]
        self.winner: int | str | None = None
        self.actions: list[tuple[Decision, int | None]] = []
        self.events: list[ev.Event] = []
        self.last_scores: tuple[int, ...] = ()
        if start is None:
            start = 0 if campers == 3 else below(round_rng(seed, "start"), campers)
        self.first_start = start
        self._deal(start)

    # ---- public facts -------------------------------------------------------------
    @property
    def deck_count(self) -> int:
        return len(self.deck)

    def deck_card(self, position: int) -> tuple[int, int]:
        """(value, known) of the deck card at `position` (0 = top)."""
        i = len(self.deck) - 1 - position
        return self.deck[i], self.deck_known[i]

    def view(self, seat: int | None = None):
        """What `seat` can see (everything when `seat` is None): a `SeatView`."""
        from .view import SeatView

        return SeatView.of(self, seat)

    def events_for(self, seat: int, since: int = 0) -> list[ev.Event]:
        """The event stream as `seat` sees it (from event index `since`)."""
        return [ev.for_seat(e, seat) for e in self.events[since:]]

    def copy(self) -> Game:
        """An independent copy for search (its event history starts empty)."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        d["campsites"] = [row[:] for row in self.campsites]
        d["deck"] = self.deck[:]
        d["deck_known"] = self.deck_known[:]
        d["discard"] = self.discard[:]
        d["final"] = self.final[:]
        d["scores"] = self.scores[:]
        d["totals"] = self.totals[:]
        d["actions"] = self.actions[:]
        d["events"] = []
        g.__dict__ = d
        return g

    @classmethod
    def from_guess(
        cls,
        view,
        campsites: list[list[tuple[int, bool, int]]],
        deck: list[tuple[int, int]],
        seed: int,
        last_duo: int,
    ) -> Game:
        """A whole game in the position `view` shows, its hidden cards filled in by a guess.

        For searches that play a seat's belief on (determinization): `view` (a `SeatView`)
        gives every public fact (round, scores, turn, phase, discard pile, the held card,
        Scram and final turns); `campsites` every campsite card as `(value, up, known)`;
        `deck` the draw deck top first as `(value, known)`; `seed` the guessed table's own
        seed (it deals the rounds after this one); `last_duo` the duo camper who played
        last (3 campers). The guess is checked for shape, never for truth: it is a
        hypothesis. The game's history (actions, events) starts empty.
        """
        g = cls.__new__(cls)
        g.__dict__.update(guessed_fields(view, campsites, deck, seed, last_duo))
        return g

    # ---- the deal -----------------------------------------------------------------
    def _deal(self, start: int) -> None:
        """R-SETUP-2: deal round `self.round + 1` from its deck, top first."""
        self.round += 1
        if self.round <= len(self.decks):  # a stacked deck (tests, tutorials)
            order = list(self.decks[self.round - 1])
        else:
            order = shuffled_deck(self.campers, self.seed, self.round)
        self.campsites, dealt, top, self.deck = lay_out_shown(order, self.campers, start)
        self.discard = [top]
        self.deck_known = [0] * len(self.deck)
        self.start = start
        self.turn = start
        self.phase = START
        self._sampled: Decision | None = None
        self.drawn = None
        self.drawn_source = None
        self.drawn_mask = 0
        self.scram = None
        self.final: list[int] = []
        self.twelve: tuple | None = None
        # With 3 campers the solo alternates with the duo campers in turn (R-SEAT-3).
        self.last_duo = 2 if start == 0 else start
        self.events.append(_event(ev.RoundDealt, (self.round, start, top, dealt, len(self.deck))))
        self.events.append(_TURN_BEGAN[start])

    def next_round(self) -> list[ev.Event]:
        """Deal the next round (R-SCORE-4 picks its start camper)."""
        if self.phase != ROUND_OVER:
            raise IllegalDecision("the round is not over")
        mark = len(self.events)
        self._deal(self._next_start())
        return self.events[mark:]

    def _next_start(self) -> int:
        """R-SCORE-4: the start camper of the next round."""
        return next_start(self.scores[-1], self.last_scores, self.start)

    # ---- apply --------------------------------------------------------------------
    def apply(self, decision: Decision) -> list[ev.Event]:
        """Apply `decision` for the camper whose turn it is; return the events it caused."""
        # A decision this game drew itself for this very position (`sample_decision`
        # remembers it in `_sampled`) is legal by construction.
        if decision is not self._sampled or decision is None:
            reason = self.why_illegal(decision)
            if reason is not None:
                raise IllegalDecision(reason)
        self._sampled = None
        events = self.events
        mark = len(events)
        self.actions.append((decision, self.drawn))
        _APPLY[type(decision)](self, decision)
        return events[mark:]

    def _draw(self, _: Draw) -> None:
        me = self.turn
        value = self.deck.pop()
        known = self.deck_known.pop()
        mask = known | (1 << me)
        self.drawn, self.drawn_source, self.drawn_mask = value, "deck", mask
        self.phase = DRAWN
        self.events.append(_event(ev.CardDrawn, (me, value, mask)) if known else _DRAWN_UNSEEN[me][value])

    def _take(self, _: Take) -> None:
        value = self.discard.pop()
        self.drawn, self.drawn_source, self.drawn_mask = value, "discard", self.all_mask
        self.phase = DRAWN
        self.events.append(_TAKEN[self.turn][value])

    def _discard_held(self, _: Discard) -> None:
        self.discard.append(self.drawn)
        self.events.append(_THROWN[self.turn][self.drawn])
        self._end_turn()

    def _swap(self, _: Swap) -> None:
        self.events.append(_event(ev.CardsExchanged, (self.turn, *self.twelve)))
        self._exchange(*self.twelve)
        self._end_turn()

    def _keep(self, _: Keep) -> None:
        self.events.append(_event(ev.ExchangeDeclined, (self.turn,)))
        self._end_turn()

    def _scram(self, _: Scram) -> None:
        """R-SCRAM-1/2: declare, then every other camper gets its final turn(s)."""
        me, n = self.turn, self.campers
        self.scram = me
        self.events.append(_event(ev.ScramDeclared, (me,)))
        if n == 3:
            if me == 0:
                first = 3 - self.last_duo
                self.final = [first, 3 - first]
            else:
                self.final = [0, 3 - me, 0]
        else:
            self.final = [(me + k) % n for k in range(1, n)]
        self._end_turn()

    def _end_turn(self) -> None:
        prev = self.turn
        n = self.campers
        if n == 3 and prev != 0:
            self.last_duo = prev
        self.drawn = self.drawn_source = self.twelve = None
        self.drawn_mask = 0
        if self.scram is not None:
            if not self.final:
                self._end_round()
                return
            nxt = self.final.pop(0)
        elif n == 3:
            nxt = 3 - self.last_duo if prev == 0 else 0
        else:
            nxt = _NEXT_SEAT[n][prev]
        self.turn = nxt
        self.phase = START
        if not self.deck:  # R-END-2
            self._end_round()
            return
        self.events.append(_TURN_BEGAN[nxt])

    # ---- replacing ----------------------------------------------------------------
    def _replace(self, d: Replace) -> None:
        """R-REPL-2..5: the chosen cards are revealed. If they match they go (`_replace_matched`);
        else they stay, face up for the rest of the round, and the held card, then the
        penalty cards from the deck (as many as it has), join the camper's campsite at the
        chosen end."""
        me = self.turn
        rows = self.campsites
        chosen = d.cards
        # Every chosen card turns face up: it stays so if the replacement fails (nearly
        # always, in random play), and leaves the campsite if it succeeds.
        revealed = []
        for s, i in chosen:
            row = rows[s]
            v = row[i][0]
            row[i] = _FACE_UP[v]
            revealed.append(v)
        values = tuple(revealed)
        numbered = set(values)
        numbered.discard(EQ)
        distinct = len(numbered)
        if self.drawn_source == "discard":
            kept, kept_mask = _FACE_UP[self.drawn], self.all_mask
        else:
            kept_mask = self.drawn_mask
            kept = (self.drawn, False, kept_mask)
        events = self.events
        if distinct <= 1:
            events.append(_event(_ReplacementRevealed, (me, chosen, values, True, 0)))
            self._replace_matched(chosen, values, kept, kept_mask)
            self._end_turn()
            return
        penalties = _PENALTIES[distinct]
        events.append(_event(_ReplacementRevealed, (me, chosen, values, False, penalties)))
        self._add_at_end(me, kept, d.end, kept_mask, False)
        row, left = rows[me], d.end == "left"
        deck, deck_known = self.deck, self.deck_known
        for _ in range(penalties if penalties < len(deck) else len(deck)):
            # A penalty card, face down, known to whoever knew it on the deck: usually nobody,
            # and then the card, and at the left end its event too, come from the tables.
            value, mask = deck.pop(), deck_known.pop()
            if left:
                if mask:
                    row.insert(0, (value, False, mask))
                    events.append(_event(_CardPlaced, (me, value, me, 0, False, mask, True)))
                else:
                    row.insert(0, _FACE_DOWN[value])
                    events.append(_UNSEEN_PENALTY_AT_LEFT[me][value])
            else:
                slot = len(row)
                row.append((value, False, mask) if mask else _FACE_DOWN[value])
                events.append(_event(_CardPlaced, (me, value, me, slot, False, mask, True)))
        self._end_turn()

    def _replace_matched(self, chosen: tuple, values: tuple, kept: tuple, kept_mask: int) -> None:
        """R-REPL-3: the chosen cards go to the discard pile, `=` cards below the numbered
        ones; the held card takes the first one's place."""
        me, rows = self.turn, self.campsites
        for target, v in sorted(zip(chosen, values, strict=True), key=lambda tv: tv[1] != EQ):
            self.discard.append(v)
            self.events.append(_event(ev.CardDiscarded, (me, v, target)))
        s0, i0 = chosen[0]
        rows[s0][i0] = kept
        for s, i in sorted(chosen[1:], reverse=True):
            del rows[s][i]
        slot = i0 - sum(1 for s, i in chosen[1:] if s == s0 and i < i0)
        self.events.append(_event(_CardPlaced, (me, kept[0], me, slot, kept[1], kept_mask, False)))

    # ---- the end of a round -------------------------------------------------------
    def _end_round(self) -> None:
        """R-SCORE-1..3, then R-GAME-1..3 after the last round."""
        # No final turn is left to come, even when the deck ran out before them (R-END-2).
        self.final = []
        values = tuple([tuple([c[0] for c in row]) for row in self.campsites])
        self.campsites = [[_FACE_UP[v] for v in row] for row in values]
        scores, team, recorded = round_result(values, self.scram)
        self.last_scores = scores
        self.scores.append(recorded)
        self.totals = [self.totals[0] + recorded[0], self.totals[1] + recorded[1]]
        self.events.append(_event(ev.RoundScored, (self.round, values, scores, team, recorded, self.scram)))
        if self.round < self.rounds:
            self.phase = ROUND_OVER
            return
        self.phase = OVER
        self.turn = None
        self.winner = game_winner(self.totals, self.scores, self.campers)
        self.events.append(ev.GameOver(self.winner, tuple(self.totals)))

    # ---- conveniences for drivers ------------------------------------------------
    def play(self, decision: Decision) -> list[ev.Event]:
        """`apply`, then deal the next round if this decision ended one."""
        events = self.events
        mark = len(events)
        self.apply(decision)
        if self.phase == ROUND_OVER:
            self._deal(self._next_start())
        return events[mark:]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def team_of(self, seat: int) -> int:
        return team_of(seat, self.campers)

    def holding(self) -> int | None:
        return self.drawn if self.phase in (DRAWN, TWELVE) else None


# `apply` dispatches on the decision's type (one dict lookup instead of a chain of tests).
_APPLY = {
    Draw: Game._draw,
    Take: Game._take,
    Scram: Game._scram,
    Discard: Game._discard_held,
    Replace: Game._replace,
    Act: Game._act,
    Swap: Game._swap,
    Keep: Game._keep,
}
