"""The random policy (`sample_decision`): what it draws is legal, and a game trusts only the
decision it drew itself for the position it is in; everything else is checked."""

from __future__ import annotations

import random

import pytest

from game.decisions import DISCARD, DRAW
from game.errors import IllegalDecision
from game.state import Game


def test_a_drawn_decision_is_legal_and_applies_as_any_other() -> None:
    for seed in range(30):
        rng, g = random.Random(seed), Game(4, seed)
        twin = Game(4, seed)
        while g.phase != "over":
            d = g.sample_decision(rng)
            assert g.why_illegal(d) is None
            assert g.play(d) == twin.play(d)  # checked on the twin, trusted on `g`


def test_a_drawn_decision_is_forgotten_once_the_position_changes() -> None:
    g = Game(4, 2)
    rng = random.Random(1)
    while (d := g.sample_decision(rng)) is not DRAW:
        g.play(d)
    g.apply(d)
    with pytest.raises(IllegalDecision, match="you hold a card"):
        g.apply(d)  # the same DRAW, now while holding a card


def test_any_other_decision_is_still_checked() -> None:
    g = Game(4, 2)
    g.sample_decision(random.Random(3))  # the game remembers this draw, and only this one
    with pytest.raises(IllegalDecision, match="at the start of a turn"):
        g.apply(DISCARD)
    with pytest.raises(IllegalDecision):
        g.apply(None)  # junk is never mistaken for the remembered draw
    assert g.actions == [] and g.phase == "start"
