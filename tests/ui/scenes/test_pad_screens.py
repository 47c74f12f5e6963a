"""Every screen by game pad alone: the SDL controller events a pad produces, posted as the
device would (tests/ui/support/pad_input.py), and no key from a keyboard anywhere. From the
menu a pad starts a game and plays a decision, opens Settings and changes a value, comes
back; it reaches every screen the menu, the pause and the table lead to, and B brings it
back; a text field opens the letter picker; the prompts name the pad's buttons while it is
in use and the keys again when the keyboard is."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.pad_input import (
    DOWN,
    RIGHT,
    START,
    UP,
    A,
    B,
    X,
    choose,
    focused,
    pick,
    plug_in,
    press,
    pull_out,
    stick,
    walk_to,
)
from ui_support import key, run, run_until

from game.files.settings import Settings
from game.rules.decisions import Discard, Draw
from game.ui.kit.prompts import pad_words
from game.ui.routes import make_app


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def menu_app(size=(1280, 720)):
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.show("menu")
    run(app, 2)  # the pads' support loads after the first frame
    plug_in(app)
    return app


def kind(app) -> str:
    return type(app.top).__name__


def close_tables(app) -> None:
    for scene in app.stack:
        if hasattr(scene, "session") and hasattr(scene, "close"):
            scene.close()
    pygame.event.clear()


def test_from_the_menu_a_pad_alone_starts_a_game_and_plays_a_decision(home):
    app = menu_app()
    try:
        press(app, A)  # the first start: the focus stands on Learn by playing, the default
        assert kind(app) == "TutorialScene"
        press(app, START)  # Start: the lesson's pause menu
        assert kind(app) == "PauseScene"
        choose(app, "Leave")
        assert kind(app) == "MenuScene"
        walk_to(app, "New game")
        press(app, A)
        assert kind(app) == "NewGameScene"
        assert focused(app) is app.top.start  # Start the game has the focus first
        press(app, A)
        assert kind(app) == "TableScene"
        table = app.top
        run_until(app, table.my_turn)
        before = len(table.game.actions)
        walk_to(app, lambda _w: table.targets.current() == "deck")
        press(app, A)  # A on the deck: the player draws
        run_until(app, table.my_turn)
        assert isinstance(table.game.actions[before][0], Draw)
        walk_to(app, lambda _w: on_button(table, "Throw away"))
        press(app, A)  # A on Throw away, a prompt's button (the pad has no X key for it)
        run_until(app, lambda: len(table.game.actions) > before + 1)
        assert isinstance(table.game.actions[before + 1][0], Discard)
    finally:
        close_tables(app)


def on_button(table, start: str) -> bool:
    """The table's focus stands on the prompt's button whose label starts with `start`."""
    button = table.targets.button(table.targets.current())
    return button is not None and button.label.startswith(start)


def test_a_pad_opens_settings_changes_values_and_comes_back(home):
    app = menu_app()
    s = app.settings
    walk_to(app, "Settings")
    press(app, A)
    settings = app.top
    assert kind(app) == "SettingsScene" and focused(app) is settings.buttons[0]  # the first row
    press(app, DOWN)  # the animation speed's row
    assert focused(app) is settings.buttons[settings.speed_row]
    press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # left: a slower speed (instant is the fastest)
    assert s.speed == "fast" and focused(app) is settings.buttons[settings.speed_row]
    press(app, RIGHT)
    assert s.speed == "instant"
    while focused(app) is not settings.buttons[settings.volume_row]:
        stick(app, pygame.CONTROLLER_AXIS_LEFTY, 32767)  # the stick, down a row at a time
    volume = s.volume
    press(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert s.volume == pytest.approx(volume - 0.1)
    walk_to(app, lambda w: w is settings.buttons[settings.volume_row + 1])  # the sound's row
    press(app, A)
    assert s.muted is False  # A: what a click does (muted, then on)
    press(app, UP)
    assert focused(app) is settings.buttons[settings.volume_row]
    press(app, B)
    assert kind(app) == "MenuScene"


@pytest.mark.parametrize(
    ("choice", "screen"),
    [
        ("How to play", "HelpScene"),
        ("Past games", "PastGamesScene"),
        ("Statistics", "StatsScene"),
        ("About", "AboutScene"),
        ("Play with friends", "FriendsScene"),
        ("More action cards", "TutorialScene"),
    ],
)
def test_the_pad_reaches_each_screen_of_the_menu_and_b_comes_back(home, choice, screen):
    app = menu_app()
    try:
        choose(app, choice)
        assert kind(app) == screen
        if screen == "TutorialScene":
            press(app, START)  # the lesson's pause: Leave to menu
            choose(app, "Leave")
        else:
            press(app, B)
        assert kind(app) == "MenuScene"
        press(app, B)  # once too many: the menu stays (its Quit takes A)
        press(app, START)
        assert app.running and kind(app) == "MenuScene"
    finally:
        close_tables(app)


def test_the_confirm_keeps_the_saved_game_on_b_and_discards_it_on_a_chosen_yes(home):
    from game.files import saves
    from game.rules.state import Game

    names, levels = ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"]
    assert saves.write_save(Game(4, 7), names, levels, 0) is None
    app = menu_app()
    choose(app, "New game")
    assert kind(app) == "ConfirmScene" and focused(app) is app.top.no  # the safe answer first
    press(app, B)
    assert kind(app) == "MenuScene" and saves.has_save()
    choose(app, "New game")
    press(app, RIGHT)
    assert focused(app) is app.top.yes
    press(app, A)
    assert kind(app) == "NewGameScene"


def test_at_the_table_start_pauses_back_opens_how_to_play_and_y_asks_the_hint(home):
    app = menu_app()
    try:
        choose(app, "New game")
        choose(app, "Start")
        table = app.top
        run_until(app, table.my_turn)
        press(app, pygame.CONTROLLER_BUTTON_BACK)
        assert kind(app) == "HelpScene"
        press(app, B)
        assert app.top is table
        press(app, START)
        assert kind(app) == "PauseScene" and focused(app).label.startswith("Resume")
        press(app, A)
        assert app.top is table
        press(app, pygame.CONTROLLER_BUTTON_Y)
        run_until(app, lambda: table.turn.hints.sentence)
        assert "(Y again follows it)" in " ".join(line for line, _c, _r in table.prompt_bar.lines)
        before, hinted = len(table.game.actions), table.turn.hints.decision
        press(app, pygame.CONTROLLER_BUTTON_Y)  # Y again: the hint is taken (a draw or a take)
        run_until(app, lambda: len(table.game.actions) > before)
        assert table.game.actions[before][0] == hinted
    finally:
        close_tables(app)


def test_a_text_field_chosen_with_a_opens_the_letter_picker_and_done_types_its_value(home):
    app = menu_app()
    choose(app, "New game")
    form = app.top
    choose(app, lambda w: w is form.name)
    assert kind(app) == "PickerScene"
    for _ in range(len(form.name.value)):
        press(app, X)  # X deletes, as on a console's keyboard
    pick(app, "Zoe")  # capitals and small letters (LB, RB)
    assert app.top is form and form.name.value == "Zoe"
    choose(app, lambda w: w is form.seed)
    assert [c.label for c in app.top.picker.rows()[0]] == list("0123456789")  # a seed: digits alone
    pick(app, "42")
    assert form.seed.value == "42"
    choose(app, lambda w: w is form.seed)
    pick(app, "7", done=False)
    press(app, B)  # B: the field as it was
    assert app.top is form and form.seed.value == "42"


def test_the_pads_focus_skips_what_the_screen_does_not_show_and_keys_leave_it_alone(home):
    app = menu_app()
    choose(app, "Statistics")
    stats = app.top
    targets = app.focus_ring.targets(stats)
    assert stats.yes not in targets and stats.back_button in targets  # the reset's question is not up
    press(app, B)
    here = focused(app)
    key(pygame.K_DOWN)  # the keyboard's arrow: the menu's as before, the pad's focus stays
    run(app)
    assert focused(app) is here and app.pads.last_device == "keys"


def test_prompts_name_the_pads_buttons_while_it_is_in_use_and_the_keys_again_after(home):
    app = menu_app()
    press(app, DOWN)
    assert app.pads.using_pad
    drawn = drawn_labels(app)
    assert "New game" in drawn and "Quit" in drawn and "Learn by playing" in drawn, drawn
    assert not any("(N)" in t or "(Esc)" in t for t in drawn), drawn
    pull_out(app)  # the pad gone: the keys' names again
    drawn = drawn_labels(app)
    assert "New game (N)" in drawn and "Quit (Esc)" in drawn, drawn
    press(app, DOWN)
    key(pygame.K_DOWN)  # a key after the pad: the keys' names
    run(app)
    assert "New game (N)" in drawn_labels(app)
    assert pad_words("Back (Esc)") == "Back (B)" and pad_words("Hint (?)") == "Hint (Y)"
    assert pad_words("Nouvelle partie (N ou Entrée)") == "Nouvelle partie (A)"
    assert pad_words("click (or Enter) to go on") == "click (or A) to go on"
    assert pad_words("Join (Enter)", enter=False) == "Join"  # a button: the ring says what A takes
    assert pad_words("Resume (Esc or Enter)", enter=False) == "Resume (B)"
    for kept in ("Leave to menu (saved)", "4 campers (2 vs 2)", "Textschrift (Titelschrift)"):
        assert pad_words(kept) == kept  # brackets of words, not keys


def drawn_labels(app) -> list[str]:
    """The words of every button on the screen on top, as drawn now."""
    from game.ui.kit.prompts import prompt

    app.render()
    return [prompt(b.label, button=True, keep=b.pad_key) for b in app.focus_ring.targets(app.top)]


def round_over(app):
    """A table whose first round the core played to its end, shown until its summary has
    counted every card; (table, summary)."""
    from decks import round_without_scram

    from game.rules.state import Game

    game = Game(4, 21)
    round_without_scram(game)
    table = app.build(
        "table", game, ["You", "Bea", "Cal", "Dot"], [None, "greenhorn", "greenhorn", "greenhorn"], 0
    )
    app.push(table)
    for _ in range(4000):
        if table.timeline.waiting_click:
            press(app, A)  # A: on with the table's story (it waits for a click)
            continue
        run(app)
        end = app.top
        if kind(app) == "RoundEndScene":
            if end.done:
                return table, end
            press(app, A)  # A skips the count-up, as Enter does
    raise AssertionError("the round's summary never came")


def test_the_round_summary_and_the_game_over_with_its_review_by_pad(home):
    from types import SimpleNamespace

    from decks import finished_game

    from game.ui.table.teams import TeamLook

    app = menu_app()
    table, end = round_over(app)
    try:
        assert focused(app) is end.button  # Next round first
        press(app, A)
        assert app.top is table and table.game.round == 2
    finally:
        close_tables(app)
    game = finished_game(21)
    stand_in = SimpleNamespace(game=game, players=["You", "Bea", "Cal", "Dot"], levels=[None] + ["scout"] * 3)
    stand_in.human, stand_in.auto = 0, False
    stand_in.look = TeamLook(4, 0, shared=False)
    stand_in.teams = stand_in.look.names
    over = app.open("game_over", stand_in)
    run(app)
    assert focused(app) is over.buttons[0]  # Play again first
    choose(app, "Review")
    review = app.top
    assert kind(app) == "ReviewScene"
    press(app, RIGHT)  # the d-pad steps the review, as the arrows do
    press(app, RIGHT)
    assert review.pos == 2
    press(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # RB: the next round
    assert review.pos == review.review.round_start(2)
    press(app, B)
    assert app.top is over
    choose(app, "Menu")
    assert kind(app) == "MenuScene"


def test_a_watched_table_takes_the_pads_focus_over_its_sidebar_buttons(home):
    from game.seat.start import start_game

    app = menu_app()
    start_game(app, 4, None, None, [None] * 4, 7, auto=True)
    table = app.top
    try:
        run(app, 3)
        targets = app.focus_ring.targets(table)
        assert targets and all(b in table.sidebar.buttons for b in targets)
        choose(app, "How to play")
        assert kind(app) == "HelpScene"
        press(app, B)
        assert app.top is table
    finally:
        close_tables(app)


def test_the_host_form_by_pad_its_address_by_the_picker_and_b_back_to_friends(home):
    app = menu_app()
    choose(app, "Play with friends")
    friends = app.top
    choose(app, "Host a table")
    assert app.top is friends and friends.name_missing  # a name first: friends see it
    assert focused(app) is friends.name  # the focus went there
    press(app, A)
    pick(app, "Ada")
    choose(app, "Host a table")
    form = app.top
    assert kind(app) == "HostTableScene"
    choose(app, "A server")
    assert form.on_server
    choose(app, lambda w: w is form.address)
    pick(app, "10.0.0.5:8765")
    assert form.address.value == "10.0.0.5:8765"
    choose(app, "6 campers")
    assert form.campers == 6
    press(app, B)
    assert app.top is friends


def test_at_the_players_turn_the_pads_focus_reaches_the_sidebars_buttons(home):
    app = menu_app()
    try:
        choose(app, "New game")
        choose(app, "Start")
        table = app.top
        run_until(app, table.my_turn)
        sides = [table.targets.button(item) for item in table.targets.items() if item[0] == "side"]
        assert sides and all(b in table.sidebar.buttons for b in sides)
        walk_to(app, lambda _w: on_button(table, "How to play"))
        press(app, A)
        assert kind(app) == "HelpScene"
    finally:
        close_tables(app)


def test_the_letter_picker_takes_touches_on_its_cells_and_a_touch_beside_it_cancels(home):
    from ui_support import click

    app = menu_app()
    choose(app, "New game")
    form = app.top
    choose(app, lambda w: w is form.seed)
    picker = app.top.picker
    run(app)
    for digit in "90":
        box = next(box for box, r, c in picker.cells if picker.rows()[r][c].label == digit)
        click(box.center)  # the Deck's touch screen: a touch is a click
        run(app)
    assert picker.value == "90"
    click((5, 5))  # beside the panel: as B
    run(app)
    assert app.top is form and form.seed.value == ""
