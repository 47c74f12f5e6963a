"""Memory, so that a long session stays small: what the game keeps is bounded by the bytes it
holds, whatever the window's sizes were; no window-sized copy is made where none is needed; and
a short fuzz of every screen (screens/ui_fuzz.py, slow) ends with no crash and under its budget."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_support import run

ROOT = Path(__file__).resolve().parents[3]
MB = 1024 * 1024


def test_a_cache_with_a_number_of_entries_makes_room_before_it_makes_a_new_one():
    from game.ui.skin.memo import surface_cache

    alive: list[int] = []  # how many results were held when each was made

    @surface_cache(1, entries=2)
    def picture(n: int) -> pygame.Surface:
        alive.append(picture.cache_info().currsize)
        return pygame.Surface((10, 10))

    for n in range(6):
        picture(n)
    assert picture.cache_info().currsize == 2
    assert max(alive) == 1  # the oldest went first: never three at once


def test_a_cache_told_what_a_result_will_take_makes_room_for_it_first():
    from game.ui.skin.memo import surface_cache

    held_before: list[int] = []

    @surface_cache(1, expect=lambda w: 4 * w * 100)
    def strip(w: int) -> pygame.Surface:
        held_before.append(strip.cache_info().bytes)
        return pygame.Surface((w, 100))

    for w in (1500, 2000, 2500, 1800):  # 0.6 to 1 MB each: one at a time fits the budget
        strip(w)
    assert held_before == [0, 0, 0, 0] and strip.cache_info().bytes <= MB


def test_the_cloth_keeps_one_size_however_many_the_window_had():
    from game.ui import skin

    skin.table_background.cache_clear()
    for k in range(12):
        skin.table_background((1024 + 37 * k, 640 + 11 * k))
    info = skin.table_background.cache_info()
    assert info.currsize == 1 and info.bytes <= info.budget


def test_per_size_pictures_are_bounded_by_bytes(tmp_path, monkeypatch):
    from game.files.settings import Settings
    from game.ui.kit import widgets
    from game.ui.routes import make_app
    from game.ui.table import sprites
    from game.ui.table.seen_marks import SeatMarks

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    make_app((1280, 720), Settings(muted=True), persist=False)  # fonts (afresh if pygame quit)

    screen = pygame.Surface((1280, 720))
    marks = SeatMarks({0: (0, "Y")})
    for k in range(70):  # a window resized many times, a card passing through many widths
        widgets.panel(screen, pygame.Rect(0, 0, 300 + 20 * k, 200 + 14 * k))
        sprites._shadow(40 + 3 * k, 56 + 3 * k)
        marks.value_tag(7, 18 + 3 * k)  # the memory aid's disc on a growing card
    for cache in (widgets._panel, sprites._shadow):
        info = cache.cache_info()
        assert info.bytes <= info.budget <= 8 * MB
    tags = marks.kept()
    assert len(tags) <= 512 and sum(t.get_pitch() * t.get_height() for t in tags) <= 4 * MB


def test_darkening_is_the_black_veil_it_replaces():
    from game.ui.kit.widgets import darken

    a = pygame.Surface((256, 1))
    for x in range(256):
        a.set_at((x, 0), (x, 255 - x, x // 2))
    b = a.copy()
    veil = pygame.Surface(a.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 110))
    a.blit(veil, (0, 0))
    darken(b, 110)
    assert all(
        abs(p - q) <= 1 for x in range(256) for p, q in zip(a.get_at((x, 0)), b.get_at((x, 0)), strict=True)
    )


def test_the_presenter_sends_changed_rows_and_keeps_no_copy_of_the_frame(tmp_path, monkeypatch):
    from game.files.settings import Settings
    from game.ui.kit.presenter import BAND, Presenter
    from game.ui.routes import make_app

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.open("menu")
    run(app)
    screen = app.display.window
    shown = Presenter(headless=False)  # as in a real window (the dummy driver takes updates too)
    assert shown.present(screen) is None  # the first frame goes whole
    assert shown.present(screen) == []  # nothing changed: nothing sent
    screen.fill((1, 2, 3), pygame.Rect(0, 5 * BAND + 3, 10, 2))
    assert shown.present(screen) == [pygame.Rect(0, 5 * BAND, 1280, BAND)]
    assert all(isinstance(b, int) for b in shown._bands)  # hashes, not pixels


def test_the_heap_is_trimmed_once_each_time_the_screen_changes(tmp_path, monkeypatch):
    from game.files.settings import Settings
    from game.ui import skin
    from game.ui.routes import make_app

    trims: list[str] = []
    monkeypatch.setattr(skin, "trim_heap", lambda: trims.append(type(app.top).__name__))
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.open("menu")
    for _ in range(3):
        app.step(1 / 60)
    app.open("help")
    for _ in range(3):
        app.step(1 / 60)
    app.pop()
    app.step(1 / 60)
    assert trims == ["MenuScene", "HelpScene", "MenuScene"]


def test_the_heap_is_trimmed_once_a_resize_has_settled(tmp_path, monkeypatch):
    """Every size a window passes through leaves window-sized pictures behind: once the
    resizing has stopped for half a second, the freed memory goes back (once)."""
    import pygame

    from game.files.settings import Settings
    from game.ui import skin
    from game.ui.kit import app as app_module
    from game.ui.routes import make_app

    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    trims: list[tuple[int, int]] = []
    monkeypatch.setattr(skin, "trim_heap", lambda: trims.append(app.size))
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.open("menu")
    app.step(1 / 60)
    assert trims == [(1280, 720)]  # the new screen
    for w in (1300, 1400, 1500):  # a drag: a size a frame, 0.1 s apart
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=800, size=(w, 800)))
        clock[0] += 0.1
        app.step(1 / 60)
    assert trims == [(1280, 720)]  # still resizing
    for _ in range(10):  # a second of quiet
        clock[0] += 0.1
        app.step(1 / 60)
    assert trims == [(1280, 720), (1500, 800)]


def test_trimming_the_heap_gives_freed_memory_back():
    from game.ui.skin.memo import _glibc, trim_heap

    if _glibc() is None:
        pytest.skip("not glibc: there is no heap to trim")
    blocks = [bytearray(1000) for _ in range(60_000)]  # small blocks: from the heap, not mmap
    del blocks[:-1]  # all but the last freed: the heap's top stays in use (no automatic trim)
    before = _rss_kb()
    trim_heap()
    assert _rss_kb() < before - 20_000  # at least 20 of the ~60 MB freed went back


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.slow
def test_a_short_fuzz_of_every_screen_crashes_nothing_and_stays_in_its_budget():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    args = ["--minutes", "0.6", "--visit", "2", "--seed", "7"]
    done = subprocess.run(
        [sys.executable, "-m", "screens.ui_fuzz", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr[-3000:]
    assert "crashes: 0 Python errors, 0 native" in out, out
    peak = float(re.search(r"peak (\d+) MB", out).group(1))
    assert peak <= 250, out
    assert int(re.search(r"(\d+) screen visits", out).group(1)) >= 10, out


def test_the_heap_is_trimmed_every_few_seconds_on_a_still_screen(tmp_path, monkeypatch):
    """The caches let pictures go as they take new ones (a table's cards at a new width):
    what they freed goes back every TRIM_EVERY seconds, not only when the screen changes."""
    from game.files.settings import Settings
    from game.ui import skin
    from game.ui.kit import app as app_module
    from game.ui.routes import make_app

    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    trims: list[float] = []
    monkeypatch.setattr(skin, "trim_heap", lambda: trims.append(clock[0]))
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.open("menu")
    for _ in range(50):  # five seconds, a frame every 0.1 s
        app.step(1 / 60)
        clock[0] += 0.1
    assert len(trims) == 1 + int(4.9 // app_module.TRIM_EVERY)  # the new screen, then every 2 s
    assert all(b - a >= app_module.TRIM_EVERY - 1e-9 for a, b in zip(trims, trims[1:], strict=False))


def test_a_table_left_lets_its_window_sized_pictures_go_within_seconds(tmp_path, monkeypatch):
    """A table left for the menu is a cycle (its buttons call it back), and its bots may
    still be thinking for it: its window-sized picture went only with the collector's rare
    full pass, and three dead tables' pictures were seen at once in the fuzz. Within
    TRIM_EVERY seconds on the new screen, it is gone."""
    import gc
    import weakref

    from game.files.settings import Settings
    from game.seat.start import start_game
    from game.ui.kit import app as app_module
    from game.ui.routes import make_app

    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.show("menu")
    start_game(app, 4, 0, None, [None, "greenhorn", "greenhorn", "greenhorn"], 3)
    for _ in range(5):
        app.step(1 / 60)
    picture = weakref.ref(app.top.backdrop)
    drawn = picture()._img
    assert drawn is not None and drawn.get_size() == app.size
    del drawn
    gc.disable()  # as if the collector's own full pass were far off
    try:
        app.show("menu")
        assert picture() is not None  # a cycle: reference counting alone does not free it
        for _ in range(int(app_module.TRIM_EVERY / 0.1) + 1):
            clock[0] += 0.1
            app.step(1 / 60)
        assert picture() is None
    finally:
        gc.enable()
