"""The sage: a reference that searches every decision, from its seat's belief alone.

Its searches are cut down here (`CHEAP`: fewer guessed tables) so that whole games stay
seconds; the code they run is the one measured at full size (bench/results/).
"""

from __future__ import annotations

import copy
import random

import pytest
from decks import hide_shuffle
from test_ai_low_cards import _the_table

from ai import make_bot
from ai.deep import Deep, SearchingBot, _prune
from ai.driver import feed, play_game
from ai.search import forgetful_mates, greedy
from game.rules import DRAW, Act, Game, Replace, team_of

CHEAP = {"least": 8, "most": 16, "batch": 8, "scram_samples": 16}


def _table(campers: int, seed: int, team: int = 0, knobs: dict | None = None) -> list:
    """Sages (cheap) for `team`, quick trailblazers for the other (3 campers: team 0 is the
    solo, team 1 the duo)."""
    return [
        make_bot("sage", s, campers, seed + s, CHEAP | (knobs or {}))
        if team_of(s, campers) == team
        else make_bot("quick", s, campers, seed + s)
        for s in range(campers)
    ]


def test_the_trailblazer_searches_every_decision_at_every_table_size() -> None:
    """At 6, 4 and 3 campers alike the game's trailblazer is the sage's search under its
    own name (its lead measured on 1000 deals at each size); the
    reference `quick` is its one-step policy under another name at every size."""
    from ai.bots import LEVEL_PARAMS, LevelBot

    for campers in (3, 4, 6):
        bot = make_bot("trailblazer", 1, campers, 5)
        assert isinstance(bot, SearchingBot) and bot.level == "trailblazer" and bot.deep == Deep()
        assert bot.params.scram_samples == 2 * LEVEL_PARAMS["trailblazer"].at_table(campers).scram_samples
        quick = make_bot("quick", 1, campers, 5)
        assert type(quick) is LevelBot and quick.level == "quick"
        assert quick.params.scram_samples == LEVEL_PARAMS["trailblazer"].at_table(campers).scram_samples


def test_the_sage_is_a_reference_with_search_knobs() -> None:
    bot = make_bot("sage", 0, 4, 1, {"most": 64, "scram_p_min": 0.7})
    assert isinstance(bot, SearchingBot) and bot.level == "sage"
    assert bot.deep == Deep(most=64) and bot.params.scram_p_min == 0.7
    assert bot.params.measured and bot.params.slots is None  # the trailblazer's belief


def test_pruning_keeps_the_leader_and_the_close_ones() -> None:
    """An option is dropped when it trails the leader by more than z standard errors of the
    paired differences; a close one stays."""
    rng = random.Random(3)
    noise = [rng.gauss(0, 1) for _ in range(64)]
    lead = [5 + x for x in noise]
    close = [5 + x + rng.gauss(0, 0.5) - 0.05 for x in noise]
    far = [5 + x + rng.gauss(0, 0.5) - 2.0 for x in noise]
    assert _prune([lead, close, far], [0, 1, 2], 64, 2.0) == [0, 1]


def test_an_easy_decision_takes_few_tables_and_a_close_one_more() -> None:
    """Adaptive sampling: with a 9 in hand at the table of test_ai_low_cards.py, the options far
    apart are settled after the first tables, and no search passes `Deep.most`."""
    game = _the_table()
    bot = make_bot("sage", 2, 4, 0, {"least": 16, "most": 128})
    feed([bot], game.events)
    decision = bot.decide(game.view(2))
    assert game.why_illegal(decision) is None
    assert not (type(decision) is Act and any(t[0] == 2 for t in decision.targets))
    assert 1 <= bot.searched and 16 <= bot.tables / bot.searched <= 128


MEASURING = ({}, {"playout": "one-step"}, {"scram_out": True}, {"partner": "forgetful"})


@pytest.mark.parametrize(
    "knobs", MEASURING, ids=("as shipped", "one-step playouts", "Scram out", "forgetful partner")
)
def test_the_sage_does_not_peek_at_one_table(knobs: dict) -> None:
    """R-INFO-5 (fast): at the table of test_ai_low_cards.py, every card seat 2 does not know
    permuted behind its back, the sage decides the same (its measuring knobs too: the
    one-step playouts, a Scram within the horizon played out)."""
    game = _the_table()
    rng = random.Random(1)
    bot = make_bot("sage", 2, 4, 0, CHEAP | knobs)
    feed([bot], game.events)
    for _ in range(4):
        other = hide_shuffle(game, 2, rng)
        assert other.view(2).key() == game.view(2).key()
        a, b = copy.deepcopy(bot), copy.deepcopy(bot)
        assert a.decide(game.view(2)) == b.decide(other.view(2))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("campers", "team", "knobs"),
    [(3, 0, {}), (3, 1, {}), (4, 0, {}), (6, 0, {}), (4, 0, {"partner": "forgetful"})],
    ids=("3 campers, the solo", "3 campers, the duo", "4 campers", "6 campers", "4, forgetful partner"),
)
def test_the_sage_does_not_peek(campers: int, team: int, knobs: dict) -> None:
    """R-INFO-5 over a whole game: at every decision of a sage, the cards its seat does not
    know permuted behind its back (a copy of the bot on each table), it decides the same; at
    3 campers as the solo and as the duo campers, with a partner model too."""
    rng = random.Random(campers)
    game = Game(campers, 70 + campers)
    bots = _table(campers, 5, team, knobs)
    feed(bots, game.events)
    checked = 0
    while game.phase != "over":
        seat = game.turn
        bot = bots[seat]
        view = game.view(seat)
        if bot.level == "sage" and rng.random() < 0.5:
            other = hide_shuffle(game, seat, rng)
            assert other.view(seat).key() == view.key()
            a, b = copy.deepcopy(bot), copy.deepcopy(bot)
            assert a.decide(view) == b.decide(other.view(seat))
            checked += 1
        feed(bots, game.play(bot.decide(view)))
    assert checked > 40


@pytest.mark.slow
def test_the_sage_is_reproducible_and_legal() -> None:
    """The same seeds give the same game (its searches draw from the bot's seeded RNG); every
    decision is legal (`play_game` raises otherwise)."""
    a = play_game(4, _table(4, 9), 41)
    b = play_game(4, _table(4, 9), 41)
    assert a.actions == b.actions and a.scores == b.scores


def test_a_searched_plan_is_played_whole() -> None:
    """A take is searched with its replacement: the plan's second decision is legal on every
    guessed table, and the sage's choice is a decision of the first phase."""
    game = Game(4, 3)
    bot = make_bot("sage", game.turn, 4, 2, CHEAP)
    feed([bot], game.events)
    d = bot.decide(game.view(game.turn))
    assert d == DRAW or game.why_illegal(d) is None
    game.apply(DRAW)
    d = bot.decide(game.view(game.turn))
    assert game.why_illegal(d) is None
    assert type(d) in (Act, Replace) or d.do == "discard"


@pytest.mark.parametrize("partner", ("greedy", "forgetful"))
def test_the_searching_trailblazer_does_not_peek_at_3_campers_in_either_role(partner: str) -> None:
    """R-INFO-5 (fast): at 3 campers the trailblazer searches as the solo and as a duo
    camper; at decisions of every seat of a game the quick trailblazers play, every card
    that seat does not know permuted behind its back, the searching bot decides the same."""
    rng = random.Random(3)
    game = Game(3, 33)
    players = [make_bot("quick", s, 3, 40 + s) for s in range(3)]
    searchers = [make_bot("trailblazer", s, 3, 50 + s, CHEAP | {"partner": partner}) for s in range(3)]
    feed(players + searchers, game.events)
    checked = [0, 0, 0]
    while game.phase != "over" and min(checked) < 4:
        seat = game.turn
        view = game.view(seat)
        if rng.random() < 0.5:
            other = hide_shuffle(game, seat, rng)
            assert other.view(seat).key() == view.key()
            a, b = copy.deepcopy(searchers[seat]), copy.deepcopy(searchers[seat])
            assert a.decide(view) == b.decide(other.view(seat)), seat
            checked[seat] += 1
        feed(players + searchers, game.play(players[seat].decide(view)))
    assert min(checked) >= 4, checked


def test_a_forgetful_partner_model_plays_the_teammates_on_face_up_cards_alone() -> None:
    """`Deep.partner="forgetful"`: in the playouts the searching seat's teammates play as if
    they remembered none of the face-down cards they saw, everybody else on all they saw;
    over a game's positions that changes some of the teammate's play, and an unknown model
    is an error, not a silent default."""
    game = Game(4, 12)
    bots = [make_bot("ranger", s, 4, 60 + s) for s in range(4)]
    feed(bots, game.events)
    step = forgetful_mates(0, 4)
    differs = 0
    while game.phase != "over":
        g = game.copy()
        if g.turn == 2:  # seat 0's teammate
            assert step(g) == greedy(g, True)
            differs += greedy(g) != greedy(g, True)
        else:
            assert step(g) == greedy(g)
        feed(bots, game.play(bots[game.turn].decide(game.view(game.turn))))
    assert differs > 0
    with pytest.raises(ValueError):
        Deep(partner="itself")
    with pytest.raises(ValueError):
        Deep(partner="forgetful", playout="one-step")
    assert make_bot("trailblazer", 0, 4, 1, {"partner": "forgetful"}).deep.partner == "forgetful"
