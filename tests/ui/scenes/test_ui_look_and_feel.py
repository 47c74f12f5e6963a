"""The look and feel around the table: How to play's pictures, hover, the turn chime, the game
over's party, the new-game form's memory and the speed settings (the look's one home is
tested in tests/ui/skin/test_ui_skin.py)."""

from __future__ import annotations

import random

import pygame
import pytest
from test_ui_shell import close_table, make_app, skin_text_width
from ui_support import DT, click, key, ready, run, run_until

from game.files.settings import Settings, load_settings
from game.rules.cards import ACTION_FAMILIES
from game.rules.state import Game


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


# ---- How to play ----------------------------------------------------------------------------
def test_how_to_play_has_tips_and_a_picture_of_each_action(home):
    from game.ui.scenes.how_to_play import PAGES
    from game.ui.scenes.how_to_play_pictures import draw_picture

    titles = [p[0] for p in PAGES]
    assert "Tips" in titles and "Actions in pictures" in titles
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(size)
        app.open("help")
        app.top.page = titles.index("Actions in pictures")
        before = app.screen.copy()
        run(app)
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    canvas = pygame.Surface((300, 160), pygame.SRCALPHA)
    for family in ACTION_FAMILIES:
        canvas.fill((0, 0, 0, 0))
        draw_picture(canvas, family, canvas.get_rect())
        assert canvas.get_bounding_rect().w > 150  # cards and arrows across the box
    with pytest.raises(ValueError):
        draw_picture(canvas, "juggle", canvas.get_rect())


# ---- hover -------------------------------------------------------------------------------------
def test_buttons_light_up_under_the_pointer(home):
    from game.ui.kit.widgets import Button

    surface = pygame.Surface((200, 80))
    b = Button("Go", lambda: None, rect=pygame.Rect(10, 10, 100, 40))
    b.draw(surface)
    idle = pygame.image.tobytes(surface, "RGB")
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 30), rel=(0, 0), buttons=(0, 0, 0)))
    assert b.hover
    b.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != idle
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 70), rel=(0, 0), buttons=(0, 0, 0)))
    assert not b.hover


def test_the_pointer_becomes_a_hand_over_a_button(home):
    from game.ui.kit import widgets

    app = make_app()
    app.show("menu")
    run(app)
    over = app.top.buttons[0].rect.center
    for pos, hand in ((over, True), ((2, 2), False)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run(app)
        assert widgets._hand_shown is hand


def test_hover_helper_finds_the_topmost_thing_under_the_pointer():
    from game.ui.kit.widgets import Hover

    h = Hover()
    cards = [("a", pygame.Rect(0, 0, 50, 70)), ("b", pygame.Rect(30, 0, 50, 70))]  # b overlaps a
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 10), rel=(0, 0), buttons=(0, 0, 0))
    assert h.track(move, cards) == "b"
    assert h.track(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a), cards) == "b"  # still there
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 10), rel=(0, 0), buttons=(0, 0, 0))
    assert h.track(away, cards) is None


def test_a_card_the_player_may_click_lights_up_under_the_pointer(home):
    from game.seat.start import start_game

    app = make_app()
    start_game(app, 4, 0, ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], seed=5)
    table = app.top
    run_until(app, lambda: ready(table) and table.game.phase == "start")
    deck = table.board.layout.deck_rect()
    away = table.board.layout.sidebar.center
    for pos in (away, deck.center):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run(app)
        if pos == away:
            assert table.hovered() is None
            plain = pygame.image.tobytes(app.screen, "RGB")
    assert table.hovered() == "deck"  # the deck may be drawn from: it answers the pointer
    assert pygame.image.tobytes(app.screen, "RGB") != plain
    close_table(app)


# ---- the turn chime -------------------------------------------------------------------------------
def test_the_players_turn_is_announced_by_a_chime(home, monkeypatch):
    from game.assets import SOUNDS
    from game.seat.start import start_game

    assert "your_turn" in SOUNDS
    app = make_app()
    played = []
    monkeypatch.setattr(app, "play", played.append)
    start_game(app, 4, 0, ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], seed=5)
    table = app.top
    run_until(app, lambda: ready(table))
    assert played.count("your_turn") == 1
    close_table(app)


def test_the_turn_chime_has_its_own_setting_beside_the_volume(home, monkeypatch):
    """ "Turn chime" sits under Volume and Sound in Settings; off, the
    chime stays silent while the other sounds still play; the setting is kept."""
    from game.ui.kit import sound as sound_module

    app = make_app(settings=Settings(), size=(1024, 640), persist=True)
    played = []
    monkeypatch.setattr(sound_module.SoundBoard, "available", property(lambda self: True))
    monkeypatch.setattr(sound_module.SoundBoard, "_load", lambda self, name: played.append(name))
    app.open("settings")
    scene = app.top
    run(app)
    labels = [item[0]() for item in scene.items]  # each label is said in the current language
    assert labels.index("Turn chime") == labels.index("Volume") + 2 == labels.index("Sound") + 1
    chime = scene.buttons[labels.index("Turn chime")]
    assert chime.label == "on" and pygame.Rect(0, 0, 1024, 640).contains(scene.back.rect)
    click(chime.rect.center)
    run(app)
    assert not app.settings.turn_chime and load_settings()[0].turn_chime is False
    played.clear()
    app.play("your_turn")
    app.play("draw")
    assert played == ["draw"]
    click(chime.rect.center)  # on again: the chime plays once, to be heard
    run(app)
    assert app.settings.turn_chime and "your_turn" in played


# ---- the game over's party ----------------------------------------------------------------------
def test_the_celebration_moves_then_ends():
    from game.ui.scenes.game_over_party import Celebration

    party = Celebration((800, 600), [(255, 0, 0)], critters=5, still=False, seed=1)
    start = [(p.y, p.spin) for p in party.pieces]
    lifted = 0
    for _ in range(60 * 10):
        party.update(DT)
        lifted = max(lifted, max(party.lift(k, 20) for k in range(5)))
    assert lifted >= 15  # each critter hopped
    assert [(p.y, p.spin) for p in party.pieces] != start
    assert party.done and all(p.y > 600 for p in party.pieces)  # every scrap fell out


def test_the_celebration_keeps_still_with_reduced_motion():
    from game.ui.scenes.game_over_party import Celebration

    party = Celebration((800, 600), [(255, 0, 0)], critters=5, still=True, seed=1)
    start = [(p.x, p.y, p.spin) for p in party.pieces]
    a = pygame.Surface((800, 600))
    party.draw(a)
    for _ in range(120):
        party.update(DT)
    b = pygame.Surface((800, 600))
    party.draw(b)
    assert party.done and [(p.x, p.y, p.spin) for p in party.pieces] == start
    assert all(party.lift(k, 20) == 0 for k in range(5))
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")  # nothing moved


@pytest.mark.parametrize("party", [True, False])
def test_a_party_on_the_game_over_only_for_the_winners(home, party):
    rng = random.Random(4)
    game = Game(4, 4)
    while not game.over:
        seat = game.turn
        game.play(game.view(seat).sample_decision(rng))
    assert game.winner in (0, 1)  # this seed's game has a winning team (seat 0: team 0)
    seat = game.winner if party else 1 - game.winner

    class Table:  # what the game over reads of the table
        auto = False
        turn = None  # no turn machine: no hint provider

    t = Table()
    t.game, t.human, t.players, t.levels = game, seat, ["You", "Bea", "Cal", "Dot"], [None, "a", "a", "a"]
    t.teams = ("Blue team", "Orange team")
    from game.ui.table.teams import TeamLook

    t.look = TeamLook(4, seat)  # the teams' colours, as the table wears them
    app = make_app()
    app.show("game_over", t)
    run(app, 3)
    assert (app.top.party is not None) == party


def test_the_new_game_form_remembers_the_table_and_offers_the_memory_aid(home):
    """The last table chosen comes back (kept in the settings),
    the memory aid is a choice on the form, and a 3-camper table says the solo is favoured."""
    from game.ui.scenes.new_game import MODES

    app = make_app((1024, 640), persist=True)
    app.open("new_game")
    form = app.top
    run(app)
    assert MODES[form.mode][1] == 4  # the first time: 4 campers
    click(form.mode_buttons[1].rect.center)  # 6 campers
    run(app)
    assert not any("solo wins" in label[0] for label in form._labels)
    click(form.aid_button.rect.center)
    run(app)
    assert app.settings.memory_aid and load_settings()[0].memory_aid
    assert form.aid_button.label == "Memory aid: on (F3)"
    key(pygame.K_RETURN)
    run(app, 2)
    close_table(app)
    assert load_settings()[0].table == "6"
    again = make_app((1024, 640), load_settings()[0], persist=True)
    again.open("new_game")
    run(again)
    assert MODES[again.top.mode][1] == 6
    click(again.top.mode_buttons[2].rect.center)  # in the duo
    run(again)
    line = next(label for label in again.top._labels if "solo wins" in label[0])
    assert "duo" in line[0] and skin_text_width(line[0], line[4], line[2]) + line[1][0] <= 1024


def test_the_speed_and_pace_settings_step_from_the_slowest_to_the_fastest(home):
    """A click on a scale's value goes to the next faster value (after
    the fastest, back to the slowest), never "normal, relaxed, instant, brisk"; its arrows
    step slower or faster and stop at the ends."""
    from game.files.settings import PACES, SPEEDS

    app = make_app(settings=Settings(speed="normal", bot_pace="normal", muted=True))
    app.open("settings")
    scene = app.top
    run(app)
    for k, attr, table in ((scene.speed_row, "speed", SPEEDS), (scene.pace_row, "bot_pace", PACES)):
        seen = [getattr(app.settings, attr)]
        for _ in range(len(table)):
            click(scene.buttons[k].rect.center)
            run(app)
            seen.append(getattr(app.settings, attr))
        slowest_first = sorted(table, key=lambda name: -table[name])
        start = slowest_first.index("normal")
        assert seen == [slowest_first[(start + i) % len(table)] for i in range(len(table) + 1)], seen
        slower, faster = scene.steppers[k]
        for _ in range(len(table) + 1):
            click(faster.rect.center)
            run(app)
        assert getattr(app.settings, attr) == "instant" and not faster.enabled
        for _ in range(len(table) + 1):
            click(slower.rect.center)
            run(app)
        assert getattr(app.settings, attr) == slowest_first[0] and not slower.enabled
