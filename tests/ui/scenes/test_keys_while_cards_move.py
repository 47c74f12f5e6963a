"""A key pressed while the cards still move into the player's turn is kept and applied as
soon as the table takes input: a quick player (or a script) never loses a move, and the
table does not answer "wait" to it."""

from __future__ import annotations

import pygame
from ui_support import key, run, run_until

from game.files.settings import Settings
from game.rules import Game
from game.ui.routes import make_app


def _table():
    app = make_app((1280, 720), Settings(speed="normal", bot_pace="brisk", muted=True), persist=False)
    table = app.show("table", Game(4, 5), ["You", "Bea", "Cal", "Dot"], [None, "greenhorn"] * 3, 0)
    return app, table


def test_the_next_key_pressed_while_the_drawn_card_flies_is_applied_when_it_lands():
    app, table = _table()
    warned: list[str] = []
    table.warn = warned.append
    run_until(app, lambda: table.my_turn() and table.session.turn == 0)
    key(pygame.K_d)  # draw: the card comes up from the deck
    run(app, 1)
    assert table.timeline.busy and table.session.turn == 0
    key(pygame.K_x)  # throw it away, pressed while it still moves
    run(app, 1)
    assert table.input.queued_key is not None and table.input.queued_key.key == pygame.K_x
    run_until(app, lambda: table.session.turn != 0, limit=2000)  # the throw was made: the turn went on
    assert table.input.queued_key is None
    assert not any("still moving" in w for w in warned)


def test_a_key_pressed_during_the_deal_is_kept_for_the_players_first_turn():
    app, table = _table()
    run(app, 2)
    if table.session.turn != 0:  # the first turn is another camper's: play to the player's
        run_until(app, lambda: table.session.turn == 0 and table.timeline.busy, limit=5000)
    assert not table.my_turn()
    key(pygame.K_d)
    run(app, 1)
    assert table.input.queued_key is not None
    run_until(app, lambda: table.turn.view is not None and table.turn.view.drawn is not None, limit=2000)
