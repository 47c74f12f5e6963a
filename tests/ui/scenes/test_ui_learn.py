"""The learning scenes, headless, driven by real key events: the review of a 6-camper game
from its first stop to its last, the Past games list (review, export), the statistics
(shown, reset after a confirmation)."""

from __future__ import annotations

import pygame  # noqa: E402  (ui_support sets the dummy drivers first)
import pytest
from decks import finished_game
from ui_support import key, run, run_paced, run_until

from game.files import kept_games as archive
from game.files import stats
from game.files.settings import Settings
from game.rules.record import parse_record
from game.ui.routes import make_app
from game.ui.table.access import hint_key, hint_shown, player_ready, prompt, submit, waiting_click, warning


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    a = make_app((1024, 640), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    a.open("menu")
    yield a
    pygame.quit()


def six_camper_record() -> dict:
    g = finished_game(21, 6)
    return archive.game_record(g, ["You", "Bea", "Cal", "Dot", "Eli", "Fay"], [None] + ["scout"] * 5, 0)


def test_review_steps_from_the_deal_to_the_last_decision(app) -> None:
    record = parse_record(six_camper_record())
    review = app.open("review", record)
    run(app, 2)
    assert review.pos == 0 and "the deal" in review.status()
    for _ in range(len(review.review) + 5):
        key(pygame.K_RIGHT)
        run(app)
    assert review.pos == review.last and review.review.frames[-1].game.phase == "over"
    assert review.log_lines()  # the last round's story is told beside the table
    key(pygame.K_LEFT)
    run(app)
    assert review.pos == review.last - 1


def test_review_jumps_to_rounds_plays_and_sees_with_one_seat(app) -> None:
    review = app.open("review", parse_record(six_camper_record()))
    key(pygame.K_2)
    run(app)
    assert review.review.frames[review.pos].round == 2 and review.review.frames[review.pos].actor is None
    key(pygame.K_v)
    run(app)
    assert review.seat == 0
    hidden = review.review.cards(review.pos, 0)
    assert any(v is None for row in hidden for v, _up, _k in row)  # R-SETUP-4: nobody knows the deal
    key(pygame.K_v)
    run(app)
    assert review.seat == 1
    for _ in range(4):
        key(pygame.K_PLUS)
    key(pygame.K_SPACE)
    run(app, 61)  # a second at 8 decisions a second
    assert review.playing and review.pos >= review.review.round_start(2) + 7
    key(pygame.K_END)
    run(app)
    assert review.pos == review.last and not review.playing
    key(pygame.K_ESCAPE)
    run(app)
    assert type(app.top).__name__ == "MenuScene"


def test_past_games_opens_a_review_and_exports_the_record(app, tmp_path) -> None:
    for seed in (1, 2):
        archive.keep(archive.game_record(finished_game(seed), list("abcd"), [None] * 4, 0))
    scene = app.open("past_games")
    run(app, 2)
    assert len(scene.games) == 2
    key(pygame.K_DOWN)
    key(pygame.K_e)
    run(app)
    exported = list((tmp_path / "data" / "exports").glob("*.json"))
    assert len(exported) == 1 and "Saved as" in scene.note
    key(pygame.K_RETURN)
    run(app, 2)
    assert type(app.top).__name__ == "ReviewScene"
    key(pygame.K_ESCAPE)
    run(app)
    assert app.top is scene


def test_statistics_show_and_reset_after_a_confirmation(app) -> None:
    record = archive.game_record(finished_game(3), list("abcd"), [None, "ranger", "ranger", "ranger"], 0)
    stats.count_game(record)
    scene = app.open("stats")
    run(app, 2)
    assert scene.stats.groups["4/ranger"].games == 1
    key(pygame.K_r)
    run(app)
    assert scene.confirming
    key(pygame.K_n)
    run(app)
    assert not scene.confirming and stats.load_stats()[0].total.games == 1
    key(pygame.K_r)
    key(pygame.K_y)
    run(app)
    assert stats.load_stats()[0].groups == {} and scene.stats.groups == {}


def until_ready(app, table, limit: int = 5000) -> None:
    """Run until the player may act, clicking on where the table waits for a click (a view)."""
    for _ in range(limit):
        if player_ready(table):
            return
        if waiting_click(table):
            key(pygame.K_RETURN)
        run(app)
    raise AssertionError("the player's turn never came")


@pytest.mark.slow
def test_the_guided_game_is_played_to_its_end_by_clicks(app) -> None:
    """The tutorial's moves, clicked on the real table: every step is accepted, the bots
    follow the record, and the round ends with the player's winning Scram."""
    from ui_support import play_decision

    from game.learn.tutorial import STEPS
    from game.learn.tutorial_record import RECORD
    from game.rules.record import replay

    app.open("tutorial")
    scene = app.top
    table = scene.table
    for k, step in enumerate(STEPS):
        until_ready(app, table)
        assert scene.coach.steps_done == k and prompt(table).startswith(step.prompt.split(":")[0])
        before = len(table.game.actions)
        play_decision(app, table, step.decision)
        run_until(app, lambda b=before: len(table.game.actions) > b)
    for _ in range(5000):
        if type(app.top).__name__ == "RoundEndScene" and app.top.done:
            break
        if waiting_click(table):
            key(pygame.K_RETURN)
        run(app)
    # the real round end, as in any game: every card turned, the Scram rule said on the
    # numbers, the sidebar's totals counted, and only then the lesson's last words
    reveal = app.top
    assert type(reveal).__name__ == "RoundEndScene" and not scene.done
    assert all(sp.up for row in table.board.rows for sp in row if sp is not None)
    assert "27 is not higher than 47" in reveal.explain and "records 0 if its total" in reveal.explain
    assert table.sidebar.scores == [(0, 47)] and table.sidebar.totals == [0, 47]
    assert reveal.button.label.startswith("What you learned")
    key(pygame.K_RETURN)
    run(app, 3)
    assert scene.done and app.top is scene
    assert table.game.scores == replay(parse_record(RECORD)).scores == [(0, 47)]
    assert "records 0" in scene.coach.closing_words()
    from ui_support import click

    from game.ui.table.access import sidebar_buttons

    click(sidebar_buttons(table)[0].rect.center)  # the sidebar's buttons still answer: How to play
    run(app)
    assert type(app.top).__name__ == "HelpScene"
    key(pygame.K_ESCAPE)
    run(app)
    assert app.top is scene
    key(pygame.K_ESCAPE)
    run(app)
    assert type(app.top).__name__ == "MenuScene"


def test_the_guided_game_refuses_another_move_and_can_be_left(app) -> None:
    from game.rules.decisions import TAKE

    app.open("tutorial")
    scene = app.top
    until_ready(app, scene.table)
    submit(scene.table, TAKE)  # the lesson asks for a draw
    assert warning(scene.table).startswith("Not this time") and not scene.table.game.actions
    key(pygame.K_q)
    run(app)
    assert type(app.top).__name__ == "MenuScene"


def test_scram_review_opens_a_record_file_and_refuses_a_bad_one(app, tmp_path) -> None:
    import json
    import os
    import subprocess
    import sys

    from game.ui.scenes.review import open_review_file

    good = tmp_path / "game.json"
    good.write_text(json.dumps(six_camper_record()))
    assert open_review_file(app, good) is None and type(app.top).__name__ == "ReviewScene"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scram-record/1", "campers": 4, "seed": 1, "actions": [{"do": "fly"}]}')
    env = {**os.environ, "SCRAM_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run(
        [sys.executable, "-m", "game", "--review", str(bad)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "cannot review" in out.stderr and "action 0" in out.stderr


def test_the_first_start_offers_the_guided_game(app, tmp_path) -> None:
    menu = app.top
    lesson = next(b for b in menu.buttons if b.label.startswith("Learn by playing"))
    assert lesson.primary and "Enter" in lesson.label
    from game.files.firstrun import mark_tutorial

    mark_tutorial()
    menu.build()
    assert menu.buttons[0].label.startswith("New game") and menu.buttons[0].primary
    assert any(b.label.startswith("Learn by playing") for b in menu.buttons)


def test_a_players_table_has_a_hint_key_and_its_count_is_kept(app) -> None:
    from game.rules.state import Game
    from game.ui.table.access import hints_used

    table = app.show("table", Game(4, 2), ["You", "Bea", "Cal", "Dot"], [None, "greenhorn"] * 2, 0)
    until_ready(app, table)
    pygame.event.post(hint_key())
    run_paced(app, lambda: hint_shown(table) is not None)
    assert player_ready(table) and hints_used(table) == 1
    assert any(ch.isdigit() for ch in hint_shown(table))
    table.close()


def test_the_hints_count_survives_a_save_and_continue(tmp_path, monkeypatch) -> None:
    """Two hints, quit (saved), Continue, one more hint: three counted,
    for the statistics at the game's end (the save keeps the count as its `hints` key)."""
    import json

    from game.files.saves import load_save
    from game.rules.decisions import DRAW
    from game.rules.state import Game
    from game.ui.table.access import hints_used

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    settings = Settings(speed="instant", bot_pace="instant", muted=True)
    app = make_app((1024, 640), settings, persist=True)
    app.open("menu")
    table = app.show("table", Game(4, 2), ["You", "Bea", "Cal", "Dot"], [None, "greenhorn"] * 2, 0)
    until_ready(app, table)
    pygame.event.post(hint_key())
    run_paced(app, lambda: hint_shown(table) is not None)
    submit(table, DRAW)  # a decision: the table saves
    run(app)
    until_ready(app, table)
    pygame.event.post(hint_key())
    run_paced(app, lambda: hint_shown(table) is not None and hints_used(table) == 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app)
    assert json.loads((tmp_path / "data" / "save.json").read_text())["hints"] == 2
    saved, note = load_save()
    assert note is None and saved.hints == 2

    again = make_app((1024, 640), settings, persist=True)
    again.open("menu")
    run(again, 2)
    key(pygame.K_c)  # Continue
    run(again, 3)
    restored = again.top
    assert type(restored).__name__ == "TableScene" and hints_used(restored) == 2
    until_ready(again, restored)
    pygame.event.post(hint_key())
    run_paced(again, lambda: hints_used(restored) == 3)
    restored.close()


def test_the_lesson_panel_and_the_log_share_the_sidebar(app) -> None:
    """At 1024×640 the lesson panel sits under the log, which keeps
    at least five lines above it (the log ends where the panel begins); the memory aid is on."""
    from game.ui.kit.widgets import px
    from game.ui.scenes.tutorial import LOG_LINES

    app.open("tutorial")
    scene = app.top
    table = scene.table
    until_ready(app, table)
    run(app, 3)
    panel = scene.coach_rect()
    sidebar = table.sidebar
    log_top = table.board.layout.sidebar.y + sidebar.log_top
    assert panel.y >= log_top + LOG_LINES * px(18)
    assert sidebar.below_log >= panel.h  # the log stops above the panel
    buttons_top = min(b.rect.y for b in sidebar.buttons)
    assert panel.bottom <= buttons_top and panel.h >= px(150)
    assert table.board.memory_aid  # on for the lesson, whatever the settings say
    assert app.settings.memory_aid  # and for the games after a first lesson (below)


def test_the_first_game_after_the_guided_game_keeps_its_memory_aid(app) -> None:
    """The lesson shows the values of the cards the player saw, and so does the first real
    game after it, which once did not: the first lesson switches the setting on (and keeps
    it); a later lesson leaves the player's choice alone."""
    assert not app.settings.memory_aid
    key(pygame.K_l)
    run(app, 2)
    assert type(app.top).__name__ == "TutorialScene" and app.settings.memory_aid
    app.top.real_game()
    run(app, 2)
    assert type(app.top).__name__ == "NewGameScene" and "Memory aid: on" in app.top.aid_button.label
    from game.files.firstrun import mark_tutorial

    mark_tutorial()  # the lesson was taken once; the player switched the aid off since
    app.settings.memory_aid = False
    app.show("menu")
    key(pygame.K_l)
    run(app, 2)
    assert type(app.top).__name__ == "TutorialScene" and not app.settings.memory_aid
    app.top.leave()
