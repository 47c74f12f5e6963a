"""What the command-line tools print is safe and quiet: a reader that closes the pipe ends
them without a word (exit 141, no crash log), a file name or value is quoted with its
control characters escaped, `--notices` carries every licence text, an unexpected error
names what failed, and the start tidies the temporary files of killed writes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import ROOT, process, run

from game import cli

ESCAPES = "\x1b]0;T\x07\x1b[31mR.json"


def _env(home: Path) -> dict:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SCRAM_HOME": str(home)}


def _into_a_closed_pipe(args: list[str], home: Path) -> subprocess.CompletedProcess:
    """Run a tool whose standard output's reader has already gone (`(sleep 1; tool) | true`)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            env=_env(home),
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    finally:
        os.close(write)


@pytest.mark.skipif(sys.platform == "win32", reason="a closed pipe is a POSIX signal there")
@pytest.mark.parametrize(
    "args",
    [
        ["-m", "game", "--notices"],
        ["-m", "game.replay", str(ROOT / "tests/examples/01-deal-four-start-2.record.json")],
    ],
    ids=["scram --notices", "replay"],
)
def test_a_closed_output_pipe_is_a_quiet_exit(tmp_path, args):
    done = _into_a_closed_pipe(args, tmp_path)
    assert (done.returncode, done.stderr) == (cli.EXIT_CLOSED_PIPE, b"")
    assert not (tmp_path / "data" / "crash.log").exists()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="a closed pipe is a POSIX signal there")
def test_the_self_test_read_by_head_ends_quietly(tmp_path):
    """`scram --selftest | head -1`: the first line is read, the rest has no reader."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--selftest"],
        cwd=ROOT,
        env=_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = proc.stdout.readline()
    proc.stdout.close()  # what head does after its line
    err = proc.stderr.read()
    proc.stderr.close()
    status = proc.wait(120)
    assert first.startswith(b"scram self-test: ok")
    assert err == b"" and status in (0, cli.EXIT_CLOSED_PIPE)
    assert not (tmp_path / "data" / "crash.log").exists()


def test_names_in_messages_are_quoted_with_their_escapes():
    assert cli.shown(ESCAPES) == "'\\x1b]0;T\\x07\\x1b[31mR.json'"
    assert cli.shown(Path("caf\udcff.json")) == "'caf\\udcff.json'"  # a name that is not UTF-8
    assert cli.shown(7) == "7"
    assert cli.one_line("a\x1b[2J\u202eb\n c") == "a\\x1b[2J\\u202eb c"


@pytest.mark.parametrize("exists", [False, True], ids=["missing", "not a record"])
def test_the_replay_command_never_prints_a_raw_file_name(tmp_path, exists):
    path = tmp_path / ESCAPES
    if exists:
        path.write_text("{not json")
    done = run("game.replay", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert "\\x1b]0;T\\x07\\x1b[31mR.json'" in done.stderr


def test_scram_review_never_prints_a_raw_file_name_and_names_it_once(tmp_path):
    path = tmp_path / ESCAPES
    path.write_text("{not json")
    done = process("game", "--review", str(path), home=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "\x1b" not in done.stderr and done.stderr.count("R.json") == 1
    assert done.stderr.startswith("scram: cannot review '") and "not JSON" in done.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--seed", "3"], "--seed only applies to"),
        (["--seed", "3", "--campers", "6"], "--campers and --seed only apply"),
    ],
)
def test_the_watch_options_say_it_in_good_english(tmp_path, args, words):
    done = run("game", *args, home=tmp_path)
    assert done.returncode == 2 and words in done.stderr


def test_notices_carry_every_licence_text_they_name(tmp_path):
    from game.assets import asset_path

    done = run("game", "--notices", home=tmp_path)
    out = done.stdout
    assert done.returncode == 0 and out.startswith("# Notices for what Scram! ships")
    for name in ("LGPL-2.1.txt", "FreeType-FTL.txt", "Python-PSF.txt", "MIT-platformdirs-pytweening.txt"):
        assert asset_path("licenses", name).read_text(encoding="utf-8").strip() in out
    for font in ("comfortaa", "cabin"):
        assert asset_path("fonts", font, "OFL.txt").read_text(encoding="utf-8").strip() in out
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in out and "SIL OPEN FONT LICENSE" in out


def test_an_error_of_the_drawing_library_names_itself_not_the_window(tmp_path, monkeypatch, capsys):
    import pygame

    from game import __main__ as scram

    def broken(args, size):
        raise pygame.error("")  # what SDL_ttf says of a line of millions of characters

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    monkeypatch.setattr(scram, "_run", broken)
    assert scram.main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scram: internal error: pygame.error (details in ") and err.count("\n") == 1
    assert "window" not in err and "Traceback" in (tmp_path / "data" / "crash.log").read_text()


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_a_crash_log_that_is_a_link_is_not_written_through(tmp_path, monkeypatch):
    from game import __main__ as scram

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "crash.log").symlink_to(target)
    line = scram._crash_report(RuntimeError("boom"))
    assert target.read_text() == "mine\n" and "no crash log" in line and "\n" not in line


def test_the_start_tidies_stale_temporary_files_and_reads_past_a_pipe(tmp_path):
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    (tmp_path / "config").mkdir()
    stale = [
        data / "save.json.abcdefgh.tmp",
        data / "games" / "20260101-000000-000000001-s1.json.x1y2z3w4.tmp",
    ]
    for p in stale:
        p.write_text("{")
        os.utime(p, (1, 1))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "config" / "settings.json")
    env = {**_env(tmp_path), "SCRAM_STARTUP_PROBE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert not any(p.exists() for p in stale)
    if hasattr(os, "mkfifo"):
        assert list((tmp_path / "config").glob("settings.json.corrupt-*"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes in folders are POSIX")
def test_a_named_pipe_given_as_a_record_is_refused_at_once(tmp_path):
    pipe = tmp_path / "record.json"
    os.mkfifo(pipe)
    done = process("game.replay", str(pipe), home=tmp_path)  # 120 s timeout: a hang fails
    assert done.returncode == 2 and "a named pipe, not a file" in done.stderr
    done = process("game", "--review", str(pipe), home=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "a named pipe" in done.stderr
