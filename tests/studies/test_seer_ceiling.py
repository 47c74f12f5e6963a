"""`studies/seer_ceiling.py`'s seer is the trailblazer told the face-down campsite cards and
nothing else: its seat's view rebuilt from the truth is the seat's real view (the deck only
as far as the seat saw it, R-INFO-1..5), told nothing it decides as the trailblazer does,
and told everything its belief holds the true cards."""

from __future__ import annotations

import pytest

from ai import make_bot
from ai.driver import play_game
from game.rules.view import SeatView
from studies import seer_ceiling as seer


class Enough(Exception):
    pass


def _watched(campers: int, seat0, seed: int, look, decisions: int) -> list:
    """The decisions of a game's first turns, seat 0 played by `seat0`, the others by the
    trailblazer, until seat 0 took `decisions`; `look(game, bot)` at each of them."""
    bots = [seat0] + [make_bot("trailblazer", s, campers, 1000 + s) for s in range(1, campers)]
    said = []

    def watch(game, seat, decision, took):
        said.append((seat, decision))
        if seat == 0:
            look(game, bots[0])
            if sum(s == 0 for s, _ in said) >= decisions:
                raise Enough

    try:
        play_game(campers, bots, seed, watch)
    except Enough:
        return said
    raise AssertionError(f"the game ended before seat 0 took {decisions} decisions")


@pytest.mark.slow  # whole searching games, 8-13 s each
@pytest.mark.parametrize("campers", [4, 6])
def test_the_seer_that_sees_nothing_plays_as_the_trailblazer(campers: int) -> None:
    def same_view(game, bot) -> None:
        whole, own = game.view(None), game.view(0)
        rebuilt = bot.seat_view(whole)
        for f in SeatView.FIELDS:
            assert getattr(rebuilt, f) == getattr(own, f), f

    plain = _watched(campers, make_bot("trailblazer", 0, campers, 7), 4242, lambda g, b: None, 40)
    blind = _watched(campers, seer.SeerBot(0, campers, 7, "none"), 4242, same_view, 40)
    assert blind == plain


@pytest.mark.slow  # a searching game: seconds
def test_the_seer_that_sees_all_believes_the_true_campsites_and_not_the_deck() -> None:
    seen = []

    def believes(game, bot) -> None:
        k = bot.know(game.view(None))
        assert k.vals == [[c[0] for c in row] for row in game.campsites]
        assert k.deck == game.view(0).deck_known  # the deck's order stays hidden
        seen.append(len(k.deck))

    _watched(4, seer.SeerBot(0, 4, 7, "all"), 4242, believes, 16)
    assert len(seen) == 16


@pytest.mark.slow  # 60 searching decisions, about 6 s each
@pytest.mark.parametrize("sees", ["own-others", "own-mates"])
def test_the_seer_told_what_others_know_of_its_row_believes_that_and_nothing_more(sees: str) -> None:
    """R-INFO-1: who saw which card is public, so its value is what a perfect reading of the
    others' play could teach; the seer is told those of its own cards and believes the rest
    as its seat knows them (R-INFO-2, R-SETUP-4)."""
    mates = seer.mates_bits(0, 4)
    others = mates if sees == "own-mates" else ~1
    told = []

    def believes(game, bot) -> None:
        k = bot.know(game.view(None))
        for s, row in enumerate(game.campsites):
            for i, (value, up, known) in enumerate(row):
                tell = s == 0 and known & others and not known & 1 and not up
                told.append(bool(tell))
                assert k.vals[s][i] == (value if up or known & 1 or tell else None), (s, i)

    _watched(4, seer.SeerBot(0, 4, 7, sees), 4242, believes, 60)
    assert any(told)  # the deal and seed show it a card another camper knows
