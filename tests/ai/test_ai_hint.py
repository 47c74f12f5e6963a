"""Hints (`ai.hint.best_decision`): a legal decision of the top level, a reason with numbers,
from the seat's view and events only (R-INFO-5), reproducible from the seed.

The top level searches every decision; here, where whole games of hints are checked, it
searches fewer tables (`LIGHT_SEARCH`), as in test_ai.py."""

from __future__ import annotations

import random
import re

import pytest
from decks import hide_shuffle
from searching import LIGHT_SEARCH

from ai import LEVELS, make_bot
from ai.hint import best_decision as hint_of
from game.rules.state import Game

NAMES = ["Ada", "Cal", "Bea", "Dov", "Eli", "Fay"]


def best_decision(view, events, seed: int = 0, names=None):
    """The hint, its search light (the module's docstring)."""
    return hint_of(view, events, seed, names, LIGHT_SEARCH)


def _positions(campers: int, seed: int, every: int = 3):
    """Positions of a game played on by the hints themselves: (game, seat) every few moves."""
    game = Game(campers, seed)
    n = 0
    while game.phase != "over":
        if game.phase == "round_over":
            game.next_round()
            continue
        seat = game.turn
        if n % every == 0:
            yield game, seat
        decision, _ = best_decision(game.view(seat), game.events_for(seat), seed)
        game.play(decision)
        n += 1


@pytest.mark.slow
@pytest.mark.parametrize("campers", (3, 4, 6))
def test_a_hint_is_legal_and_gives_numbers(campers: int) -> None:
    seen_kinds = set()
    for game, seat in _positions(campers, 11):
        decision, reason = best_decision(game.view(seat), game.events_for(seat), 3, NAMES)
        assert game.why_illegal(decision) is None
        assert reason.endswith(".") and reason[0].isupper()
        seen_kinds.add(type(decision).__name__)
        if type(decision).__name__ in ("Replace", "Take", "Draw", "Scram", "Discard"):
            assert re.search(r"\d", reason), reason
    assert {"Draw", "Replace"} <= seen_kinds


@pytest.mark.slow
def test_a_hint_never_uses_a_hidden_card() -> None:
    """R-INFO-5: permuting every card the seat does not know leaves the hint unchanged, even
    when the events are passed unfiltered (they are filtered for the seat again)."""
    rng = random.Random(4)
    checked = 0
    for game, seat in _positions(4, 21, every=2):
        other = hide_shuffle(game, seat, rng)
        a = best_decision(game.view(seat), game.events, 5)
        b = best_decision(other.view(seat), game.events_for(seat), 5)
        assert a == b
        checked += 1
    assert checked > 20


def test_a_hint_is_reproducible_and_only_for_the_seat_to_move() -> None:
    game = Game(4, 8)
    seat = game.turn
    one = best_decision(game.view(seat), game.events_for(seat), 1)
    assert one == best_decision(game.view(seat), game.events_for(seat), 1)
    with pytest.raises(ValueError, match="whose turn"):
        best_decision(game.view((seat + 1) % 4), game.events_for((seat + 1) % 4), 1)


def test_every_level_has_a_line_for_the_new_game_screen() -> None:
    from ai import LEVEL_LINES, LEVELS

    assert list(LEVEL_LINES) == list(LEVELS)
    for level, line in LEVEL_LINES.items():
        assert "\n" not in line and len(line) < 130, level
        assert "Remembers" in line and "count" in line, level
        assert "search" in line or "guessed tables" in line, level
    assert "every card" in LEVEL_LINES[LEVELS[-1]]


def test_a_last_round_long_shot_scram_says_it_is_for_the_game() -> None:
    """R-GAME-2: in the game's last round the top level may declare below its usual chance
    (the game, not the round, is at stake); the hint says so, and only then."""
    from test_ai_scram import _two_cards_in_round

    from ai.bots import LEVEL_PARAMS, LevelBot
    from ai.hint import explain
    from game.rules.decisions import SCRAM

    for final in (True, False):
        game = _two_cards_in_round(final)
        bot = LevelBot(LEVEL_PARAMS["trailblazer"], 0, 4, 1)
        bot.observe(game.events_for(0))
        k = bot.know(game.view(0))
        long_shot = explain(k, SCRAM, NAMES, 0.4)
        assert "40%" in long_shot
        assert ("last round" in long_shot) is final
        assert "last round" not in explain(k, SCRAM, NAMES, 0.9)


@pytest.mark.slow
@pytest.mark.parametrize("campers", (4, 6))
def test_a_hint_names_each_card_by_owner_and_place_and_calls_a_guess_a_guess(campers: int) -> None:
    """A hint names a campsite card by its owner and place ("your 2nd
    card", "Cal's 1st card"), and a figure resting on a face-down card says it is a guess
    from counting: never a bare "about 6" that an = or a 2 may turn out to be."""
    guesses = named = 0
    for game, seat in _positions(campers, 17, every=1):
        decision, reason = best_decision(game.view(seat), game.events_for(seat), 3, NAMES)
        assert "face-down card (about" not in reason, reason
        chosen = getattr(decision, "cards", ()) or getattr(decision, "targets", ())
        targets = [t for t in chosen if t[0] != "deck"]
        for s, i in targets:
            owner = "your" if s == seat else f"{NAMES[s]}'s"
            place = {1: "1st", 2: "2nd", 3: "3rd"}.get(i + 1, f"{i + 1}th")
            assert f"{owner} {place} card" in reason, reason
            named += 1
        hidden = any(game.view(seat).campsites[s][i][0] is None for s, i in targets)
        if hidden and re.search(r"drops by about|level \(", reason):
            assert "a guess" in reason and "from the cards seen" in reason, reason
            guesses += 1
    assert named > 20 and guesses > 3


# each case searches whole tables for seconds (the 3-camper duo searches too): slow
@pytest.mark.slow
@pytest.mark.parametrize("campers", (3, 4, 6))
def test_the_hint_is_the_top_levels_decision_and_says_where_its_search_overruled_the_count(
    campers: int,
) -> None:
    """The hint is what the game's top level plays in the seat (its search included); where
    the search chose otherwise than counting alone, the sentence says so with its figures."""
    overruled = last = 0
    for game, seat in _positions(campers, 31, every=1):
        view = game.view(seat)
        bot = make_bot(LEVELS[-1], seat, campers, 9, LIGHT_SEARCH)
        bot.observe(game.events_for(seat))
        decision, reason = best_decision(view, game.events_for(seat), 9, NAMES)
        assert decision == bot.decide(view)
        if bot.overruled is not None and type(decision).__name__ != "Scram":
            assert ": played out on " in reason and " tables guessed from what you have seen, it " in reason
            if view.round == view.rounds:  # the search judged games, not points: no figure
                assert "it leaves your team better placed to win the game than " in reason, reason
                last += 1
            else:
                assert re.search(r"it comes out (about \d+\.\d points|a little) better for your team", reason)
            assert reason.endswith(", which counting alone prefers."), reason
            overruled += 1
        else:
            assert "played out" not in reason, reason
    assert overruled >= 5 and last >= 1
