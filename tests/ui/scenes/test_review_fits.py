"""The review at the smallest window: its score table's heads are whole ("You", "Cal",
"Blue", "Orange", never "Y…" or "Or…") and no two of its figures run into each other, at
4 and 6 campers; the card a camper holds reads "You hold", "Bea holds"."""

from __future__ import annotations

import itertools

import pygame
import pytest
from decks import finished_game
from ui_support import key, run

from game.files import kept_games as archive
from game.files.settings import Settings
from game.rules.record import parse_record
from game.ui.routes import make_app
from game.ui.scenes.review import holds
from game.ui.table import scoresheet

NAMES = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize("campers", [4, 6])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_reviews_score_table_shows_every_head_whole(monkeypatch, size, campers):
    app = make_app(size, Settings(muted=True), persist=False)
    game = finished_game(21, campers)
    record = archive.game_record(game, NAMES[:campers], [None] + ["scout"] * (campers - 1), 0)
    review = app.open("review", parse_record(record))
    run(app, 2)
    for _ in range(45):  # into the second round: a row of the sheet is filled
        key(pygame.K_RIGHT)
        run(app)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = scoresheet.draw_text

    def draw_text(surface, message, *args, **kwargs):
        r = real(surface, message, *args, **kwargs)
        drawn.append((message, r))
        return r

    monkeypatch.setattr(scoresheet, "draw_text", draw_text)
    review._sheet = None  # drawn again, through the recorder
    review._side = None
    review.draw(app.screen)
    heads = [t for t, _ in drawn if not t.isdigit() and t not in ("–", "Round", "Total")]
    assert {"You", "Blue", "Orange"} <= set(heads), heads
    assert not [t for t in heads if t.endswith("…")], heads
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(drawn, 2) if ra.colliderect(rb)]
    assert overlaps == []


def test_the_held_card_is_told_in_the_campers_grammar():
    assert holds("You") == "You hold" and holds("Bea") == "Bea holds"
