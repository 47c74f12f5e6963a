"""The one-step playout policy (what a search plays its guessed tables out with): legal, whole
rounds, and it plays on what the camper to play knows of the table, nothing more."""

from __future__ import annotations

import random

import pytest
from decks import hide_shuffle

from ai.playout import OneStep
from ai.search import STAND, greedy, over, play_on, rollout
from game.rules import DRAW, SCRAM, Game


@pytest.mark.parametrize("campers", (3, 4, 6))
def test_the_one_step_playouts_play_legal_whole_rounds(campers: int) -> None:
    """Every decision legal (`apply` refuses others), and the round ends (R-END-1/2)."""
    step = OneStep(campers)
    for seed in range(3):
        g = Game(campers, 300 + seed)
        rollout(g, 2000, step)
        assert over(g)


def test_a_one_step_camper_decides_on_what_its_seat_knows() -> None:
    """R-INFO-5 inside a playout: the cards the camper to play does not know, permuted
    behind its back, leave its decision as it was, at every decision of a round."""
    rng = random.Random(5)
    step = OneStep(4)
    g = Game(4, 17)
    checked = 0
    while not over(g):
        other = hide_shuffle(g, g.turn, rng)
        assert step(other) == step(g)
        checked += 1
        g.apply(step(g))
    assert checked > 20


def test_a_final_turn_draws_and_a_scram_is_played_out() -> None:
    """R-SCRAM-2: after a Scram every final turn of a one-step playout draws, as greedy's."""
    g = Game(4, 23)
    while g.phase != "start" or len(g.campsites[g.turn]) > 2:
        g.apply(greedy(g))
        assert not over(g)  # in this deal a camper comes down to two cards first
    g.apply(SCRAM)
    step = OneStep(4)
    assert step(g) == greedy(g) == DRAW
    play_on(g, 1, STAND, scram_out=True, step=step)
    assert over(g)
