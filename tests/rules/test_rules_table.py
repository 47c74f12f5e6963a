"""Cards, seats, the deal and the shape of a turn (R-DECK, R-SEAT, R-SETUP, R-TURN)."""

from collections import Counter

import pytest
from decks import R, assert_illegal, deck_top_first, faces, pass_turns, stacked_deck, stacked_game, values

from game.rules.cards import EQ, campsite_layout, deck_for, team_of
from game.rules.decisions import DISCARD, DRAW, SCRAM, TAKE, Act, Discard, Replace
from game.rules.state import Game


# ---- R-DECK-1 -------------------------------------------------------------------------
@pytest.mark.parametrize("campers, copies, size", [(3, 4, 56), (4, 4, 56), (6, 5, 70)])
def test_deck_make_up_R_DECK_1(campers, copies, size):
    """R-DECK-1: five of 1–13 and of `=` (70); 3 or 4 campers drop one set and one `=` (56)."""
    deck = deck_for(campers)
    assert len(deck) == size
    assert Counter(deck) == {v: copies for v in (*range(1, 14), EQ)}


@pytest.mark.parametrize("campers", [3, 4, 6])
def test_a_shuffled_round_uses_the_whole_deck_R_DECK_1(campers):
    """R-DECK-1: a shuffled deal puts exactly the game's multiset on the table."""
    g = Game(campers, seed=99)
    cards = [c[0] for row in g.campsites for c in row] + g.discard + g.deck
    assert Counter(cards) == Counter(deck_for(campers))


def test_a_deck_of_the_wrong_multiset_is_refused_R_DECK_1():
    """R-DECK-1: a 4-camper game cannot be dealt from a 70-card deck, nor from 56 wrong cards."""
    with pytest.raises(ValueError):
        Game(4, 0, 0, [deck_for(6)])
    wrong = deck_for(4)
    wrong[0] = 13
    with pytest.raises(ValueError):
        Game(4, 0, 0, [wrong])


# ---- R-SEAT-1/2 -----------------------------------------------------------------------
@pytest.mark.parametrize("campers, start, order", [(4, 2, [2, 3, 0, 1, 2, 3]), (6, 5, [5, 0, 1, 2, 3, 4, 5])])
def test_turns_go_clockwise_R_SEAT_1(campers, start, order):
    """R-SEAT-1: turns go clockwise by increasing seat, from the start camper."""
    g = stacked_game(campers, start=start)
    seen = []
    for _ in order:
        seen.append(g.turn)
        pass_turns(g, 1)
    assert seen == order


@pytest.mark.parametrize("campers", [4, 6])
def test_teams_alternate_R_SEAT_2(campers):
    """R-SEAT-2: team 0 = even seats, team 1 = odd seats; teammates are the rest of the team."""
    g = stacked_game(campers)
    assert [team_of(s, campers) for s in range(campers)] == [s % 2 for s in range(campers)]
    assert g.teammates(0) == tuple(range(2, campers, 2))
    assert g.teammates(1) == tuple(range(3, campers, 2))


def test_three_campers_are_solo_and_duo_R_SEAT_3():
    """R-SEAT-3: seat 0 is the solo camper (team 0 alone), seats 1 and 2 the duo (team 1)."""
    g = stacked_game(3)
    assert [team_of(s, 3) for s in range(3)] == [0, 1, 1]
    assert g.teammates(0) == ()
    assert g.teammates(1) == (2,)


def test_solo_plays_after_every_duo_turn_R_SEAT_3():
    """R-SEAT-3: with 3 campers the sequence is 0,1,0,2,0,1,…"""
    g = stacked_game(3)
    seen = []
    for _ in range(9):
        seen.append(g.turn)
        pass_turns(g, 1)
    assert seen == [0, 1, 0, 2, 0, 1, 0, 2, 0]


def _duo_start_game(low_seat: int) -> Game:
    """3 campers; round 1 is won by the duo, with `low_seat` the duo camper scoring lowest."""
    low, high = [1, 1, 1, 1, 2], [2, 2, 2, 3, 3]
    duo = {low_seat: low, 3 - low_seat: high}
    g = stacked_game(3, campsites={0: [13, 13, 13, 13, 12, 12, 12, 12], **duo})
    from decks import run_out

    run_out(g)
    assert g.phase == "round_over" and g.last_scores[low_seat] == 6
    g.next_round()
    return g


@pytest.mark.parametrize("low_seat, order", [(1, [1, 0, 2, 0, 1, 0, 2]), (2, [2, 0, 1, 0, 2, 0, 1])])
def test_duo_start_sequence_R_SEAT_3(low_seat, order):
    """R-SEAT-3: if a duo camper starts a round the sequence is 1,0,2,0,1,… (or 2,0,1,0,…)."""
    g = _duo_start_game(low_seat)
    assert g.round == 2 and g.start == low_seat
    seen = []
    for _ in order:
        seen.append(g.turn)
        pass_turns(g, 1)
    assert seen == order


# ---- R-SETUP ----------------------------------------------------------------------------
@pytest.mark.parametrize("campers", [3, 4, 6])
def test_campsite_rows_R_SETUP_1(campers):
    """R-SETUP-1: 3 face-down then 2 face-up cards; the solo camper 6 face-down then 2 face-up."""
    g = stacked_game(campers)
    for seat in range(campers):
        down = 6 if (campers == 3 and seat == 0) else 3
        assert campsite_layout(seat, campers) == (down, 2)
        assert faces(g, seat) == [False] * down + [True, True]


def test_deal_order_from_the_start_camper_R_SETUP_2():
    """R-SETUP-2: the deck is top first; whole campsites go one camper at a time from the start
    camper clockwise, slots 0,1,2,…; the next card starts the discard pile; the rest is the deck."""
    deck = stacked_deck(4)
    deck[:22] = [13, 12, 11, 10, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "=", 1, 2, 3, 4, 12, 11]
    deck[22:] = []
    rest = Counter(deck_for(4)) - Counter(EQ if v == "=" else v for v in deck)
    tail = sorted(rest.elements(), key=lambda v: (v == EQ, v))
    deck = [EQ if v == "=" else v for v in deck] + tail
    g = Game(4, 0, 2, [deck])
    assert values(g, 2) == [13, 12, 11, 10, 9]
    assert values(g, 3) == [1, 2, 3, 4, 5]
    assert values(g, 0) == [6, 7, 8, 9, 10]
    assert values(g, 1) == [EQ, 1, 2, 3, 4]
    assert g.discard == [12]
    assert deck_top_first(g) == [11, *tail]
    assert g.turn == 2


def test_solo_deal_takes_eight_cards_R_SETUP_2():
    """R-SETUP-2: with 3 campers the solo's 8 cards come first (it starts round 1), then seats 1, 2."""
    deck = stacked_deck(3, {0: [1, 2, 3, 4, 5, 6, 7, 8], 1: [9, 10, 11, 12, 13], 2: [13, 12, 11, 10, 9]}, 4)
    assert deck[:19] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 12, 11, 10, 9, 4]
    g = Game(3, 0, 0, [deck])
    assert values(g, 0) == [1, 2, 3, 4, 5, 6, 7, 8] and values(g, 2) == [13, 12, 11, 10, 9]
    assert g.discard == [4] and g.deck_count == 56 - 19


def test_round_one_start_comes_from_the_seed_R_SETUP_3():
    """R-SETUP-3: round 1's start camper is random from the seed (and the same for the same seed)."""
    starts = {Game(4, seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert all(Game(6, s).start == Game(6, s).start for s in range(10))


def test_solo_starts_round_one_R_SETUP_3():
    """R-SETUP-3: with 3 campers the solo camper (seat 0) starts round 1, whatever the seed."""
    assert {Game(3, seed).start for seed in range(40)} == {0}
    with pytest.raises(ValueError):
        Game(3, 0, start=1)


@pytest.mark.parametrize("campers", [3, 4, 6])
def test_nobody_knows_a_face_down_card_at_the_deal_R_SETUP_4(campers):
    """R-SETUP-4: nobody knows a face-down card at the deal, not even its owner."""
    g = Game(campers, 5)
    assert all(c[2] == 0 for row in g.campsites for c in row)
    assert all(m == 0 for m in g.deck_known)
    for seat in range(campers):
        v = g.view(seat)
        assert all(c[0] is None for row in v.campsites for c in row if not c[1])
        assert v.deck_known == {}


# ---- R-TURN ----------------------------------------------------------------------------
def test_start_of_turn_choices_R_TURN_1():
    """R-TURN-1: at the start of a turn: draw, take the discard top, or declare Scram (when allowed)."""
    g = stacked_game(4)
    assert g.legal_decisions() == [DRAW, TAKE]  # 5 cards: no Scram (R-SCRAM-1)
    assert_illegal(g, DISCARD, "start of a turn")
    assert_illegal(g, Act(()), "start of a turn")


def _empty_campsite_table():
    """Seat 0 replaces all five of its cards (they match), then plays a 10 on its last card."""
    g = stacked_game(4, campsites={0: [4, 4, 4, 4, "="]}, deck=[1, 2, 3, 5, 10, 6, 7, 8, 9])
    g.apply(DRAW)  # a 1
    g.apply(R((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))
    assert values(g, 0) == [1]
    pass_turns(g, 3)
    g.apply(DRAW)  # the 10
    g.apply(Act(((0, 0),)))
    assert values(g, 0) == [] and g.turn == 1
    pass_turns(g, 3)
    assert g.turn == 0 and g.phase == "start" and g.discard
    return g


def test_no_take_with_an_empty_campsite_R_TURN_2():
    """R-TURN-2: a camper with no cards in its campsite may not take from the discard pile."""
    g = _empty_campsite_table()
    assert_illegal(g, TAKE, "no cards")
    assert TAKE not in g.legal_decisions()
    g.apply(DRAW)  # drawing is still allowed


def test_no_take_from_an_empty_discard_pile_R_TURN_2():
    """R-TURN-2: a failed replacement after a take can leave the discard pile empty; then
    nobody may take from it."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, discard=9)
    g.apply(TAKE)
    g.apply(R((0, 0), (0, 1)))  # 1 and 2 do not match: nothing goes to the discard pile
    assert g.discard == [] and g.turn == 1
    assert_illegal(g, TAKE, "discard pile is empty")
    assert g.legal_decisions() == [DRAW]


def test_a_drawn_card_is_seen_by_the_drawer_alone_R_TURN_3():
    """R-TURN-3: a card drawn from the draw deck is seen by the drawer alone."""
    g = stacked_game(4, deck=[7])
    g.apply(DRAW)
    assert g.drawn == 7 and g.drawn_mask == 1 << 0
    assert g.view(0).drawn == 7
    assert [g.view(s).drawn for s in (1, 2, 3)] == [None, None, None]


def test_drawn_card_discard_play_or_keep_R_TURN_3():
    """R-TURN-3: the drawer discards it, plays it (5–13 only) or keeps it by replacing."""
    g = stacked_game(4, deck=[7])
    g.apply(DRAW)
    legal = g.legal_decisions(max_replace_cards=1)
    assert DISCARD in legal
    assert any(type(d) is Act for d in legal)
    assert any(type(d) is Replace for d in legal)
    g.apply(DISCARD)
    assert g.discard[-1] == 7 and g.turn == 1


@pytest.mark.parametrize("low", [1, 2, 3, 4, "="])
def test_cards_without_action_cannot_be_played_R_TURN_3(low):
    """R-TURN-3: only 5–13 can be played for an action."""
    g = stacked_game(4, deck=[low])
    g.apply(DRAW)
    assert not any(type(d) is Act for d in g.legal_decisions(max_replace_cards=1))
    assert_illegal(g, Act(((1, 0),)), "no action")


def test_with_an_empty_campsite_only_discard_or_play_R_TURN_3():
    """R-TURN-3: with an empty campsite only discarding and playing are possible."""
    g = _empty_campsite_table()
    g.apply(DRAW)  # a 9
    legal = g.legal_decisions()
    assert legal[0] == DISCARD and all(type(d) in (Discard, Act) for d in legal) and len(legal) > 1
    assert_illegal(g, R((0, 0)), "no card")


def test_a_taken_card_can_only_be_kept_by_replacing_R_TURN_4():
    """R-TURN-4: a card taken from the discard pile can be neither discarded nor played."""
    g = stacked_game(4, discard=8)
    g.apply(TAKE)
    assert g.drawn == 8 and g.drawn_source == "discard"
    assert_illegal(g, DISCARD, "only be kept by replacing")
    assert_illegal(g, Act(((1, 0), (1, 1))), "cannot be played")
    assert all(type(d) is Replace for d in g.legal_decisions(max_replace_cards=2))
    g.apply(R((0, 0)))
    assert values(g, 0)[0] == 8


def test_scram_is_not_a_draw_R_TURN_1():
    """R-TURN-1: exactly one choice: declaring Scram draws nothing."""
    g = _empty_campsite_table()
    deck = g.deck_count
    g.apply(SCRAM)
    assert g.deck_count == deck and g.turn == 1 and g.phase == "start"
