"""Build the one-file executable `dist/scram` (`dist/scram.exe` on Windows) from scram.spec.

    python build/build_exe.py [--distpath DIR] [--workpath DIR] [--check]

Run it with the project's Python (`.venv/bin/python`): it installs the `build` extra
(PyInstaller) into that environment first when PyInstaller is missing. PyInstaller's work
files go to `.build/pyinstaller`, never to this `build/` folder (both `dist/` and `.build/`
are git-ignored). `--check` then runs the executable headless with `--version` and
`--selftest` and fails when either fails, as CI and the release workflow do.
Prints the executable's path and size; exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "scram.spec"
EXE_NAME = "scram.exe" if sys.platform.startswith("win") else "scram"


def ensure_pyinstaller() -> None:
    """Install the `build` extra into this interpreter's environment if PyInstaller is missing."""
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    print("build_exe: PyInstaller missing; installing the project's `build` extra", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[build]"], check=True, cwd=ROOT
    )


def build(distpath: Path, workpath: Path) -> Path:
    """Run PyInstaller on scram.spec; return the path of the executable it made."""
    cmd = [
        sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level", "WARN",
        "--distpath", str(distpath), "--workpath", str(workpath),
    ]  # fmt: skip
    started = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    exe = distpath / EXE_NAME
    if not exe.is_file():
        raise SystemExit(f"build_exe: PyInstaller finished but {exe} is not there")
    size = exe.stat().st_size / 1e6
    print(f"build_exe: {exe} ({size:.1f} MB) in {time.perf_counter() - started:.0f} s", flush=True)
    return exe


def headless_env() -> dict[str, str]:
    """The environment for running the executable without a display or sound card."""
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def check(exe: Path) -> None:
    """Run `--version` and `--selftest` on the built executable, headless; exit on failure."""
    for arg in ("--version", "--selftest"):
        run = subprocess.run([str(exe), arg], env=headless_env(), capture_output=True, text=True, timeout=300)
        print(f"build_exe: {exe.name} {arg} -> exit {run.returncode}", flush=True)
        out = (run.stdout + run.stderr).strip()
        if out:
            print("  " + out.replace("\n", "\n  "), flush=True)
        if run.returncode != 0:
            raise SystemExit(f"build_exe: `{exe.name} {arg}` failed (exit {run.returncode})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the one-file executable from scram.spec.")
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist", help="where the exe goes")
    parser.add_argument(
        "--workpath", type=Path, default=ROOT / ".build" / "pyinstaller", help="PyInstaller's work files"
    )
    parser.add_argument("--check", action="store_true", help="run --version and --selftest on it after")
    args = parser.parse_args(argv)
    ensure_pyinstaller()
    exe = build(args.distpath.resolve(), args.workpath.resolve())
    if args.check:
        check(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
