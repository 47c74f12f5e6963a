"""The random-legal policy: `sample_decision` draws a legal decision without listing them.

A kind of decision uniformly (draw/take/scram at the start of a turn, discard/act/replace
when holding a card), then uniformly within the kind. Acts are counted and the drawn one
built by its index (`count_acts`, `act_at`); a replacement draws its first card, a coin
for each other card of the team and an end, so it never enumerates the millions a big
table can have. Every draw is the one the plain policy makes with `random.Random`'s own
calls (`tests/rules/test_sampling.py` proves it), so a seed keeps its games.

`RandomPolicy` is a mixin of `TableRules` (legality.py), which provides `act_targets`,
`why_illegal`, `_campsite_target_count` and the table's fields.
"""

from __future__ import annotations

import random
from itertools import compress

from .decisions import (
    DECK_SECOND,
    DECK_TOP,
    DISCARD,
    DRAW,
    KEEP,
    SCRAM,
    SWAP,
    TAKE,
    Act,
    Decision,
    Replace,
    Target,
)
from .draws import BITS, HEADS, below, choice, coins
from .phases import ACTIONS, DRAWN, ENDS, START, TWELVE
from .targets import SEAT_TEAMS, SLOTS, TEAM_SEATS, pair_at, pair_count

_Random = random.Random

# The legal start-of-turn decisions, in `legal_decisions` order, by 2 * (take legal) +
# (scram legal).
_START_CHOICES = ((DRAW,), (DRAW, SCRAM), (DRAW, TAKE), (DRAW, TAKE, SCRAM))
_TWELVE_CHOICES = (SWAP, KEEP)
# The kinds of decision while holding a card, by 4 * (drawn from the deck) + 2 * (an action
# card) + (own campsite not empty): the random policy draws one of them uniformly. Discarding
# is the decision itself; the other two stand for the act or replacement drawn next.
_ACT, _REPLACE = "act", "replace"
_DRAWN_KINDS = tuple(
    ((DISCARD,) if deck else ()) + ((_ACT,) if deck and action else ()) + ((_REPLACE,) if own else ())
    for deck in (False, True)
    for action in (False, True)
    for own in (False, True)
)

# Each table above as (options, how many, the bits a draw among them takes): the first draw
# of every decision, `choice(rng, options)`, is written out in `sample_decision`.
_START_DRAWS = tuple((o, len(o), BITS[len(o)]) for o in _START_CHOICES)
_TWELVE_DRAW = (_TWELVE_CHOICES, 2, BITS[2])
_DRAWN_DRAWS = tuple((o, len(o), BITS[len(o)]) for o in _DRAWN_KINDS)

# A drawn replacement or act is built without its `__init__` (a frozen dataclass sets each
# field through `object.__setattr__`): the same fields, set through their slots.
_new_replace, _set_cards, _set_end = Replace.__new__, Replace.cards.__set__, Replace.end.__set__
_new_act, _set_targets, _set_act_end, _set_seat = (
    Act.__new__,
    Act.targets.__set__,
    Act.end.__set__,
    Act.seat.__set__,
)


def _act(targets: tuple, end: str = "right", seat: int | None = None) -> Act:
    """`Act(targets, end, seat)`, through the slots."""
    d = _new_act(Act)
    _set_targets(d, targets)
    _set_act_end(d, end)
    _set_seat(d, seat)
    return d


def _pool_acts(value: int, want: int, size: int, second: bool) -> int:
    """How many acts a `value` taking `want` targets has from a pool of `size` (`second`:
    the pool ends with the deck's second card); a 9 doubles them by its two ends."""
    need = min(want, size)
    combos = pair_count(size, second) if need == 2 else size if need == 1 else 1
    return 2 * combos if value == 9 else combos


class RandomPolicy:
    """Mixin: draw a random legal decision; count and index the legal acts."""

    campers: int
    turn: int | None
    phase: str
    campsites: list
    discard: list
    drawn: int | None
    drawn_source: str | None
    scram: int | None
    deck_count: int
    # The decision this table drew last (a `Game` forgets it as soon as anything is applied).
    _sampled: Decision | None = None

    def sample_decision(self, rng: random.Random) -> Decision:
        """A random legal decision: a kind uniformly, then uniformly within the kind.

        Kinds are draw/take/scram at the start of a turn, and discard/act/replace when
        holding a card. A replacement is its first card uniformly, each possible partner
        with probability 1/2, and an end uniformly — uniform over all replacements. The
        table remembers what it drew (`_sampled`): a `Game` does not check it again.
        """
        # Every draw is the one `rng.choice(<the list of legal options>)` would make (see
        # `draws.py`; `randrange(n)` draws as a choice among n), so seeds keep their games.
        phase = self.phase
        if phase == START:
            options, n, k = _START_DRAWS[self._start_index()]
        elif phase == DRAWN:
            own = len(self.campsites[self.turn])
            from_deck = self.drawn_source == "deck"
            options, n, k = _DRAWN_DRAWS[4 * from_deck + 2 * ((self.drawn or 0) >= 5) + (own > 0)]
        elif phase == TWELVE:
            options, n, k = _TWELVE_DRAW
        else:
            raise ValueError("no decision to take: " + (self.why_illegal(DRAW) or phase))
        # `draws.choice(rng, options)`, written out: this draw starts every decision.
        if type(rng) is _Random:
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            d = options[r]
        else:
            d = choice(rng, options)
        if d is _REPLACE:
            d = self._sample_replace(rng, own)
        elif d is _ACT:
            d = self._sample_act(rng)
        self._sampled = d
        return d

    def _sample_replace(self, rng: random.Random, own: int) -> Replace:
        """The first card (drawn as `choice(rng, row_targets(me, own))`), then a coin for each
        other card of the team (`replacement_partners()` but the first), then the end."""
        me, rows = self.turn, self.campsites
        if type(rng) is not _Random:
            return self._sample_replace_any(rng, own)
        # `below(rng, own)` and, at the end, `choice(rng, ENDS)` (2 bits a try), written out
        # (see `draws.py`; a campsite holds at most the 70-card deck, within `BITS`).
        getrandbits, k = rng.getrandbits, BITS[own]
        first = getrandbits(k)
        while first >= own:
            first = getrandbits(k)
        mine = SLOTS[me]
        partners: list[Target] = []
        for s in TEAM_SEATS[self.campers][SEAT_TEAMS[self.campers][me]]:
            if s == me:
                partners += mine[:first]
                partners += mine[first + 1 : own]
            else:
                partners += SLOTS[s][: len(rows[s])]
        # `coins(rng, partners)`, written out: n coins are one `getrandbits(64 n)`.
        n = len(partners)
        heads = getrandbits(64 * n).to_bytes(8 * n, "little")[3::8].translate(HEADS)
        d = _new_replace(Replace)
        _set_cards(d, (mine[first], *compress(partners, heads)))
        end = getrandbits(2)
        while end >= 2:
            end = getrandbits(2)
        _set_end(d, ENDS[end])
        return d

    def _sample_replace_any(self, rng: random.Random, own: int) -> Replace:
        """`_sample_replace` for an RNG of another kind (asked through its own methods).

        One sampler through `below`/`coins`/`choice` for both kinds would do, but costs 7.7 %
        more instructions per random game (measured with callgrind): replacements are the
        sampler's hottest path, so `random.Random`'s draws stay written out above."""
        me = self.turn
        first = below(rng, own)
        partners = [p for p in self.replacement_partners() if p != (me, first)]
        return Replace((SLOTS[me][first], *coins(rng, partners)), choice(rng, ENDS))

    def count_acts(self) -> int:
        """len(legal_acts()), without listing them."""
        if self.phase != DRAWN or self.drawn_source != "deck" or self.drawn is None or self.drawn < 5:
            return 0
        value = self.drawn
        if value == 13:
            return 2 * self.campers
        if value == 11:
            sizes = [len(row) for row in self.campsites]
            total = sum(sizes)
            pairs = (total * total - sum(x * x for x in sizes)) // 2
            pairs += total if self.deck_count else 0
            return pairs or 1
        want, kind, deck_max = ACTIONS[value]
        decks = min(self.deck_count, deck_max)
        return _pool_acts(value, want, self._campsite_target_count(kind) + decks, decks == 2)

    def _sample_act(self, rng: random.Random) -> Act:
        """`act_at(below(rng, count_acts()))`; for the cards with a target pool (5–10, 12)
        the pool is listed once, for the count and the pick."""
        value = self.drawn
        if value not in ACTIONS:  # an 11 or a 13
            return self.act_at(below(rng, self.count_acts()))
        want, kind, deck_max = ACTIONS[value]
        decks = min(self.deck_count, deck_max)
        pool = self.act_targets(kind) + [DECK_TOP, DECK_SECOND][:decks]
        index = below(rng, _pool_acts(value, want, len(pool), decks == 2))
        return self._act_in_pool(value, want, pool, index)

    def act_at(self, index: int) -> Act:
        """`legal_acts()[index]`, without listing the others (the sampler's fast path)."""
        value = self.drawn
        if value == 13:
            return _act((), ENDS[index % 2], index // 2)
        if value == 11:
            return self._eleven_at(index)
        want, kind, deck_max = ACTIONS[value]
        pool = self.act_targets(kind) + [DECK_TOP, DECK_SECOND][: min(self.deck_count, deck_max)]
        return self._act_in_pool(value, want, pool, index)

    @staticmethod
    def _act_in_pool(value: int, want: int, pool: list[Target], index: int) -> Act:
        """The `index`-th legal act of a `value` taking `want` targets from `pool` (the
        campsite targets, then the deck positions it may use)."""
        end = None
        if value == 9:
            index, end = index // 2, ENDS[index % 2]
        if min(want, len(pool)) == 1:
            combo: tuple = (pool[index],)
        elif min(want, len(pool)) == 0:
            combo = ()
        else:
            combo = pair_at(pool, index, pool[-1] == DECK_SECOND)  # (it can only come last)
        return _act(combo, end or "right")

    def _eleven_at(self, index: int) -> Act:
        """`legal_acts()[index]` for an 11: pairs (a, b), a before b, in different campsites,
        in `combinations` order (each card of a campsite pairs with every card of the
        campsites after it), then each campsite card with the deck top."""
        sizes = [len(row) for row in self.campsites]
        after = sum(sizes)
        for s, size in enumerate(sizes):
            after -= size
            if index < size * after:
                slot, rest = divmod(index, after)
                for t in range(s + 1, len(sizes)):
                    if rest < sizes[t]:
                        return _act((SLOTS[s][slot], SLOTS[t][rest]))
                    rest -= sizes[t]
            index -= size * after
        if self.deck_count:
            for s, size in enumerate(sizes):
                if index < size:
                    return _act((SLOTS[s][index], DECK_TOP))
                index -= size
        return _act(())

    def _start_choices(self) -> tuple[Decision, ...]:
        """The legal start-of-turn decisions (a turn never starts with the deck empty, R-END-2)."""
        return _START_CHOICES[self._start_index()]

    def _start_index(self) -> int:
        """2 * (take legal) + (scram legal): the row of the start-of-turn tables."""
        own = len(self.campsites[self.turn])
        return 2 * (own > 0 and len(self.discard) > 0) + (own <= 2 and self.scram is None)
