"""Scram judgement (`ai.scram`): the chance of success follows the table, the calibration
map is a proper one, the top level declares on it, the expert reference is careful."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from decks import run_out, scram_ready, stacked_deck, stacked_game

from ai.belief import Know
from ai.bots import EXPERT, LEVEL_PARAMS, LevelBot
from ai.driver import feed
from ai.scram import CALIBRATION, Outlook, calibrated, outlook
from ai.search import recorded, result
from game.rules.decisions import DISCARD, DRAW, SCRAM, Replace


def _two_cards_for_seat_0(ours_up: list, theirs_up: list):
    """R-SCRAM-1: seat 0 keeps an `=` in place of its four 5s and holds [=, 1]: Scram is
    allowed at its next turn. Its teammate shows `ours_up`, the opponents `theirs_up` (seat
    1 the first two, seat 3 the last two: all different, or the opponents would clear them
    in one matching group in their final turns, R-REPL-1)."""
    game = scram_ready({1: [6, 7, 8, *theirs_up[:2]], 2: [6, 7, 8, *ours_up], 3: [9, 9, 6, *theirs_up[2:]]})
    assert game.turn == 0 and game.is_legal(SCRAM)
    return game


def _chance(game, samples: int = 64) -> float:
    bot = LevelBot(LEVEL_PARAMS["trailblazer"], 0, 4, 1)
    feed([bot], game.events_for(0))
    k = bot.know(game.view(0))
    return outlook(k, None, random.Random(2), samples, bot.memory.last_duo).p


def test_the_chance_of_a_scram_follows_the_table() -> None:
    """R-SCORE-3: far ahead the Scram nearly always succeeds; with the teammate's 13s up and
    the opponents' low cards up it mostly fails."""
    ahead = _chance(_two_cards_for_seat_0([1, 2], [13, 12, 11, 10]))
    behind = _chance(_two_cards_for_seat_0([13, 12], [1, 2, 3, 4]))
    assert ahead > 0.9
    assert behind < ahead - 0.3


def test_the_calibration_map_is_monotone_and_a_chance() -> None:
    xs = [x for x, _ in CALIBRATION]
    ys = [y for _, y in CALIBRATION]
    assert xs == sorted(xs) and ys == sorted(ys) and xs[0] == 0.0 and xs[-1] == 1.0
    grid = [calibrated(i / 100) for i in range(101)]
    assert all(0.0 <= g <= 1.0 for g in grid) and grid == sorted(grid)


def test_the_top_level_declares_on_its_calibrated_chance() -> None:
    top = LEVEL_PARAMS["trailblazer"]
    bot = LevelBot(top, 0, 4, 3)
    ahead = _two_cards_for_seat_0([1, 2], [13, 12, 11, 10])
    feed([bot], ahead.events_for(0))
    assert bot.decide(ahead.view(0)) == SCRAM
    assert bot.scram_log and bot.scram_log[-1][1] >= top.scram_p_min
    bot = LevelBot(top, 0, 4, 3)
    behind = _two_cards_for_seat_0([13, 12], [1, 2, 3, 4])
    feed([bot], behind.events_for(0))
    assert bot.decide(behind.view(0)) != SCRAM


def test_the_expert_is_careful() -> None:
    bot = LevelBot(EXPERT, 0, 4, 3)
    behind = _two_cards_for_seat_0([13, 12], [1, 2, 3, 4])
    feed([bot], behind.events_for(0))
    assert bot.decide(behind.view(0)) != SCRAM
    assert isinstance(Know(behind.view(0), 0), Know)


def _declares(
    monkeypatch, chance: float, scram: float, wait: float, to_end: bool, game=None, params=None
) -> bool:
    """The top level's Scram call when its guessed tables give `chance` (calibrated) and the
    mean results `scram` (declaring) and `wait` (playing on)."""
    import ai.bots as bots_module

    monkeypatch.setattr(bots_module, "calibrated", lambda p: p)
    monkeypatch.setattr(
        bots_module,
        "outlook",
        lambda k, plan, *a, **kw: Outlook(chance, scram, None if plan is None else wait, 0.0, 1),
    )
    bot = LevelBot(params or LEVEL_PARAMS["trailblazer"], 0, 4, 3)
    game = game or _two_cards_for_seat_0([1, 2], [13, 12, 11, 10])
    feed([bot], game.events_for(0))
    return bot._declare(bot.know(game.view(0)), (DRAW, {}), to_end)


def test_in_the_last_turns_a_scram_worth_more_than_waiting_needs_less_chance(monkeypatch) -> None:
    """R-SCORE-3 with R-END-2 near: the round ends soon anyway, so a Scram whose chance is
    below the usual threshold is still declared when it records better than playing on."""
    top = LEVEL_PARAMS["trailblazer"]
    assert top.scram_end_p_min is not None and top.scram_end_p_min < top.scram_p_min
    middling = (top.scram_end_p_min + top.scram_p_min) / 2
    assert _declares(monkeypatch, middling, scram=6.0, wait=2.0, to_end=True)
    assert not _declares(monkeypatch, middling, scram=2.0, wait=6.0, to_end=True)
    assert not _declares(monkeypatch, middling, scram=6.0, wait=2.0, to_end=False)
    assert not _declares(monkeypatch, top.scram_end_p_min - 0.05, scram=6.0, wait=2.0, to_end=True)
    # Above the usual threshold it declares without comparing (`scram_wait` is off).
    assert _declares(monkeypatch, top.scram_p_min + 0.05, scram=2.0, wait=6.0, to_end=False)


def test_a_lower_chance_away_from_the_end_is_weighed_against_playing_on(monkeypatch) -> None:
    """`scram_mid_p_min` (a measuring knob, ai/README.md): away from the round's
    end, too, a chance between it and the usual threshold declares only when declaring
    records better than playing on; below it never."""
    top = LEVEL_PARAMS["trailblazer"]
    assert top.scram_mid_p_min is None
    gated = dataclasses.replace(top, scram_mid_p_min=top.scram_p_min - 0.1)
    middling = top.scram_p_min - 0.05
    assert _declares(monkeypatch, middling, scram=6.0, wait=2.0, to_end=False, params=gated)
    assert not _declares(monkeypatch, middling, scram=2.0, wait=6.0, to_end=False, params=gated)
    assert not _declares(monkeypatch, middling, scram=6.0, wait=2.0, to_end=False, params=top)
    assert not _declares(monkeypatch, top.scram_p_min - 0.15, scram=6.0, wait=2.0, to_end=False, params=gated)


# Rounds 1-3: the deck runs out on these campsites, team 1 lower by 8 points each time (seat
# 3 scores least, so it starts the next round, R-SCORE-4). Round 4 is the game's last.
_EARLY = {0: [5, 5, 5, 5, 3], 1: [4, 4, 4, 4, 6], 2: [3, 3, 3, 2, 2], 3: [1, 1, 1, 1, 2]}
_LAST = {0: [5, 5, 5, 5, 1], 1: [6, 7, 8, 1, 2], 2: [6, 7, 8, 13, 12], 3: [9, 9, 6, 3, 4]}


def _two_cards_in_round(final: bool):
    """R-GAME-1: 4 campers play 4 rounds. Seat 0 holds [=, 1] at its second turn of round 4
    (`final`; team 0 is 24 points behind) or of round 1, on the same campsites."""
    last = stacked_deck(4, start=3, campsites=_LAST, deck=[10, "=", 2, 3, 4])
    if final:
        game = stacked_game(
            4, campsites=_EARLY, later=[stacked_deck(4, start=3, campsites=_EARLY)] * 2 + [last]
        )
        for _ in range(3):
            run_out(game)
            game.next_round()
        assert game.round == game.rounds and game.totals == [108, 84]
    else:
        game = stacked_game(4, start=3, campsites=_LAST, deck=[10, "=", 2, 3, 4])
    game.apply(DRAW)  # seat 3
    game.apply(DISCARD)
    game.apply(DRAW)  # seat 0 keeps the = in place of its four 5s
    game.apply(Replace(((0, 0), (0, 1), (0, 2), (0, 3))))
    for _ in range(3):
        game.apply(DRAW)
        game.apply(DISCARD)
    assert game.turn == 0 and game.is_legal(SCRAM)
    return game


def test_in_the_games_last_round_a_scram_is_judged_by_the_game_it_leaves(monkeypatch) -> None:
    """R-GAME-2: only the game's winner counts in its last round. There a long shot that wins
    the game more often than playing on is declared, and a likely success that loses it
    more often is not; in an earlier round the calibrated chance alone decides."""
    top = LEVEL_PARAMS["trailblazer"]
    assert top.game_scale is not None
    last, first = _two_cards_in_round(True), _two_cards_in_round(False)
    long_shot = dict(chance=0.4, scram=2.0, wait=-3.0, to_end=False, params=top)
    assert _declares(monkeypatch, game=last, **long_shot)
    assert not _declares(monkeypatch, game=first, **long_shot)
    losing = dict(chance=0.9, scram=-3.0, wait=2.0, to_end=False, params=top)
    assert not _declares(monkeypatch, game=last, **losing)
    assert _declares(monkeypatch, game=first, **losing)
    # As good as playing on: the usual chance decides.
    assert _declares(monkeypatch, game=last, chance=0.9, scram=1.0, wait=1.0, to_end=False, params=top)
    below = top.scram_p_min - 0.05
    assert not _declares(monkeypatch, game=last, chance=below, scram=1.0, wait=1.0, to_end=False, params=top)


def test_a_finished_game_is_worth_its_margin_squashed() -> None:
    """R-GAME-2: once the game is over a played-out table is worth the cumulative margin,
    squashed to +-game_scale; before that (or without a scale) the round's recorded result."""
    game = _two_cards_in_round(True)
    run_out(game)
    assert game.phase == "over"
    margin = game.totals[1] - game.totals[0]
    assert result(game, 0, None) == recorded(game, 0)
    assert result(game, 0, 6.0) == pytest.approx(6.0 * math.tanh(margin / 6.0))
    assert result(game, 1, 6.0) == pytest.approx(-result(game, 0, 6.0))
    assert abs(result(game, 0, 6.0)) < 6.0
    early = _two_cards_in_round(False)
    run_out(early)
    assert early.phase == "round_over" and result(early, 0, 6.0) == recorded(early, 0)
