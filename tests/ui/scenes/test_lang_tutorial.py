"""The guided games in other languages: at every step of both courses, between the player's
moves and on the last panel, the lesson panel and its buttons draw in German, Polish and the
pseudo-locale with every line from the catalog (in brackets in the pseudo-locale), none cut,
none outside its panel or the window, none over another, at 1024x640, 1280x720 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import BUTTONS, LARGE, SMALL, USUAL, Recording, crowded, size_id

from game.files.settings import Settings
from game.lang import speech
from game.lang.pseudo import CLOSE, OPEN, bypassed
from game.learn.tutorial import COURSES, SEATS
from game.ui import skin
from game.ui.kit.widgets import Button
from game.ui.routes import make_app
from game.ui.table.access import player_ready, waiting_click

LANGS = ("de", "pl", "qps")
NAMES = tuple(SEATS[1:])  # the bots' names, the same in every language
DT = 1 / 30


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def stops(size, course: str):
    """The guided game `course` played to its end: (where, scene) at each of the player's
    steps, once a bot's turn shows after each, and at the last panel."""
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.open("tutorial", course)
    scene = app.top
    table, coach = scene.table, scene.coach
    after = None  # the step just taken, until a bot's turn shows on the table
    for _frame in range(100_000):
        if scene.done:
            yield "the last panel", scene
            break
        if after is not None and table.board.turn_seat not in (None, 0):
            yield f"a bot's turn after step {after}", scene
            after = None
        if waiting_click(table):
            table.timeline.click()
        elif app.top is scene and player_ready(table) and coach.step() is not None:
            yield f"step {coach.steps_done + 1}", scene
            after = coach.steps_done + 1
            assert table.turn.try_decide(coach.step().decision)
        elif type(app.top).__name__ == "RoundEndScene" and app.top.done:
            app.top.next()
        elif type(app.top).__name__ == "RoundEndScene":
            app.top.timer = -1e9
        app.step(DT)
    assert scene.done, f"the course {course!r} did not reach its end"
    table.close()


def drawn(scene, monkeypatch) -> tuple[list, list]:
    """The lines the lesson's own panels draw (the table under them has its own checks): those
    of the panel over the sidebar, and those of the last panel (none before the end)."""
    real_text, real_button = skin.text, Button.draw
    texts: dict[int, str] = {}

    def text(message, kind, size, color):
        img = real_text(message, kind, size, color)
        texts[id(img)] = message
        return img

    def button(b, surface):
        if b.visible:
            BUTTONS.append((b.label, b.rect.copy()))
        return real_button(b, surface)

    surface = Recording(scene.app.size, texts)
    scene.label_buttons()
    scene.table.draw(surface)
    BUTTONS.clear()
    monkeypatch.setattr(skin, "text", text)
    monkeypatch.setattr(Button, "draw", button)
    surface.boxes = []
    scene.draw_coach(surface)
    coach_boxes, surface.boxes = surface.boxes, []
    if scene.done:
        scene.draw_end(surface)
    monkeypatch.setattr(skin, "text", real_text)
    monkeypatch.setattr(Button, "draw", real_button)
    return coach_boxes, surface.boxes


def outside_brackets(texts: list[str]) -> list[tuple[str, str]]:
    """Lines with letters outside the pseudo-locale's brackets (a paragraph wrapped over
    several lines opens its bracket on the first and closes it on the last)."""
    found, depth = [], 0
    for text in texts:
        outside = bypassed(OPEN * depth + text, ("Scram!", *NAMES))
        if outside:
            found.append((text, outside))
        for ch in text:
            depth = depth + 1 if ch == OPEN else max(0, depth - 1) if ch == CLOSE else depth
    return found


def problems(scene, lang: str, where: str, monkeypatch) -> list[str]:
    speech.switch(lang)
    state = f"{lang} {size_id(scene.app.size)} {scene.course.key}, {where}"
    coach_boxes, end_boxes = drawn(scene, monkeypatch)
    out = []
    if not coach_boxes:
        out.append(f"{state}: the lesson panel drew nothing")
    window = pygame.Rect((0, 0), scene.app.size)
    out += crowded(coach_boxes + end_boxes, window, state)
    out += crowded(coach_boxes, scene.coach_rect(), f"{state}, the lesson panel")
    if scene.done:
        out += crowded(end_boxes, scene.end_rect(scene.app.size), f"{state}, the last panel")
    _shown, cut = scene.panel_lines(scene.coach_rect())
    out += [f"{state}: the panel cuts {line!r}" for line, _size, _color in cut]
    texts = [t for t, _box in coach_boxes + end_boxes]
    prompt = scene.coach.prompt()
    said = [*texts, *([prompt] if prompt else [])]
    out += [f"{state}: {t!r} is cut short" for t in texts if t.endswith("…")]
    out += [f"{state}: {t!r} has an unfilled placeholder" for t in said if "{" in t or "}" in t]
    if lang == "qps":
        out += [f"{state}: {t!r} is not from the catalog ({o!r})" for t, o in outside_brackets(texts)]
        if prompt and bypassed(prompt, NAMES):
            out.append(f"{state}: the prompt {prompt!r} is not from the catalog")
    return out


def _params() -> list:
    """Each course at each size; the first course's whole round takes about 2 s a size (slow),
    the second's short one, at the smallest window, stays in the fast loop."""
    fast = {("more", SMALL)}
    return [
        pytest.param(
            course, s, id=f"{course}-{size_id(s)}", marks=[] if (course, s) in fast else [pytest.mark.slow]
        )
        for s in (SMALL, USUAL, LARGE)
        for course in COURSES
    ]


@pytest.mark.parametrize(("course", "size"), _params())
def test_every_step_of_the_guided_games_fits_in_german_polish_and_the_pseudo_locale(
    monkeypatch, course, size
):
    found, seen = [], 0
    for where, scene in stops(size, course):
        seen += 1
        for lang in LANGS:
            found += problems(scene, lang, where, monkeypatch)
        speech.switch("en")
    assert seen > len(COURSES[course].steps), "every step was looked at"
    assert not found, "\n".join(found[:30])
