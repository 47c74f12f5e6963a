"""Scram judgement (`ai.scram`): the chance of success follows the table, the calibration
map is a proper one, the top level declares on it, the expert reference is careful."""

from __future__ import annotations

import random

from decks import stacked_game

from ai.belief import Know
from ai.bots import EXPERT, LEVEL_PARAMS, LevelBot
from ai.driver import feed
from ai.scram import CALIBRATION, calibrated, outlook
from game.decisions import DISCARD, DRAW, SCRAM, Replace


def _two_cards_for_seat_0(ours_up: list, theirs_up: list):
    """R-SCRAM-1: seat 0 keeps an `=` in place of its four 5s and holds [=, 1]: Scram is
    allowed at its next turn. Its teammate shows `ours_up`, the opponents `theirs_up` (seat
    1 the first two, seat 3 the last two: all different, or the opponents would clear them
    in one matching group in their final turns, R-REPL-1)."""
    game = stacked_game(
        4,
        campsites={
            0: [5, 5, 5, 5, 1],
            1: [6, 7, 8, *theirs_up[:2]],
            2: [6, 7, 8, *ours_up],
            3: [9, 9, 6, *theirs_up[2:]],
        },
        deck=["=", 2, 3, 4],
    )
    game.apply(DRAW)
    game.apply(Replace(((0, 0), (0, 1), (0, 2), (0, 3))))
    for _ in range(3):  # the others draw and discard
        game.apply(DRAW)
        game.apply(DISCARD)
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


def _declares(monkeypatch, chance: float, scram: float, wait: float, to_end: bool) -> bool:
    """The top level's Scram call when its guessed tables give `chance` (calibrated) and the
    mean recorded results `scram` (declaring) and `wait` (playing on)."""
    import ai.bots as bots_module
    from ai.scram import Outlook

    monkeypatch.setattr(bots_module, "calibrated", lambda p: p)
    monkeypatch.setattr(
        bots_module,
        "outlook",
        lambda k, plan, *a, **kw: Outlook(chance, scram, None if plan is None else wait, 0.0, 1),
    )
    bot = LevelBot(LEVEL_PARAMS["trailblazer"], 0, 4, 3)
    game = _two_cards_for_seat_0([1, 2], [13, 12, 11, 10])
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
