"""`game.rules.draws` takes exactly the draws `random.Random` takes, so seeds keep their games."""

from __future__ import annotations

import random

import pytest

from game.rules.draws import below, choice, coins, shuffle


def _twins(seed: int) -> tuple[random.Random, random.Random]:
    return random.Random(seed), random.Random(seed)


@pytest.mark.parametrize("size", (0, 1, 2, 3, 56, 70, 130))
def test_the_shuffle_is_the_standard_shuffle_draw_for_draw(size: int) -> None:
    for seed in range(200):
        ours, theirs = list(range(size)), list(range(size))
        mine, std = _twins(seed)
        shuffle(ours, mine)
        std.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == std.random()  # and just as many draws were taken


@pytest.mark.parametrize("size", (1, 2, 3, 5, 8, 127, 128, 300))
def test_a_choice_and_a_number_below_are_the_standard_draws(size: int) -> None:
    seq = tuple(range(size))
    for seed in range(300):
        mine, std = _twins(seed)
        assert choice(mine, seq) == std.choice(seq)
        assert below(mine, size) == std.randrange(size)
        assert mine.random() == std.random()


def test_other_rngs_are_asked_and_empty_choices_refused_as_the_library_does() -> None:
    class Fixed(random.Random):
        def choice(self, seq):  # noqa: ANN001, ANN202
            return seq[-1]

        def randrange(self, n):  # noqa: ANN001, ANN202
            return n - 1

    assert choice(Fixed(1), "abc") == "c" and below(Fixed(1), 9) == 8
    with pytest.raises(IndexError):
        choice(random.Random(1), ())
    with pytest.raises(ValueError):
        below(random.Random(1), 0)


@pytest.mark.parametrize("size", (0, 1, 2, 3, 17, 64, 130))
def test_coins_are_the_standard_coins_draw_for_draw(size: int) -> None:
    items = list(range(size))
    for seed in range(300):
        mine, std = _twins(seed)
        assert list(coins(mine, items)) == [x for x in items if std.random() < 0.5]
        assert mine.random() == std.random()  # and just as many draws were taken


def test_coins_of_other_rngs_ask_their_random() -> None:
    class Alternating(random.Random):
        flip = 0.0

        def random(self) -> float:
            self.flip = 0.75 - self.flip if self.flip else 0.25
            return self.flip

    assert list(coins(Alternating(1), list("abcdef"))) == ["a", "c", "e"]


def test_a_number_below_any_size_is_the_standard_draw() -> None:
    for size in (1000, 2**31, 2**32 + 1, 2**70 + 5):
        for seed in range(50):
            mine, std = _twins(seed)
            assert below(mine, size) == std.randrange(size)
            assert mine.random() == std.random()
