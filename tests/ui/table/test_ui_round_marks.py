"""What a seat's label says around a round's end, so it never runs ahead of the table: a
camper's sum shows only once the count has reached that camper, and a round's Scram tag goes
with its cards when the next deal comes."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import run_out, scram_ready
from ui_support import DT

from game.files.settings import Settings
from game.rules.decisions import SCRAM
from game.ui.routes import make_app
from game.ui.scenes.round_end import RoundEndScene
from game.ui.scenes.table import TableScene

NAMES = ["You", "Bea", "Cal", "Dot"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def scrammed_table() -> tuple:
    """A table whose round ends with seat 0's Scram; the round end is open, its count begun."""
    game = scram_ready({})
    game.apply(SCRAM)
    run_out(game)
    app = make_app((1024, 640), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    table = TableScene(app, game, NAMES, [None, "greenhorn", "greenhorn", "greenhorn"], 0)
    app.push(table)
    for _ in range(5000):
        if isinstance(app.top, RoundEndScene):
            return app, table, app.top
        if table.timeline.waiting_click:
            table.timeline.click()
        app.step(DT)
    raise AssertionError("the round end never came")


def _points(value: int, table: TableScene, seat: int) -> int:
    """What a face-up card adds to its camper (an = counts as the row's lowest number)."""
    from game.ui.scenes.round_end import _contribution

    values = tuple(sp.value for sp in table.board.rows[seat] if sp is not None)
    return _contribution(value, values)


def labels(table: TableScene, seat: int) -> list[str]:
    return [text for text, _ in table.board.text_boxes() if text.startswith(f"seat {seat}:")]


def test_a_campers_sum_shows_only_once_the_count_reaches_it(home):
    app, table, end = scrammed_table()
    order = [0, 1, 2, 3]  # the count goes round from the player
    cards = {s: len(table.game.campsites[s]) or 1 for s in order}  # an empty row: one step
    frames_before = 0
    for _ in range(5000):
        shown = [s for s in order if any(t.endswith(("pt", "pts")) for t in labels(table, s))]
        untouched = [s for s in order if sum(1 for q in end.queue if q[0] == s) == cards[s]]
        # nobody shows "0 pts" before the count has come to it
        assert not set(shown) & set(untouched), (shown, untouched)
        # and a sum counts only the cards whose faces show (a card counts once it is turned)
        for seat, total in (table.board.sums or {}).items():
            faces = [sp for sp in table.board.rows[seat] if sp is not None and sp.up]
            assert total <= sum(_points(sp.value, table, seat) for sp in faces), (seat, total)
        frames_before += bool(untouched)
        if end.done:
            break
        app.step(DT)
    assert end.done and frames_before > 3
    assert all(any(t.endswith(("pt", "pts")) for t in labels(table, s)) for s in order)
    table.close()


def test_the_scram_tag_leaves_the_seat_when_the_next_deal_comes(home):
    app, table, end = scrammed_table()
    end.timer = -1e9  # the count at once
    for _ in range(120):
        if end.done:
            break
        app.step(DT)
    assert end.done
    end.next()  # the next round's deal
    seen_during_deal = []
    for _ in range(60):
        app.step(DT)
        seen_during_deal += [t for s in range(4) for t in labels(table, s)]
    assert table.timeline.busy or table.game.round == 2
    assert seen_during_deal and not any("SCRAM" in t for t in seen_during_deal)
    table.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_status_line_is_never_cut_at_any_window_size(home, size):
    """The narration bar's longest lines (a five-card replacement that
    failed) were cut with "…" at 1024×640; they take two smaller lines inside the bar."""
    from game.ui.kit.widgets import set_ui_scale
    from game.ui.table.layout import Layout
    from game.ui.table.messages import Messages

    make_app(size, Settings(muted=True), persist=False)  # a window: fonts and the scale
    set_ui_scale(size)
    bar = Layout(size, 6, 0).narration
    m = Messages()
    longest = (
        "Bartholomew tried their 1st card (13), Anneliese's 1st card (3), Anneliese's 3rd card (6), "
        "Anneliese's 4th card (5) and Anneliese's 5th card (11): no match, they stay face up; "
        "penalty: 3 extra cards."
    )
    for line in ("You drew a 6.", longest):
        m.say(line)
        _, lines, boxes = m.bar_boxes(bar)
        assert " ".join(lines) == line and not any(x.endswith("…") for x in lines)
        assert all(bar.contains(b) for b in boxes)
        assert all(not a.colliderect(b) for a, b in zip(boxes, boxes[1:], strict=False))
    surface = pygame.Surface(size)
    m.draw_bar(surface, bar)  # draws without error
