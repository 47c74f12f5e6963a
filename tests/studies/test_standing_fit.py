"""`studies/standing_fit.py` reads the table's gaps the way R-SCORE-1 scores campsites, pairs
each turn with its round's recorded margin (R-SCORE-3), and its least squares are exact."""

from __future__ import annotations

import random

import pytest

from studies import standing_fit as fit


def test_least_squares_finds_the_weights_that_made_the_margins() -> None:
    rng = random.Random(5)
    xs = [
        [rng.uniform(-20, 20), rng.randint(-3, 3), rng.randint(-4, 4), rng.choice((-1, 1))]
        for _ in range(200)
    ]
    ys = [0.3 * a + 2.8 * b + 1.5 * c - 0.5 * d for a, b, c, d in xs]
    assert fit.least_squares(xs, ys) == pytest.approx([0.3, 2.8, 1.5, -0.5])
    assert fit.explained(xs, ys, [0.3, 2.8, 1.5, -0.5]) == pytest.approx(1.0)


def test_every_turn_before_a_scram_is_paired_with_its_rounds_recorded_margin() -> None:
    rows = fit.one_deal(0, 4, "scout", "greenhorn", 43)
    assert rows
    for deck, gaps, _margin in rows:
        seen, unseen, cards, unseen_cards, to_play = gaps
        assert 0 <= deck <= 40 and to_play in (1.0, -1.0)
        assert abs(cards) <= 10 and abs(unseen_cards) <= 10 and abs(seen + unseen) <= 4 * 5 * 13
    assert rows[0][1][2] == 0  # R-DEAL: both teams start with as many cards
    margins = {m for _, _, m in rows}
    assert 2 <= len(margins) <= 8  # one margin per round (R-GAME-1: 4 a game, 2 seatings)
    lines = fit.report(rows * 3, 4)
    assert lines[0].startswith("the one-step currency's standing") and lines[2].startswith("whole round")
    assert lines[1].startswith("one weight for every point") and len(lines) == 3 + len(fit.BANDS[4]) + 1
