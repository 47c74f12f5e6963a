"""The table's hint provider: a legal move with a sentence with numbers, counted, and built
from the player's view and seen events only (R-INFO-5: hidden cards permuted, same hint)."""

from __future__ import annotations

import random
import re

import pytest
from decks import hide_shuffle

from game.rules.state import Game
from game.ui.table.hints import Hints

NAMES = ["You", "Bea", "Cal", "Dot"]


def positions(seed: int, moves: int = 60):
    """(game, seat to move) along a game the hints play themselves, every other move."""
    game = Game(4, seed)
    hints = Hints(NAMES, seed)
    n = 0
    while game.phase != "over" and n < moves:
        if game.phase == "round_over":
            game.next_round()
            continue
        seat = game.turn
        if n % 2 == 0:
            yield game, seat
        decision, _ = hints(game.view(seat), game.events_for(seat))
        game.play(decision)
        n += 1


def test_a_hint_is_legal_counted_and_says_why_in_numbers() -> None:
    hints = Hints(NAMES, 3)
    game = Game(4, 5)
    seat = game.turn
    decision, sentence = hints(game.view(seat), game.events_for(seat))
    assert game.why_illegal(decision) is None
    assert re.search(r"\d", sentence) and sentence.endswith(".")
    assert hints.used == 1 and len(hints.times) == 1


@pytest.mark.slow
def test_a_hint_does_not_change_when_unknown_cards_are_permuted() -> None:
    """The provider is handed the whole event list (unfiltered) for the real table and the
    seat's own events for a table whose unknown cards were shuffled: the same hint."""
    rng = random.Random(9)
    checked = 0
    for game, seat in positions(31):
        other = hide_shuffle(game, seat, rng)
        assert other.view(seat).key() == game.view(seat).key()
        a = Hints(NAMES, 7)(game.view(seat), game.events)
        b = Hints(NAMES, 7)(other.view(seat), game.events_for(seat))
        assert a == b
        checked += 1
    assert checked >= 25


def test_the_permutation_check_can_fail() -> None:
    """The same check on the whole truth (a view that shows every card) does see a change:
    the permutation really moves cards that matter."""
    rng = random.Random(9)
    changed = 0
    for game, _seat in positions(31, 20):
        other = hide_shuffle(game, game.turn, rng)
        changed += other.view(None).key() != game.view(None).key()
    assert changed > 0
