"""The table's words and the window's bots, without a window: a turn told line by line, each
effect joined to its action, and every level seated as a real bot (a broken one replaced by a
random stand-in, its reason said once)."""

from __future__ import annotations

from game.rules import events as ev
from game.seat.narration import Narrator, a_card, ordinal


def test_narration_joins_an_action_and_its_effect():
    n = Narrator(["You", "Bea", "Cal", "Dot"], 0)
    lines = n.lines([ev.CardPlayed(1, 11), ev.CardsExchanged(1, (1, 1), (0, 3)), ev.TurnBegan(2)])
    assert lines == ["Bea used an 11 (Swap 2): swapped their 2nd card with your 4th card"]
    assert ordinal(1) == "1st" and ordinal(12) == "12th" and ordinal(23) == "23rd"
    assert a_card(8) == "an 8" and a_card(None) == "a card" and a_card(0) == "an ="


def test_narration_is_told_event_by_event():
    n = Narrator(["You", "Bea", "Cal", "Dot"], 0)
    events = [ev.TurnBegan(1), ev.CardDrawn(1, None, 2), ev.CardPlayed(1, 7), ev.CardFlipped(1, (0, 2), 9)]
    assert n.steps(events) == [
        (1, 0, "Bea drew a card."),
        (2, 1, "Bea used a 7 (Flip 1)."),
        (3, 1, "Bea used a 7 (Flip 1): flipped your 3rd card (a 9)"),
    ]
    assert n.lines(events) == ["Bea drew a card.", "Bea used a 7 (Flip 1): flipped your 3rd card (a 9)"]


def test_narration_lets_effects_share_their_verb():
    n = Narrator(["You", "Bea", "Cal", "Dot"], 0)
    nine = [
        ev.CardPlayed(1, 9),
        ev.CardDiscarded(1, 5, (3, 2)),
        ev.CardDiscarded(1, 1, (3, 0)),
        ev.CardPlaced(1, 9, 1, 4, True, 15),
    ]
    assert n.lines(nine) == [
        "Bea used a 9 (Discard 2): discarded Dot's 3rd card (a 5) and Dot's 1st card (a 1), "
        "placed the 9 at the right end of their campsite"
    ]
    six = [ev.CardPlayed(0, 6), ev.CardViewed(0, (0, 0), 3, 1), ev.CardViewed(0, (2, 1), 12, 1)]
    assert n.lines(six) == ["You used a 6 (View 2): looked at your 1st card (a 3) and Cal's 2nd card (a 12)"]


def test_every_level_builds_a_real_bot():
    from ai import LEVELS, Bot
    from game.seat.bots import BotTable
    from game.thinking import RandomBot

    for campers in (3, 4, 6):
        for level in LEVELS:
            table = BotTable(campers, [None] + [level] * (campers - 1), list(range(1, campers)), 9)
            try:
                assert table.problems == []
                for bot in table.bots.values():
                    assert isinstance(bot, Bot) and not isinstance(bot, RandomBot)
                    assert bot.level == level
            finally:
                table.close()


def test_the_tables_bots_think_in_a_worker_process_and_keep_what_they_saw():
    from game.rules import Game
    from game.seat.bots import BotTable

    game = Game(4, 5)
    table = BotTable(4, ["ranger"] * 4, [0, 1, 2, 3], 5)
    try:
        table.observe(list(game.events))
        seat = game.turn
        before = table.bots[seat]
        decision = table.ask(seat, game.view(seat)).result(timeout=60)
        assert game.view(seat).why_illegal(decision) is None and table.problems == []
        assert table.thinker.where() == "a worker process"
        # the bot came back from the worker as it now is: a new object that has seen the deal
        assert table.bots[seat] is not before and table.unseen[seat] == []
    finally:
        table.close()


def test_a_bot_that_cannot_be_built_is_reported(monkeypatch, capsys):
    import ai
    from game.net import bots as seat_bots
    from game.seat import bots
    from game.thinking import RandomBot

    def broken(level, seat, campers, seed):
        raise RuntimeError("no brain today")

    monkeypatch.setattr(ai, "make_bot", broken)
    monkeypatch.setattr(seat_bots, "_said", set())
    table = bots.BotTable(4, [None, "scout", "scout", "nosuchlevel"], [1, 2, 3], 1)
    try:
        assert all(isinstance(b, RandomBot) for b in table.bots.values())  # the game goes on
        assert len(table.problems) == 3
        # seats are counted from 1 where a player reads them (the second seat is "seat 2")
        assert "seat 2 " in table.problems[0] and "no brain today" in table.problems[0]
        assert "seat 4 " in table.problems[2] and "unknown level 'nosuchlevel'" in table.problems[2]
    finally:
        table.close()
    err = capsys.readouterr().err
    lines = err.splitlines()  # each reason said once, not once per seat
    assert len(lines) == 2 and "no brain today" in lines[0] and "unknown level" in lines[1]
