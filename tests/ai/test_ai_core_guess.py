"""`Game.from_guess`, the core's own way to build a game from a seat's guess of the table.

Searches build thousands of guessed tables; they must get a `Game` that plays exactly like
a dealt one. These tests fail loudly when `Game` grows a field that `from_guess` does not
set, and prove that a guess equal to the truth plays on exactly like the real game.
"""

from __future__ import annotations

import random

import pytest

from game.rules.state import Game


def _truth(game: Game) -> tuple[list, list]:
    """The real table as a guess: every campsite card and the deck, top first."""
    rows = [list(row) for row in game.campsites]
    deck = [game.deck_card(p) for p in range(len(game.deck))]
    return rows, deck


def _midgame(campers: int, seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game(campers, seed)
    for _ in range(steps):
        if game.phase in ("round_over", "over"):
            break
        game.play(game.sample_decision(rng))
    return game


@pytest.mark.parametrize("campers", (3, 4, 6))
def test_a_guessed_game_sets_every_field_a_dealt_game_has(campers: int) -> None:
    """If `Game` gains a field, `from_guess` must set it too (else this fails, by name)."""
    game = _midgame(campers, 5, 12)
    rows, deck = _truth(game)
    guess = Game.from_guess(game.view(None), rows, deck, seed=9, last_duo=game.last_duo)
    missing = set(vars(game)) - set(vars(guess))
    extra = set(vars(guess)) - set(vars(game))
    assert not missing, f"Game.from_guess does not set {sorted(missing)}"
    assert not extra, f"Game.from_guess sets fields Game does not have: {sorted(extra)}"


@pytest.mark.parametrize("campers", (3, 4, 6))
def test_the_truth_as_a_guess_plays_on_like_the_real_game(campers: int) -> None:
    """R-SEAT-3, R-END-1/2: the same decisions give the same events and round scores."""
    for seed in range(6):
        game = _midgame(campers, 40 + seed, 9 + seed)
        if game.phase not in ("start", "drawn", "twelve"):
            continue
        rows, deck = _truth(game)
        guess = Game.from_guess(game.view(None), rows, deck, seed=1, last_duo=game.last_duo)
        assert guess.view(None).key()[1:] == game.view(None).key()[1:]
        real = game.copy()
        rng = random.Random(seed)
        while real.phase in ("start", "drawn", "twelve"):
            d = real.sample_decision(rng)
            assert real.apply(d) == guess.apply(d)
        assert guess.scores == real.scores and guess.phase == real.phase


def test_a_guess_of_the_wrong_shape_is_refused() -> None:
    game = _midgame(4, 3, 6)
    rows, deck = _truth(game)
    with pytest.raises(ValueError, match="every campsite"):
        Game.from_guess(game.view(None), rows[:-1], deck, seed=1, last_duo=2)
    with pytest.raises(ValueError, match="every campsite"):
        Game.from_guess(game.view(None), rows, deck[:-1], seed=1, last_duo=2)
    rows[0] = rows[0][:-1]
    with pytest.raises(ValueError, match="as many cards"):
        Game.from_guess(game.view(None), rows, deck, seed=1, last_duo=2)
