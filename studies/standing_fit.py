"""What a table's standing is worth in recorded points: the close-call search's `standing`
(ai/search.py) fitted to what rounds really record.

Run: `.venv/bin/python -m studies.standing_fit --campers 4 [--level trailblazer]
[--against master] [--knobs '{...}'] [--games 600] [--seed 12601] [--workers 2]`.

Duplicate games as in `ai.tournament`. At the start of every turn of a round still without a
Scram, the real table (read by this script only) gives, the first team against the second:
the gaps in the points of the cards their owners have seen, in the points of the cards they
have not, in cards and in cards not seen, and which team is to play. Each is paired with
the round's recorded margin (R-SCORE-3: the second team's recorded score minus the first's),
and the margin is fitted to the gaps by least squares: over the whole round (also with one
weight for seen and unseen points together), and in four
bands of the deck's size. The weights are recorded points per point, card or card not seen
(the search compares options by differences, so their ratios are what it reads); the
standing in the one-step policy's currency (`search.STAND`: 1 a point, 2.5 a card, 2 a card
not seen; the close calls' standing before it was fitted to recorded points) is printed beside them.
"""

from __future__ import annotations

import sys
from itertools import pairwise

from ai.driver import play_game
from ai.search import STAND, standing
from ai.tournament import deal_bots
from game.rules import START, RoundScored, team_of
from studies.deal_runs import deal_parser, play_deals

NAMES = ("seen points", "unseen points", "cards", "cards unseen", "to play")
BANDS = {4: (28, 20, 12), 6: (30, 22, 14)}  # the deck's size where a band starts, then lower


def gaps(game, n: int) -> list[float]:
    """The second team's minus the first's, as the search's `standing` weighs them one at a
    time: points seen and unseen by their owners, cards, cards unseen; and +1 if the first
    team is to play (-1 if not)."""
    unit = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))
    return [*(standing(game, 0, w) for w in unit), 1.0 if team_of(game.turn, n) == 0 else -1.0]


def one_deal(
    deal: int, n: int, level: str, against: str, seed: int, knobs: dict | None = None
) -> list[tuple[int, list[float], int]]:
    """Both seatings of the deal: (deck size, gaps, the round's recorded margin) per turn."""
    game_seed = seed + deal
    out = []
    for side_team in (0, 1):
        levels = [level if team_of(s, n) == side_team else against for s in range(n)]
        rows: list[tuple[int, int, list[float]]] = []

        def watch(game, seat, decision, took, rows=rows) -> None:
            if game.phase == START and game.scram is None:
                rows.append((game.round, len(game.deck), gaps(game, n)))

        game = play_game(
            n, deal_bots(levels, n, game_seed, {level: knobs} if knobs else None), game_seed, watch
        )
        margins = [e.recorded[1] - e.recorded[0] for e in game.events if type(e) is RoundScored]
        out += [(deck, x, margins[r - 1]) for r, deck, x in rows]
    return out


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights w minimising sum (y - w.x)^2 (normal equations, Gauss-Jordan with pivoting)."""
    k = len(xs[0])
    a = [
        [sum(x[i] * x[j] for x in xs) for j in range(k)]
        + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))]
        for i in range(k)
    ]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if abs(a[c][c]) < 1e-12:
            raise ValueError("the gaps do not vary enough to fit")
        for r in range(k):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [u - f * v for u, v in zip(a[r], a[c], strict=True)]
    return [a[i][k] / a[i][i] for i in range(k)]


def explained(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    """R^2 of the fit w."""
    mean = sum(ys) / len(ys)
    rest = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in zip(xs, ys, strict=True))
    return 1 - rest / sum((y - mean) ** 2 for y in ys)


def report(rows: list[tuple[int, list[float], int]], n: int) -> list[str]:
    """The fits, one line each: the whole round, then each band of the deck's size."""
    lines = []
    shipped = [
        [STAND[0] * x[0] + STAND[1] * x[1] + STAND[2] * x[2] + STAND[3] * x[3], 1.0] for _, x, _ in rows
    ]
    ys = [float(y) for _, _, y in rows]
    w = least_squares(shipped, ys)
    lines.append(
        f"the one-step currency's standing (search.STAND): {w[0]:.3f} recorded points per point "
        f"of it, R^2 {explained(shipped, ys, w):.4f}"
    )
    together = [[x[0] + x[1], *x[2:]] for _, x, _ in rows]
    w = least_squares(together, ys)
    lines.append(
        f"one weight for every point: points {w[0]:+.3f}, cards {w[1]:+.3f}, cards unseen "
        f"{w[2]:+.3f}, to play {w[3]:+.3f}; R^2 {explained(together, ys, w):.4f}"
    )
    cuts = (99, *BANDS[n], -1)
    for label, lo, hi in [("whole round", -1, 99)] + [
        (f"deck {lo + 1}-{hi}", lo, hi) for hi, lo in pairwise(cuts)
    ]:
        part = [(x, float(y)) for deck, x, y in rows if lo < deck <= hi]
        xs, ys = [p[0] for p in part], [p[1] for p in part]
        w = least_squares(xs, ys)
        per = ", ".join(f"{name} {v:+.3f}" for name, v in zip(NAMES, w, strict=True))
        lines.append(
            f"{label:13} {len(part):6d} turns: {per}; a card = {w[2] / w[0]:.1f} seen points, "
            f"a card unseen = {w[3] / w[0]:.1f}; R^2 {explained(xs, ys, w):.4f}"
        )
    return lines


def main() -> int:
    args = deal_parser(__doc__, 600, 12601).parse_args()
    n = args.campers
    rows, deals = play_deals(one_deal, args)
    rows = [r for deal in rows for r in deal]
    print(
        f"{args.level} {args.knobs} against {args.against}, {n} campers, "
        f"deals {args.seed}-{args.seed + deals - 1} "
        f"({2 * deals} games); recorded margin (the second team's minus the first's) on the gaps"
    )
    print("\n".join(report(rows, n)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
