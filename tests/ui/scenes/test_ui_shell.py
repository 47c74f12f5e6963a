"""The screens around the table: the menu (Continue first, a question before a saved game is
thrown away), settings (volume steps), the new-game form (seed, bot levels), About, the window
remembered and text that cannot crash drawing (the look, hover, the chime and the party are in
test_ui_look_and_feel.py)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_support import click, key, run

import ai
from game.files import saves
from game.files.settings import Settings, load_settings
from game.rules.state import Game

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def make_app(size=(1280, 720), settings=None, persist=False):
    from game.ui import routes

    settings = settings or Settings(speed="instant", bot_pace="instant", muted=True)
    return routes.make_app(size, settings, persist=persist)


def scene_name(app) -> str:
    """The route name of the top scene (the app knows scenes by name only)."""
    from game.ui.routes import ROUTES

    return next(name for name, cls in ROUTES.items() if type(app.top) is cls)


def a_saved_game() -> None:
    game = Game(4, 7)
    assert saves.write_save(game, ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], 0) is None
    assert saves.has_save()


def close_table(app) -> None:
    if scene_name(app) == "table":
        app.top.close()


# ---- the menu: Continue first; New game asks before a save is lost ----------------------------
def test_enter_on_the_menu_continues_the_saved_game(home):
    a_saved_game()
    app = make_app((1024, 640))
    app.show("menu")
    run(app)
    labels = [b.label for b in app.top.buttons]
    assert labels[0] == "Continue (C or Enter)" and app.top.buttons[0].primary and "New game (N)" in labels
    window = app.screen.get_rect()
    assert all(window.contains(b.rect) for b in app.top.buttons)  # six buttons fit the smallest window
    app.messages += ["The settings file was damaged (kept as settings.json.bad); using the defaults."] * 2
    run(app)  # with notes at the bottom, the buttons stay clear of them
    notes_top = 640 - 16 - 2 * 20 - 10
    assert all(b.rect.bottom <= notes_top for b in app.top.buttons)
    assert all(window.contains(b.rect) for b in app.top.buttons)
    key(pygame.K_RETURN)
    run(app, 2)
    assert scene_name(app) == "table"
    assert app.top.game.seed == 7  # the saved game, not a new one
    close_table(app)


MENU_ORDER = [
    "New game",
    "Learn by playing",
    "More action cards",
    "Play with friends",
    "How to play",
    "Past games",
    "Statistics",
    "Settings",
    "About",
    "Quit",
]


def menu_keys(app) -> list[tuple[str, str]]:
    """(choice, its key as the label says) for every button of the menu."""
    out = []
    for b in app.top.buttons:
        name, _, keys = b.label.partition(" (")
        out.append((name, keys.rstrip(")")))
    return out


def test_the_menu_has_one_key_per_choice_in_one_order_on_every_start(home):
    """The first start, a later one and one with a saved game list the
    same choices in the same order, each with its own letter (Enter also takes the
    highlighted one, and says so), and every letter does what its label says."""
    from game.files.firstrun import mark_tutorial

    app = make_app()
    app.show("menu")
    run(app)
    first = menu_keys(app)
    assert [name for name, _ in first] == MENU_ORDER
    assert dict(first)["Learn by playing"] == "L or Enter" and dict(first)["New game"] == "N"
    mark_tutorial()
    app.top.build()
    later = menu_keys(app)
    assert [name for name, _ in later] == MENU_ORDER
    assert dict(later)["New game"] == "N or Enter" and dict(later)["Learn by playing"] == "L"
    a_saved_game()
    app.top.build()
    saved = menu_keys(app)
    assert [name for name, _ in saved] == ["Continue", *MENU_ORDER]
    assert dict(saved)["Continue"] == "C or Enter"
    for keys in (first, later, saved):
        letters = [k.split(" or ")[0] for _, k in keys]
        assert len(set(letters)) == len(letters) and all(letters)  # one key each, none shared
        assert sum(" or Enter" in k for _, k in keys) == 1
    for b in app.top.buttons:  # each button answers the key its label names
        letter = b.label.partition(" (")[2].split(" or ")[0].rstrip(")")
        want = pygame.K_ESCAPE if letter == "Esc" else pygame.key.key_code(letter.lower())
        assert b.key == want, b.label
    close_table(app)


def test_on_the_first_start_enter_takes_the_highlighted_lesson_and_n_a_new_game(home):
    app = make_app()
    app.show("menu")
    run(app)
    lesson = next(b for b in app.top.buttons if b.label.startswith("Learn"))
    assert lesson.primary and lesson.label == "Learn by playing (L or Enter)"
    key(pygame.K_RETURN)
    run(app, 2)
    assert scene_name(app) == "tutorial"
    app.show("menu")
    key(pygame.K_n)
    run(app, 2)
    assert scene_name(app) == "new_game"


def test_enter_on_the_menu_starts_a_new_game_when_nothing_is_saved(home):
    from game.files.firstrun import mark_tutorial

    mark_tutorial()  # the lesson was taken once: a new game is the highlighted choice
    app = make_app()
    app.show("menu")
    run(app)
    assert app.top.buttons[0].primary and app.top.buttons[0].label == "New game (N or Enter)"
    key(pygame.K_RETURN)
    run(app, 2)
    assert scene_name(app) == "new_game"


def test_new_game_asks_before_discarding_a_saved_game(home):
    a_saved_game()
    app = make_app()
    app.show("menu")
    run(app)
    key(pygame.K_n)
    run(app, 2)
    assert scene_name(app) == "confirm"
    key(pygame.K_RETURN)  # the default answer keeps the game
    run(app, 2)
    assert scene_name(app) == "menu" and saves.has_save()
    key(pygame.K_n)
    run(app, 2)
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert scene_name(app) == "menu" and saves.has_save()
    key(pygame.K_n)
    run(app, 2)
    click(app.top.yes.rect.center)  # "Discard it": now the form
    run(app, 2)
    assert scene_name(app) == "new_game"


def test_about_is_reachable_from_the_menu_and_names_every_licence(home):
    from game.ui.scenes.about import credit_rows

    app = make_app((1024, 640))
    app.show("menu")
    run(app)
    key(pygame.K_a)
    run(app, 2)
    assert scene_name(app) == "about"
    words = " ".join(text for _, text in credit_rows())
    for licence in ("MIT", "LGPL", "zlib", "OFL"):
        assert licence in words
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert scene_name(app) == "menu"


# ---- the window is remembered ------------------------------------------------------------------
def test_the_window_size_is_remembered_across_runs(home):
    settings, _ = load_settings()
    app = make_app(None, settings, persist=True)
    assert app.size == (1280, 720)  # first run: the default
    app.show("menu")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    run(app)
    assert app.size == (1100, 700)
    app.quit()
    settings, note = load_settings()
    assert note is None and settings.window_size == [1100, 700]
    again = make_app(None, settings, persist=True)
    assert again.size == (1100, 700)
    asked = make_app((1024, 640), settings, persist=True)  # a size asked for (--size) wins
    assert asked.size == (1024, 640)


def test_a_bad_remembered_window_falls_back_to_the_default(home):
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"window_size": [1, "x"], "window_pos": [5, 5, 5]}')
    settings, _ = load_settings(path)
    assert settings.window_size is None and settings.window_pos is None


# ---- settings: volume in steps ---------------------------------------------------------------
def test_volume_steps_never_wrap_round_to_silence():
    from game.ui.scenes.settings import step_volume

    assert step_volume(1.0, 1) == 1.0
    assert step_volume(1.0, -1) == 0.9
    assert step_volume(0.7, 3) == 1.0
    assert step_volume(0.1, -1) == 0.0 and step_volume(0.0, -1) == 0.0
    assert step_volume(0.25, 1) == 0.4  # an odd stored value lands on a step


def test_volume_buttons_and_keys_in_the_settings(home):
    app = make_app(settings=Settings(volume=1.0))
    app.open("settings")
    run(app)
    scene = app.top
    key(pygame.K_EQUALS)  # "+" at 100%: stays
    run(app)
    assert app.settings.volume == 1.0
    click(scene.quieter.rect.center)
    run(app)
    assert app.settings.volume == 0.9 and app.sound.volume == pytest.approx(0.9)
    key(pygame.K_MINUS)
    run(app)
    assert app.settings.volume == 0.8
    click(scene.louder.rect.center)
    run(app)
    assert app.settings.volume == 0.9


# ---- the new-game form ------------------------------------------------------------------------
def test_the_seed_field_takes_ascii_digits_only(home):
    app = make_app()
    app.open("new_game")
    run(app)
    form = app.top
    click(form.seed.rect.center)
    run(app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="²٣7"))  # str.isdigit() passes all
    run(app)
    assert form.seed.value == "7"
    form.seed.value = "²"  # even if one slipped in, Start does not crash
    key(pygame.K_RETURN)
    run(app, 2)
    assert scene_name(app) == "table"
    close_table(app)


def test_the_new_game_form_says_what_each_bot_level_does(home):
    assert list(ai.LEVEL_LINES) == list(ai.LEVELS)
    assert all(ai.LEVEL_LINES.values())
    app = make_app((1024, 640))
    app.open("new_game")
    form = app.top
    form.per_seat, form.mode = True, 1  # the tallest form: 6 campers, a level per seat
    run(app)
    shown = [label[0] for label in form._labels]
    for level, line in ai.LEVEL_LINES.items():
        assert level in shown and line.split()[0] in " ".join(shown)
        assert " ".join(parts for parts in shown if parts in line) == line  # whole, maybe wrapped
    for message, pos, size, _color, kind, _anchor in form._labels:  # every line inside the window
        right = pos[0] + skin_text_width(message, kind, size)
        assert 0 <= pos[0] and right <= 1024, message
    assert form.start.rect.bottom <= 640 and form.back.rect.bottom <= 640  # it fits


def skin_text_width(message: str, kind: str, size: int) -> int:
    from game.ui import skin
    from game.ui.kit.widgets import px

    return skin.text(message, kind, px(size), skin.INK).get_width()


# ---- text that cannot be drawn ------------------------------------------------------------------
def test_control_characters_never_crash_drawing(home):
    from game.ui import skin
    from game.ui.kit import widgets

    app = make_app()
    for name in ("Y\x00ou", "\x1b[31mBea", "Cal\u202e", "Dot\ud800", "E\nli"):
        img = skin.text(name, "text", 18, skin.INK)
        assert img.get_width() > 0
        widgets.draw_text(app.screen, name, (10, 10))
    assert skin.printable("Y\x00o\tu") == "Yo u"
    # a saved name with a NUL at the table: the table draws it
    from game.seat.start import start_game

    start_game(app, 4, 0, ["Y\x00ou", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], seed=3)
    run(app, 5)
    close_table(app)
