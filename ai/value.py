"""A learned judgement of a table: what its position is worth in recorded points (measured, not kept).

The searches judge a guessed table where their playouts stop (`search.result`). The
standing of the close calls weighs four gaps between the teams by hand-fitted weights; this model
reads more of the table, each gap also by how far the round has run (the deck's share
left): points its owner has seen and not seen, cards, cards not seen, the highest card
each camper knows (the next one it will replace), known pairs in a campsite (a matching
group to come), campers that may declare Scram (two cards or fewer) and have no card,
the fewest cards of a camper, and which team is to play. Every feature is the other team's
minus ours, so a table is worth to one team what it costs the other.

The weights were fitted by `build/value_fit.py` (ridge regression, least squares) to the
recorded margins of rounds the trailblazer played against itself, on deals written in
`ai/value_weights.json` beside the weights (see ai/JOURNAL.md, "Second pass: a learned value"). The
model is a dot product in plain Python: no numpy at run time, and the one-file executable
stays as it was.

Only what the table shows goes in: a guessed table is judged like a real one, so a seat's
decision still depends only on what its seat knows (the permutation tests cover it).
"""

from __future__ import annotations

import json
from importlib import resources

from game.rules import DRAWN, EQ, START, TWELVE, team_of

# The gaps, each the other team's minus ours (`features`).
GAPS = (
    "seen points",
    "unseen points",
    "cards",
    "cards unseen",
    "highest known",
    "known pairs",
    "may declare",
    "no cards",
    "fewest cards",
)
# The features: each gap, then each gap times the deck's share left, then who plays
# (+1 our team, -1 theirs) and that times the deck's share; at 3 campers also the side
# (+1 the solo's team, -1 the duo's).
NAMES = (*GAPS, *(f"{g} x deck" for g in GAPS), "to play", "to play x deck", "solo")
FULL_DECK = {3: 37.0, 4: 35.0, 6: 39.0}  # the deck after the deal (R-SETUP-2)
WEIGHTS_FILE = "value_weights.json"


def team_gaps(g, n: int) -> list[float]:
    """Per team (0, 1): the nine `GAPS` measures (the team's, not yet a difference)."""
    out = [[0.0] * 9, [0.0] * 9]
    fewest = [99, 99]
    for s, row in enumerate(g.campsites):
        t = team_of(s, n)
        a = out[t]
        bit = 1 << s
        low = 0
        for c in row:
            if c[0] != EQ and (low == 0 or c[0] < low):
                low = c[0]
        high = 0
        seen_vals = 0  # a bitmask of the values the owner knows in its row
        pairs = 0
        for v, up, known in row:
            sc = low if v == EQ else v
            if up or known & bit:
                a[0] += sc
                if v != EQ:
                    if sc > high:
                        high = sc
                    m = 1 << v
                    if seen_vals & m:
                        pairs += 1
                    seen_vals |= m
            else:
                a[1] += sc
                a[3] += 1
        k = len(row)
        a[2] += k
        a[4] += high
        a[5] += pairs
        a[6] += k <= 2
        a[7] += k == 0
        if k < fewest[t]:
            fewest[t] = k
    out[0][8] = fewest[0]
    out[1][8] = fewest[1]
    return out


def features(g, team: int) -> list[float]:
    """The model's inputs for `team` on table `g` (a `Game`, real or guessed): `NAMES`."""
    n = g.campers
    ours, theirs = team_gaps(g, n)
    if team == 1:
        ours, theirs = theirs, ours
    f = len(g.deck) / FULL_DECK[n]
    gaps = [b - a for a, b in zip(ours, theirs, strict=True)]
    turn = g.turn
    play = 0.0 if turn is None else (1.0 if team_of(turn, n) == team else -1.0)
    return [*gaps, *(x * f for x in gaps), play, play * f, (1.0 if team == 0 else -1.0) if n == 3 else 0.0]


class Value:
    """The fitted weights for each table size, and the judgement they make."""

    def __init__(self, weights: dict[int, list[float]], meta: dict | None = None) -> None:
        for n, w in weights.items():
            if len(w) != len(NAMES):
                raise ValueError(f"{n} campers: {len(w)} weights for {len(NAMES)} features")
        self.weights = weights
        self.meta = meta or {}

    def __call__(self, g, team: int) -> float:
        """The table's worth to `team`, in recorded points of the round (higher is better)."""
        w = self.weights[g.campers]
        return sum(a * b for a, b in zip(w, features(g, team), strict=True))

    def knows(self, campers: int) -> bool:
        return campers in self.weights

    @classmethod
    def from_json(cls, text: str) -> Value:
        data = json.loads(text)
        if data.get("names") != list(NAMES):
            raise ValueError("the weights were fitted for other features")
        return cls({int(n): [float(x) for x in w] for n, w in data["weights"].items()}, data.get("meta"))

    def to_json(self) -> str:
        data = {
            "names": list(NAMES),
            "weights": {str(n): [round(x, 5) for x in w] for n, w in sorted(self.weights.items())},
            "meta": self.meta,
        }
        return json.dumps(data, indent=1) + "\n"


_SHIPPED: Value | None = None


def shipped() -> Value:
    """The weights shipped with the bots (package data `ai/value_weights.json`), read once."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = Value.from_json(resources.files("ai").joinpath(WEIGHTS_FILE).read_text("utf-8"))
    return _SHIPPED


def playing(g) -> bool:
    """The table's round is still being played (not scored)."""
    return g.phase in (START, DRAWN, TWELVE)
