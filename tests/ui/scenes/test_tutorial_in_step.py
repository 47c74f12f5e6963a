"""The guided game's panel follows the table's animations, not the game, so that it never
speaks of a move before the player sees it: frame after frame of the whole lesson, played at a
real animation speed, the panel names the camper whose turn the table shows, speaks of a move
only once the table has shown it, and reads as plain sentences ("Next for you: Scram!", never
"scram!.")."""

from __future__ import annotations

import re

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.settings import Settings
from game.learn.tutorial import SEATS, STEPS
from game.ui.routes import make_app
from game.ui.table.access import player_ready, waiting_click

DT = 1 / 30


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def panel_words(scene) -> str:
    return " ".join(line for line, _, _ in scene.coach_lines(10_000))


def out_of_step(scene, state: str) -> list[str]:
    """What the panel says that the table does not show."""
    table, coach = scene.table, scene.coach
    board = table.board
    words = panel_words(scene)
    out = []
    playing = re.search(r"(\w+) (is playing|plays a last turn)", words)
    if playing:
        who = playing.group(1)
        shown = board.turn_seat
        if shown is None or SEATS[shown] != who:
            out.append(f"{state}: the panel says {who!r} plays, the table shows seat {shown}'s turn")
    step = coach.step()
    if step is not None and step.why in words:
        if any(board.is_moving(sp) for sp in board.all_cards()):  # (a card still settling its lift: fine)
            out.append(f"{state}: the lesson's words {step.why[:40]!r} while the cards still move")
        top = board.pile[-1].value if board.pile else None
        if top != coach.game.discard[-1]:
            out.append(f"{state}: the lesson speaks of the pile while it shows {top}")
    if re.search(r"[.!?]\.", words):
        out.append(f"{state}: double stop in {words!r}")
    _shown, cut = scene.panel_lines(scene.coach_rect())
    if cut:
        out.append(f"{state}: the panel cuts {[line for line, _, _ in cut]}")
    return out


@pytest.mark.parametrize(
    ("speed", "size"),
    [
        pytest.param("fast", (1024, 640), id="fast"),
        # at normal speed the whole lesson takes seconds of frames: slow
        pytest.param("normal", (1280, 720), id="normal", marks=pytest.mark.slow),
    ],
)
def test_the_lesson_panel_follows_the_table_frame_by_frame(home, speed, size):
    app = make_app(size, Settings(speed=speed, bot_pace="brisk", muted=True), persist=False)
    app.open("tutorial")
    scene = app.top
    table, coach = scene.table, scene.coach
    found: list[str] = []
    said_next = []
    for frame in range(200_000):
        if scene.done:
            break
        found += out_of_step(scene, f"frame {frame}, decision {len(coach.game.actions)}")
        words = panel_words(scene)
        said_next += re.findall(r"Next for you: [^.!]*[.!]", words)
        if waiting_click(table):
            table.timeline.click()
        elif app.top is scene and player_ready(table) and coach.step() is not None:
            assert table.turn.try_decide(coach.step().decision)
        elif type(app.top).__name__ == "RoundEndScene" and app.top.done:
            app.top.next()
        elif type(app.top).__name__ == "RoundEndScene":
            app.top.timer = -1e9
        app.step(DT)
        if len(found) > 20:
            break
    assert scene.done, "the lesson did not reach its end"
    assert coach.steps_done == len(STEPS)
    assert "Next for you: Scram!" in said_next
    assert not found, "\n".join(found[:12])
    table.close()


def test_the_panel_waits_for_the_table_after_a_bots_move(home):
    """'Dot threw away a 1' (lesson 2's words) only once the pile shows the 1."""
    app = make_app((1280, 720), Settings(speed="normal", bot_pace="instant", muted=True), persist=False)
    app.open("tutorial")
    scene = app.top
    table, coach = scene.table, scene.coach
    lesson_two = STEPS[2]
    for _ in range(100_000):
        if coach.step() is lesson_two and any(sp.moving for sp in table.board.all_cards()):
            break  # the game is at lesson 2, the table still shows Dot's move
        if waiting_click(table):
            table.timeline.click()
        elif player_ready(table) and coach.step() is not None:
            table.turn.try_decide(coach.step().decision)
        app.step(1 / 60)
    assert coach.step() is lesson_two and table.board.pile[-1].value != 1
    assert lesson_two.why not in panel_words(scene)
    for _ in range(10_000):
        if not table.timeline.busy:
            break
        app.step(1 / 60)
    app.step(1 / 60)
    assert lesson_two.why in panel_words(scene) and table.board.pile[-1].value == 1
    table.close()


def test_the_first_lessons_end_offers_the_second_which_plays_to_its_end_in_step(home):
    """ "More action cards (M)" on the first lesson's last panel opens the
    second course, played on the table (5, 8, 9, 11, a throw, the deck as a target), its
    panel in step with the table, ending after the player's last step with its own panel."""
    from game.learn.tutorial import MORE

    app = make_app((1024, 640), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    app.open("tutorial")
    first = app.top
    first.done = True  # the end panel of the first course
    more = next(b for b in first.end_buttons if b.label.startswith("More action cards"))
    first.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    app.step(DT)
    scene = app.top
    assert more.key == pygame.K_m and type(scene).__name__ == "TutorialScene" and scene.coach.course is MORE
    table, coach = scene.table, scene.coach
    found: list[str] = []
    for frame in range(100_000):
        if scene.done:
            break
        found += out_of_step(scene, f"frame {frame}, decision {len(coach.game.actions)}")
        if waiting_click(table):
            table.timeline.click()
        elif app.top is scene and player_ready(table) and coach.step() is not None:
            assert table.turn.try_decide(coach.step().decision)
        app.step(DT)
    assert scene.done and coach.steps_done == len(MORE.steps)
    assert not found, "\n".join(found[:12])
    assert [b.label for b in scene.end_buttons] == ["Play a real game (Enter)", "Menu (Esc)"]
    assert "every kind of action card" in coach.closing_words()
    assert not any(sp.moving for sp in table.board.all_cards())
    assert table.board.turn_seat is None and table.sidebar.turn is None  # nobody's turn goes on
    table.close()
