"""Build the game's executable from scram.spec: `dist/scram` on Linux, `dist/scram.exe` on
Windows, `dist/Scram.app` on macOS (its program: `dist/Scram.app/Contents/MacOS/scram`).

    python build/build_exe.py [--distpath DIR] [--workpath DIR] [--check] [--release]

Run it with the project's Python (`.venv/bin/python`): it installs the `build` extra
(PyInstaller) into that environment first when PyInstaller is missing. PyInstaller's work
files go to `.build/pyinstaller`, never to this `build/` folder (both `dist/` and `.build/`
are git-ignored). `--check` then checks that every asset file and game module is inside
(build/exe_contents.py) and runs the executable headless with `--version` (which must print
the project's version) and `--selftest`, and fails when any of that fails, as CI and the
release workflow do. `--release` also writes the file to publish, named for the platform,
into DISTPATH/release: scram-linux-x86_64, scram-windows-x86_64.exe, scram-macos-arm64.zip.
Prints the paths and sizes; exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from exe_contents import missing_from

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "scram.spec"
IS_WIN = sys.platform.startswith("win")
IS_MAC = sys.platform == "darwin"


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def exe_path(distpath: Path) -> Path:
    """Where scram.spec puts the program on this platform."""
    if IS_MAC:
        return distpath / "Scram.app" / "Contents" / "MacOS" / "scram"
    return distpath / ("scram.exe" if IS_WIN else "scram")


def shipped_path(distpath: Path) -> Path:
    """What a player gets: the executable, or the whole .app on macOS."""
    return distpath / "Scram.app" if IS_MAC else exe_path(distpath)


def size_of(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


def release_name() -> str:
    """The release file's name for this platform, e.g. scram-linux-x86_64."""
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    if IS_WIN:
        return f"scram-windows-{arch}.exe"
    if IS_MAC:
        return f"scram-macos-{arch}.zip"
    return f"scram-{sys.platform.rstrip('0123456789')}-{arch}"


def ensure_pyinstaller() -> None:
    """Install the `build` extra into this interpreter's environment if PyInstaller is missing."""
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    print("build_exe: PyInstaller missing; installing the project's `build` extra", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[build]"], check=True, cwd=ROOT
    )


def build(distpath: Path, workpath: Path) -> Path:
    """Run PyInstaller on scram.spec; return the path of the program it made."""
    cmd = [
        sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level", "WARN",
        "--distpath", str(distpath), "--workpath", str(workpath),
    ]  # fmt: skip
    started = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    exe = exe_path(distpath)
    if not exe.is_file():
        raise SystemExit(f"build_exe: PyInstaller finished but {exe} is not there")
    shipped = shipped_path(distpath)
    took = time.perf_counter() - started
    print(f"build_exe: {shipped} ({size_of(shipped) / 1e6:.1f} MB) in {took:.0f} s", flush=True)
    return exe


def headless_env(home: str) -> dict[str, str]:
    """The environment for running the executable without a display or sound card, with its
    settings and saves in `home` (never the player's own)."""
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SCRAM_HOME": home}


def check(exe: Path) -> None:
    """Check that every asset file and game module is inside the built executable, then run
    `--version` and `--selftest` on it, headless (its bots must think in a worker process);
    exit on failure. (The self-test plays muted, so the contents check is what catches a
    missing sound.)"""
    lacking = missing_from(exe)
    if lacking:
        raise SystemExit(
            f"build_exe: {exe.name} lacks {len(lacking)} file(s)/module(s): {', '.join(lacking)}"
        )
    print(f"build_exe: {exe.name} holds every asset file and game module", flush=True)
    want = f"scram {project_version()}"
    with tempfile.TemporaryDirectory(prefix="scram-check-") as home:
        for arg in ("--version", "--selftest"):
            run = subprocess.run(
                [str(exe), arg], env=headless_env(home), capture_output=True, text=True, timeout=300,
                stdin=subprocess.DEVNULL,
            )  # fmt: skip
            print(f"build_exe: {exe.name} {arg} -> exit {run.returncode}", flush=True)
            out = (run.stdout + run.stderr).strip()
            if out:
                print("  " + out.replace("\n", "\n  "), flush=True)
            if run.returncode != 0:
                raise SystemExit(f"build_exe: `{exe.name} {arg}` failed (exit {run.returncode})")
            printed = run.stdout.strip()
            if arg == "--version" and printed != want:
                raise SystemExit(f"build_exe: `{exe.name} --version` printed {printed!r}, not {want!r}")
            # the executable starts itself as the bots' worker process (game/thinking.py)
            if arg == "--selftest" and "bots in a worker process" not in printed:
                raise SystemExit(f"build_exe: `{exe.name} --selftest`: the bots had no worker process")


def release(distpath: Path) -> Path:
    """Copy (or, for the macOS app, zip) what a player downloads to DISTPATH/release/NAME."""
    out = distpath / "release" / release_name()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    if IS_MAC:
        # ditto keeps the bundle's symlinks and code signatures, which a plain zip would not
        subprocess.run(
            ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(shipped_path(distpath)), str(out)],
            check=True,
        )
    else:
        shutil.copy2(exe_path(distpath), out)
    print(f"build_exe: release file {out} ({out.stat().st_size / 1e6:.1f} MB)", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the game's executable from scram.spec.")
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist", help="where the executable goes")
    parser.add_argument(
        "--workpath", type=Path, default=ROOT / ".build" / "pyinstaller", help="PyInstaller's work files"
    )
    parser.add_argument("--check", action="store_true", help="run --version and --selftest on it after")
    parser.add_argument(
        "--release", action="store_true", help=f"also write DISTPATH/release/{release_name()} to publish"
    )
    args = parser.parse_args(argv)
    ensure_pyinstaller()
    distpath = args.distpath.resolve()
    exe = build(distpath, args.workpath.resolve())
    if args.check:
        check(exe)
    if args.release:
        release(distpath)
    return 0


if __name__ == "__main__":
    sys.exit(main())
