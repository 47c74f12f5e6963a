"""A 9 is not kept in place of the bot's own known low card for too little.

Seen in play: a ranger teammate used a 9 to throw away the player's unseen card and its own
known 1, keeping the 9 (R-ACT-9 puts the 9 in its player's campsite), and the team lost a
winning Scram. The table of that moment, stacked with a record: the player (seat 0) holds one
card the bot has never seen; its teammate (seat 2) holds two known 1s and draws a 9.
"""

from __future__ import annotations

import pytest
from decks import record

from ai import LEVELS, make_bot
from ai.driver import feed
from ai.policy import own_low
from ai.search import greedy
from game.rules import DISCARD, Act, parse_record, replay

DRAW, DISCARD_HELD = {"do": "draw"}, {"do": "discard"}


def _table_after(first: dict, **stack) -> object:
    """Seat 0 plays `first` (a draw or a take) and keeps that card for its five matching ones
    (one card left, unseen by the bot); seat 2 keeps a drawn 1 for its four 5s (a known 1 and
    its face-up 1 left); seats 1 and 3 draw and throw; at seat 2's next turn it draws a 9."""
    rec = record(
        4,
        [
            first,
            {"do": "replace", "cards": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]},
            DRAW,
            DISCARD_HELD,
            DRAW,
            {"do": "replace", "cards": [[2, 0], [2, 1], [2, 2], [2, 3]]},
            *[DRAW, DISCARD_HELD] * 3,
            DRAW,
        ],
        campsites={0: [7, 7, 7, 7, "="], 2: [5, 5, 5, 5, 1]},
        **stack,
    )
    return replay(parse_record(rec))


def _the_table():
    """The table seen in play: the player's one card a drawn 6 the bot never saw."""
    return _table_after(DRAW, deck=[6, 3, 1, 3, 4, 4, 9])


def test_the_table_is_the_one_seen_in_play() -> None:
    game = _the_table()
    assert (game.turn, game.phase, game.drawn) == (2, "drawn", 9)
    assert len(game.campsites[0]) == 1 and game.campsites[0][0][2] == 1  # known to seat 0 alone
    assert [c[0] for c in game.campsites[2]] == [1, 1]


@pytest.mark.parametrize("level", (*LEVELS, "expert", "master"))
def test_a_nine_does_not_throw_the_bots_own_known_low_card(level: str) -> None:
    """R-ACT-9: throwing the player's card and our own 1 would leave the 9 where the 1 was, 8
    points for one card fewer in the player's campsite; every level keeps its 1s."""
    game = _the_table()
    remembered = 0
    for seed in range(3):
        bot = make_bot(level, 2, 4, seed)
        feed([bot], game.events)
        decision = bot.decide(game.view(2))
        assert game.why_illegal(decision) is None
        k = bot.know(game.view(2))
        remembered += k.vals[2] == [1, 1]
        if type(decision) is Act:
            # (a greenhorn may have forgotten the 1 it kept: a card it does not know is fair game)
            assert not any(own_low(k, t) for t in decision.targets), (level, decision)
    assert remembered  # the rule was asked at least once


def test_the_old_rule_threw_the_one() -> None:
    """The check above can fail: with `spare_low` off (the rule the levels played by before) the ranger
    throws the player's card and its own 1."""
    game = _the_table()
    bot = make_bot("ranger", 2, 4, 1, {"spare_low": False})
    feed([bot], game.events)
    decision = bot.decide(game.view(2))
    assert type(decision) is Act
    k = bot.know(game.view(2))
    assert any(own_low(k, t) for t in decision.targets)


def test_the_quick_policy_of_the_searches_spares_it_too() -> None:
    """The rollouts' quick policy (`search.greedy`) plays the guessed tables by the same rule."""
    game = _the_table()
    decision = greedy(game)
    assert decision == DISCARD or all(t[0] != 2 for t in decision.targets)


def test_a_nine_still_throws_a_low_card_with_a_high_one_when_the_points_pay() -> None:
    """The points alone pay when the other card is high: the player's known 13 and our 1 for a
    9 drop our team's total by 5 (and a card)."""
    game = _table_after({"do": "take"}, discard=13, deck=[3, 1, 3, 4, 4, 9])
    assert [c[:2] for c in game.campsites[0]] == [(13, True)] and game.drawn == 9
    bot = make_bot("ranger", 2, 4, 0)
    feed([bot], game.events)
    decision = bot.decide(game.view(2))
    assert type(decision) is Act and (0, 0) in decision.targets
