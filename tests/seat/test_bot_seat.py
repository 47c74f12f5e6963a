"""One bot seat for the window and the server (`game.net.bots.seat_bot`): the window's
bots of a local game (`game.seat.bots.BotTable`) and the server's (`BotSeat`) are built
alike and fall back alike, as a player would expect: a level named plays as that level; no
level is the middle one; "random" is any legal decision; a level this version does not
know, or a bot that fails to build, is a random stand-in, and why is said (once on stderr,
and handed back for the table to tell the player)."""

from __future__ import annotations

import pytest

import ai
from game.net import bots as net_bots
from game.net.bots import BotSeat, seat_bot
from game.seat.bots import BotTable
from game.thinking import RandomBot


@pytest.fixture(autouse=True)
def nothing_said_yet(monkeypatch):
    monkeypatch.setattr(net_bots, "_said", set())


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_level_named_plays_as_that_level_at_a_window_and_at_a_server(level):
    bot, problem = seat_bot(level, 1, 4, 7)
    assert problem is None and not isinstance(bot, RandomBot)
    assert type(bot) is type(ai.make_bot(level, 1, 4, 7))
    server = BotSeat(level, 1, 4, 7)
    window = BotTable(4, [None, level, level, level], [1], 7)
    try:
        assert type(server.bot) is type(bot) is type(window.bots[1]) and server.problem is None
        assert window.problems == []
    finally:
        window.close()


def test_no_level_named_is_the_middle_level():
    middle = ai.LEVELS[len(ai.LEVELS) // 2]
    bot, problem = seat_bot(None, 2, 4, 3)
    assert problem is None and type(bot) is type(ai.make_bot(middle, 2, 4, 3))


def test_random_is_any_legal_decision_and_no_problem():
    bot, problem = seat_bot("random", 0, 3, 1)
    assert isinstance(bot, RandomBot) and problem is None
    assert BotSeat("random", 0, 3, 1).problem is None


def test_an_unknown_level_is_a_random_stand_in_said_once_and_told_at_each_seat(capsys):
    server = BotSeat("grandmaster", 1, 4, 2)
    window = BotTable(4, [None, "grandmaster", "grandmaster", None], [1, 2], 2)
    try:
        assert isinstance(server.bot, RandomBot) and "unknown level 'grandmaster'" in server.problem
        assert all(isinstance(window.bots[s], RandomBot) for s in (1, 2))
        assert len(window.problems) == 2 and "seat 3 " in window.problems[1]  # seats counted from 1
    finally:
        window.close()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "grandmaster" in lines[0] and "random stand-in" in lines[0]


def test_a_bot_that_fails_to_build_is_a_random_stand_in_named_by_its_failure(monkeypatch, capsys):
    def broken(level, seat, campers, seed):
        raise RuntimeError("no brain today")

    monkeypatch.setattr(ai, "make_bot", broken)
    bot, problem = seat_bot(ai.LEVELS[0], 3, 4, 1)
    assert isinstance(bot, RandomBot)
    assert problem.startswith(f"the {ai.LEVELS[0]} bot for seat 4 ")
    assert "RuntimeError: no brain today" in problem
    assert "no brain today" in capsys.readouterr().err


def test_a_bot_that_could_not_be_built_is_told_in_the_players_language(capsys):
    from game.lang import speech

    speech.switch("de")
    try:
        window = BotTable(4, [None, "grandmaster", None, None], [1], 2)
        try:
            (said,) = window.problems
        finally:
            window.close()
    finally:
        speech.switch("en")
    assert said == (
        "Der Bot „grandmaster“ für Platz 2 ließ sich nicht erstellen (unknown level 'grandmaster'): "
        "Eine zufällige Vertretung spielt."
    )
