"""`studies/scram_forks.py` judges a Scram rule by the first chance of each round where it
decides otherwise than the shipped bot: from there the round is the other branch."""

from __future__ import annotations

import pytest

from studies import scram_forks as forks


def _chance(chance: float, declared: bool, alt: int, alt_success: bool | None, **round_) -> dict:
    """One chance to declare in deal 0, round 1 (not the last), team 0, in the order they came:
    the round as shipped recorded `margin` for us (their score minus ours), the other branch `alt`."""
    point = {"deal": 0, "team": 0, "round": 1, "last": False, "to_end": False}
    point.update(chance=chance, declared=declared, alt_margin=alt, alt_success=alt_success)
    point.update(round_)
    return point


# As shipped, the bot waited at its first chance (60 %) and declared at its second (75 %):
# the round recorded +12 for us and the Scram succeeded. Declaring at the first instead would
# have recorded +20 (and succeeded); waiting at the second, -4 (the other team's Scram).
ROUND = [
    _chance(0.60, False, alt=20, alt_success=True, margin=12, success=True),
    _chance(0.75, True, alt=-4, alt_success=None, margin=12, success=True),
]


def test_the_shipped_rule_gains_nothing_and_counts_its_scram() -> None:
    gain, se, scrams, succeeded = forks.judge(ROUND, lambda p: p["declared"], games=2, last=False)
    assert (gain, se, scrams, succeeded) == (0.0, 0.0, 0.5, 1.0)


def test_a_rule_that_declares_earlier_gets_the_first_chances_other_branch() -> None:
    gain, _, scrams, succeeded = forks.judge(ROUND, lambda p: p["chance"] >= 0.55, games=2, last=False)
    assert gain == pytest.approx((20 - 12) / 2)
    assert (scrams, succeeded) == (0.5, 1.0)


def test_a_rule_that_never_declares_plays_the_round_on_from_the_shipped_scram() -> None:
    gain, _, scrams, _ = forks.judge(ROUND, lambda p: False, games=2, last=False)
    assert gain == pytest.approx((-4 - 12) / 2)
    assert scrams == 0.0


def test_the_last_round_is_judged_by_games_won() -> None:
    last = [dict(p, last=True, won=1.0, alt_won=0.0) for p in ROUND]
    assert forks.judge(last, lambda p: p["chance"] >= 0.55, games=2, last=True)[0] == pytest.approx(-0.5)
    assert forks.judge(last, lambda p: p["chance"] >= 0.55, games=2, last=False)[2] == 0.0
