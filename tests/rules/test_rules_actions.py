"""Playing a drawn 5–13 for its action (R-ACT-*)."""

import pytest
from decks import (
    SECOND,
    TOP,
    A,
    R,
    assert_illegal,
    deck_knowers,
    deck_top_first,
    discard_top_first,
    faces,
    has_event,
    knowers,
    pass_turns,
    stacked_game,
    values,
)

from game.rules import events as ev
from game.rules.cards import EQ
from game.rules.decisions import DISCARD, DRAW, KEEP, SWAP, TAKE, Act
from game.rules.record import state_dict
from game.rules.state import Game

ALL4 = {0, 1, 2, 3}


def drawn(card, **kw) -> Game:
    """A 4-camper table, start 0, where seat 0 has just drawn `card`."""
    kw.setdefault("deck", [])
    kw["deck"] = [card, *kw["deck"]]
    g = stacked_game(4, **kw)
    g.apply(DRAW)
    assert g.drawn == (EQ if card == "=" else card)
    return g


def all_face_up(deck_left: int, card) -> Game:
    """Every campsite card face up (two failed team replacements of taken cards); then turns
    pass until the camper to move draws `card` (the deck's last cards) leaving `deck_left`."""
    camps = {0: [1, 1, 1, 1, 2], 2: [2, 2, 2, "=", "="], 1: [3, 3, 3, 3, 4], 3: [4, 4, 4, "=", "="]}
    team0 = [(s, i) for s in (0, 2) for i in range(5)]
    team1 = [(s, i) for s in (3, 1) for i in range(5)]
    g = stacked_game(4, campsites=camps, discard=5, bottom=[card] + [13] * deck_left)
    g.apply(TAKE)
    g.apply(R(*team0))
    pass_turns(g, 2)
    g.apply(TAKE)
    g.apply(R(*team1))
    assert all(all(faces(g, s)) for s in range(4))
    pass_turns(g, g.deck_count - deck_left - 1)
    g.apply(DRAW)
    assert g.deck_count == deck_left and g.drawn == card
    return g


# ---- the common part -----------------------------------------------------------------
@pytest.mark.parametrize(
    "card, targets", [(5, [(1, 0)]), (7, [(1, 0)]), (10, [(1, 0)]), (12, [(1, 0), (2, 0)])]
)
def test_played_card_goes_face_up_on_the_discard_pile_R_ACT_5(card, targets):
    """Playing for an action (R-ACT-5, 7, 10, 12): the card goes face up on the discard pile."""
    g = drawn(card)
    events = g.apply(Act(tuple(targets)))
    assert has_event(events, ev.CardPlayed(0, card))
    assert discard_top_first(g)[1 if card == 10 else 0] == card  # a 10's own target lies on it


@pytest.mark.parametrize("low", [1, 2, 3, 4, "="])
def test_low_cards_and_eq_have_no_action_R_ACT_0(low):
    """R-ACT-0: cards 1–4 and `=` have no action."""
    g = drawn(low)
    assert g.legal_acts() == []
    assert_illegal(g, A((1, 0)), "no action")
    assert_illegal(g, A(), "no action")


# ---- R-ACT-5 ---------------------------------------------------------------------------
def test_view_one_face_down_card_anywhere_R_ACT_5():
    """R-ACT-5: view one face-down card of any campsite, secretly."""
    g = drawn(5, campsites={2: [9]})
    events = g.apply(A((2, 0)))
    assert knowers(g, 2, 0) == {0}
    seen = next(e for e in events if type(e) is ev.CardViewed)
    assert seen.card == 9 and ev.for_seat(seen, 0).card == 9
    assert [ev.for_seat(seen, s).card for s in (1, 2, 3)] == [None, None, None]
    assert g.view(0).campsites[2][0][0] == 9 and g.view(2).campsites[2][0][0] is None


def test_view_the_deck_top_R_ACT_5():
    """R-ACT-5: view the deck top, secretly; it stays on the deck."""
    g = drawn(5, deck=[8])
    g.apply(A(TOP))
    assert deck_top_first(g)[0] == 8 and deck_knowers(g, 0) == {0}
    assert g.view(0).deck_known == {0: 8} and g.view(1).deck_known == {}


def test_view_one_targets_R_ACT_5():
    """R-ACT-5: never a face-up card, never the second deck card, exactly one target."""
    g = drawn(5)
    assert_illegal(g, A((1, 3)), "face-down")
    assert_illegal(g, A(SECOND), "top")
    assert_illegal(g, A((1, 0), (1, 1)), "takes 1")
    assert_illegal(g, A(), "takes 1")
    assert_illegal(g, A((1, 7)), "no card")
    assert len(g.legal_acts()) == 4 * 3 + 1


def test_view_one_with_nothing_to_view_R_ACT_5():
    """R-ACT-5 with fewer legal targets than asked: no face-down card and an empty deck."""
    g = all_face_up(0, 5)
    assert g.legal_acts() == [Act(())]
    g.apply(A())
    assert g.discard[-1] == 5


# ---- R-ACT-6 ---------------------------------------------------------------------------
@pytest.mark.parametrize("targets", [[(1, 0), (3, 2)], [(0, 0), TOP], [TOP, SECOND], [SECOND, TOP]])
def test_view_two_R_ACT_6(targets):
    """R-ACT-6: two different face-down cards or deck positions (the top, or the top two)."""
    g = drawn(6)
    g.apply(A(*targets))
    for t in targets:
        if t[0] == "deck":
            assert deck_knowers(g, t[1]) == {0}
        else:
            assert knowers(g, *t) == {0}


def test_view_two_never_the_second_alone_R_ACT_6():
    """R-ACT-6: deck positions used are the top or the top two, never the second alone;
    two different cards; no face-up card."""
    g = drawn(6)
    assert_illegal(g, A((1, 0), SECOND), "top")
    assert_illegal(g, A(TOP, TOP), "different")
    assert_illegal(g, A((1, 0), (1, 0)), "different")
    assert_illegal(g, A((1, 0), (1, 4)), "face-down")
    assert_illegal(g, A((1, 0)), "takes 2")


def test_view_two_with_fewer_targets_R_ACT_6():
    """R-ACT-6: no face-down card and one deck card: the 6 views the top alone."""
    g = all_face_up(1, 6)
    assert g.legal_acts() == [Act((TOP,))]
    assert_illegal(g, A(TOP, SECOND), "no card at position 1")
    actor = g.turn
    g.apply(A(TOP))
    assert deck_knowers(g, 0) == {actor}


# ---- R-ACT-7 / R-ACT-8 -------------------------------------------------------------------
def test_flip_one_campsite_card_R_ACT_7():
    """R-ACT-7: flip one face-down campsite card face up, for everyone."""
    g = drawn(7, campsites={3: [11]})
    events = g.apply(A((3, 0)))
    assert faces(g, 3)[0] and values(g, 3)[0] == 11
    assert all(g.view(s).campsites[3][0][0] == 11 for s in range(4))
    assert has_event(events, ev.CardFlipped(0, (3, 0), 11))


def test_flip_the_deck_top_is_known_to_all_R_ACT_7():
    """R-ACT-7: flip the deck top: everyone sees it, it stays on top of the deck, known to all;
    whoever draws it next is seen holding it by everyone."""
    g = drawn(7, deck=[9])
    g.apply(A(TOP))
    assert deck_top_first(g)[0] == 9 and deck_knowers(g, 0) == ALL4
    assert all(g.view(s).deck_known == {0: 9} for s in range(4))
    g.apply(DRAW)  # seat 1
    assert all(g.view(s).drawn == 9 for s in range(4))


def test_flip_one_targets_R_ACT_7():
    """R-ACT-7: never a face-up card nor the second deck card."""
    g = drawn(7)
    assert_illegal(g, A((1, 4)), "face-down")
    assert_illegal(g, A(SECOND), "top")
    assert_illegal(g, A(TOP, (1, 0)), "takes 1")


@pytest.mark.parametrize("targets", [[(1, 0), (2, 1)], [TOP, SECOND], [(0, 2), TOP]])
def test_flip_two_R_ACT_8(targets):
    """R-ACT-8: flip two different targets (deck: the top, or the top two)."""
    g = drawn(8, deck=[10, 11])
    g.apply(A(*targets))
    for t in targets:
        if t[0] == "deck":
            assert deck_knowers(g, t[1]) == ALL4
        else:
            assert faces(g, t[0])[t[1]]
    assert deck_top_first(g)[:2] == [10, 11]


def test_flip_two_targets_R_ACT_8():
    """R-ACT-8: never the second deck card alone; two different cards; face-down only."""
    g = drawn(8)
    assert_illegal(g, A((1, 0), SECOND), "top")
    assert_illegal(g, A(TOP), "takes 2")
    assert_illegal(g, A((2, 2), (2, 2)), "different")
    assert_illegal(g, A((2, 2), (2, 3)), "face-down")


def test_flip_two_with_fewer_targets_R_ACT_8():
    """R-ACT-8: nothing face down and one deck card: the 8 flips the top alone."""
    g = all_face_up(1, 8)
    assert g.legal_acts() == [Act((TOP,))]
    g.apply(A(TOP))
    assert deck_knowers(g, 0) == ALL4


# ---- R-ACT-9 ---------------------------------------------------------------------------
@pytest.mark.parametrize("order", [[(1, 0), (2, 4)], [(2, 4), (1, 0)]])
def test_discard_two_higher_first_lower_on_top_R_ACT_9(order):
    """R-ACT-9: the higher-numbered card goes to the discard pile first, the lower on top."""
    g = drawn(9, campsites={1: [3], 2: [1, 1, 1, 1, 11]}, discard=13)
    g.apply(A(*order))
    assert discard_top_first(g) == [3, 11, 13]
    assert len(values(g, 1)) == 4 and values(g, 2) == [1, 1, 1, 1]


@pytest.mark.parametrize("order", [[(1, 0), (3, 0)], [(3, 0), (1, 0)]])
def test_discard_two_eq_always_below_R_ACT_9(order):
    """R-ACT-9: an `=` always goes below."""
    g = drawn(9, campsites={1: ["="], 3: [2]}, discard=13)
    g.apply(A(*order))
    assert discard_top_first(g) == [2, EQ, 13]


@pytest.mark.parametrize("end, at", [("left", 0), ("right", -1)])
def test_the_nine_is_placed_at_either_end_of_own_campsite_R_ACT_9(end, at):
    """R-ACT-9: then the 9 is placed face up at either end of the actor's own campsite."""
    g = drawn(9, campsites={0: [1, 2, 3, 4, 5]}, deck=[12, 13])
    g.apply(A(TOP, SECOND, end=end))
    assert discard_top_first(g)[:2] == [12, 13]
    assert g.deck_count == 56 - 21 - 3
    row = values(g, 0)
    assert len(row) == 6 and row[at] == 9 and faces(g, 0)[at]
    assert 9 not in g.discard


def test_discard_two_with_own_card_R_ACT_9():
    """R-ACT-9: any campsite cards, own included, face up or down; the 9 then goes to the end."""
    g = drawn(9, campsites={0: [1, 2, 3, 4, 5]})
    g.apply(A((0, 0), (0, 4), end="left"))
    assert values(g, 0) == [9, 2, 3, 4]
    assert discard_top_first(g)[:2] == [1, 5]


def test_discard_two_targets_R_ACT_9():
    """R-ACT-9: two different cards, deck the top or the top two, never the second alone;
    `end` must be left or right."""
    g = drawn(9)
    assert_illegal(g, A((1, 0), SECOND), "top")
    assert_illegal(g, A((1, 0)), "takes 2")
    assert_illegal(g, A((1, 0), (1, 0)), "different")
    assert_illegal(g, A((1, 0), (1, 1), end="middle"), "left or right")


# ---- R-ACT-10 --------------------------------------------------------------------------
@pytest.mark.parametrize("target, gone", [((2, 4), 7), ((0, 0), 1), (TOP, 12)])
def test_discard_one_R_ACT_10(target, gone):
    """R-ACT-10: discard one card from any campsite (face up or down, own too), or the deck top."""
    g = drawn(10, campsites={0: [1], 2: [2, 3, 4, 5, 7]}, deck=[12])
    g.apply(A(target))
    assert discard_top_first(g)[:2] == [gone, 10]


def test_discard_one_targets_R_ACT_10():
    """R-ACT-10: never the second deck card; exactly one target."""
    g = drawn(10)
    assert_illegal(g, A(SECOND), "top")
    assert_illegal(g, A((1, 0), (1, 1)), "takes 1")


# ---- R-ACT-11 --------------------------------------------------------------------------
def test_exchange_two_campsite_cards_keeping_faces_R_ACT_11():
    """R-ACT-11: two campsite cards in different campsites exchange places, each keeping its
    face; whoever knew a card still knows it."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5], 1: [6, 7, 8, 9, 10]}, deck=[5, 1, 1, 1, 11])
    g.apply(DRAW)
    g.apply(A((1, 0)))  # seat 0 views seat 1's 6
    pass_turns(g, 3)
    g.apply(DRAW)
    g.apply(A((0, 4), (1, 0)))  # my face-up 5 with seat 1's face-down 6
    assert values(g, 0)[4] == 6 and values(g, 1)[0] == 5
    assert not faces(g, 0)[4] and faces(g, 1)[0]
    assert knowers(g, 0, 4) == {0}


def test_exchange_with_the_deck_top_R_ACT_11():
    """R-ACT-11: a campsite card and the deck top: the card moved onto the deck lies face down
    there, and whoever knew it still knows it (a face-up card: everyone); the deck card keeps
    its face too: face down in the campsite, known to nobody."""
    g = drawn(11, campsites={2: [1, 1, 1, 1, 7]}, deck=[12])
    g.apply(A((2, 4), TOP))
    assert deck_top_first(g)[0] == 7 and deck_knowers(g, 0) == ALL4
    assert values(g, 2)[4] == 12 and not faces(g, 2)[4] and knowers(g, 2, 4) == set()


def test_exchange_targets_R_ACT_11():
    """R-ACT-11: not two cards of one campsite, not the second deck card, not two deck cards."""
    g = drawn(11)
    assert_illegal(g, A((1, 0), (1, 1)), "different campsites")
    assert_illegal(g, A((1, 0), SECOND), "deck top")
    assert_illegal(g, A(TOP, SECOND), "two deck cards")
    assert_illegal(g, A((1, 0)), "exactly two")
    assert_illegal(g, A(), "needs two")
    assert_illegal(g, A((1, 0), (1, 0)), "different")


def test_eleven_without_a_pair_is_played_with_no_targets_R_ACT_11():
    """R-ACT-11: if no pair exists the 11 is played with `[]` and does nothing.

    (Reaching one non-empty campsite and an empty deck by play takes a whole scripted round;
    the table is cut down by hand here: the legality check reads only the table's shape.)"""
    g = drawn(11)
    for s in (1, 2, 3):
        g.campsites[s] = []
    g.deck.clear()
    g.deck_known.clear()
    assert g.legal_acts() == [Act(())]
    assert_illegal(g, A((0, 0), TOP), "no card at position 0")
    assert_illegal(g, A((0, 0), (0, 1)), "different campsites")
    row = values(g, 0)
    g.apply(A())
    assert values(g, 0) == row and g.discard[-1] == 11


def test_exchange_brings_a_flipped_deck_top_face_down_known_to_all_R_ACT_11():
    """R-ACT-11 with R-ACT-8: a flipped deck card lies face down but known to all; exchanged
    into a campsite it stays face down there, still known to all, and the campsite card that
    goes onto the deck is known to whoever knew it (nobody here)."""
    g = stacked_game(4, campsites={2: [6]}, deck=[8, 11, 9])
    g.apply(DRAW)
    g.apply(A(TOP, SECOND))  # the 11 and the 9: known to all, still on the deck
    g.apply(DRAW)  # seat 1 draws the 11, seen by everyone
    assert all(g.view(s).drawn == 11 for s in range(4))
    g.apply(A((2, 0), TOP))
    assert values(g, 2)[0] == 9 and not faces(g, 2)[0] and knowers(g, 2, 0) == ALL4
    assert deck_top_first(g)[0] == 6 and deck_knowers(g, 0) == set()
    assert all(g.view(s).campsites[2][0][0] == 9 for s in range(4))


def cut_down(g: Game, keep: dict, deck: int) -> None:
    """Empty every campsite but `keep` ({seat: cards}) and leave `deck` cards on the deck.

    (A table this bare takes a long scripted round to reach; legality and the action read
    only the table's shape, so the test cuts it down by hand.)"""
    for s in range(g.campers):
        g.campsites[s] = [(v, True, 0) for v in keep.get(s, [])]
    del g.deck[: len(g.deck) - deck]
    del g.deck_known[: len(g.deck_known) - deck]


@pytest.mark.parametrize(
    "keep, deck, target, gone", [({2: [7]}, 0, (2, 0), 7), ({}, 1, TOP, 4), ({}, 0, None, None)]
)
def test_discard_two_with_fewer_cards_R_ACT_9(keep, deck, target, gone):
    """R-ACT-9 uses as many targets as exist: one card in all (a campsite card or the deck
    top), or none; the 9 is still placed face up in the actor's campsite."""
    g = drawn(9, deck=[4])
    cut_down(g, keep, deck)
    targets = (target,) if target else ()
    assert g.legal_acts() == [Act(targets, end) for end in ("left", "right")]
    pile = len(g.discard)
    g.apply(Act(targets, "left"))
    assert values(g, 0) == [9] and faces(g, 0) == [True]
    assert g.discard[pile:] == ([gone] if gone else [])


def test_discard_one_with_nothing_to_discard_R_ACT_10():
    """R-ACT-10 with no campsite card and an empty deck: the 10 is played with no target."""
    g = drawn(10)
    cut_down(g, {}, 0)
    assert g.legal_acts() == [Act(())]
    g.apply(A())
    assert g.discard[-1] == 10 and g.phase == "round_over"  # R-END-2: the deck is empty


@pytest.mark.parametrize("keep, deck, target", [({}, 1, TOP), ({3: [5]}, 0, (3, 0))])
def test_twelve_with_one_card_to_view_has_no_exchange_decision_R_ACT_12(keep, deck, target):
    """R-ACT-12: fewer than two cards viewed (only one card exists): no exchange decision."""
    g = drawn(12)
    cut_down(g, keep, deck)
    assert g.legal_acts() == [Act((target,))]
    seen, mask = (5, 0b1111) if keep else (g.deck_card(0)[0], 0b0001)  # cut_down lays cards face up
    events = g.apply(A(target))
    assert has_event(events, ev.CardViewed(0, target, seen, mask))
    assert g.twelve is None and g.phase != "twelve"
    assert g.turn == 1 or g.phase == "round_over"


def test_twelve_swaps_a_face_up_card_with_the_deck_top_R_ACT_12():
    """R-ACT-12 exchange as R-ACT-11: the face-up card goes onto the deck face down, known to
    all; the deck top comes face down into its slot, known to the viewer."""
    g = drawn(12, campsites={1: [1, 1, 1, 1, 8]}, deck=[13])
    g.apply(A((1, 4), TOP))
    g.apply(SWAP)
    assert values(g, 1)[4] == 13 and not faces(g, 1)[4] and knowers(g, 1, 4) == {0}
    assert deck_top_first(g)[0] == 8 and deck_knowers(g, 0) == ALL4


# ---- R-ACT-12 --------------------------------------------------------------------------
def test_view_two_then_swap_R_ACT_12():
    """R-ACT-12: view two cards (face up or down) in different campsites, then decide; a swap
    works as R-ACT-11 (faces kept, knowledge follows the cards)."""
    g = drawn(12, campsites={1: [1, 1, 1, 1, 8], 3: [6]})
    g.apply(A((1, 4), (3, 0)))
    assert g.phase == "twelve" and g.turn == 0 and knowers(g, 3, 0) == {0}
    shown = state_dict(g)
    assert (shown["phase"], shown["turn"], shown["discard"][0]) == ("twelve", 0, 12)
    assert g.legal_decisions() == [SWAP, KEEP]
    assert_illegal(g, DISCARD, "swap or keep")
    g.apply(SWAP)
    assert values(g, 1)[4] == 6 and not faces(g, 1)[4] and knowers(g, 1, 4) == {0}
    assert values(g, 3)[0] == 8 and faces(g, 3)[0]
    assert g.turn == 1 and g.phase == "start"


def test_the_twelve_lies_on_the_discard_pile_while_its_exchange_is_decided_R_ACT_12():
    """R-ACT-12 (with "the card goes face up on the discard pile, then the action is carried
    out"): while the exchange is decided the 12 is on the discard pile, not in a hand, so the
    replay state shows `drawn` null, for everyone and for every seat, and the 12 once."""
    g = drawn(12, campsites={1: [9], 3: [6]})
    g.apply(A((1, 0), (3, 0)))
    assert g.phase == "twelve"
    for seat in (None, 0, 1, 2, 3):
        shown = state_dict(g, seat)
        assert (shown["phase"], shown["turn"], shown["drawn"]) == ("twelve", 0, None)
        assert shown["discard"][0] == 12
        on_table = [c["card"] for row in shown["campsites"] for c in row] + shown["discard"]
        assert on_table.count(12) == 1 + sum(1 for row in g.campsites for c in row if c[0] == 12)


def test_view_two_then_keep_R_ACT_12():
    """R-ACT-12: keeping leaves both cards where they are (and known to the viewer)."""
    g = drawn(12, campsites={1: [9], 3: [6]})
    g.apply(A((1, 0), (3, 0)))
    events = g.apply(KEEP)
    assert has_event(events, ev.ExchangeDeclined(0))
    assert values(g, 1)[0] == 9 and values(g, 3)[0] == 6
    assert knowers(g, 1, 0) == {0} and knowers(g, 3, 0) == {0}


def test_twelve_swaps_the_top_two_of_the_deck_R_ACT_12():
    """R-ACT-12: viewing the top two of the deck, an exchange swaps their order."""
    g = drawn(12, deck=[10, 11])
    g.apply(A(SECOND, TOP))
    assert g.phase == "twelve"
    g.apply(SWAP)
    assert deck_top_first(g)[:2] == [11, 10]
    assert deck_knowers(g, 0) == {0} and deck_knowers(g, 1) == {0}


def test_twelve_campsite_and_deck_top_R_ACT_12():
    """R-ACT-12: a campsite card and the deck top can be exchanged; the viewer knows both."""
    g = drawn(12, campsites={2: [4]}, deck=[13])
    g.apply(A((2, 0), TOP))
    g.apply(SWAP)
    assert values(g, 2)[0] == 13 and knowers(g, 2, 0) == {0}
    assert deck_top_first(g)[0] == 4 and deck_knowers(g, 0) == {0}


def test_twelve_in_one_campsite_has_no_exchange_decision_R_ACT_12():
    """R-ACT-12: two cards of one campsite are viewed, and there is no exchange decision."""
    g = drawn(12, campsites={1: [3, 4]})
    g.apply(A((1, 0), (1, 4)))
    assert g.phase == "start" and g.turn == 1 and g.twelve is None
    assert knowers(g, 1, 0) == {0}
    assert values(g, 1)[0] == 3 and faces(g, 1)[4]
    assert_illegal(g, SWAP, "start of a turn")


def test_twelve_targets_R_ACT_12():
    """R-ACT-12: two different cards; deck the top or the top two, never the second alone."""
    g = drawn(12)
    assert_illegal(g, A((1, 0), SECOND), "top")
    assert_illegal(g, A((1, 0)), "takes 2")
    assert_illegal(g, A((1, 3), (1, 3)), "different")
    assert g.is_legal(A((1, 3), (2, 4)))  # face-up cards are fine


def test_twelve_viewing_one_deck_card_left_R_ACT_12():
    """R-ACT-12: with one deck card left a campsite card and the top are still two targets."""
    g = all_face_up(1, 12)
    assert g.is_legal(A((1, 0), TOP))
    assert_illegal(g, A(TOP, SECOND), "no card at position 1")


# ---- R-ACT-13 --------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
@pytest.mark.parametrize("end", ["left", "right"])
def test_place_the_thirteen_at_either_end_of_any_campsite_R_ACT_13(seat, end):
    """R-ACT-13: the 13 goes face up at either end of any camper's campsite (own included)."""
    g = drawn(13)
    before = values(g, seat)
    g.apply(A(seat=seat, end=end))
    row = values(g, seat)
    assert row == ([13, *before] if end == "left" else [*before, 13])
    assert faces(g, seat)[0 if end == "left" else -1]
    assert 13 not in g.discard


def test_thirteen_needs_a_seat_at_the_table_R_ACT_13():
    """R-ACT-13: the seat must exist and the end be left or right."""
    g = drawn(13)
    assert_illegal(g, A(seat=4), "camper")
    assert_illegal(g, A(seat=-1), "camper")
    assert_illegal(g, A(), "camper")
    assert_illegal(g, A(seat=1, end="top"), "left or right")
    assert len(g.legal_acts()) == 8
