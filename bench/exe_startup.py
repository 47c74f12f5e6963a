"""Size and start-up time of the built executable: prints figures, asserts nothing.

    PYTHONPATH=build python -m bench.exe_startup [--exe PATH] [--runs 5] [--display | --dummy] [--drop-caches]

(build/ on the path for `build_exe`: where the build puts the program, and its size.)

Each run is a cold start: a fresh process, and for the one-file executable a fresh unpack
into a new temporary folder (the bootloader does that on every start). The game runs with
SCRAM_STARTUP_PROBE=1: when its first menu frame is on screen it prints `first-frame` and
leaves. A run's figure is the time from starting the process until that line arrives,
unpacking included; the game's own figure (from its Python process's start, so without
the unpacking) is shown beside it, and the processor time the run took (user + system, the
bootloader and the game together, until the game has left): on a shared, loaded machine the
wall figures grow with the load, the processor time much less. Prints every run and the
medians (target: <= 0.4 s to the first frame on an idle machine, so a double-click feels
answered).

Video: `--display` uses the X display in DISPLAY (e.g. Xvfb, `Xvfb :99 &` and DISPLAY=:99),
`--dummy` SDL's dummy driver; by default the display when DISPLAY or WAYLAND_DISPLAY is set,
else dummy. Sound is always SDL's dummy driver. `--drop-caches` also empties the Linux page
cache before each run (root only), so the executable itself is read from disk again.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_exe import exe_path, size_of

ROOT = Path(__file__).resolve().parent.parent

TIMEOUT = 60


def drop_caches() -> bool:
    """Empty the Linux page cache; False where that is not allowed."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def cpu_of_children() -> float:
    """User + system seconds of every child process waited for so far (and their children)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(exe: Path, env: dict[str, str]) -> tuple[float, float | None]:
    """Start the exe; return (seconds until its first-frame line, the game's own figure)."""
    started = time.perf_counter()
    pipe, null = subprocess.PIPE, subprocess.DEVNULL
    proc = subprocess.Popen([str(exe)], env=env, stdin=null, stdout=pipe, stderr=pipe, text=True)
    try:
        for line in proc.stdout:
            if line.startswith("first-frame"):
                wall = time.perf_counter() - started
                return wall, float(line.split()[1])
        proc.wait(TIMEOUT)
        raise SystemExit(
            f"exe_startup: {exe.name} exited {proc.returncode} without a first frame:\n{proc.stderr.read()}"
        )
    finally:
        try:
            proc.wait(TIMEOUT)  # the game leaves by itself after the probe's frame
        except subprocess.TimeoutExpired:
            proc.terminate()  # SIGTERM: the one-file bootloader passes it on to the game
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Size and start-up time of the built executable.")
    parser.add_argument("--exe", type=Path, default=exe_path(ROOT / "dist"))
    parser.add_argument("--runs", type=int, default=5)
    video = parser.add_mutually_exclusive_group()
    video.add_argument("--display", action="store_true", help="use the display in DISPLAY (e.g. Xvfb)")
    video.add_argument("--dummy", action="store_true", help="use SDL's dummy video driver")
    parser.add_argument("--drop-caches", action="store_true", help="empty the Linux page cache first")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        raise SystemExit(f"exe_startup: no {args.exe}; build it first (python build/build_exe.py)")

    env = {**os.environ, "SCRAM_STARTUP_PROBE": "1", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    has_display = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    if args.display and not has_display:
        raise SystemExit("exe_startup: --display but no DISPLAY (start Xvfb :99 and set DISPLAY=:99)")
    if args.dummy or not (args.display or has_display):
        env["SDL_VIDEODRIVER"] = "dummy"
    video = "dummy" if env.get("SDL_VIDEODRIVER") == "dummy" else f"display {env.get('DISPLAY', '')}"

    # the macOS program is Scram.app/Contents/MacOS/scram: the size is the whole app's
    shipped = args.exe.parents[2] if args.exe.parent.name == "MacOS" else args.exe
    print(f"exe: {args.exe}")
    print(f"size: {size_of(shipped) / 1e6:.1f} MB ({shipped.name})")
    print(f"video: {video}, runs: {args.runs}, each a fresh process")

    walls, owns, cpus = [], [], []
    with tempfile.TemporaryDirectory(prefix="scram-bench-") as home:
        env["SCRAM_HOME"] = home  # the player's own settings and saves stay untouched
        for i in range(args.runs):
            dropped = drop_caches() if args.drop_caches else False
            cpu = cpu_of_children()
            wall, own = run_once(args.exe, env)
            cpus.append(cpu_of_children() - cpu)
            walls.append(wall)
            if own is not None:
                owns.append(own)
            print(
                f"run {i + 1}{' (page cache emptied)' if dropped else ''}: first menu frame after"
                f" {wall:.3f} s (the game's own figure, without unpacking: {own:.3f} s;"
                f" processor time {cpus[-1]:.3f} s)"
            )
    print(f"median of {len(walls)}: {statistics.median(walls):.3f} s from start to the first menu frame")
    if owns:
        print(f"median of the game's own figures: {statistics.median(owns):.3f} s")
    print(f"median processor time (user + system) of a run: {statistics.median(cpus):.3f} s")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
