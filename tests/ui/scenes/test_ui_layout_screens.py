"""The layout check beyond the table: the tutorial's lessons and their ends,
the lobby, the host form, the friends screen and the networked table with 24-character names,
and the hover and focus rings; no text over text or cards, everything inside the window."""

from __future__ import annotations

import itertools

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import (
    BUTTONS,
    LARGE,
    SIZES,
    USUAL,
    crowded,
    drawn_texts,
    enter,
    problems,
    settle,
    sizes,
    table_at,
)

from game.files.settings import Settings
from game.rules.decisions import DISCARD, DRAW, Replace
from game.ui.routes import make_app


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def _tutorial_at(size, until, course: str = "first"):
    """The guided game at `size`, played by its own steps until `until(scene)`."""
    from game.ui.table.access import player_ready, waiting_click

    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.open("tutorial", course)
    scene = app.top
    table = scene.table
    for _ in range(20000):
        if until(scene, app):
            return app, scene
        if waiting_click(table):
            table.timeline.click()
        elif player_ready(table) and app.top is scene and scene.coach.step() is not None:
            assert table.turn.try_decide(scene.coach.step().decision)
        elif type(app.top).__name__ == "RoundEndScene" and app.top.done:
            app.top.next()
        app.step(1 / 60)
    raise AssertionError("the guided game never got there")


def _coach_problems(scene, boxes, state: str) -> list[str]:
    """The lesson panel: every line of its words drawn (none cut off), inside it."""
    from game.ui.kit.widgets import px
    from game.ui.table.access import sidebar_rect

    panel = scene.coach_rect()
    w = panel.w - px(24)
    want = [line for line, _, _ in scene.coach_lines(w)]
    inside = [(t, r) for t, r in boxes if panel.contains(r)]
    drawn = [t for t, _ in inside]
    out = [f"{state}: the panel's line {line!r} is not drawn" for line in want if line not in drawn]
    return out + crowded(inside, sidebar_rect(scene.table), state)


@pytest.mark.parametrize("size", sizes(slow=(USUAL, LARGE)))
def test_the_tutorials_last_lesson_its_reveal_and_its_end_fit(home, monkeypatch, size):
    from game.learn import tutorial

    last = tutorial.STEPS[-1]
    app, scene = _tutorial_at(size, lambda sc, a: sc.coach.step() is last and sc.table.my_turn())
    scene.table.refresh()
    found = problems(scene.table, f"{size} last lesson")
    found += _coach_problems(scene, drawn_texts(app, monkeypatch), f"{size} last lesson")
    app, scene = _tutorial_at(size, lambda sc, a: type(a.top).__name__ == "RoundEndScene" and a.top.done)
    found += problems(scene.table, f"{size} the reveal")
    sidebar = scene.table.board.layout.sidebar
    boxes = drawn_texts(app, monkeypatch, top_only=True)  # the summary, over the lesson panel
    assert any("records 0" in t for t, _ in boxes)
    found += crowded(boxes, sidebar, f"{size} the reveal")
    app.top.next()
    for _ in range(5):
        app.step(1 / 60)
    assert scene.done and app.top is scene
    boxes = drawn_texts(app, monkeypatch)
    found += _coach_problems(scene, boxes, f"{size} the end")
    end_box = [(t, r) for t, r in boxes if not scene.coach_rect().contains(r)]
    found += crowded(end_box, pygame.Rect(0, 0, *size), f"{size} the end panel")
    assert not found, "\n".join(found[:12])
    scene.table.close()


# ---- the networked screens, with 24-character names ---------------------------------------
def _screen_problems(app, monkeypatch, state: str, fields=()) -> tuple[list[str], list[str]]:
    """A whole screen: its texts, buttons and fields apart and inside the window; each
    field's text inside its box. (The problems, the texts drawn.)"""
    from ui.support.net_layout import apart, overlaps

    boxes, window = drawn_texts(app, monkeypatch), app.screen.get_rect()
    found = crowded(boxes, window, state)
    found += apart([*BUTTONS, *((f"field {f.placeholder}", f.rect) for f in fields)], window, state)
    for f in fields:  # a field's text may lie on it, inside it
        found += overlaps([(t, r) for t, r in boxes if not f.rect.contains(r)], [("field", f.rect)], state)
    return found, [t for t, _ in boxes]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lobby_host_form_and_friends_screen_fit_24_character_names(home, monkeypatch, size):
    from ui.support.net_layout import ME, REFUSED, kept_seats, lobby_session, refused_session

    found = []
    for campers, started in itertools.product((3, 4, 6), (False, True)):  # (on: a countdown)
        app = make_app(size, Settings(muted=True), persist=False)
        app.show("lobby", lobby_session(campers, 1, started))
        bad, texts = _screen_problems(app, monkeypatch, f"lobby {campers} {size} {started}")
        found += bad
        mine = "Duo" if campers == 3 else "Orange team"  # seat 2's team in the table's colours
        assert f"Seat 2 · {mine}" in texts and not any("team A" in t or "team B" in t for t in texts)
        assert any(t.startswith(ME) and t.endswith("(hosts, you)") for t in texts)
    app = make_app(size, Settings(muted=True), persist=False)
    app.show("lobby", refused_session())  # the longest sentence a link says it failed with
    bad, texts = _screen_problems(app, monkeypatch, f"lobby refused {size}")
    found += bad
    assert (
        "".join(texts).replace(" ", "")
        == f"TableBZ7T9MCouldnottakeaseat.{REFUSED}".replace(" ", "") + "Leave(Esc)"
    )
    for seat in range(6):
        app = make_app(size, Settings(muted=True, player_name=ME[:16]), persist=False)
        form = app.open("host_table")
        form.size, form.seat = 1, seat
        found += _screen_problems(app, monkeypatch, f"host form, seat {seat} {size}")[0]
        # the table's colours (seat 1's team blue), the host's own team first
        mine, other = ("Blue team", "Orange team") if seat % 2 == 0 else ("Orange team", "Blue team")
        assert [name for _, name in form.team_words()] == [f"{mine} (yours)", other]
    kept_seats()
    app = make_app(size, Settings(muted=True, player_name="W" * 16), persist=True)
    friends = app.open("friends")
    friends.address.value = "scram://" + "w" * 200  # longer than its box
    friends.join()  # refused: no table code
    friends.warn("The tables you sit at could not be used: damaged (not JSON: Expecting value); " * 2)
    friends.name.focused = True
    found += _screen_problems(app, monkeypatch, f"friends {size}", friends.fields())[0]
    assert not found, "\n".join(found[:12])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("campers", [3, 4, 6])
def test_the_networked_table_fits_24_character_names_and_its_marks(home, monkeypatch, size, campers):
    from ui.support.net_layout import apart, overlaps, remote_table, sidebar_texts

    app, table = remote_table(size, campers, 1)
    table.sidebar.totals = [260, 312]  # three figures: "Blue team (you)" never runs into them
    found, state = [], f"networked {campers} {size}"
    for reactions_open in (False, True):
        table.net.open = reactions_open
        app.step(1 / 60)
        marks = [(f"away mark {t}", r) for r, t, _ in table.net._seat_marks()]
        marks += [(f"bubble {e}", r) for r, e in table.net._bubbles()]
        assert any("plays in" in n for n, _ in marks) and any("bubble" in n for n, _ in marks)
        found += problems(table, state) + apart(marks, table.board.layout.table, state)
        found += overlaps(marks, table.text_boxes() + table.board.card_rects(), state)
        # the log's lines stand a font's line apart, their boxes 1 px deeper: compared without it
        side = [(t, r.inflate(0, -2)) for t, r in sidebar_texts(table, lambda a: drawn_texts(a, monkeypatch))]
        found += crowded(side, table.board.layout.sidebar, f"{state} sidebar")
        grounds = [(b.label, b.rect) for b in table.sidebar.buttons]
        grounds += [("the reactions' ground", table.net._emotes_panel())] if reactions_open else []
        found += overlaps(side, grounds, f"{state} sidebar")
    log = table.sidebar.log
    assert any(line.startswith("Your stand-in (trailblazer) ") for line in log)
    assert not any(line.startswith("You ") for line in log), "the stand-in's moves told as the player's"
    assert not found, "\n".join(found[:12])


# ---- the second guided game, its lessons and its end -------------------------------------------
@pytest.mark.parametrize("size", sizes(slow=(LARGE,)))
def test_the_second_lessons_steps_and_its_end_fit(home, monkeypatch, size):
    from game.learn.tutorial import MORE

    found, checked = [], []

    def at_a_step(sc, a) -> bool:  # each step once, as it comes (the course is played once)
        step = sc.coach.step()
        if step is not None and sc.table.my_turn() and step not in checked:
            checked.append(step)
            sc.table.refresh()
            found.extend(problems(sc.table, f"{size} step {len(checked)}"))
            found.extend(_coach_problems(sc, drawn_texts(a, monkeypatch), f"{size} step {len(checked)}"))
        return sc.done

    app, scene = _tutorial_at(size, at_a_step, "more")
    assert checked == list(MORE.steps)
    boxes = drawn_texts(app, monkeypatch)
    found += _coach_problems(scene, boxes, f"{size} the end")
    end_box = [(t, r) for t, r in boxes if not scene.coach_rect().contains(r)]
    assert any("every kind of action card" in t for t, _ in end_box)
    found += crowded(end_box, pygame.Rect(0, 0, *size), f"{size} the end panel")
    assert not found, "\n".join(found[:12])
    scene.table.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hover_and_focus_rings_stay_off_the_rows_labels(home, monkeypatch, size):
    """The ring round a hovered (raised) card of a short row once covered the owner's label
    ("Blue team · 2 cards"): the rings paint only below the row's name line."""
    from game.ui.table import picture

    table = table_at(size, 4, 0, campsites={0: [4, 4, 4, 1, 2]}, deck=[5])
    game = table.game
    table.decide(DRAW)
    table.decide(Replace(((0, 0), (0, 1), (0, 2))))  # a match: a short row (three cards)
    while game.turn != 0:
        table.decide(DRAW)
        table.decide(DISCARD)
    settle(table)
    enter(table)
    table.decide(DRAW)
    settle(table)
    enter(table)
    table.turn.start_replace()  # the player's cards glow: hovering one raises it
    table.refresh()
    painted: list[tuple[pygame.Rect, pygame.Rect]] = []
    real = picture.hover_ring
    monkeypatch.setattr(picture, "hover_ring", lambda surface, r: painted.append((surface.get_clip(), r)))
    label = next(r for n, r in table.board.text_boxes() if n.startswith("seat 0:") and " cards" in n)
    for i in range(2):
        card = table.board.rows[0][i].rect()
        table.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        table.board.update(5.0)
        table.draw(pygame.Surface(size))
    monkeypatch.setattr(picture, "hover_ring", real)
    assert len(painted) == 2
    for clip, _ in painted:
        assert clip.top >= label.bottom, (clip, label)
    table.close()
