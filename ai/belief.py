"""What a bot believes about the table when it decides: known values and distributions.

`Know` merges the seat's view with the bot's memory: face-up cards are seen, face-down
cards are known only where the memory still holds them. Every other card gets a
distribution over values from the cards not accounted for (card counting; the lowest level
does not count and uses the deck's make-up). At the levels that infer, a card kept in place
of a known card leans lower than it, and a card its own team viewed and left leans low; the
top level instead leans by what play measured (`KEPT_LEANS` by what the keeper gave up,
`LEFT_LEAN`, and the caps a camper sets on the cards it knows by letting a card go).

`est[s][i]` is the expected score of each campsite card (an `=` scores as the lowest
numbered card of its campsite, R-SCORE-1), the common currency of every decision.
"""

from __future__ import annotations

import random

from game.rules import EQ, deck_for, team_of

EQ_GUESS = 3.0  # what an `=` is worth when its campsite's low card is unknown

# The measured leans (the top level's belief; `studies/belief_leans.py` prints them): how
# many times likelier each value (`=`, 1..13) is than the uncounted cards say.
#
# A face-down card a camper kept from a draw, by what it gave up for it (`Entry.kept_as`),
# with the factor for values at or above the card it replaced: for cards it had not seen it
# keeps only a low card (a 6 or more about 1 time in 100), whatever they turned out to be;
# for one card it knew, a card below that one (measured against counting cut there); for a
# matching group nearly anything below a 9, to be rid of the group.
KEPT_LEANS: dict[str, tuple[tuple[float, ...], float]] = {
    "blind": ((1.40, 2.21, 2.30, 1.92, 1.86, 0.84, 0.01, 0.06, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01), 1.0),
    "single": ((0.82, 1.37, 1.34, 1.20, 1.16, 1.37, 0.62, 1.04, 0.37, 0.01, 0.01, 0.01, 0.01, 0.01), 0.02),
    "group": ((1.04, 1.39, 1.44, 1.53, 1.49, 1.45, 1.15, 1.19, 0.91, 0.14, 0.08, 0.15, 0.02, 0.01), 1.0),
}
# An opponent's card its own team viewed and left there (a weak lean to the low half). A
# teammate's card that our team viewed and left tells nothing: nobody else may replace it.
LEFT_LEAN = (0.45, 1.34, 1.38, 0.96, 1.3, 1.16, 0.73, 0.73, 1.0, 0.84, 0.94, 0.72, 0.86, 1.0)
# A card its owner knows and has since let a card go that it could have kept in its place
# (`Entry.cap`): values above that card are this much likelier than the lean says (a kept
# card's lean already expects most of it).
CAP_KEPT, CAP_OTHER = 0.6, 0.25
_EVEN = (1.0,) * 14


def score_of(value: int, low: float) -> float:
    return low if value == EQ else float(value)


class Know:
    """One decision's worth of belief, built from a view and (optionally) a memory."""

    def __init__(
        self,
        view,
        seat: int,
        memory=None,
        counting: bool = True,
        infer: bool = False,
        measured: bool = False,
    ) -> None:
        n = view.campers
        self.view, self.seat, self.campers = view, seat, n
        self.team = team_of(seat, n)
        self.mates = tuple(s for s in range(n) if team_of(s, n) == self.team)
        self.opps = tuple(s for s in range(n) if team_of(s, n) != self.team)
        self._read_campsites(view, memory, infer)
        if memory is None:
            self.deck = dict(view.deck_known)
        else:
            self.deck = {
                p: e.value for p, e in memory.deck.items() if e.value is not None and p < view.deck_size
            }
        self.held = view.drawn
        self._count_cards(view, memory, counting)
        self.measured = measured
        if measured:
            self._lean_hints()
        self._estimate()

    def _read_campsites(self, view, memory, infer: bool) -> None:
        """Values as this seat sees or remembers them, and the hints its memory keeps about
        the cards it does not know (what a keeper gave up, caps)."""
        vals: list[list[int | None]] = []
        ups: list[list[bool]] = []
        hints: dict[tuple, tuple] = {}
        kinds: dict[tuple, str] = {}
        caps: dict[tuple, int] = {}
        for s, row in enumerate(view.campsites):
            vr, ur = [], []
            for i, (v, up, known) in enumerate(row):
                if up or memory is None:
                    vr.append(v)
                else:
                    e = memory.entry(s, i)
                    b = e.value if e is not None else None
                    vr.append(b)
                    if b is None and infer and e is not None and e.cap is not None and (known >> s) & 1:
                        caps[(s, i)] = e.cap
                    if b is None and infer and e is not None and (e.below is not None or e.low):
                        hints[(s, i)] = (e.below, e.low)
                        if e.kept_as is not None:
                            kinds[(s, i)] = e.kept_as
                ur.append(up)
            vals.append(vr)
            ups.append(ur)
        self.vals, self.ups, self.hints, self.kinds, self.caps = vals, ups, hints, kinds, caps

    def _count_cards(self, view, memory, counting: bool) -> None:
        """The cards not accounted for (card counting), and their shares."""
        counts = [0] * 14
        for v in deck_for(self.campers):
            counts[v] += 1
        self.prior = counts[:]
        if counting:
            seen = [v for row in self.vals for v in row if v is not None]
            seen.extend(self.deck.values())
            # R-INFO-3: only the pile's top is on view; the cards under it are memories.
            seen.extend(view.discard if memory is None else memory.pile_values(view))
            if self.held is not None:
                seen.append(self.held)
            for v in seen:
                counts[v] -= 1
            counts = [max(c, 0) for c in counts]
        total = sum(counts) or 1
        self.counts = counts
        self.p = [c / total for c in counts]

    def _estimate(self) -> None:
        """Each campsite's low card (what its `=` cards score), guessed where unknown, and
        every card's expected score."""
        lows = []
        for row in self.vals:
            numbered = [v for v in row if v is not None and v != EQ]
            low = float(min(numbered)) if numbered else (EQ_GUESS if row else 0.0)
            if any(v is None for v in row):
                low = min(low, EQ_GUESS)
            if row and all(v == EQ for v in row):
                low = 0.0
            lows.append(low)
        self.lows = lows
        self.mean = {}
        est = []
        for s, row in enumerate(self.vals):
            er = []
            for i, v in enumerate(row):
                if v is not None:
                    er.append(score_of(v, lows[s]))
                else:
                    er.append(self._unknown_mean(s, i, lows[s]))
            est.append(er)
        self.est = est

    # ---- distributions --------------------------------------------------------------
    def _lean_hints(self) -> None:
        """The measured model: each hinted card's distribution is the uncounted cards times
        its lean; the cards without a hint (and the deck) share what the hinted ones are
        expected to leave (the low cards are likelier to be kept ones, so the rest run high)."""
        self.leaned: dict[tuple, list[float]] = {}
        rest = [float(c) for c in self.counts]
        for s, i in [*self.hints, *(c for c in self.caps if c not in self.hints)]:
            below, low = self.hints.get((s, i), (None, False))
            cap = self.caps.get((s, i))
            kept = self.kinds.get((s, i))
            if kept is not None:
                lean, cut = KEPT_LEANS[kept]
            elif low and s not in self.mates:
                lean, cut = LEFT_LEAN, 1.0
            elif cap is not None:
                lean, cut = _EVEN, 1.0
            else:
                continue
            w = [q * f for q, f in zip(self.p, lean, strict=True)]
            if below is not None:
                w = [x * (cut if v != EQ and v >= below else 1.0) for v, x in enumerate(w)]
            if cap is not None:
                f = CAP_KEPT if below is not None else CAP_OTHER
                w = [x * (f if v != EQ and v > cap else 1.0) for v, x in enumerate(w)]
            tot = sum(w) or 1.0
            d = [x / tot for x in w]
            self.leaned[(s, i)] = d
            rest = [r - x for r, x in zip(rest, d, strict=True)]
        rest = [max(r, 0.0) for r in rest]
        tot = sum(rest)
        if tot > 0:
            self.p = [r / tot for r in rest]

    def dist(self, s: int, i: int) -> list[float]:
        """P(value) for campsite card (s, i) if unknown (a point mass if known)."""
        v = self.vals[s][i]
        if v is not None:
            out = [0.0] * 14
            out[v] = 1.0
            return out
        if self.measured:
            return self.leaned.get((s, i), self.p)
        hint = self.hints.get((s, i))
        if hint is None:
            return self.p
        below, low = hint
        w = []
        for val, q in enumerate(self.p):
            f = 1.0
            if below is not None and val != EQ and val >= below:
                f *= 0.3
            if low and val > 6:
                f *= 0.5
            w.append(q * f)
        tot = sum(w) or 1.0
        return [x / tot for x in w]

    def _unknown_mean(self, s: int, i: int, low: float) -> float:
        d = self.dist(s, i)
        return d[EQ] * low + sum(d[v] * v for v in range(1, 14))

    def deck_dist(self, pos: int) -> list[float]:
        v = self.deck.get(pos)
        if v is None:
            return self.p
        out = [0.0] * 14
        out[v] = 1.0
        return out

    # ---- sums ---------------------------------------------------------------------
    def team_sum(self, team_seats) -> float:
        return sum(sum(self.est[s]) for s in team_seats)

    def sample_rows(self, rng: random.Random) -> list[list[int]]:
        """One full guess of every campsite: known values kept, unknown drawn from the pool."""
        if self.measured:
            return self._sample_leaned(rng)
        pool = [v for v, c in enumerate(self.counts) for _ in range(c)]
        rng.shuffle(pool)
        out = []
        k = 0
        for s, row in enumerate(self.vals):
            r = []
            for i, v in enumerate(row):
                if v is None:
                    hint = self.hints.get((s, i))
                    if hint is not None and pool:
                        # Lean the draw towards the hint: first candidate that fits, if any.
                        below, low = hint
                        for j in range(k, min(k + 4, len(pool))):
                            c = pool[j]
                            if (below is None or c == EQ or c < below) and (not low or c <= 6):
                                pool[k], pool[j] = pool[j], pool[k]
                                break
                    v = pool[k] if k < len(pool) else rng.randrange(1, 14)
                    k += 1
                r.append(v)
            out.append(r)
        self.pool_left = pool[k:]
        return out

    def _sample_leaned(self, rng: random.Random) -> list[list[int]]:
        """`sample_rows` for the measured model: the hinted cards first, each drawn from the
        cards still uncounted weighted by its lean, then every other unknown card uniformly
        from what is left (which also makes the deck, `pool_left`)."""
        left = self.counts[:]
        out = [list(row) for row in self.vals]
        for (s, i), d in self.leaned.items():
            w = [d[v] * left[v] / (self.counts[v] or 1) for v in range(14)]
            v = _weighted(w, rng) if sum(w) > 0 else rng.randrange(1, 14)
            left[v] = max(left[v] - 1, 0)
            out[s][i] = v
        pool = [v for v, c in enumerate(left) for _ in range(c)]
        rng.shuffle(pool)
        k = 0
        for row in out:
            for i, v in enumerate(row):
                if v is None:
                    row[i] = pool[k] if k < len(pool) else rng.randrange(1, 14)
                    k += 1
        self.pool_left = pool[k:]
        return out


def _weighted(w: list[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to `w`."""
    x = rng.random() * sum(w)
    for v, q in enumerate(w):
        x -= q
        if x < 0:
            return v
    return max(range(len(w)), key=w.__getitem__)
