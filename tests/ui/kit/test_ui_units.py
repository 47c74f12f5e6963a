"""Unit tests of the window's plain parts and what it stands on: settings and save files,
the rows sent to the window, the interface scale, tweens and the timeline, the command line,
the rule that input comes from events only, and the interpreter handed back by a thinking
bot. (The table's plain parts are in tests/ui/table/test_table_units.py.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.saves import has_save, load_save, write_save
from game.files.settings import Settings, load_settings, save_settings
from game.rules.state import Game
from game.ui.kit.tween import WAIT_CLICK, Timeline, Tween

ROOT = Path(__file__).resolve().parents[3]


def test_settings_round_trip_and_bad_values(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(speed="instant", volume=0.3, memory_aid=True)
    assert save_settings(s, path) is None
    loaded, note = load_settings(path)
    assert note is None and loaded == s
    path.write_text(json.dumps({"speed": "warp", "volume": 7, "muted": True, "extra": 1}))
    loaded, note = load_settings(path)
    assert note is None and loaded.speed == "normal" and loaded.volume == 0.7 and loaded.muted


def test_corrupt_settings_are_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{oops")
    loaded, note = load_settings(path)
    assert loaded == Settings() and "damaged" in note
    assert not path.exists() and list(tmp_path.glob("settings.json.corrupt-*"))


def test_unwritable_settings_folder_gives_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "Could not save" in save_settings(Settings(), blocker / "settings.json")


def test_save_restores_exactly(tmp_path):
    path = tmp_path / "save.json"
    import random

    game = Game(4, 77)
    rng = random.Random(1)
    for _ in range(25):
        game.play(game.sample_decision(rng))
    assert write_save(game, ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0, path) is None
    assert has_save(path)
    saved, note = load_save(path)
    assert note is None
    assert saved.game.view(None).key() == game.view(None).key()
    assert saved.players == ["A", "B", "C", "D"] and saved.human == 0


def test_bad_record_in_save_is_set_aside(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(
        json.dumps({"format": "scram-record/1", "campers": 4, "seed": 1, "actions": [{"do": "fly"}]})
    )
    saved, note = load_save(path)
    assert saved is None and "damaged" in note and not path.exists()


def test_background_saver_keeps_the_last_save_and_deletes_in_order(tmp_path):
    import random

    from game.files.saves import SaveWriter

    path = tmp_path / "save.json"
    game = Game(4, 78)
    rng = random.Random(2)
    writer = SaveWriter(path)
    for _ in range(30):
        game.play(game.sample_decision(rng))
        writer.save(game, ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    writer.flush()
    saved, note = load_save(path)
    assert note is None and saved.game.view(None).key() == game.view(None).key()
    writer.save(game, ["A", "B", "C", "D"], [None] * 4, 0)
    writer.delete()  # the game is over: the save goes, after the write queued before it
    writer.close()
    assert not path.exists()
    writer.save(game, ["A", "B", "C", "D"], [None] * 4, 0)  # after close: written at once
    assert path.exists()


def test_background_saver_reports_an_unwritable_folder(tmp_path):
    from game.files.saves import SaveWriter

    blocker = tmp_path / "file"
    blocker.write_text("x")
    writer = SaveWriter(blocker / "save.json")
    writer.save(Game(4, 1), ["A", "B", "C", "D"], [None] * 4, 0)
    writer.close()
    assert writer.notes and "Could not save" in writer.notes[0]


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


def _cli(*args, env=None):
    e = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, env=e, capture_output=True, text=True
    )


def test_cli_version_and_help():
    out = _cli("--version")
    assert out.returncode == 0 and out.stdout.startswith("scram ")
    out = _cli("--help")
    assert out.returncode == 0 and "--watch" in out.stdout and "--selftest" in out.stdout


@pytest.mark.slow
def test_cli_selftest(tmp_path):
    out = _cli("--selftest", "--campers", "3", "--seed", "5", env={"SCRAM_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert "self-test: ok" in out.stdout


def test_cli_unwritable_save_folder_plays_without_saving(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = _cli(env={"SCRAM_HOME": str(blocker), "SCRAM_STARTUP_PROBE": "1"})  # the first frame, then out
    assert out.returncode == 0 and "first-frame" in out.stdout  # the menu says it, in one line
    assert out.stderr == ""


def test_cli_no_display_is_one_line(tmp_path):
    out = _cli("--watch", env={"SDL_VIDEODRIVER": "no-such-driver", "SCRAM_HOME": str(tmp_path)})
    assert out.returncode != 0
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland only")
def test_cli_no_display_at_all_is_our_line_alone(tmp_path):
    # No display and no XDG_RUNTIME_DIR (a bare console): SDL's probe for Wayland would make
    # libwayland print a line of its own first; the player reads ours only.
    gone = ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER")
    env = {k: v for k, v in os.environ.items() if k not in gone}
    env.update(SCRAM_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy", TMPDIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode != 0
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("scram: cannot open a window"), out.stderr


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland only")
def test_private_runtime_dir_only_when_missing_and_only_if_private(tmp_path, monkeypatch):
    from game.__main__ import _private_runtime_dir

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)  # gettempdir reads TMPDIR again
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    _private_runtime_dir()
    assert os.environ["XDG_RUNTIME_DIR"] == str(tmp_path)  # a valid one is left alone
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    _private_runtime_dir()
    made = Path(os.environ["XDG_RUNTIME_DIR"])
    assert made.parent == tmp_path and made.is_dir() and made.stat().st_mode & 0o777 == 0o700
    made.chmod(0o755)  # someone opened it up: not ours to trust any more
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    _private_runtime_dir()
    assert "XDG_RUNTIME_DIR" not in os.environ


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
