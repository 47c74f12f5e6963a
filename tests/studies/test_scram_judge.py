"""`studies/scram_judge.py` rates Scram judges by AUC, and its judges that know real cards
guess on copies: the game they read stays as it was."""

from __future__ import annotations

import random

import pytest
from decks import scram_ready

from game.rules.decisions import SCRAM
from game.rules.state import Game
from studies import scram_judge as judge


def test_auc_is_one_when_every_success_was_rated_above_every_failure() -> None:
    assert judge.auc([(0.9, 1), (0.8, 1), (0.3, 0), (0.1, 0)]) == 1.0


def test_auc_is_zero_when_the_ratings_are_upside_down() -> None:
    assert judge.auc([(0.1, 1), (0.9, 0)]) == 0.0


def test_auc_counts_a_tie_as_half() -> None:
    assert judge.auc([(0.5, 1), (0.5, 0), (0.9, 1), (0.1, 0)]) == pytest.approx((1.5 + 2) / 4)


def _seat_0_may_declare() -> Game:
    """R-SCRAM-1: seat 0 keeps an `=` in place of its four 5s and holds [=, 1]. Its teammate
    hides 9, 10, 11 (shows 1, 2); the opponents hide low cards and show 3 and 4 each. Known,
    the other team's total (24) is below ours (35): a Scram fails (R-SCORE-3). Unknown, their
    six hidden cards look like any others, and it looks good."""
    game = scram_ready(
        {1: [1, 1, 2, 3, 4], 2: [9, 10, 11, 1, 2], 3: [2, 2, "=", 3, 4]}, deck=["=", 12, 13, 12]
    )
    assert game.turn == 0 and game.is_legal(SCRAM)
    return game


def test_a_judge_that_knows_the_campsites_sees_the_scram_fail_where_counting_does_not() -> None:
    game = _seat_0_may_declare()
    assert judge.known_share(game, 0, False, False, random.Random(1)) > 0.7
    assert judge.known_share(game, 0, True, True, random.Random(1)) < 0.3


def test_a_judge_that_knows_cards_leaves_the_real_table_as_it_was() -> None:
    game = _seat_0_may_declare()
    before = ([row[:] for row in game.campsites], game.deck[:], game.deck_known[:], len(game.events))
    judge.known_share(game, 0, True, False, random.Random(1))
    assert ([row[:] for row in game.campsites], game.deck[:], game.deck_known[:], len(game.events)) == before
