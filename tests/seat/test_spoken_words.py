"""The table's spoken words beyond the log: each card as the seat knows it, a campsite, the
piles, the scores and the turn, the prompt with its choices and keys, the round's reveal."""

from __future__ import annotations

from game.rules.cards import EQ
from game.rules.events import PUBLIC, RoundScored
from game.rules.state import Game
from game.seat.queries import TableQueries, listed
from game.seat.spoken import QUERY_KEYS, SpokenTable, prompt_words

NAMES = ["You", "Bea", "Cal", "Dot"]
TEAMS = ("Blue", "Orange")


def table_with(campsite: list[tuple]) -> tuple:
    """A view of seat 0 whose own campsite is `campsite` (value, up, who has seen it)."""
    game = Game(4, 3)
    game.campsites[0] = list(campsite)
    return game, game.view(0)


def test_each_card_says_what_the_seat_knows_of_it_and_who_else_has_seen_it():
    seen_by_me, seen_by_bea, seen_by_both = 0b0001, 0b0010, 0b0011
    _g, view = table_with(
        [(7, True, 0), (3, False, seen_by_me), (9, False, seen_by_bea), (5, False, seen_by_both)]
    )
    q = TableQueries(NAMES, 0, TEAMS)
    assert q.card(view, 0, 0) == "1st: 7, face up"
    assert q.card(view, 0, 1) == "2nd: face down, you saw 3"
    assert q.card(view, 0, 2) == "3rd: face down, seen by Bea"  # a card Bea saw: never its value
    assert q.card(view, 0, 3) == "4th: face down, you saw 5, seen by Bea too"
    assert q.mine(view) == [
        "Your campsite, 4 cards: 1st: 7, face up; 2nd: face down, you saw 3; 3rd: face down, seen by Bea;"
        " 4th: face down, you saw 5, seen by Bea too."
    ]


def test_an_empty_campsite_and_the_names_listed():
    _g, view = table_with([])
    assert TableQueries(NAMES, 0, TEAMS).mine(view) == ["Your campsite is empty."]
    assert listed(["Bea"]) == "Bea" and listed(["Bea", "Cal", "Dot"]) == "Bea, Cal and Dot"


def test_teammates_opponents_piles_scores_and_turn():
    game = Game(4, 3)
    view = game.view(0)
    words = SpokenTable(NAMES, 0, TEAMS)
    mates = words.answer("U", view, [], None, False)
    foes = words.answer("Y", view, [], None, False)
    assert [line.split(",")[0] for line in mates] == ["Cal's campsite"]
    assert [line.split(",")[0] for line in foes] == ["Bea's campsite", "Dot's campsite"]
    assert words.answer("N", view, [], None, False) == [f"The deck has {view.deck_size} cards."]
    top = view.discard[-1]
    shown = "=" if top == EQ else str(top)
    assert words.answer("P", view, [], None, False) == [f"The discard pile: {shown} on top, 1 card."]
    assert words.answer("C", view, [], None, False) == ["Round 1 of 4. Scores so far: Blue 0, Orange 0."]
    whose = "your" if game.turn == 0 else f"{NAMES[game.turn]}'s"
    assert words.answer("I", view, [], None, False) == [f"It is {whose} turn."]
    assert words.answer("B", view, ["Bea drew a card."], None, False) == ["Bea drew a card."]
    assert words.answer("G", view, [], None, True) == ["No hint asked for yet: press ? for one."]
    assert words.answer("G", view, [], "Draw: the pile's 9 is high.", True) == [
        "Hint: Draw: the pile's 9 is high."
    ]
    assert {letter for letter, _what in QUERY_KEYS} == set("MUYPNCIBG")


def test_a_spectator_has_no_campsite_and_hears_both_teams():
    game = Game(4, 3)
    view = game.view(PUBLIC)
    words = SpokenTable(NAMES, None, TEAMS)
    assert words.answer("M", view, [], None, False) == ["You are watching: no campsite is yours."]
    said = " ".join(words.answer("U", view, [], None, False) + words.answer("Y", view, [], None, False))
    assert "you saw" not in said and said.count("campsite,") == 4


def test_the_prompt_is_said_with_its_choices_and_their_keys():
    said = prompt_words("You hold a 4.", ["Throw away (X)", "Keep (K)"], cards=True)
    assert (
        said == "You hold a 4. Choices: Throw away (X), Keep (K). Tab goes from card to card, Space chooses."
    )
    assert prompt_words("Your turn: draw a card (D).", [], cards=False) == "Your turn: draw a card (D)."


def test_the_focus_items_and_the_rounds_reveal():
    game = Game(4, 3)
    view = game.view(0)
    words = SpokenTable(NAMES, 0, TEAMS)
    assert words.item(view, "deck") == f"The deck, {view.deck_size} cards."
    assert words.item(view, (0, 0)) == "Your 1st card: face down."
    assert words.item(view, (1, 0)) == "Bea's 1st card: face down."
    assert words.item(view, ("seat", 2)).startswith("Cal's campsite, ")
    scored = RoundScored(1, ((1, 2), (13,), (), (EQ, 5)), (3, 13, 0, 5), (8, 13), (8, 0), 1)
    assert words.reveal(scored, 4) == [
        "You: 1, 2; 3 points.",
        "Bea: 13; 13 points.",
        "Cal: no cards; 0 points.",
        "Dot: =, 5; 5 points.",
        "Blue: 8 in all, records 8.",
        "Orange: 13 in all, records 0.",
    ]
