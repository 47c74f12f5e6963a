"""The one-file executable builds and runs: what a player downloads works (issue 6).

Builds with build/build_exe.py (the README's build command) into a temporary dist/work
folder, never the source tree, then runs the executable headless. It always runs, in CI
and locally: a missing asset or a hidden import PyInstaller cannot see only shows up in
the built file, and a skipped check would hide exactly that. One build for the module,
about 15-60 s on two cores (PyInstaller keeps a per-user cache of processed binaries), so
the whole suite stays well inside CI's budget.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXE_NAME = "scram.exe" if sys.platform.startswith("win") else "scram"
SKIP = {".DS_Store", "Thumbs.db", "desktop.ini"}


@pytest.fixture(scope="module")
def exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("exe")
    run = subprocess.run(
        [sys.executable, str(ROOT / "build" / "build_exe.py"),
         "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, f"build failed:\n{run.stdout}\n{run.stderr}"
    path = out / "dist" / EXE_NAME
    assert path.is_file()
    return path


def run_exe(exe: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **env}
    full_env.pop("SCRAM_EXIT_AFTER_FIRST_FRAME", None)
    return subprocess.run(
        [str(exe), *args], env=full_env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL
    )


def test_build_leaves_the_source_tree_alone(exe: Path) -> None:
    # PyInstaller's default work folder would be ./build, which is our scripts' folder
    assert not (ROOT / "build" / "scram").exists()
    assert not (ROOT / "build" / "scram_entry").exists()


def test_size_is_within_target(exe: Path) -> None:
    assert exe.stat().st_size <= 30_000_000, f"{exe.stat().st_size / 1e6:.1f} MB > 30 MB"


def test_every_asset_is_inside(exe: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    inside = {name.replace("\\", "/") for name in CArchiveReader(str(exe)).toc}
    wanted = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.name not in SKIP and "__pycache__" not in p.parts
    }
    assert wanted - inside == set()


def test_version(exe: Path) -> None:
    run = run_exe(exe, "--version")
    assert run.returncode == 0, run.stdout + run.stderr
    with open(ROOT / "pyproject.toml", "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert version in run.stdout, run.stdout
    assert "Traceback" not in run.stderr


def test_help(exe: Path) -> None:
    run = run_exe(exe, "--help")
    assert run.returncode == 0, run.stdout + run.stderr
    for option in ("--version", "--watch", "--selftest"):
        assert option in run.stdout


def test_selftest(exe: Path, tmp_path: Path) -> None:
    run = run_exe(exe, "--selftest", SCRAM_HOME=str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr


def test_no_display_is_a_clear_error(exe: Path, tmp_path: Path) -> None:
    run = run_exe(exe, SDL_VIDEODRIVER="nonexistent", SCRAM_HOME=str(tmp_path))
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert run.stderr.strip(), "no message for the player on stderr"
