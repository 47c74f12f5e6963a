"""What stands where a user file should be is not always a file: a named pipe, a device, a
folder, a link to nothing. Every file the game reads refuses these at once (never waiting
on a pipe), sets them aside and says so in one line; the game's own log is never written
through a link; a file at the size limit is read and one byte more is refused."""

from __future__ import annotations

import json
import os
import random
import socket
import sys
import threading
from pathlib import Path

import pytest
from decks import finished_game

from game.files import kept_games as archive
from game.files.crash_log import write_crash
from game.files.disk import MAX_BYTES, read_user_json, tidy_temps
from game.files.firstrun import mark_tutorial, tutorial_state
from game.files.records import read_record
from game.files.saves import has_save, load_save, save_text
from game.files.settings import load_settings
from game.files.stats import load_stats
from game.rules.errors import RecordError
from game.rules.state import Game

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and links in folders are POSIX")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    for sub in ("config", "data", "data/games"):
        (tmp_path / sub).mkdir(parents=True, exist_ok=True)
    return tmp_path


def _own(path: Path):
    return read_user_json(path, "the own file", lambda d: d)


def _kept(path: Path):
    games, notes = archive.list_games(path.parent)
    return (games or None), (notes[0] if notes else None)


def _tutorial(path: Path):
    started, note = tutorial_state()
    return (started or None), note


# Every user file, where it lives under SCRAM_HOME and how it is read: (value, note).
READERS = {
    "settings.json": ("config/settings.json", load_settings),
    "save.json": ("data/save.json", load_save),
    "stats.json": ("data/stats.json", load_stats),
    "tutorial.json": ("data/tutorial.json", _tutorial),
    "a kept game": ("data/games/20260101-000000-000000001-s1.json", _kept),
    "an own file": ("data/own.json", _own),
}


def game_in_play() -> Game:
    """A 4-camper game a few random decisions in (what Continue reads back)."""
    game, rng = Game(4, 5), random.Random(5)
    for _ in range(12):
        game.play(game.sample_decision(rng))
    return game


def within(seconds: float, fn, path: Path):
    """`fn(path)`, which must return within `seconds`; should it wait on the pipe, the pipe
    is opened for writing to free it, and the test fails (it never hangs the suite)."""
    out: list = []

    def work() -> None:
        try:
            out.append((fn(path), None))
        except Exception as e:  # noqa: BLE001 - raised again below, in the test's thread
            out.append((None, e))

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        for entry in path.parent.iterdir():
            try:
                os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        worker.join(5)
        pytest.fail(f"reading {path.name} waited on what stands in its place")
    value, error = out[0]
    if error is not None:
        raise error
    return value


def _make_fifo(path: Path) -> None:
    os.mkfifo(path)


def _make_link_to_fifo(path: Path) -> None:
    os.mkfifo(path.with_name("elsewhere.pipe"))
    path.symlink_to(path.with_name("elsewhere.pipe"))


def _make_link_to_device(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _make_socket(path: Path) -> None:
    # A socket's address is short (about 100 bytes); bound by its name from inside its folder,
    # the folder's path can be as long as a test's temporary folder is.
    s = socket.socket(socket.AF_UNIX)
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        s.bind(path.name)
    finally:
        os.chdir(here)
        s.close()


SPECIAL = {
    "a named pipe": (_make_fifo, "named pipe"),
    "a link to a named pipe": (_make_link_to_fifo, "named pipe"),
    "a link to an endless device": (_make_link_to_device, "device"),
    "a socket": (_make_socket, "socket"),
    "a link to nothing": (lambda p: p.symlink_to(p.with_name("gone.json")), "link to a missing file"),
    "a folder": (lambda p: p.mkdir(), "folder"),
}


@POSIX
@pytest.mark.parametrize("special", SPECIAL)
@pytest.mark.parametrize("reader", READERS)
def test_what_is_not_a_plain_file_is_refused_at_once_and_told(home, reader, special):
    where, read = READERS[reader]
    make, words = SPECIAL[special]
    path = home / where
    make(path)
    value, note = within(10, read, path)
    assert not value or reader in ("settings.json", "stats.json")  # those give their defaults
    assert note is not None and "\n" not in note and words in note, note
    assert "kept as " + path.name + ".corrupt-" in note
    assert not os.path.lexists(path)  # set aside: the next start is quiet
    assert within(10, read, path)[1] is None


@POSIX
def test_a_save_that_is_a_pipe_shows_continue_and_is_told_when_continued(home):
    path = home / "data" / "save.json"
    os.mkfifo(path)
    assert has_save()  # something is there: Continue reads it and tells what it was
    saved, note = within(10, lambda p: load_save(), path)
    assert saved is None and "named pipe" in note and not has_save()


@POSIX
@pytest.mark.parametrize("special", ["a named pipe", "a link to an endless device", "a folder"])
def test_a_record_that_is_not_a_file_is_one_error_at_once(tmp_path, special):
    path = tmp_path / "record.json"
    SPECIAL[special][0](path)
    with pytest.raises(RecordError) as refused:
        within(10, read_record, path)
    assert SPECIAL[special][1] in str(refused.value) and "record.json" not in str(refused.value)


@pytest.mark.parametrize("reader", READERS)
def test_a_file_at_the_size_limit_is_read_and_one_byte_more_is_refused(home, reader):
    where, read = READERS[reader]
    path = home / where
    body = {
        "settings.json": {"speed": "fast"},
        "stats.json": {"format": "scram-stats/1", "groups": {}, "recent": []},
        "tutorial.json": {"started": True},
        "an own file": {"games": 1},
    }.get(reader)
    if reader == "save.json":  # a save is a game still going
        text = save_text(game_in_play(), ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    else:  # a kept game is the record of a finished one
        body = body or archive.game_record(finished_game(4), ["A", "B", "C", "D"], [None] * 4, 0)
        text = json.dumps(body)
    path.write_text(text + " " * (MAX_BYTES - len(text)))
    value, note = read(path)
    assert note is None and value
    path.write_text(text + " " * (MAX_BYTES - len(text) + 1))
    value, note = read(path)
    assert "larger than 8 MB" in note


# ---- the crash log -------------------------------------------------------------------
@POSIX
def test_the_crash_log_is_never_written_through_a_link(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    log = tmp_path / "crash.log"
    log.symlink_to(target)
    problem = write_crash("Traceback: boom", "0.1.0", log)
    assert problem is not None and "\n" not in problem
    assert target.read_text() == "mine\n" and log.is_symlink()


@POSIX
def test_a_crash_log_that_is_a_pipe_is_refused_at_once(tmp_path):
    log = tmp_path / "crash.log"
    os.mkfifo(log)
    problem = within(10, lambda p: write_crash("Traceback: boom", "0.1.0", p), log)
    assert problem is not None


def test_a_crash_log_that_is_a_folder_is_refused(tmp_path):
    log = tmp_path / "crash.log"
    log.mkdir()
    assert write_crash("Traceback: boom", "0.1.0", log) is not None
    assert list(log.iterdir()) == []


def test_the_crash_log_is_private_and_appended(tmp_path):
    log = tmp_path / "crash.log"
    assert write_crash("first", "0.1.0", log) is None and write_crash("second", "0.1.0", log) is None
    text = log.read_text()
    assert text.count("--- ") == 2 and text.index("first") < text.index("second")
    if os.name == "posix":
        assert log.stat().st_mode & 0o077 == 0


# ---- the tutorial note, and temporary files ------------------------------------------------
def test_a_damaged_tutorial_note_is_set_aside_and_told(home):
    path = home / "data" / "tutorial.json"
    path.write_bytes(b"\xff\xfe{")
    started, note = tutorial_state()
    assert not started and "tutorial note" in note and "kept as tutorial.json.corrupt-" in note
    path.write_text("[1]")
    note = mark_tutorial()  # the note of the one it replaced is handed back too
    assert note is not None and "tutorial note" in note
    assert tutorial_state() == (True, None)


def test_the_start_removes_only_the_game_own_stale_temporary_files(home):
    old = os.path.getmtime(home) - 3600
    ours = [
        home / "config" / "settings.json.ab12cd_3.tmp",
        home / "data" / "save.json.zz9yy8xx.tmp",
        home / "data" / "stats.json.qwertyui.tmp",
        *(
            home / "data" / "games" / f"20260101-000000-0000000{k:02d}-s1.json.abcdef{k:02d}.tmp"
            for k in range(20)
        ),
    ]
    theirs = [
        home / "data" / "notes.txt.abcdefgh.tmp",  # not a JSON file of ours
        home / "data" / "save.json.tmp",  # not mkstemp's shape
        home / "data" / "save.json.ABCDEFGH.tmp",  # mkstemp never uses capitals
        home / "data" / "save.json.abcdefgh.tmp.keep",
    ]
    for p in ours + theirs:
        p.write_text("{")
        os.utime(p, (old, old))
    fresh = home / "data" / "save.json.fresh123.tmp"  # another instance writing right now
    fresh.write_text("{")
    folders = [home / "config", home / "data", home / "data" / "games"]
    assert tidy_temps(folders) == len(ours) == 23
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in theirs) and fresh.exists()
