"""A camper named "You" is the player addressed as you in every sentence built with a name:
"your 4th card", "You hold", "your cards", never "You's", "You holds" or "You tried
their 4th card". Whole seeded games are played with random legal decisions and every
narrated line is read, from the player's seat, from the whole table (a review's "all"), and
while a stand-in plays the player's seat."""

from __future__ import annotations

import random
import re

import pytest

from game.rules import Game
from game.rules import events as ev
from game.seat.choice_words import chosen_words
from game.seat.narration import Narrator
from game.seat.words import BOT_NAMES, capital, possessive, says, someone, verb

# "You" and a third-person ending: "You's", "You has", "You holds", "You tries", "You was"...
WRONG = re.compile(r"\bYou(?:'s|’s|\s+(?:has|is|was|does|goes|[a-z]*[^s\W]s))\b")


def played(campers: int, seed: int) -> Game:
    game = Game(campers, seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(game.sample_decision(rng))
    return game


def names_for(campers: int) -> list[str]:
    return ["You", *BOT_NAMES[: campers - 1]]


def wrong_lines(lines: list[str]) -> list[str]:
    """Lines that speak of "You" in the third person, or begin without a capital."""
    out = []
    for line in lines:
        subject_is_you = line.startswith("You ")
        if WRONG.search(line) or (subject_is_you and re.search(r"\btheir\b", line)) or not line[:1].isupper():
            out.append(line)
    return out


@pytest.mark.parametrize(("campers", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4), (6, 5), (6, 6)])
def test_no_narrated_line_of_a_whole_game_speaks_of_you_in_the_third_person(campers, seed):
    game = played(campers, seed)
    names = names_for(campers)
    mine = Narrator(names, 0).lines(game.events_for(0))
    everyone = Narrator(names, None).lines(game.events)  # the review's "all": no seat is "you"
    assert len(mine) > 50 and len(everyone) > 50
    assert wrong_lines(mine) == []
    assert wrong_lines(everyone) == []
    # the player's own cards are theirs as "your", whoever tells it
    assert any("your" in line for line in everyone)


def test_a_stand_in_playing_the_players_seat_speaks_of_your_cards():
    game = played(4, 8)
    events = game.events_for(0)
    half = len(events) // 2
    lines = Narrator(names_for(4), 0).lines_with_stand_in(events, [(half // 2, half)], "ranger")
    assert any(line.startswith("Your stand-in (ranger)") for line in lines)
    assert wrong_lines(lines) == []


def test_you_tried_your_own_card_not_their_card():
    """The line of the brief: a replacement by the camper named "You", told without a seat
    for the player (the whole table's log)."""
    tried = ev.ReplacementRevealed(0, ((0, 3),), (5,), False, 1)
    flipped = [ev.CardPlayed(1, 7), ev.CardFlipped(1, (0, 1), 9)]
    n = Narrator(["You", "Bea", "Cal", "Dot"], None)
    assert n.lines([tried]) == [
        "You tried your 4th card (5): no match, it stays face up; penalty: 1 extra card."
    ]
    assert n.lines(flipped) == ["Bea used a 7 (Flip 1): flipped your 2nd card (a 9)"]
    gave = [ev.CardPlayed(2, 13), ev.CardPlaced(2, 13, 0, 0, True, 4)]
    assert n.lines(gave) == ["Cal used a 13 (Give 13): gave the 13 to you (left end)"]


def test_one_helper_says_a_campers_possessive_and_verb():
    assert possessive("You") == "your" and possessive("you") == "your" and possessive("Bea") == "Bea's"
    assert capital(possessive("You")) == "Your" and capital("McKay's card") == "McKay's card"
    assert says("You", "hold") == "You hold" and says("Bea", "hold") == "Bea holds"
    assert verb("You", "have") == "have" and verb("Cal", "have") == "has" and verb("Dot", "try") == "tries"
    # the cards chosen, by owner: the camper named "You" has "your" cards even with no seat
    assert chosen_words([(0, 1), (2, 0)], None, ["You", "Bea", "Cal"]) == "your 2nd, Cal's 1st"


def test_another_person_who_calls_themselves_you_is_quoted():
    """On a friends' table or a review together, "You" is only ever this player: another
    person of that name reads “You” (“You” leads the review, not "You leads")."""
    assert someone("You") == "“You”" and someone("you") == "“you”" and someone("Ada") == "Ada"
    assert says(someone("You"), "lead") == "“You” leads"
