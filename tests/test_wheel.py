"""A wheel works from any folder: built from the checkout (`pip wheel .`), installed in a
fresh virtual environment, and run from a folder outside the checkout, it finds its assets
through importlib.resources and plays its self-test game. Building leaves nothing in our
own `build/` folder.

Slow (about 20-40 s: a wheel build in an isolated environment and an install of the
game's dependencies from the package index or pip's cache); `pytest -m "not slow"` skips it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: int = 600) -> str:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert done.returncode == 0, f"{cmd} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _build_folder() -> set[str]:
    return {p.relative_to(ROOT / "build").as_posix() for p in (ROOT / "build").rglob("*")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    before = _build_folder()
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)], cwd=out)
    assert _build_folder() == before, "the build left files in build/ (build/lib?)"
    (found,) = out.glob("scram-*.whl")
    return found


def test_the_wheel_ships_assets_licences_and_no_tests(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = {n.removeprefix("scram_assets/") for n in names if n.startswith("scram_assets/")}
    from exe_contents import asset_files  # build/ is on the tests' path (pyproject's pytest `pythonpath`)

    assert set(asset_files()) <= assets  # every file the executable packs, the wheel ships too
    licences = {n.split("/licenses/", 1)[1] for n in names if ".dist-info/licenses/" in n}
    assert {"LICENSE", "assets/licenses/NOTICES.md", "assets/licenses/LGPL-2.1.txt"} <= licences
    not_shipped = ("tests/", "build/", "bench/", "studies/", "hostile/", "screens/")
    assert not any(n.startswith(not_shipped) for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in metadata


def test_the_installed_wheel_runs_its_self_test_from_any_folder(wheel: Path, tmp_path: Path):
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    _run([*pip, str(wheel)], cwd=tmp_path)
    away = tmp_path / "elsewhere"  # not the checkout: nothing of it on the path
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")} | {
        "SCRAM_HOME": str(tmp_path / "home"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    where = _run([str(python), "-c", "import game, scram_assets; print(game.__file__)"], away, env)
    assert str(venv) in where and str(ROOT) not in where
    scram = str(bin_dir / "scram")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert _run([scram, "--version"], away, env).strip() == f"scram {version}"
    out = _run([scram, "--selftest"], away, env, timeout=300)
    assert out.startswith("scram self-test: ok")
    # the table server and four client processes, from the installed wheel (the network game ships in it)
    from net_smoke import POSIX, smoke

    if POSIX:  # (it stops the server with SIGTERM)
        assert len(smoke([scram], tmp_path / "net", str(python), env)) == 4
    about = "from game.credits import credits_text; print(credits_text())"
    credits = _run([str(python), "-c", about], away, env)
    assert "pygame-ce" in credits and "site-packages" in credits  # the notices' installed path
