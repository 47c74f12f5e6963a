"""What the table says is true: the pause promises "(saved)" only where a save is written
(never in a lesson), a lesson's panel never tells of a card before it is drawn, the deal's
labels count the cards a row has been dealt (not "5 cards" over an empty row), and the
second lesson (the 5, 8, 9 and 11 played) is reached from the menu."""

from __future__ import annotations

import re

import pygame
import pytest
from ui_support import key, run

from game.files.settings import Settings
from game.learn.tutorial import COURSES
from game.rules import Game
from game.ui.routes import make_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return make_app((1024, 640), Settings(speed="normal", muted=True), persist=True)


def _leave_label(app) -> str:
    pause = app.open("pause", app.top if type(app.top).__name__ == "TableScene" else app.top.table)
    return pause.buttons[-1].label


def test_the_pause_says_saved_only_where_the_game_is_saved(app):
    app.show("table", Game(4, 3), ["You", "Bea", "Cal", "Dot"], [None, "greenhorn"] * 2, 0)
    run(app, 2)
    assert _leave_label(app) == "Leave to menu (saved)"
    app.show("tutorial")
    run(app, 2)
    assert _leave_label(app) == "Leave to menu"  # a lesson is never saved


@pytest.mark.parametrize("course", list(COURSES))
def test_no_lesson_tells_of_the_card_before_it_is_drawn(course):
    for lesson in COURSES[course].lessons:
        for step in lesson.steps:
            if step.draw is not None and step.decision is not None and "deck" in step.prompt:
                assert not re.search(rf"\b{step.draw}\b", step.why), (lesson.title, step.why)


def test_the_deals_labels_count_the_cards_that_have_left_the_deck(app):
    table = app.show("table", Game(4, 3), ["You", "Bea", "Cal", "Dot"], [None, "greenhorn"] * 2, 0)
    run(app, 2)
    counts = [table.board.count(s, held=True) for s in range(4)]
    assert min(counts) < 5  # the last row dealt is still (partly) on the deck
    for _ in range(600):
        run(app, 1)
        if not table.timeline.busy:
            break
    assert [table.board.count(s, held=True) for s in range(4)] == [5, 5, 5, 5]


def test_the_second_lesson_is_on_the_menu(app):
    menu = app.show("menu")
    assert any(b.label == "More action cards (M)" for b in menu.buttons)
    key(pygame.K_m)
    run(app, 2)
    assert type(app.top).__name__ == "TutorialScene" and app.top.course.key == "more"
