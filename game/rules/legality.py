"""Legality of decisions, shared by the full game state and a seat's view.

Whether a decision is legal depends only on public facts (phase, whose turn, which cards
are face up, how many cards each campsite and the deck hold) and on the held card, which
its holder knows. So the same code answers for the state (`Game`) and for a seat's view
(`SeatView`), and a bot never needs the hidden state to know its choices.

Subclasses provide: `campers`, `turn`, `phase`, `campsites` (rows of `(value, up, known)`
tuples), `deck_count`, `discard` (top last), `drawn`, `drawn_source`, `scram`, `twelve`.

Replacements grow combinatorially (first card × subsets of the others × end), so they are
never listed eagerly: `iter_replacements` yields them lazily (canonical order: partners
sorted by seat then slot), `count_replacements` counts them in O(1), and
`sample_decision` (the `RandomPolicy` of sampling.py) draws a random legal decision
without enumerating them.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .cards import team_of
from .decisions import (
    DECK_SECOND,
    DECK_TOP,
    DISCARD,
    DRAW,
    KEEP,
    SWAP,
    Act,
    Decision,
    Discard,
    Draw,
    Keep,
    Replace,
    Scram,
    Swap,
    Take,
    Target,
    short_repr,
)
from .phases import ACTIONS, DRAWN, ENDS, ROUND_OVER, START, TWELVE
from .sampling import RandomPolicy
from .targets import SEAT_TEAMS, SLOTS, TEAM_SEATS, target_problem


class TableRules(RandomPolicy):
    """Mixin: legal-decision checks and enumeration over a table's public shape (the
    fields it reads are declared on `RandomPolicy`, and `twelve`)."""

    twelve: tuple | None

    # ---- small public facts -------------------------------------------------------
    @property
    def deck_count(self) -> int:  # overridden by Game with len(deck)
        raise NotImplementedError

    def team(self, seat: int) -> int:
        return team_of(seat, self.campers)

    def teammates(self, seat: int) -> tuple[int, ...]:
        t = team_of(seat, self.campers)
        return tuple(s for s in range(self.campers) if s != seat and team_of(s, self.campers) == t)

    def card_at(self, target: Target) -> tuple:
        """(value, up, known) of a campsite target (value may be None in a view)."""
        return self.campsites[target[0]][target[1]]

    def _valid_campsite(self, t: Target) -> bool:
        s, i = t
        return type(s) is int and 0 <= s < self.campers and 0 <= i < len(self.campsites[s])

    def _deck_ok(self, t: Target) -> bool:
        return t[1] < self.deck_count

    # ---- checking -----------------------------------------------------------------
    def why_illegal(self, d: Decision) -> str | None:
        """None if `d` is legal now, else the reason in words."""
        phase = self.phase
        if phase == START:
            if d is DRAW or type(d) is Draw:
                return None if self.deck_count else "the draw deck is empty"
            if type(d) is Take:
                if not self.discard:
                    return "the discard pile is empty"
                if not self.campsites[self.turn]:
                    return "a camper with no cards in its campsite may not take from the discard pile"
                return None
            if type(d) is Scram:
                if self.scram is not None:
                    return "Scram has already been declared this round"
                if len(self.campsites[self.turn]) > 2:
                    return "Scram needs 2 or fewer cards in your campsite"
                return None
            return "at the start of a turn you draw, take the discard top, or declare Scram"
        if phase == DRAWN:
            kind = type(d)
            if kind is Discard:
                if self.drawn_source != "deck":
                    return "a card taken from the discard pile can only be kept by replacing"
                return None
            if kind is Replace:
                return self._why_replace(d)
            if kind is Act:
                if self.drawn_source != "deck":
                    return "a card taken from the discard pile cannot be played for its action"
                if self.drawn is None or self.drawn < 5:
                    return "cards 1–4 and = have no action"
                return self._why_act(d)
            return "you hold a card: discard it, play it for its action, or keep it by replacing"
        if phase == TWELVE:
            if type(d) in (Swap, Keep):
                return None
            return "after a 12's views, decide: swap or keep"
        if phase == ROUND_OVER:
            return "the round is over"
        return "the game is over"

    def is_legal(self, d: Decision) -> bool:
        return self.why_illegal(d) is None

    def _why_replace(self, d: Replace) -> str | None:
        cards = d.cards
        if type(cards) is not tuple:
            return "the chosen cards must be a tuple of targets"
        if d.end not in ENDS:
            return f"end must be left or right, not {short_repr(d.end)}"
        if not cards:
            return "choose at least one card to replace"
        me = self.turn
        team = team_of(me, self.campers)
        rows = self.campsites
        # The usual case first, cheaply: (int seat, int slot) of our team, no card twice;
        # anything else falls through to the checks that name the problem.
        first = cards[0]
        if type(first) is tuple and len(first) == 2 and first[0] == me:
            # Each seat's row size, 0 for an opponent's (no card of theirs may be chosen).
            teams = SEAT_TEAMS[self.campers]
            sizes = [len(row) if teams[s] == team else 0 for s, row in enumerate(rows)]
            try:
                for t in cards:
                    s, i = t  # a target that is not a pair raises here
                    if type(t) is not tuple or type(s) is not int or type(i) is not int:
                        break
                    if s < 0 or not 0 <= i < sizes[s]:  # (sizes[s] raises for a seat too high)
                        break
                else:
                    if len(set(cards)) == len(cards):
                        return None
            except (TypeError, ValueError, IndexError):
                pass
        seen = set()
        for n, t in enumerate(cards):
            problem = target_problem(t)
            if problem is not None:
                return problem
            if t[0] == "deck":
                return "only campsite cards can be replaced, not deck cards"
            if not self._valid_campsite(t):
                return f"there is no card at seat {t[0]}, slot {t[1]}"
            if n == 0 and t[0] != me:
                return "the first card replaced must be in your own campsite"
            if team_of(t[0], self.campers) != team:
                return "you may not replace an opponent's card"
            if t in seen:
                return "the same card is chosen twice"
            seen.add(t)
        return None

    def _why_act(self, d: Act) -> str | None:
        value = self.drawn
        if value in (9, 13) and d.end not in ENDS:
            return f"end must be left or right, not {short_repr(d.end)}"
        if value == 13:
            if type(d.seat) is not int or not (0 <= d.seat < self.campers):
                return "a 13 must be given to a camper at the table"
            return None
        targets = d.targets
        if type(targets) is not tuple:
            return "the targets must be a tuple"
        for t in targets:
            problem = target_problem(t)
            if problem is not None:
                return problem
            if t[0] == "deck":
                if not self._deck_ok(t):
                    return f"the deck has no card at position {t[1]}"
            elif not self._valid_campsite(t):
                return f"there is no card at seat {t[0]}, slot {t[1]}"
        if len(set(targets)) != len(targets):
            return "the targets must be different cards"
        if value == 11:
            return self._why_eleven(targets)
        want, kind, deck_max = ACTIONS[value]
        if kind == "down":
            for t in targets:
                if t[0] != "deck" and self.card_at(t)[1]:
                    return f"a {value} can only be used on face-down cards or the deck"
        decks = [t for t in targets if t[0] == "deck"]
        if len(decks) > deck_max or (DECK_SECOND in decks and DECK_TOP not in decks):
            return "deck positions used must be the top, or the top two"
        need = min(want, self._campsite_target_count(kind) + min(self.deck_count, deck_max))
        if len(targets) != need:
            return f"a {value} takes {need} target{'s' if need != 1 else ''} here"
        return None

    def _why_eleven(self, targets: tuple) -> str | None:
        if not targets:
            return "an 11 needs two cards to exchange" if self._eleven_possible() else None
        if len(targets) != 2:
            return "an 11 exchanges exactly two cards"
        a, b = targets
        if a[0] == "deck" or b[0] == "deck":
            if a[0] == "deck" and b[0] == "deck":
                return "an 11 exchanges a campsite card with the deck top, not two deck cards"
            if DECK_SECOND in targets:
                return "an 11 may only use the deck top"
            return None
        if a[0] == b[0]:
            return "an 11 exchanges cards in two different campsites"
        return None

    def _eleven_possible(self) -> bool:
        filled = sum(1 for row in self.campsites if row)
        return filled >= 2 or (filled >= 1 and self.deck_count > 0)

    def _campsite_target_count(self, kind: str) -> int:
        if kind == "any":
            return sum(map(len, self.campsites))
        return len([c for row in self.campsites for c in row if not c[1]])

    # ---- enumeration --------------------------------------------------------------
    def act_targets(self, kind: str) -> list[Target]:
        """Campsite cards an action of `kind` ("down"/"any") may use, in seat/slot order."""
        if kind == "any":
            out: list[Target] = []
            for s, row in enumerate(self.campsites):
                out += SLOTS[s][: len(row)]
            return out
        # (`SLOTS[s]` is longer than any campsite: the zip stops at the campsite's end.)
        return [
            t for s, row in enumerate(self.campsites) for t, c in zip(SLOTS[s], row, strict=False) if not c[1]
        ]

    def legal_acts(self) -> list[Act]:
        """Every legal `act` for the held card (empty unless one may be played)."""
        if self.phase != DRAWN or self.drawn_source != "deck" or self.drawn is None:
            return []
        value = self.drawn
        if value < 5:
            return []
        if value == 13:
            return [Act((), end, s) for s in range(self.campers) for end in ENDS]
        if value == 11:
            pairs = []
            cards = self.act_targets("any")
            for a, b in combinations(cards, 2):
                if a[0] != b[0]:
                    pairs.append(Act((a, b)))
            if self.deck_count:
                pairs.extend(Act((c, DECK_TOP)) for c in cards)
            return pairs or [Act(())]
        want, kind, deck_max = ACTIONS[value]
        pool = self.act_targets(kind) + [DECK_TOP, DECK_SECOND][: min(self.deck_count, deck_max)]
        need = min(want, len(pool))
        combos = [c for c in combinations(pool, need) if not (DECK_SECOND in c and DECK_TOP not in c)]
        if value == 9:
            return [Act(c, end) for c in combos for end in ENDS]
        return [Act(c) for c in combos]

    def replacement_partners(self) -> list[Target]:
        """Cards that may join the first one in a replacement: own and teammates' cards."""
        rows, n = self.campsites, self.campers
        out: list[Target] = []
        for s in TEAM_SEATS[n][SEAT_TEAMS[n][self.turn]]:
            out += SLOTS[s][: len(rows[s])]
        return out

    def count_replacements(self) -> int:
        if self.phase != DRAWN:
            return 0
        own = len(self.campsites[self.turn])
        if not own:
            return 0
        others = len(self.replacement_partners()) - 1
        return own * (1 << others) * len(ENDS)

    def iter_replacements(self, max_cards: int | None = None) -> Iterator[Replace]:
        """Every legal replacement, lazily; `max_cards` caps how many cards are chosen."""
        if self.phase != DRAWN:
            return
        me = self.turn
        partners = self.replacement_partners()
        top = len(partners) if max_cards is None else min(max_cards, len(partners))
        for i in range(len(self.campsites[me])):
            first = (me, i)
            rest = [p for p in partners if p != first]
            for k in range(top):
                for extra in combinations(rest, k):
                    for end in ENDS:
                        yield Replace((first, *extra), end)

    def legal_decisions(self, max_replace_cards: int | None = None) -> list[Decision]:
        """Every legal decision now (replacements capped at `max_replace_cards` cards).

        Uncapped (None) it lists every replacement, which can be millions on a big table:
        pass a cap, or use `count_replacements` / `iter_replacements` / `sample_decision`.
        """
        phase = self.phase
        if phase == START:
            return list(self._start_choices())
        if phase == DRAWN:
            out = [DISCARD] if self.drawn_source == "deck" else []
            out.extend(self.legal_acts())
            out.extend(self.iter_replacements(max_replace_cards))
            return out
        if phase == TWELVE:
            return [SWAP, KEEP]
        return []
