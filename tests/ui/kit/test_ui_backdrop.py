"""The table's kept backdrop is never stale: every frame drawn with it is the very frame a
fresh drawing of everything gives (a label, a card, a score changes the frame it changes).

Each test plays real frames; after each, the frame on screen (drawn with the kept backdrop)
is compared byte for byte with the same frame drawn again after the backdrop was forgotten.
"""

from __future__ import annotations

import random

import pygame
import pytest
from ui_support import DT, click, ready, run, wait_applied

from game.files.settings import Settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def checked_app(speed: str, size=(1280, 720), bot_pace: str = "instant"):
    """An app whose every frame is checked against a fresh drawing; returns (app, stats)."""
    from game.ui import routes

    app = routes.make_app(size, Settings(speed=speed, bot_pace=bot_pace, muted=True), persist=False)
    stats = {"frames": 0, "redrawn": 0, "on": True}
    real_draw = app.draw

    def draw() -> None:
        backdrops = [s.backdrop for s in app.stack if hasattr(s, "backdrop")]
        before = sum(b.redrawn for b in backdrops)
        real_draw()
        if not stats["on"]:
            return
        stats["redrawn"] += sum(b.redrawn for b in backdrops) - before
        stats["frames"] += 1 if backdrops else 0
        kept = app.screen.get_buffer().raw
        for b in backdrops:
            b.forget()
        app.render()
        assert app.screen.get_buffer().raw == kept, f"a stale frame (frame {app.frames})"

    app.draw = draw
    return app, stats


@pytest.mark.slow
def test_watched_game_frames_equal_fresh_drawings(home):
    """Deals, moves, flips, the bots' thinking dots, the log and scores, the round end."""
    from game.seat.start import start_game

    app, stats = checked_app("fast", (1024, 640), "brisk")
    start_game(app, 4, None, None, [None] * 4, 7, auto=True)
    table = app.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(600):  # the deal, the first turns, the bots' thinking dots
        app.step(DT)
    stats["on"], app.settings.speed = False, "instant"  # on to the round's end, unchecked
    for _ in range(20000):
        app.step(DT)
        if len(app.stack) > 1:
            break
    assert type(app.top).__name__ == "RoundEndScene"
    stats["on"], app.settings.speed = True, "fast"  # the reveal, the sums, the scores
    for _ in range(400):
        app.step(DT)
        if table.game.round > 1:
            break
    assert stats["frames"] > 300
    # It is kept: most frames blit it as it was (a table redrawn every frame would not).
    assert stats["redrawn"] < stats["frames"] * 0.7


def test_players_turn_hover_and_selection_frames_equal_fresh_drawings(home):
    """The player's turn: glowing choices, the hover ring under the mouse, chosen cards."""
    from game.seat.start import start_game

    app, stats = checked_app("instant", (1024, 640))
    start_game(app, 4, 0, None, [None] * 4, 21)
    table = app.top
    rng = random.Random(3)
    decisions = 0
    for _ in range(4000):
        if decisions >= 6 or table.game.round > 1:
            break
        if table.timeline.waiting_click:  # "the bot's turn is over: click to go on"
            click(table.board.layout.table.center)
        if not (ready(table) and table.game.turn == table.human):
            app.step(DT)
            continue
        glowing = list(table.board.glow) or ["deck"]
        item = rng.choice(glowing)
        r = table.board.item_rect(item)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
        run(app, 2)
        before = len(table.game.actions)
        click(r.center)
        run(app, 2)
        for b in table.turn.buttons:  # confirm a complete choice if there is one
            if b.visible and b.enabled and b.label.split()[0] in ("Done", "Swap", "Confirm", "Replace"):
                click(b.rect.center)
                run(app, 2)
                break
        if len(table.game.actions) == before:
            view = table.game.view(table.human)
            table.decide(view.sample_decision(rng))  # a choice the clicks did not finish
        wait_applied(app, table, before)
        decisions += 1
    assert decisions >= 3
    assert stats["frames"] > 20
