"""Whole games through the real scenes, headless, with the player's seat played by clicks.

From the menu to game over: a 4-camper game and a 3-camper game; then save, quit and
continue in the middle of a round. Animation speed is instant and the bots' pace 0, so the
tests are fast; every input is a posted event, as a real mouse or keyboard would give.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest
from ui_support import DT, click, key, play_decision, ready, run, run_until, same_decision, wait_applied

from game.settings import Settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def make_app(size=(1280, 720)):
    from game.ui.app import App

    return App(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def human_policy(view, rng: random.Random):
    """A player who mostly plays sensibly and sometimes takes odd (still legal) choices."""
    d = view.sample_decision(rng)
    if type(d).__name__ == "Replace" and len(d.cards) > 3:
        d = type(d)(d.cards[:3], d.end)
    return d


def start_from_menu(app, mode_label: str):
    from game.ui.menu import MenuScene
    from game.ui.new_game import NewGameScene
    from game.ui.table import TableScene

    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_RETURN)  # New game
    run(app, 2)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    for b in scene.mode_buttons:
        if b.label.startswith(mode_label):
            click(b.rect.center)
    run(app, 2)
    # The weakest bots think fastest; pick them for teammates and opponents.
    while scene.foe_level != scene.levels[0]:
        click(scene.foe_button.rect.center)
        run(app)
    if scene.mate_button.visible:
        while scene.mate_level != scene.levels[0]:
            click(scene.mate_button.rect.center)
            run(app)
    scene.seed.value = "4242"
    key(pygame.K_RETURN)
    run(app, 2)
    assert isinstance(app.top, TableScene)
    return app.top


def play_to_end(app, table, rng, max_turns: int = 2000) -> dict:
    from game.ui.game_over import GameOverScene
    from game.ui.round_end import RoundEndScene

    stats = {"human": 0, "rounds": 0, "kinds": set()}
    for _ in range(max_turns * 50):
        top = app.top
        if isinstance(top, GameOverScene):
            return stats
        if isinstance(top, RoundEndScene):
            run_until(app, lambda top=top: top.done)
            stats["rounds"] += 1
            key(pygame.K_RETURN)
            run(app, 2)
            continue
        if table.timeline.waiting_click:
            click(table.layout.table.center)
            run(app)
            continue
        if ready(table) and table.game.turn == table.human:
            view = table.game.view(table.human)
            d = human_policy(view, rng)
            before = len(table.game.actions)
            play_decision(app, table, d)
            wait_applied(app, table, before, 200)
            assert same_decision(table.game.actions[before][0], d), (table.game.actions[before][0], d)
            stats["human"] += 1
            stats["kinds"].add(type(d).__name__)
            continue
        app.step(DT)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("mode", "campers", "seed"), [("4 campers", 4, 11), ("3 campers: the solo", 3, 12)])
def test_whole_game_by_clicks(home, mode, campers, seed):
    from game.ui.game_over import GameOverScene
    from game.ui.menu import MenuScene

    app = make_app()
    table = start_from_menu(app, mode)
    assert table.game.campers == campers and table.human is not None
    stats = play_to_end(app, table, random.Random(seed))
    assert stats["human"] > 5
    assert stats["rounds"] == table.game.rounds
    over = app.top
    assert isinstance(over, GameOverScene)
    assert table.game.phase == "over"
    assert not (home / "data" / "save.json").exists()  # a finished game leaves no save
    run(app, 2)
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, MenuScene)


def test_duo_game_by_clicks(home):
    app = make_app((1024, 640))
    table = start_from_menu(app, "3 campers: in the duo")
    assert table.human == 1
    # Play the first round only (the whole-game tests cover the rest).
    from game.ui.round_end import RoundEndScene

    rng = random.Random(3)
    for _ in range(100000):
        if isinstance(app.top, RoundEndScene):
            break
        if table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            before = len(table.game.actions)
            d = human_policy(table.game.view(1), rng)
            play_decision(app, table, d)
            wait_applied(app, table, before, 200)
        app.step(DT)
    assert isinstance(app.top, RoundEndScene)


def test_save_quit_continue_mid_round(home):
    from game.ui.menu import MenuScene
    from game.ui.table import TableScene

    app = make_app()
    table = start_from_menu(app, "6 campers")
    rng = random.Random(5)
    turns = 0
    for _ in range(100000):
        if app.top is not table:  # a round ended: go on
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            if turns >= 3 and table.game.phase == "start":
                break  # the player's turn in the middle of a round: close the window now
            before = len(table.game.actions)
            play_decision(app, table, human_policy(table.game.view(0), rng))
            wait_applied(app, table, before, 200)
            turns += 1
        app.step(DT)
    state = table.game.view(None).key()
    actions = len(table.game.actions)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app)
    assert not app.running
    saved = json.loads((home / "data" / "save.json").read_text())
    assert saved["format"] == "scram-record/1" and len(saved["actions"]) == actions
    assert saved["human"] == 0 and len(saved["players"]) == 6

    app = make_app()
    app.push(MenuScene(app))
    run(app, 2)
    assert any(b.label.startswith("Continue") for b in app.top.buttons)
    key(pygame.K_c)
    run(app, 3)
    restored = app.top
    assert isinstance(restored, TableScene)
    assert restored.game.view(None).key() == state
    assert restored.players == saved["players"]
    run_until(app, lambda: ready(restored))
    assert restored.mode == "start"
    # The restored table plays on.
    before = len(restored.game.actions)
    play_decision(app, restored, restored.game.view(0).legal_decisions()[0])
    wait_applied(app, restored, before, 200)


def test_corrupt_save_is_set_aside(home):
    from game.ui.menu import MenuScene

    (home / "data").mkdir(parents=True)
    (home / "data" / "save.json").write_text("{not json")
    app = make_app()
    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_c)
    run(app, 2)
    assert isinstance(app.top, MenuScene)
    assert any("damaged" in m for m in app.messages)
    assert not (home / "data" / "save.json").exists()
    assert list((home / "data").glob("save.json.corrupt-*"))
