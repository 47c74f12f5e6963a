"""`studies/three_campers.py`'s measuring hacks do what they say and stay in the bench: the
solo dealt 10 cards only while asked, and the sharing duo fills what it did not see from
what its teammate saw (never anything nobody at its team saw)."""

from __future__ import annotations

from ai.driver import feed
from game.rules.state import Game
from studies import three_campers as three


def test_the_solo_gets_ten_cards_only_while_the_hack_is_on() -> None:
    try:
        three._solo_ten(True)
        assert [len(row) for row in Game(3, 5).campsites] == [10, 5, 5]
    finally:
        three._solo_ten(False)
    assert [len(row) for row in Game(3, 5).campsites] == [8, 5, 5]  # R-SETUP-1


def _seen(game: Game, seat: int) -> set[tuple[int, int]]:
    """The cards whose value `seat` knows (its view shows them)."""
    return {
        (s, i)
        for s, row in enumerate(game.view(seat).campsites)
        for i, c in enumerate(row)
        if c[0] is not None
    }


def test_a_sharing_duo_camper_knows_what_its_teammate_saw_and_no_more() -> None:
    game = Game(3, 9)
    bot = three.SharedBot("trailblazer", 1, 3)
    others = [three.make_bot("trailblazer", s, 3, s) for s in (0, 2)]
    bot.observe_raw(game.events)
    feed(others, game.events)
    while game.phase != "over" and not _seen(game, 2) - _seen(game, 1):  # till the mate saw more
        seat = game.turn
        mover = bot if seat == 1 else others[0 if seat == 0 else 1]
        events = game.play(mover.decide(game.view(seat)))
        bot.observe_raw(events)
        feed(others, events)
    k = bot.know(game.view(1))
    mate_seen, own_seen = _seen(game, 2), _seen(game, 1)
    known = {(s, i) for s in range(3) for i, v in enumerate(k.vals[s]) if v is not None}
    assert mate_seen - own_seen, "the teammate saw a card the camper did not (else the test shows nothing)"
    assert mate_seen - own_seen <= known
    for s, i in known:
        assert k.vals[s][i] == game.campsites[s][i][0]
