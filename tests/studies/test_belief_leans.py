"""`studies/belief_leans.py` sorts the cards a seat does not know by what its memory can tell
and compares their real values with counting: the figures behind `ai.belief.KEPT_LEANS`."""

from __future__ import annotations

import pytest

from studies import belief_leans as leans


@pytest.mark.slow
def test_one_game_sorts_kept_cards_by_what_their_keeper_gave_up() -> None:
    """R-INFO-1: who saw which card is public, so every kept card has a kind; a blind keep
    never turned out to be a 9 or more, and every cap is checked against the belief."""
    seen, expected, caps = leans.measure(2, 4, 7000)
    kinds = {name for name in seen if name.startswith("kept from a draw")}
    assert kinds == {f"kept from a draw, {k}" for k in ("blind", "single", "group")}
    for name, counts in seen.items():
        assert sum(counts) > 0 and abs(sum(expected[name]) - sum(counts)) < 1e-6 * sum(counts) + 1e-9
    assert sum(seen["kept from a draw, blind"][9:]) == 0
    assert caps and all(n > 0 and 0.0 <= exp <= n for n, _above, exp in caps.values())
