"""Unit tests of the window's plain parts: the rows sent to the window, the interface scale,
tweens and the timeline, the rule that input comes from events only, and the interpreter
handed back by a thinking bot. (The table's plain parts are in tests/ui/table/test_table_units.py,
the settings and the save in tests/files/test_settings_and_save.py, the command line that
opens the window in tests/test_cli_window.py.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.settings import Settings
from game.ui.kit.tween import WAIT_CLICK, Timeline, Tween

ROOT = Path(__file__).resolve().parents[3]


def test_only_changed_rows_are_sent_to_the_window():

    from game.ui.kit.presenter import BAND, changed_bands

    w, h, pitch = 64, 100, 256
    old = bytes(pitch * h)
    assert changed_bands((w, h), pitch, old, old) == []
    new = bytearray(old)
    new[20 * pitch + 5] = 1  # row 20
    new[21 * pitch + 5] = 1
    new[99 * pitch] = 1  # the last row (a band cut short by the window's edge)
    rects = changed_bands((w, h), pitch, bytes(new), old)
    assert rects == [pygame.Rect(0, BAND, w, BAND), pygame.Rect(0, 96, w, 4)]
    new[40 * pitch] = 1  # bands next to each other join into one run
    new[33 * pitch] = 1
    rects = changed_bands((w, h), pitch, bytes(new), old)
    assert rects[0] == pygame.Rect(0, 16, w, 48 - 16)


def test_interface_scale_follows_the_window():
    from game.ui.kit import widgets

    assert widgets.scale_for((1024, 640)) == 1.0 and widgets.scale_for((1280, 720)) == 1.0
    assert widgets.scale_for((1920, 1080)) == 1.5 and widgets.scale_for((3840, 2160)) == 2.0
    assert widgets.scale_for((2560, 720)) == 1.0  # the smaller ratio decides


class Box:
    x = 0.0


def test_tween_eases_and_ends_exactly():
    b = Box()
    t = Tween(b, "x", 10.0, 1.0)
    assert not t.update(0.5) and 0 < b.x < 10
    assert t.update(0.6) and b.x == 10.0


def test_timeline_runs_steps_in_order_and_waits_for_a_click():
    seen = []
    tl = Timeline()
    tl.add(lambda: seen.append(1) or 0.5)
    tl.add(lambda: seen.append(2) or WAIT_CLICK)
    tl.add(lambda: seen.append(3) or 0.0)
    tl.update(0.1)
    assert seen == [1] and tl.busy
    tl.update(0.5)
    assert seen == [1, 2] and tl.waiting_click
    tl.update(5)
    assert seen == [1, 2]
    assert tl.click()
    tl.update(0.0)
    assert seen == [1, 2, 3] and not tl.busy


def test_a_step_after_a_click_gets_its_whole_time():
    """However long the player looks at a viewed card, turning it back is still animated."""
    seen = []
    tl = Timeline()
    tl.add(lambda: WAIT_CLICK)
    tl.add(lambda: seen.append("lower") or 0.35)
    tl.add(lambda: seen.append("next") or 0.0)
    tl.update(0.0)
    for _ in range(120):  # two seconds of looking
        tl.update(1 / 60)
    assert tl.click()
    tl.update(1 / 60)
    assert seen == ["lower"]
    tl.update(0.2)
    assert seen == ["lower"] and tl.busy
    tl.update(0.2)
    assert seen == ["lower", "next"]


def test_instant_timeline_finishes_in_one_update():
    tl = Timeline()
    for _ in range(50):
        tl.add(lambda: 0.0)
    tl.update(0.0)
    assert not tl.busy


def test_input_is_read_from_events_not_polled():
    polled = re.compile(r"mouse\.get_pos|mouse\.get_pressed|key\.get_pressed")
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        assert not polled.search(path.read_text()), path


def test_the_window_has_a_thinking_bot_hand_the_interpreter_back_within_a_millisecond():
    """A bot searches on a thread beside the frame (the trailblazer searches every decision at
    4 and 6 campers); with Python's default 5 ms between two handovers of the
    GIL a frame could wait that long each time it lets go of it (bench/ui_frames.py
    --level trailblazer: p99 7.5-7.9 ms at 4 and 6 campers, 4.5-5.1 ms at 1 ms)."""
    from game.threads import GIL_SWITCH
    from game.ui.kit.app import App

    sys.setswitchinterval(0.005)
    App((640, 480), Settings(muted=True), persist=False)
    assert sys.getswitchinterval() == pytest.approx(GIL_SWITCH) and GIL_SWITCH <= 0.001
