"""A full disk, a read-only folder, a named pipe: every write the game makes is whole or not
made at all, the player reads one line naming the file, and nothing empty is left behind.

The disk is really full where the tests may mount a small tmpfs (as root on Linux); elsewhere
the system's write call is made to fail as a full disk's does (ENOSPC), which is all the game
can see of one either way."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from decks import finished_game
from ui_support import key, run

from game.files import crash_log, disk, saves
from game.files import kept_games as archive
from game.rules.state import Game

ROOT = Path(__file__).resolve().parents[2]


class FullDisk:
    """A folder on a disk that is full (`fill`) or has room again (`free`)."""

    def __init__(self, path: Path, real: bool) -> None:
        self.path, self.real, self.is_full = path, real, False

    def fill(self) -> None:
        self.is_full = True
        if self.real:
            try:
                with open(self.path / ".filler", "ab") as f:
                    f.write(b"\0" * (1 << 20))
            except OSError as e:
                assert e.errno == errno.ENOSPC

    def free(self) -> None:
        self.is_full = False
        if self.real:
            (self.path / ".filler").unlink()

    def left(self) -> list[str]:
        """What stands in the folder (the filler aside)."""
        return sorted(p.name for p in self.path.iterdir() if p.name != ".filler")


def _mount_tmpfs(folder: Path) -> bool:
    """A 64 KB tmpfs at `folder`; False where none can be mounted (not root, not Linux)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return False
    command = ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)]
    return subprocess.run(command, capture_output=True).returncode == 0


@pytest.fixture
def full(tmp_path, monkeypatch):
    """A folder on a full disk: a real one (tmpfs) where it can be mounted, else one whose
    writes fail as a full disk's do."""
    folder = tmp_path / "full"
    folder.mkdir()
    if _mount_tmpfs(folder):
        disk_ = FullDisk(folder, real=True)
        disk_.fill()
        yield disk_
        subprocess.run(["umount", "-l", str(folder)], check=False)
        return
    disk_ = FullDisk(folder, real=False)
    real_write = os.write

    def write(fd, data):
        try:
            inside = Path(os.readlink(f"/proc/self/fd/{fd}")).parent == folder
        except OSError:  # no /proc: the file's folder cannot be told, so every file is inside
            inside = fd > 2
        if disk_.is_full and inside and len(data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    disk_.fill()
    yield disk_


def test_a_file_written_on_a_full_disk_is_not_made_and_its_line_names_it(full):
    note = disk.write_or_note(full.path / "stats.json", {"games": 1}, "the statistics")
    assert note == "Could not save the statistics: No space left on device"
    assert full.left() == []  # neither the file nor its temporary one


def test_a_full_disk_leaves_the_old_file_as_it_was(full, monkeypatch):
    full.free()
    assert disk.write_or_note(full.path / "settings.json", {"speed": "slow"}, "the settings") is None
    full.fill()
    note = disk.write_or_note(full.path / "settings.json", {"speed": "fast" * 5000}, "the settings")
    assert note.startswith("Could not save the settings")
    assert json.loads((full.path / "settings.json").read_text()) == {"speed": "slow"}


def test_a_kept_game_that_cannot_be_written_is_named(full):
    record = archive.game_record(finished_game(3), ["a", "b", "c", "d"], [None] * 4, 0)
    path, note = archive.keep(record, full.path)
    assert path is None
    assert note.startswith("Could not save the kept game 2") and note.endswith("No space left on device")
    assert full.left() == []


def test_the_statistics_that_cannot_be_written_are_named(full):
    from game.files import stats

    record = archive.game_record(finished_game(3), ["a", "b", "c", "d"], [None] * 4, 0)
    note = stats.count_game(record, full.path / "stats.json")
    assert note == "Could not save the statistics: No space left on device"


def test_a_crash_on_a_full_disk_leaves_no_empty_crash_log(full):
    problem = crash_log.write_crash("Traceback ...\nValueError: x", "1.0", full.path / "crash.log")
    assert problem == "No space left on device"
    assert full.left() == []


def test_the_native_crash_header_on_a_full_disk_leaves_no_empty_crash_log(full):
    native = crash_log.NativeCrashes("1.0", full.path / "crash.log")
    try:
        assert not native.logging and native.problem == "No space left on device"
        assert full.left() == []
    finally:
        native.close()


def test_a_log_that_had_entries_is_cut_back_to_them(full):
    full.free()
    assert crash_log.write_crash("first", "1.0", full.path / "crash.log") is None
    before = (full.path / "crash.log").read_bytes()
    full.fill()
    assert crash_log.write_crash("second " * 20_000, "1.0", full.path / "crash.log") is not None
    assert (full.path / "crash.log").read_bytes() == before


def test_f12_on_a_full_disk_leaves_no_png_and_says_so(full, tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SCRAM_SCREENSHOT_DIR", str(full.path))
    from game.files.settings import Settings
    from game.ui.routes import make_app

    app = make_app((1280, 720), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.show("table", Game(4, 2), ["You", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    run(app, 2)
    key(pygame.K_F12)
    run(app)
    assert app.running
    assert app.top.messages.warning == f"No screenshot saved in {full.path}: No space left on device."
    assert full.left() == []
    app.top.close()


def test_f12_writes_a_whole_png(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SCRAM_SCREENSHOT_DIR", str(tmp_path / "shots"))
    from game.files.settings import Settings
    from game.ui.routes import make_app

    app = make_app((1024, 640), Settings(muted=True), persist=False)
    app.open("menu")
    run(app)
    path = app.take_screenshot()
    assert path is not None and path.parent == tmp_path / "shots"
    assert pygame.image.load(str(path)).get_size() == (1024, 640)
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    app.quit()


def test_a_save_without_the_players_seat_is_set_aside(tmp_path):
    path = tmp_path / "save.json"
    game = Game(4, 5)
    saves.write_save(game, ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0, path)
    data = json.loads(path.read_text())
    del data["human"]
    path.write_text(json.dumps(data))
    saved, note = saves.load_save(path)
    assert saved is None
    assert note.startswith("The saved game could not be used: damaged (no seat of the player in it)")
    assert not path.exists() and list(tmp_path.glob("save.json.corrupt-*"))


def test_a_save_writer_says_an_unwritable_folder_once(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    writer = saves.SaveWriter(blocker / "save.json")
    game = Game(4, 5)
    for _ in range(3):
        writer.save(game, ["A", "B", "C", "D"], [None] * 4, 0)
        writer.flush()
    writer.close()
    assert len(writer.notes) == 1 and writer.notes[0].startswith("Could not save the game")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_what_stands_in_a_files_place_is_named(tmp_path):
    from game.net.serve import data_problem

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "plain").write_text("x")
    assert disk.what_stands(fifo) == "a named pipe"
    assert disk.what_stands(tmp_path) == "a folder"
    assert disk.what_stands(tmp_path / "plain") == "a file"
    assert disk.what_stands(tmp_path / "none") == "nothing"
    assert data_problem(fifo).startswith(f"--data {fifo} is a named pipe, not a folder")
    assert data_problem(tmp_path / "plain").startswith(f"--data {tmp_path / 'plain'} is a file, not a folder")


def test_a_save_folder_that_cannot_be_written_plays_without_saving(tmp_path):
    """The game starts (its first frame is drawn) and the menu says so in one line."""
    home = tmp_path / "home"
    home.write_text("a file where the folder should be: nothing under it can be written")
    env = dict(os.environ, SCRAM_HOME=str(home), SCRAM_STARTUP_PROBE="1")
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "first-frame" in done.stdout and done.stderr == ""


def test_the_line_for_an_unwritable_save_folder(tmp_path, monkeypatch):
    from game import __main__ as scram
    from game.cli import shown

    home = tmp_path / "home"
    home.write_text("x")
    monkeypatch.setenv("SCRAM_HOME", str(home))
    line = scram._check_data_folder()
    assert line.startswith(f"Cannot write to the save folder {shown(home / 'data')} (")
    assert line.endswith("playing without saving: nothing of this session is kept.")
