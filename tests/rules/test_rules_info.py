"""Who knows what (R-INFO-*), and illegal decisions leaving the state untouched."""

import pytest
from decks import TOP, A, R, assert_illegal, deck_knowers, knowers, pass_turns, run_out, stacked_game, values

from game.rules import events as ev
from game.rules.decisions import DISCARD, DRAW, KEEP, SCRAM, SWAP, TAKE, Act
from game.rules.errors import IllegalDecision
from game.rules.record import state_dict


def test_peeks_are_public_values_are_not_R_INFO_1():
    """R-INFO-1: whose eyes saw which face-down card is public; the value seen is not."""
    g = stacked_game(4, campsites={2: [9]}, deck=[5])
    g.apply(DRAW)
    events = g.apply(A((2, 0)))
    viewed = next(e for e in events if type(e) is ev.CardViewed)
    for seat in (1, 2, 3):
        assert g.view(seat).campsites[2][0] == (None, False, 0b0001)
        assert ev.for_seat(viewed, seat) == ev.CardViewed(0, (2, 0), None, 0b0001)
        assert state_dict(g, seat)["campsites"][2][0] == {"card": None, "up": False, "known": [0]}
    assert g.view(0).campsites[2][0] == (9, False, 0b0001)


def test_face_up_cards_discard_pile_and_movements_are_public_R_INFO_1():
    """R-INFO-1: face-up cards, the discard pile and every movement are seen by all seats."""
    g = stacked_game(4, campsites={1: [1, 2, 3, 4, 5], 3: [6, 7, 8, 9, 10]}, discard=12, deck=[11])
    g.apply(DRAW)
    events = g.apply(A((1, 4), (3, 0)))
    moved = next(e for e in events if type(e) is ev.CardsExchanged)
    for seat in range(4):
        v = g.view(seat)
        assert v.campsites[3][0][0] == 5  # the face-up 5 went to seat 3, still face up
        assert v.campsites[1][3][0] == 4
        assert v.discard == (12, 11)
        assert ev.for_seat(moved, seat) == moved


def test_knowledge_follows_an_exchanged_card_R_INFO_2():
    """R-INFO-2: a viewed card moved by someone else's 11 is still known to its viewer."""
    g = stacked_game(4, campsites={1: [7]}, deck=[5, 1, 11])
    g.apply(DRAW)
    g.apply(A((1, 0)))  # seat 0 views seat 1's 7
    pass_turns(g, 1)  # seat 1
    g.apply(DRAW)  # seat 2: an 11
    g.apply(A((1, 0), (3, 2)))
    assert values(g, 3)[2] == 7 and knowers(g, 3, 2) == {0}
    assert g.view(0).campsites[3][2][0] == 7 and g.view(2).campsites[3][2][0] is None


def test_knowledge_follows_a_drawn_card_R_INFO_2():
    """R-INFO-2: seat 3 viewed the deck top; seat 0 draws it: both know the kept card."""
    g = stacked_game(4, start=3, deck=[5, 8])
    g.apply(DRAW)
    g.apply(A(TOP))
    g.apply(DRAW)
    assert g.view(3).drawn == 8 and g.view(1).drawn is None
    g.apply(R((0, 1)))
    assert knowers(g, 0, 1) == {0, 3}


def test_flipped_card_moved_face_down_stays_known_R_INFO_2():
    """R-INFO-2: a card flipped publicly (the deck top, by a 7) and later moved face down into a
    campsite (by an 11) is known to everyone."""
    g = stacked_game(4, deck=[7, 11, 6])
    g.apply(DRAW)
    g.apply(A(TOP))  # the 11 is flipped: known to all
    g.apply(DRAW)  # seat 1 draws it (everyone sees it) and keeps it face down
    assert all(g.view(s).drawn == 11 for s in range(4))
    g.apply(R((1, 0)))
    assert knowers(g, 1, 0) == {0, 1, 2, 3} and not g.campsites[1][0][1]


def test_knowledge_ends_when_the_card_leaves_play_R_INFO_2():
    """R-INFO-2: a known card discarded (a 10) leaves no mark; the card that replaces its
    deck position is known to nobody."""
    g = stacked_game(4, start=3, deck=[6, 9, 4, 10])
    g.apply(DRAW)
    g.apply(A(TOP, ("deck", 1)))  # seat 3 knows the 9 and the 4
    pass_turns(g, 1)  # seat 0 draws the 9 and discards it
    g.apply(DRAW)  # seat 1: the 4, known to seat 3
    assert g.drawn_mask == 0b1010
    g.apply(DISCARD)
    assert deck_knowers(g, 0) == set()


def test_whole_discard_pile_is_remembered_R_INFO_3():
    """R-INFO-3: only the top card is on view, but the cards under it were public: a view (with
    perfect memory) holds the whole pile, and the replay state lists it top first."""
    g = stacked_game(4, discard=2, deck=[3, 4])
    pass_turns(g, 2)
    for seat in range(4):
        assert g.view(seat).discard == (2, 3, 4)
        assert state_dict(g, seat)["discard"] == [4, 3, 2]


def test_drawn_then_discarded_is_public_R_INFO_4():
    """R-INFO-4: a card drawn from the deck and then discarded is public from then on."""
    g = stacked_game(4, deck=[8])
    events = g.apply(DRAW)
    assert [ev.for_seat(events[0], s).card for s in range(4)] == [8, None, None, None]
    events = g.apply(DISCARD)
    gone = next(e for e in events if type(e) is ev.CardDiscarded)
    assert all(ev.for_seat(gone, s).card == 8 for s in range(4))


def test_turned_face_up_is_public_penalties_known_to_nobody_R_INFO_4():
    """R-INFO-4: every card turned face up is public; a card nobody has seen (a penalty, the
    deal) is known to nobody, its owner included."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, deck=[12, 13])
    g.apply(DRAW)
    events = g.apply(R((0, 0), (0, 1), (0, 2)))
    shown = next(e for e in events if type(e) is ev.ReplacementRevealed)
    assert shown.cards == (1, 2, 3)
    for seat in range(4):
        v = g.view(seat)
        assert [c[0] for c in v.campsites[0][:3]] == [1, 2, 3]
        assert v.campsites[0][6][0] is None  # the penalty 13
    assert knowers(g, 0, 6) == set()


def test_teammates_share_nothing_R_INFO_5():
    """R-INFO-5: a teammate sees no more than the table: seat 2 does not learn what seat 0
    viewed, drew or kept."""
    g = stacked_game(4, campsites={1: [9]}, deck=[5, 13, 13, 13, 6])
    g.apply(DRAW)
    events = g.apply(A((1, 0)))
    assert g.view(2).campsites[1][0][0] is None
    assert all(ev.for_seat(e, 2).card is None for e in events if type(e) is ev.CardViewed)
    pass_turns(g, 3)
    g.apply(DRAW)
    assert g.view(2).drawn is None
    g.apply(R((0, 0)))
    assert g.view(2).campsites[0][0][0] is None and g.view(0).campsites[0][0][0] == 6


def test_a_view_holds_only_what_its_seat_knows_R_INFO_5():
    """R-INFO-5: a seat's view hides every face-down card and deck card it does not know."""
    g = stacked_game(4)
    for seat in range(4):
        v = g.view(seat)
        assert v.seat == seat and v.deck_known == {}
        assert all((c[0] is None) != c[1] for row in v.campsites for c in row)
        assert v.legal_decisions() == g.legal_decisions()


# ---- illegal decisions ------------------------------------------------------------------
def test_illegal_decisions_raise_and_change_nothing():
    """An illegal decision raises IllegalDecision with a reason and leaves the state untouched
    (R-TURN-1 at the start of a turn, R-ACT-12 while deciding a 12's exchange)."""
    g = stacked_game(4, deck=[12])
    assert_illegal(g, SWAP, "start of a turn")
    assert_illegal(g, R((0, 0)), "start of a turn")
    assert_illegal(g, SCRAM, "2 or fewer")
    g.apply(DRAW)
    for d in (DRAW, TAKE, SCRAM, KEEP):
        assert_illegal(g, d, "hold a card")
    g.apply(A((1, 0), (2, 0)))
    for d in (DRAW, DISCARD, R((0, 0)), Act(((1, 0),))):
        assert_illegal(g, d, "swap or keep")


def test_no_decision_after_a_round_or_the_game():
    """R-END-1: after the round ends nothing is legal until the next deal; after the last
    round (R-GAME-1) nothing at all."""
    g = stacked_game(4)
    run_out(g)
    assert_illegal(g, DRAW, "round is over")
    assert g.legal_decisions() == []
    g.next_round()
    with pytest.raises(IllegalDecision):
        g.next_round()
    for _ in range(3):
        run_out(g)
        if g.phase == "round_over":
            g.next_round()
    assert g.phase == "over"
    assert_illegal(g, DRAW, "game is over")
    with pytest.raises(IllegalDecision):
        g.next_round()


# Targets as the API receives them from bots and the UI (a record's reader already refuses
# these shapes; `legal` must refuse them too, with a reason, never a crash or a wrong move).
BAD_TARGETS = [
    ("deck", 2),
    ("deck", 5),
    ("deck", -1),
    ("deck", True),
    (1,),
    (1, 0, 0),
    [1, 0],
    (1, "0"),
    ("1", 0),
    (1.0, 0),
    None,
    "deck",
]


@pytest.mark.parametrize("card", [5, 6, 7, 8, 9, 10, 11, 12])
@pytest.mark.parametrize("bad", BAD_TARGETS)
def test_a_target_is_a_campsite_card_or_deck_position_0_or_1(card, bad):
    """A target is a campsite card (seat, slot) or a deck position, 0 = top, 1 = second
    (R-ACT-5..R-ACT-12: "the deck positions used are the top, or the top two"): any other
    deck position or shape is refused with a reason and changes nothing."""
    g = stacked_game(4, deck=[card, 1, 2, 3, 4, 5, 6])
    g.apply(DRAW)
    want = {5: 1, 7: 1, 10: 1}.get(card, 2)
    good = [(1, 0), (2, 0)][: want - 1]
    assert_illegal(g, Act((*good, bad)), "target")


@pytest.mark.parametrize("bad", BAD_TARGETS)
def test_a_replaced_card_is_a_campsite_card_R_REPL_1(bad):
    """R-REPL-1: only campsite cards can be chosen; any other shape is refused with a reason."""
    g = stacked_game(4, deck=[6])
    g.apply(DRAW)
    assert_illegal(g, R((0, 0), bad))
    assert_illegal(g, R(bad))


@pytest.mark.parametrize("seat", [True, "1", 1.0, None])
def test_a_thirteen_goes_to_a_seat_number_R_ACT_13(seat):
    """R-ACT-13: the 13 is given to a camper's seat, an integer at the table."""
    g = stacked_game(4, deck=[13])
    g.apply(DRAW)
    assert_illegal(g, Act((), "right", seat), "camper")


def test_a_decision_of_no_known_kind_is_refused():
    """Something that is not a decision is refused in every phase, with a reason."""
    g = stacked_game(4, deck=[12])
    for step in (DRAW, A((1, 0), (2, 0)), KEEP):
        for thing in (None, "draw", 7, object()):
            assert_illegal(g, thing)
        g.apply(step)


def test_round_dealt_shows_each_seat_only_the_face_up_cards() -> None:
    """R-INFO-1, R-SETUP-1: the deal event carries the layout; a seat's copy hides every
    face-down value (its own too) and keeps the face-up ones and the deck's count."""
    game = stacked_game(4)
    dealt = next(e for e in game.events if type(e) is ev.RoundDealt)
    assert [len(row) for row in dealt.campsites] == [5, 5, 5, 5]
    assert dealt.deck_size == len(game.deck)
    for seat in range(4):
        mine = ev.for_seat(dealt, seat)
        for s, row in enumerate(mine.campsites):
            assert [v for v, up in row if not up] == [None, None, None]
            assert [v for v, up in row if up] == [v for v, up, _ in game.campsites[s] if up]


def test_the_public_view_shows_face_up_cards_and_peeks_never_a_face_down_value_R_INFO_1():
    """A spectator's eyes (`PUBLIC`): who peeked where is public (R-INFO-1), the value is not,
    not even when every seat has peeked at the same card; a card placed face up shows."""
    g = stacked_game(4, campsites={2: [9]}, deck=[5, 5, 5, 5])
    for seat in range(4):  # every camper in turn draws a 5 and views seat 2's first card
        g.apply(DRAW)
        events = g.apply(A((2, 0)))
        viewed = next(e for e in events if type(e) is ev.CardViewed)
        assert ev.for_seat(viewed, ev.PUBLIC).card is None
        assert ev.for_seat(viewed, seat).card == 9
    assert knowers(g, 2, 0) == {0, 1, 2, 3}
    assert g.view(ev.PUBLIC).campsites[2][0] == (None, False, 0b1111)
    assert state_dict(g, ev.PUBLIC)["campsites"][2][0] == {"card": None, "up": False, "known": [0, 1, 2, 3]}
    placed = ev.CardPlaced(0, 13, 1, 4, True, 0b1111)
    assert ev.for_seat(placed, ev.PUBLIC) == placed
    kept = ev.CardPlaced(0, 7, 0, 4, False, 0b0001)
    assert ev.for_seat(kept, ev.PUBLIC).card is None and ev.for_seat(kept, 0).card == 7


def test_the_public_view_sees_no_card_in_hand_unless_it_came_from_the_pile_R_INFO_1():
    g = stacked_game(4, discard=12, deck=[3])
    g.apply(DRAW)
    assert g.view(ev.PUBLIC).drawn is None and state_dict(g, ev.PUBLIC)["drawn"] is None
    assert g.view(0).drawn == 3
    g2 = stacked_game(4, discard=12, deck=[3])
    g2.apply(TAKE)
    assert g2.view(ev.PUBLIC).drawn == 12
