"""Game pads: the SDL controller events a pad produces (added, buttons, axes, removed),
posted into pygame's queue as the device would, become the keyboard's keys, through the
app's frame; held directions repeat; a pad removed mid-turn lets go of all it held and the
decision goes on by keyboard. (SDL's dummy driver has no virtual pad to open, so the events
are posted: the same events SDL would send for a real one.)"""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui_support import key, run, run_until

from game.files.settings import Settings
from game.rules.state import Game
from game.ui.kit.app import App
from game.ui.kit.pad import BUTTON_KEYS, REPEAT_DELAY, REPEAT_EVERY, Pads
from game.ui.kit.scene import Scene
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene

PAD = 0  # the instance id SDL gives the first pad


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Keys(Scene):
    """A screen that writes down the keys it gets."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.got: list[tuple[int, int, bool]] = []

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.got.append((e.type, e.key, getattr(e, "pad", False)))

    def downs(self) -> list[int]:
        return [k for t, k, _ in self.got if t == pygame.KEYDOWN]


@pytest.fixture
def keys():
    app = App((640, 480), Settings(muted=True), persist=False)
    clock = Clock()
    app.pads.clock = clock
    scene = Keys(app)
    app.push(scene)
    run(app)  # the first frame: the pads' support loads after it
    yield app, scene, clock
    pygame.event.clear()


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, fields))


def button(b: int, down: bool = True) -> None:
    post(pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=b)


def press(app, b: int) -> None:
    button(b)
    run(app)
    button(b, down=False)
    run(app)


def test_each_button_posts_its_key_down_then_up_marked_as_the_pads(keys):
    app, scene, _ = keys
    post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    for b, (k, _, _) in BUTTON_KEYS.items():
        scene.got.clear()
        press(app, b)
        assert scene.got == [(pygame.KEYDOWN, k, True), (pygame.KEYUP, k, True)], b


@pytest.mark.parametrize(
    ("b", "k"),
    [
        (pygame.CONTROLLER_BUTTON_A, pygame.K_RETURN),
        (pygame.CONTROLLER_BUTTON_B, pygame.K_ESCAPE),
        (pygame.CONTROLLER_BUTTON_START, pygame.K_ESCAPE),
        (pygame.CONTROLLER_BUTTON_X, pygame.K_TAB),
        (pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.K_UP),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.K_RIGHT),
    ],
)
def test_a_chooses_b_goes_back_x_moves_on_the_d_pad_moves(keys, b, k):
    app, scene, _ = keys
    press(app, b)
    assert scene.downs() == [k]


def test_y_is_the_hint_key_the_table_answers():
    pads = Pads(post=(got := []).append)
    pads.handle(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=pygame.CONTROLLER_BUTTON_Y), 0
    )
    assert got[0].key == pygame.K_SLASH and got[0].unicode == "?"  # the table's hint: unicode "?"


def test_unmapped_buttons_and_the_right_stick_post_nothing(keys):
    app, scene, _ = keys
    press(app, pygame.CONTROLLER_BUTTON_GUIDE)
    press(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_RIGHTX, value=32767)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT, value=32767)
    run(app)
    assert scene.got == []


def test_the_stick_has_a_dead_zone_and_moves_once_per_push(keys):
    app, scene, _ = keys
    for value in (5000, -9000, 14000):  # resting and drifting sticks
        post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTX, value=value)
    run(app)
    assert scene.got == []
    for value in (20000, 30000, 32767, 14000):  # pushed right, further, then half back: one move
        post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTX, value=value)
    run(app)
    assert scene.downs() == [pygame.K_RIGHT]
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTX, value=0)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTY, value=-32768)
    run(app)
    assert scene.downs() == [pygame.K_RIGHT, pygame.K_UP]
    assert (pygame.KEYUP, pygame.K_RIGHT, True) in scene.got


def test_a_held_direction_repeats_after_a_delay_and_a_held_a_never_does(keys):
    app, scene, clock = keys
    button(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    button(pygame.CONTROLLER_BUTTON_A)
    run(app)
    clock.now += REPEAT_DELAY - 0.01
    run(app)
    assert scene.downs() == [pygame.K_DOWN, pygame.K_RETURN]
    clock.now += 0.02
    run(app)
    clock.now += REPEAT_EVERY
    run(app)
    assert scene.downs() == [pygame.K_DOWN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_DOWN]
    button(pygame.CONTROLLER_BUTTON_DPAD_DOWN, down=False)
    run(app)
    clock.now += 5
    run(app)
    assert scene.downs().count(pygame.K_DOWN) == 3


def test_a_pad_removed_while_holding_lets_go_and_repeats_no_more(keys):
    app, scene, clock = keys
    post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTY, value=32767)
    button(pygame.CONTROLLER_BUTTON_B)
    run(app)
    assert app.pads.using_pad
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    run(app)
    ups = [k for t, k, _ in scene.got if t == pygame.KEYUP]
    assert sorted(ups) == sorted([pygame.K_DOWN, pygame.K_ESCAPE])
    before = list(scene.got)
    clock.now += 10
    run(app, 3)
    assert scene.got == before
    assert not app.pads.using_pad  # no pad left: prompts show the keys again


def test_the_last_device_follows_the_player(keys):
    app, scene, _ = keys
    assert app.pads.last_device == "keys"
    press(app, pygame.CONTROLLER_BUTTON_A)
    assert app.pads.using_pad and app.pads.prompt(pygame.K_RETURN, "Enter") == "A"
    key(pygame.K_d, "d")
    run(app)
    assert app.pads.last_device == "keys" and app.pads.prompt(pygame.K_RETURN, "Enter") == "Enter"


def test_events_of_a_bad_shape_are_ignored(keys):
    app, scene, _ = keys
    post(pygame.CONTROLLERDEVICEADDED, device_index=-5)
    post(pygame.CONTROLLERDEVICEADDED)
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=999)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTX, value="far")
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)
    run(app)
    assert scene.got == []


# ---- at the table ----------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def test_a_pad_plays_at_the_table_and_its_removal_mid_turn_blocks_no_decision(home):
    game = Game(4, 21)
    app = make_app((1280, 720), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    clock = Clock()
    app.pads.clock = clock
    table = TableScene(
        app, game, ["You", "Bea", "Cal", "Dot"], [None, "greenhorn", "greenhorn", "greenhorn"], 0
    )
    app.push(table)
    try:
        run_until(app, table.my_turn)
        post(pygame.CONTROLLERDEVICEADDED, device_index=0)
        for _ in range(len(table.targets.items()) + 2):  # X (Tab) walks the focus to the deck
            press(app, pygame.CONTROLLER_BUTTON_X)
            if table.targets.current() == "deck":
                break
        assert table.targets.current() == "deck"
        press(app, pygame.CONTROLLER_BUTTON_A)  # A chooses the deck: the player draws
        run_until(app, table.my_turn)
        assert table.turn.view.drawn is not None, "A did not draw"
        # the stick held down, then the pad pulled out mid-turn
        post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTY, value=32767)
        run(app)
        post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
        clock.now += 10
        run(app, 3)
        assert app.pads.last_device == "keys"
        key(pygame.K_x, "x")  # the keyboard discards: the decision goes through
        run_until(app, lambda: game.view(0).drawn is None)
    finally:
        table.close()
        pygame.event.clear()
