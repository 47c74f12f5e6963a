"""Reduced motion stops what moves of itself on the table as well as the cards: a bot's
"thinking…" dots stand still, and a reaction's bubble stands by its seat without rising;
without it both move, so each check can fail."""

from __future__ import annotations

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import table_at
from ui.support.net_layout import remote_table

from game.seat.remote_session import REACTION_SECONDS
from game.ui.table.seat_paint import _infos


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))


@pytest.mark.parametrize("calm", [False, True])
def test_a_bots_thinking_dots_stand_still_with_reduced_motion(calm):
    table = table_at((1024, 640), 4, 0)
    board = table.board
    board.drawing.calm = calm
    board.turn_seat = 1
    shown = set()
    for thinking in (0.05, 0.4, 0.75, 1.1):
        board.thinking = thinking
        shown.add(_infos(board, 1)[0])
    assert all("thinking" in line for line in shown)
    assert (len(shown) == 1) == calm, shown


@pytest.mark.parametrize("calm", [False, True])
def test_a_reactions_bubble_does_not_rise_with_reduced_motion(monkeypatch, calm):
    app, table = remote_table((1280, 720), 4, 1)
    table.board.drawing.calm = calm
    seat = 2
    where = []
    for age in (0.0, REACTION_SECONDS / 2):
        monkeypatch.setattr(table.net.session, "live_reactions", lambda age=age: [(seat, "good game", age)])
        where.append(table.net._bubbles()[0][0].y)
    assert (where[0] == where[1]) == calm, where
