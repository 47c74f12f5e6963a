"""Keeping a drawn or taken card by replacing campsite cards (R-REPL-*)."""

import pytest
from decks import TOP, R, assert_illegal, discard_top_first, faces, knowers, pass_turns, stacked_game, values

from game.rules import events as ev
from game.rules.cards import EQ
from game.rules.decisions import DRAW, TAKE, Act


# ---- R-REPL-1: which cards may be chosen ---------------------------------------------
def test_first_card_must_be_own_R_REPL_1():
    """R-REPL-1: the first chosen card must be in the camper's own campsite."""
    g = stacked_game(4, deck=[6])
    g.apply(DRAW)
    assert_illegal(g, R((2, 0)), "first card")
    assert_illegal(g, R((2, 0), (0, 0)), "first card")


def test_teammates_cards_may_join_opponents_may_not_R_REPL_1():
    """R-REPL-1: the others may be own or teammates' cards, never an opponent's."""
    g = stacked_game(4, campsites={0: [6, 1, 1, 1, 1], 2: [6], 1: [6]}, deck=[6])
    g.apply(DRAW)
    assert_illegal(g, R((0, 0), (1, 0)), "opponent")
    assert_illegal(g, R((0, 0), (3, 0)), "opponent")
    g.apply(R((0, 0), (2, 0)))  # a teammate's 6 with my 6: a match
    assert values(g, 0)[0] == 6 and len(values(g, 2)) == 4


def test_solo_has_no_partners_duo_shares_R_REPL_1():
    """R-REPL-1 with 3 campers: the solo may use only its own cards; a duo camper its partner's."""
    g = stacked_game(3, deck=[6, 6])
    g.apply(DRAW)
    assert_illegal(g, R((0, 0), (1, 0)), "opponent")
    assert {t[0] for t in g.replacement_partners()} == {0}
    g.apply(R((0, 0)))
    g.apply(DRAW)
    assert {t[0] for t in g.replacement_partners()} == {1, 2}
    assert g.is_legal(R((1, 0), (2, 4)))
    assert_illegal(g, R((1, 0), (0, 0)), "opponent")


def test_no_card_twice_no_deck_card_nothing_missing_R_REPL_1():
    """R-REPL-1: one card cannot be chosen twice; only campsite cards (never the drawn card or
    the deck); the chosen cards must exist; at least one card."""
    g = stacked_game(4, deck=[6])
    g.apply(DRAW)
    assert_illegal(g, R((0, 1), (0, 1)), "twice")
    assert_illegal(g, R((0, 1), TOP), "deck")
    assert_illegal(g, R((0, 5)), "no card")
    assert_illegal(g, R((0, 0), (2, 9)), "no card")
    assert_illegal(g, R(), "at least one")


def test_face_down_cards_are_chosen_without_looking_R_REPL_1():
    """R-REPL-1: choosing face-down cards needs no knowledge of them (nobody knows them here)."""
    g = stacked_game(4, campsites={0: [3, 3]}, deck=[6])
    g.apply(DRAW)
    assert g.view(0).campsites[0][0][0] is None
    g.apply(R((0, 0), (0, 1)))
    assert values(g, 0)[0] == 6


# ---- R-REPL-2/3: matching --------------------------------------------------------------
@pytest.mark.parametrize(
    "row, chosen",
    [
        ([7, 1, 7, 2, 7], [(0, 0), (0, 2), (0, 4)]),  # equal values
        ([7, "=", 1, 2, 3], [(0, 0), (0, 1)]),  # `=` matches anything
        (["=", "=", 1, 2, 3], [(0, 0), (0, 1)]),  # only `=` cards match
        ([9, 1, 2, 3, 4], [(0, 0)]),  # one card alone always matches
        (["=", 5, "=", 5, 6], [(0, 1), (0, 0), (0, 2), (0, 3)]),
    ],
)
def test_cards_match_R_REPL_2(row, chosen):
    """R-REPL-2: they match when every non-`=` card has the same value."""
    g = stacked_game(4, campsites={0: row}, deck=[11])
    g.apply(DRAW)
    events = g.apply(R(*chosen))
    revealed = next(e for e in events if type(e) is ev.ReplacementRevealed)
    assert revealed.matched and revealed.penalties == 0
    assert len(values(g, 0)) == 5 - len(chosen) + 1


@pytest.mark.parametrize(
    "row, chosen", [([7, 8, 1, 1, 1], [(0, 0), (0, 1)]), ([7, "=", 8, 1, 1], [(0, 0), (0, 1), (0, 2)])]
)
def test_cards_do_not_match_R_REPL_2(row, chosen):
    """R-REPL-2: two different numbered values do not match, with or without `=`."""
    g = stacked_game(4, campsites={0: row}, deck=[11])
    g.apply(DRAW)
    events = g.apply(R(*chosen))
    assert not next(e for e in events if type(e) is ev.ReplacementRevealed).matched
    assert len(values(g, 0)) == 6


def test_match_discards_eq_below_and_closes_holes_R_REPL_3():
    """R-REPL-3: on a match all chosen cards go to the discard pile, `=` below the numbered ones;
    the kept card fills the first chosen card's slot; every other hole closes up in order."""
    g = stacked_game(4, campsites={0: [5, "=", 5, 9, 5], 2: [1, 5, 2, 3, 4]}, discard=13, deck=[11])
    g.apply(DRAW)
    g.apply(R((0, 2), (0, 0), (0, 1), (2, 1)))
    assert values(g, 0) == [11, 9, 5]
    assert faces(g, 0) == [False, True, True]
    assert values(g, 2) == [1, 2, 3, 4]
    assert discard_top_first(g) == [5, 5, 5, EQ, 13]


def test_match_with_one_card_in_the_middle_R_REPL_3():
    """R-REPL-3: a single chosen card is swapped in place."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, deck=[12])
    g.apply(DRAW)
    g.apply(R((0, 3)))
    assert values(g, 0) == [1, 2, 3, 12, 5]
    assert g.discard[-1] == 4


# ---- R-REPL-4/5: no match ----------------------------------------------------------------
@pytest.mark.parametrize("end, expect", [("right", [1, 2, 3, 4, 5, 12]), ("left", [12, 1, 2, 3, 4, 5])])
def test_no_match_keeps_cards_face_up_and_adds_at_an_end_R_REPL_4(end, expect):
    """R-REPL-4: every chosen card stays, now face up; the kept card goes to the named end."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, discard=13, deck=[12])
    g.apply(DRAW)
    g.apply(R((0, 0), (0, 1), end=end))
    assert values(g, 0) == expect
    up = faces(g, 0)
    at = {"right": 0, "left": 1}[end]
    assert up[at] and up[at + 1]  # the chosen 1 and 2, turned face up
    assert discard_top_first(g) == [13]


def test_no_match_default_end_is_right_R_REPL_4():
    """R-REPL-4: right if the replacement names no end (the record form omits it)."""
    from game.rules.decisions import from_json

    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, deck=[12])
    g.apply(DRAW)
    d = from_json({"do": "replace", "cards": [[0, 0], [0, 1]]}, g.holding())
    assert d.end == "right"
    g.apply(d)
    assert values(g, 0) == [1, 2, 3, 4, 5, 12]


def test_failed_team_replacement_leaves_teammate_cards_face_up_R_REPL_4():
    """R-REPL-4: a teammate's chosen card stays in its campsite, face up for the rest of the round."""
    g = stacked_game(4, campsites={0: [1], 2: [2]}, deck=[12])
    g.apply(DRAW)
    g.apply(R((0, 0), (2, 0)))
    assert values(g, 2)[0] == 2 and faces(g, 2)[0]
    assert values(g, 0) == [1, *values(g, 0)[1:5], 12] and faces(g, 0)[0]


@pytest.mark.parametrize(
    "row, chosen, extra",
    [
        ([1, 2, 3, 4, 5], 2, 0),  # 2 distinct: no penalty
        ([1, 2, "=", 4, 5], 3, 0),  # `=` does not count: 2 distinct
        ([1, 2, 3, 4, 5], 3, 1),  # 3 distinct: 1 extra
        ([1, 2, "=", 3, 5], 4, 1),
        ([1, 1, 2, 3, 5], 4, 1),  # 3 distinct values among 4 cards
        ([1, 2, 3, 4, 5], 4, 2),  # 4 distinct: 2 extra
        ([1, 2, 3, 4, 5], 5, 3),  # 5 distinct: 3 extra
    ],
)
def test_penalty_counts_R_REPL_5(row, chosen, extra):
    """R-REPL-5: count distinct numbered values (not `=`): 3 → 1 extra, 4 → 2, 5 or more → 3."""
    g = stacked_game(4, campsites={0: row}, deck=[12])
    g.apply(DRAW)
    deck = g.deck_count
    events = g.apply(R(*[(0, i) for i in range(chosen)]))
    revealed = next(e for e in events if type(e) is ev.ReplacementRevealed)
    assert not revealed.matched and revealed.penalties == extra
    assert g.deck_count == deck - extra
    assert len(values(g, 0)) == 5 + 1 + extra
    assert sum(1 for e in events if type(e) is ev.CardPlaced and e.penalty) == extra


def test_six_distinct_values_still_three_extra_R_REPL_5():
    """R-REPL-5: "5 or more": 6 distinct values with a teammate's card draw 3 extra."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5], 2: [6]}, deck=[12])
    g.apply(DRAW)
    events = g.apply(R(*[(0, i) for i in range(5)], (2, 0)))
    assert next(e for e in events if type(e) is ev.ReplacementRevealed).penalties == 3
    assert len(values(g, 0)) == 9


@pytest.mark.parametrize(
    "end, expect", [("right", [1, 2, 3, 4, 5, 12, 7, 8, 9]), ("left", [9, 8, 7, 12, 1, 2, 3, 4, 5])]
)
def test_penalty_cards_go_outside_the_kept_card_R_REPL_5(end, expect):
    """R-REPL-5: extra cards go face down to the kept card's end, each outside the one before
    (right: …, kept, P1, P2, P3; left: P3, P2, P1, kept, …), unseen by anyone."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, deck=[12, 7, 8, 9])
    g.apply(DRAW)
    g.apply(R(*[(0, i) for i in range(5)], end=end))
    assert values(g, 0) == expect
    slots = {v: i for i, v in enumerate(expect)}
    for p in (7, 8, 9):
        assert not faces(g, 0)[slots[p]] and knowers(g, 0, slots[p]) == set()
    assert knowers(g, 0, slots[12]) == {0}


def _short_deck_table(end):
    """Seat 0 fails a 5-value replacement when the deck holds 2 cards after its draw."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, bottom=[12, 7, 8])
    pass_turns(g, 32)
    assert g.turn == 0 and g.deck_count == 3
    g.apply(DRAW)
    return g, g.apply(R(*[(0, i) for i in range(5)], end=end))


@pytest.mark.parametrize(
    "end, expect", [("right", [1, 2, 3, 4, 5, 12, 7, 8]), ("left", [8, 7, 12, 1, 2, 3, 4, 5])]
)
def test_penalty_when_the_deck_runs_short_R_REPL_5(end, expect):
    """R-REPL-5: if the deck runs short, draw what is there (2 of 3); the empty deck then ends
    the round at the next turn's start (R-END-2)."""
    g, events = _short_deck_table(end)
    assert next(e for e in events if type(e) is ev.ReplacementRevealed).penalties == 3
    assert sum(1 for e in events if type(e) is ev.CardPlaced and e.penalty) == 2
    assert values(g, 0) == expect
    assert g.deck_count == 0 and g.phase == "round_over"


def test_penalty_known_only_to_who_saw_it_on_the_deck_R_REPL_5():
    """R-REPL-5 / R-INFO-2: seat 3 viewed the top two with a 6; seat 0 draws the first (kept:
    known to 0 and 3) and fails; the penalty card is known to seat 3 alone."""
    g = stacked_game(4, start=3, campsites={0: [1, 2, 3, 4, 5]}, deck=[6, 12, 9])
    g.apply(DRAW)
    g.apply(Act((TOP, ("deck", 1))))
    assert g.turn == 0
    g.apply(DRAW)
    assert g.drawn == 12 and g.drawn_mask == 0b1001
    g.apply(R((0, 0), (0, 1), (0, 2)))
    assert values(g, 0)[5:] == [12, 9]
    assert knowers(g, 0, 5) == {0, 3}
    assert knowers(g, 0, 6) == {3}
    assert g.view(0).campsites[0][6][0] is None and g.view(3).campsites[0][6][0] == 9


# ---- R-REPL-6 --------------------------------------------------------------------------
def test_kept_card_from_deck_is_face_down_known_to_drawer_R_REPL_6():
    """R-REPL-6: a kept card from the draw deck lies face down; its drawer knows it."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, deck=[12])
    g.apply(DRAW)
    g.apply(R((0, 4)))  # even in a face-up slot
    assert values(g, 0)[4] == 12 and not faces(g, 0)[4]
    assert knowers(g, 0, 4) == {0}
    assert g.view(1).campsites[0][4][0] is None


def test_kept_card_from_discard_is_face_up_R_REPL_6():
    """R-REPL-6: a kept card from the discard pile lies face up (also after a failed replace)."""
    g = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, discard=12)
    g.apply(TAKE)
    g.apply(R((0, 0)))
    assert values(g, 0)[0] == 12 and faces(g, 0)[0]
    g2 = stacked_game(4, campsites={0: [1, 2, 3, 4, 5]}, discard=12)
    g2.apply(TAKE)
    g2.apply(R((0, 0), (0, 1), end="left"))
    assert values(g2, 0)[0] == 12 and faces(g2, 0)[0]
