"""Whole games through the real scenes, headless, with the player's seat played by clicks.

From the menu to game over: a 4-camper game and a 3-camper game; then save, quit and
continue in the middle of a round. Animation speed is instant and the bots' pace 0, so the
tests are fast; every input is a posted event, as a real mouse or keyboard would give.
Watched games (all bots) are in tests/ui/table/test_ui_watched_game.py.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest
from ui_support import (
    DT,
    click,
    key,
    play_decision,
    play_decision_by_keys,
    ready,
    run,
    run_until,
    same_decision,
    wait_applied,
)

from game.files.settings import Settings
from game.rules import OVER, START
from game.ui.table.turn import Mode


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def make_app(size=(1280, 720)):
    from game.ui import routes

    return routes.make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def human_policy(view, rng: random.Random):
    """A player who mostly plays sensibly and sometimes takes odd (still legal) choices."""
    d = view.sample_decision(rng)
    if type(d).__name__ == "Replace" and len(d.cards) > 3:
        d = type(d)(d.cards[:3], d.end)
    return d


def start_from_menu(app, mode_label: str):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.table import TableScene

    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_n)  # New game (Enter is the lesson on a first start)
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


def play_to_end(app, table, rng, max_turns: int = 2000, by_keys: bool = False) -> dict:
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.scenes.round_end import RoundEndScene

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
            if by_keys:
                key(pygame.K_RETURN)
            else:
                click(table.board.layout.table.center)
            run(app)
            continue
        if ready(table) and table.game.turn == table.human:
            view = table.game.view(table.human)
            d = human_policy(view, rng)
            before = len(table.game.actions)
            (play_decision_by_keys if by_keys else play_decision)(app, table, d)
            wait_applied(app, table, before, 200)
            assert same_decision(table.game.actions[before][0], d), (table.game.actions[before][0], d)
            stats["human"] += 1
            stats["kinds"].add(type(d).__name__)
            continue
        app.step(DT)
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "campers", "seed"), [("4 campers", 4, 11), ("3 campers: the solo", 3, 12)])
def test_whole_game_by_clicks(home, mode, campers, seed):
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.scenes.menu import MenuScene

    app = make_app()
    table = start_from_menu(app, mode)
    assert table.game.campers == campers and table.human is not None
    stats = play_to_end(app, table, random.Random(seed))
    assert stats["human"] > 5
    assert stats["rounds"] == table.game.rounds
    over = app.top
    assert isinstance(over, GameOverScene)
    assert table.game.phase == OVER
    assert not (home / "data" / "save.json").exists()  # a finished game leaves no save
    run(app, 2)
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, MenuScene)


@pytest.mark.slow
def test_whole_game_by_keyboard(home, monkeypatch):
    """A keyboard-only player: every card chosen with Tab and Space, never a mouse event."""
    from game.ui.scenes.game_over import GameOverScene

    app = make_app()
    table = start_from_menu(app, "4 campers")
    real_post = pygame.event.post

    def post(e):
        assert e.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION), "a mouse event in a keyboard game"
        return real_post(e)

    monkeypatch.setattr(pygame.event, "post", post)
    stats = play_to_end(app, table, random.Random(21), by_keys=True)
    assert {"Replace", "Act"} <= stats["kinds"] and stats["human"] > 5
    assert isinstance(app.top, GameOverScene)


def test_focus_ring_moves_over_legal_cards_only(home):
    from game.rules.decisions import DRAW

    app = make_app()
    table = start_from_menu(app, "4 campers")
    for _ in range(200):  # the player's turn, holding a card drawn from the deck
        run_until(app, lambda: ready(table) and table.game.turn == table.human)
        if table.turn.mode is Mode.START:
            play_decision(app, table, DRAW)
            run_until(app, lambda: ready(table))
        if table.turn.mode is Mode.CHOOSE and len(table.board.rows[0]) >= 3:
            break
        play_decision(app, table, table.game.view(0).legal_decisions()[0])
        run(app, 2)
    assert table.turn.mode is Mode.CHOOSE and not table.focus.keyboard
    key(pygame.K_RETURN)  # Enter is no default for a drawn card: each choice is risky
    run(app)
    assert table.turn.mode is Mode.CHOOSE and "no default" in table.messages.warning.lower()
    assert not any(b.primary for b in table.turn.buttons)
    key(pygame.K_RIGHT)  # the first key shows the ring where it stands: nothing moves or is chosen
    run(app)
    assert table.focus.keyboard and table.targets.current() == (0, 0) and table.turn.mode is Mode.CHOOSE
    key(pygame.K_RIGHT)
    run(app)
    assert table.targets.current() == (0, 1)
    key(pygame.K_LEFT)
    run(app)
    assert table.targets.current() == (0, 0)
    key(pygame.K_UP)  # only the player's cards can be chosen now: nothing above
    run(app)
    assert table.targets.current() == (0, 0)
    key(pygame.K_SPACE)  # as a click on the card: keep the drawn card, replacing this one
    run(app)
    assert table.turn.mode is Mode.REPLACE and table.turn.sel == [(0, 0)]
    items = table.targets.items()
    assert set(items) == set(table.board.glow) and (0, 0) in items
    assert all(t[0] in (0, 2) for t in items)  # the player's and the teammate's cards only
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    )
    run(app)
    assert table.targets.current() == items[-1]
    key(pygame.K_SPACE)
    run(app)
    key(pygame.K_SPACE)  # chosen, then unchosen: the same toggle as a click
    run(app)
    assert table.turn.sel == [(0, 0)]
    click(table.board.layout.table.topleft)  # a click hides the ring
    run(app)
    assert not table.focus.keyboard
    before = len(table.game.actions)
    key(pygame.K_RETURN)  # the choice is complete: Enter confirms it
    wait_applied(app, table, before)
    assert type(table.game.actions[before][0]).__name__ == "Replace"


def test_narration_waits_for_the_animation(home):
    """A line names a result only once the cards show it, and joins the log at that moment."""
    from game.rules.decisions import DISCARD, DRAW, Act
    from game.rules.state import Game
    from game.ui.routes import make_app
    from game.ui.scenes.table import TableScene

    app = make_app((1280, 720), Settings(speed="normal", bot_pace="instant", muted=True), persist=False)
    game = Game(4, 5)
    table = TableScene(app, game, ["You", "Bea", "Cal", "Dot"], [None] * 4, 0)
    app.push(table)
    told: list[str] = []
    real_tell = table.tell

    def tell(line: str, new: bool = True) -> None:
        told.append(line)
        real_tell(line, new)

    table.tell = tell

    def animate() -> None:  # the timeline alone: no bot is asked, this test decides for all
        for _ in range(5000):
            table.board.update(DT)
            table.timeline.update(DT)
            if not table.timeline.busy:
                table.board.place_all(game.view(0))
                return
        raise AssertionError("the timeline did not end")

    animate()
    assert table.messages.narration.startswith("Round 1 dealt")
    for _ in range(400):
        if game.phase == START:
            table.decide(DRAW)
            animate()
            continue
        v = game.view(game.turn)
        flips = [a for a in v.legal_acts() if v.drawn == 7 and a.targets and a.targets[0][0] != "deck"]
        if not flips:
            table.decide(DISCARD)
            animate()
            continue
        target = flips[0].targets[0]
        log, narration = list(table.sidebar.log), table.messages.narration
        told.clear()
        table.decide(Act((target,)))
        # nothing said before the cards move
        assert table.sidebar.log == log and table.messages.narration == narration
        sprite = table.board.sprite_at(target)
        for _ in range(2000):
            table.board.update(DT)
            table.timeline.update(DT)
            if any("flipped" in line for line in told):
                break
        else:
            raise AssertionError("the flip was never told")
        # Told as the flip begins, in the same frame: the card has started to turn, no sooner.
        assert any(t.attr == "squeeze" for t in sprite.tweens) or sprite.up
        assert told[0].endswith("(Flip 1).")  # the play was told first, when the 7 was shown
        animate()
        assert len(table.sidebar.log) == len(log) + 1  # one entry, grown clause by clause
        assert "flipped" in table.sidebar.log[-1] and table.messages.narration == table.sidebar.log[-1]
        return
    raise AssertionError("no 7 was drawn")


@pytest.mark.slow
def test_duo_game_by_clicks(home):
    app = make_app((1024, 640))
    table = start_from_menu(app, "3 campers: in the duo")
    assert table.human == 1
    # Play the first round only (the whole-game tests cover the rest).
    from game.ui.scenes.round_end import RoundEndScene

    rng = random.Random(3)
    for _ in range(100000):
        if isinstance(app.top, RoundEndScene):
            break
        if table.timeline.waiting_click:
            click(table.board.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            before = len(table.game.actions)
            d = human_policy(table.game.view(1), rng)
            play_decision(app, table, d)
            wait_applied(app, table, before, 200)
        app.step(DT)
    assert isinstance(app.top, RoundEndScene)


def test_save_quit_continue_mid_round(home):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import TableScene

    app = make_app()
    table = start_from_menu(app, "6 campers")
    rng = random.Random(5)
    turns = 0
    for _ in range(100000):
        if app.top is not table:  # a round ended: go on
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.board.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            if turns >= 3 and table.game.phase == START:
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
    # The round's story so far is in the log again, the same lines the player saw.
    assert restored.sidebar.log[0].startswith(f"Round {restored.game.round} dealt")
    assert restored.sidebar.log[-1].startswith("Game restored") and len(restored.sidebar.log) > 3
    assert restored.sidebar.log[:-1] == table.sidebar.log[-(len(restored.sidebar.log) - 1) :]
    run_until(app, lambda: ready(restored))
    assert restored.turn.mode is Mode.START
    # The restored table plays on.
    before = len(restored.game.actions)
    play_decision(app, restored, restored.game.view(0).legal_decisions()[0])
    wait_applied(app, restored, before, 200)


def test_new_game_bot_levels_per_team_and_per_seat(home):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene

    app = make_app()
    app.push(MenuScene(app))
    run(app, 2)
    key(pygame.K_n)  # New game (Enter is the lesson on a first start)
    run(app, 2)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    click(scene.mode_buttons[1].rect.center)  # 6 campers
    run(app)
    click(scene.foe_button.rect.center)  # the opponents one level up, per team
    run(app)
    foe = scene.foe_level
    key(pygame.K_F2)  # now per seat, starting from the team levels
    run(app, 2)
    assert scene.per_seat and set(scene.seat_buttons) == {1, 2, 3, 4, 5}
    assert scene.seat_buttons[3].label == foe and scene.seat_buttons[2].label == scene.mate_level
    click(scene.seat_buttons[3].rect.center)
    run(app)
    changed = scene.level_of(3)
    assert changed != foe
    key(pygame.K_RETURN)
    run(app, 2)
    table = app.top
    assert table.levels == [None, foe, scene.mate_level, changed, scene.mate_level, foe]
    assert table.players[0] == "You" and len(set(table.players)) == 6
    table.close()


def test_window_resize_lays_the_table_out_again(home):
    app = make_app()
    table = start_from_menu(app, "4 campers")
    run_until(app, lambda: ready(table))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    run(app, 2)
    assert app.size == (1600, 900) and table.board.layout.size == (1600, 900)
    for s in range(4):  # every card stands where the new layout puts it
        row = table.board.rows[s]
        for i, sp in enumerate(row):
            x, y, w = table.board.layout.slot(s, i, len(row))
            assert (round(sp.x), round(sp.y), round(sp.w)) == (round(x), round(y), round(w))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500)))
    run(app, 2)
    assert app.size == (1024, 640) and table.board.layout.size == (1024, 640)  # never below the minimum
    table.close()


def test_help_from_the_table_pauses_the_game(home):
    from game.seat.start import start_game
    from game.ui.routes import make_app
    from game.ui.scenes.how_to_play import HelpScene
    from game.ui.scenes.table import TableScene

    app = make_app((1280, 720), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    start_game(app, 4, None, None, ["greenhorn"] * 4, 8, auto=True)
    table = app.top
    run_until(app, lambda: len(table.game.actions) >= 3)
    key(pygame.K_h)
    run(app)
    assert isinstance(app.top, HelpScene)
    moves, log = len(table.game.actions), list(table.sidebar.log)
    run(app, 300)  # five seconds of reading: nothing happens at the table
    assert len(table.game.actions) == moves and table.sidebar.log == log
    key(pygame.K_ESCAPE)
    run(app)
    assert isinstance(app.top, TableScene)
    run_until(app, lambda: len(table.game.actions) > moves)
    table.close()


def test_round_end_reveals_card_by_card_and_counts_up(home):
    from game.rules.events import RoundScored
    from game.seat.start import start_game
    from game.ui.routes import make_app
    from game.ui.scenes.round_end import RoundEndScene

    app = make_app((1280, 720), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    start_game(app, 4, None, None, ["greenhorn"] * 4, 9, auto=True)
    table = app.top
    run_until(app, lambda: isinstance(app.top, RoundEndScene), 50000)
    # The round end is already open (instant): start a fresh one at normal speed to watch it.
    app.pop()
    app.settings.speed = "normal"
    end = RoundEndScene(app, table)
    app.push(end)
    scored = next(e for e in reversed(table.game.events) if type(e) is RoundScored)
    faces, sums = [], []
    for _ in range(2000):
        app.step(DT)
        faces.append(sum(sp.up for row in table.board.rows for sp in row if sp is not None))
        sums.append(sum(table.board.sums.values()))
        if end.done and not any(sp.tweens for row in table.board.rows for sp in row):
            break
    total_cards = sum(len(row) for row in scored.campsites)
    hidden = total_cards - faces[0]
    assert hidden >= 3 and faces[-1] == total_cards
    assert faces == sorted(faces) and sums == sorted(sums)  # only ever more, never fewer
    assert len(set(faces)) == hidden + 1  # turned one after the other
    assert len(set(sums)) > 4  # the sums count up in steps
    assert table.board.sums == dict(enumerate(scored.camper_scores))
    assert ("records" in end.explain) or ("No Scram" in end.explain)
    table.close()


def test_corrupt_save_is_set_aside(home):
    from game.ui.scenes.menu import MenuScene

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
