"""The command line that opens the window: --version and --help, the self-test, a save folder
that cannot be written (the game plays without saving), no display at all (one line of ours),
and the private runtime folder SDL needs made only where missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

ROOT = Path(__file__).resolve().parents[1]


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
