"""Rounds that go round in circles: the rules end a round only by a Scram or an empty deck
(R-END-1, R-END-2), so campers who all take the discard pile's top card and lay another
there would play it for ever. A bot whose turns keep beginning with the deck as it was (nobody
drew) draws instead of taking, and such a round ends."""

from __future__ import annotations

import dataclasses

import pytest
from decks import stacked_game

from ai import make_bot
from ai.bots import STALLED, LevelBot
from ai.driver import feed, play_game
from ai.levels import QUICK
from game.rules import DRAW, OVER, TAKE, Replace


def test_a_bot_that_would_take_draws_once_nobody_has_drawn_for_its_last_turns() -> None:
    game = stacked_game(4, campsites={0: ["=", 13, 13, 13, 13]}, discard=1)
    for level in ("scout", "quick", "trailblazer"):
        bot = make_bot(level, 0, 4, 5)
        feed([bot], game.events)
        view = game.view(0)
        # The same turn again and again: every other camper took and laid a card back.
        answers = [bot.decide(view) for _ in range(STALLED + 2)]
        assert answers == [TAKE] * STALLED + [DRAW, DRAW], (level, answers)


@pytest.mark.slow  # a whole searching game, about 4 s
def test_the_three_camper_deal_that_went_round_in_circles_ends() -> None:
    """Deal 1300233 of a measurement of the levels: the duo's sages and the quick trailblazer of
    the solo took and laid back the same few cards; round 3 had passed 2,500 turns when the
    run was stopped. The bots as that run made them (the quick one under its old name)."""
    seed, n = 1300233, 3
    quick = dataclasses.replace(QUICK, name="trailblazer")
    bots = [
        LevelBot(quick, 0, n, seed * 7919 + len("trailblazer")),
        *(make_bot("sage", s, n, seed * 7919 + 97 * s + len("sage")) for s in (1, 2)),
    ]
    turns = [0]

    def count(game, seat, decision, dt) -> None:
        turns[0] += 1
        assert turns[0] < 2000, "still going round in circles"

    game = play_game(n, bots, seed, count)
    assert game.phase == OVER and len(game.scores) == game.rounds


class _Taker:
    """Takes the discard pile's top card whenever it may, and lays its first card there."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def observe(self, events: list) -> None:
        pass

    def decide(self, view):
        if view.is_legal(TAKE):
            return TAKE
        if view.phase == "drawn":
            return Replace(((self.seat, 0),))
        return DRAW


def test_a_game_of_campers_who_never_draw_is_called_stuck_not_played_for_ever() -> None:
    """R-END-2 lets such a round go on; the driver of every measurement stops it, naming the game."""
    with pytest.raises(RuntimeError, match=r"game 7 \(4 campers\) has not ended after 500 decisions"):
        play_game(4, [_Taker(s) for s in range(4)], 7, most=500)
