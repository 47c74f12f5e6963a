"""The deal (R-SETUP-1/2): a round's deck is the seeded shuffle of the full deck, dealt round
the table from the start camper, each seat's face-down cards first."""

from __future__ import annotations

from game.rules.cards import deck_for
from game.rules.deal import lay_out, round_rng, shuffled_deck


def test_a_round_deck_is_the_seeded_shuffle_of_the_full_deck() -> None:
    expected = deck_for(6)
    round_rng(11, "2").shuffle(expected)
    assert shuffled_deck(6, 11, 2) == expected


def test_the_deal_goes_round_from_the_start_camper_down_cards_first() -> None:
    order = list(range(100, 156))
    campsites, top, deck = lay_out(order, 4, start=2)
    assert campsites[2] == [(100, False, 0), (101, False, 0), (102, False, 0), (103, True, 0), (104, True, 0)]
    assert campsites[3][0] == (105, False, 0) and campsites[1][-1] == (119, True, 0)
    assert top == 120
    assert deck[-1] == 121 and deck[0] == 155 and len(deck) == 35


def test_the_solo_camper_gets_six_down_and_two_up() -> None:
    campsites, _, _ = lay_out(deck_for(3), 3, start=0)
    assert [c[1] for c in campsites[0]] == [False] * 6 + [True] * 2
