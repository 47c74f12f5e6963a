"""Size and start-up time of the built executable (`dist/scram`): prints figures, asserts nothing.

    python bench/exe_startup.py [--exe PATH] [--runs 5] [--mode first-frame|selftest|version] [--cold]

Each run starts the executable and times it from process start to its exit:
- `first-frame` (default): with SCRAM_EXIT_AFTER_FIRST_FRAME=1 the game draws its first
  menu frame, prints the time it took and exits; both figures are shown (the wall time
  includes the one-file unpacking, which the game's own figure cannot see);
- `window` (needs an X display, e.g. `xvfb-run -a`): from process start until the game's
  window is mapped (polled with `xwininfo`), then the game is stopped; a lower bound of the
  first-frame time for a game that does not honour SCRAM_EXIT_AFTER_FIRST_FRAME;
- `selftest` / `version`: `scram --selftest` / `scram --version`.
Headless (SDL dummy drivers) unless DISPLAY or WAYLAND_DISPLAY is set (e.g. under
`xvfb-run -a`). `--cold` empties the OS file cache before each run (Linux, as root), so
every run reads the executable from disk; a one-file executable unpacks itself into a new
temporary folder on every start anyway. Reports the median of the runs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_EXE = ROOT / "dist" / ("scram.exe" if sys.platform.startswith("win") else "scram")
ARGS = {"first-frame": [], "window": [], "selftest": ["--selftest"], "version": ["--version"]}
WINDOW_TITLE = "Scram!"


def drop_caches() -> bool:
    """Empty the Linux page cache; False where that is not allowed."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def time_to_window(exe: Path, env: dict[str, str]) -> float:
    """Seconds from starting the exe until its window is mapped on the X display; stops it then."""
    started = time.perf_counter()
    proc = subprocess.Popen([str(exe)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < 30:
            tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
            if f'"{WINDOW_TITLE}' in tree:
                return time.perf_counter() - started
            if proc.poll() is not None:
                raise SystemExit(f"exe_startup: {exe.name} exited {proc.returncode} before opening a window")
            time.sleep(0.005)
        raise SystemExit("exe_startup: no window after 30 s")
    finally:
        # terminate, not kill: the one-file bootloader forwards SIGTERM to the game process
        # it started; SIGKILL would leave that one running with its window
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run_once(exe: Path, mode: str, env: dict[str, str]) -> tuple[float, float | None, str]:
    """Start the exe once; return (wall seconds, the game's own first-frame seconds or None, output)."""
    if mode == "window":
        return time_to_window(exe, env), None, ""
    started = time.perf_counter()
    try:
        run = subprocess.run([str(exe), *ARGS[mode]], env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        raise SystemExit(
            f"exe_startup: {exe.name} still running after 60 s; in first-frame mode the game must"
            " honour SCRAM_EXIT_AFTER_FIRST_FRAME=1 (else use --mode window under xvfb-run)"
        ) from None
    wall = time.perf_counter() - started
    out = run.stdout + run.stderr
    if run.returncode != 0:
        raise SystemExit(f"exe_startup: {exe.name} exited {run.returncode}:\n{out}")
    own = None
    for line in out.splitlines():
        if "frame" in line.lower():
            found = re.search(r"(\d+(?:\.\d+)?)\s*(ms|s)\b", line)
            if found:
                own = float(found.group(1)) / (1000 if found.group(2) == "ms" else 1)
    return wall, own, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Size and start-up time of the built executable.")
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mode", choices=sorted(ARGS), default="first-frame")
    parser.add_argument("--cold", action="store_true", help="empty the OS file cache before each run")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        raise SystemExit(f"exe_startup: no {args.exe}; build it first (python build/build_exe.py)")

    env = {**os.environ, "SCRAM_EXIT_AFTER_FIRST_FRAME": "1"}
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env.update(SDL_VIDEODRIVER="dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    print(f"exe: {args.exe} ({args.exe.stat().st_size / 1e6:.1f} MB)")
    print(f"mode: {args.mode}, video: {env.get('SDL_VIDEODRIVER', 'display ' + env.get('DISPLAY', ''))}")

    walls, owns = [], []
    for i in range(args.runs):
        cold = drop_caches() if args.cold else False
        wall, own, out = run_once(args.exe, args.mode, env)
        walls.append(wall)
        if own is not None:
            owns.append(own)
        own_text = f", game's own first-frame figure {own:.3f} s" if own is not None else ""
        until = "window mapped" if args.mode == "window" else "exit"
        print(f"run {i + 1}{' (cold cache)' if cold else ''}: {wall:.3f} s start to {until}{own_text}")
        if i == 0 and args.mode == "first-frame" and own is None:
            print("  (no first-frame figure printed; does the game honour SCRAM_EXIT_AFTER_FIRST_FRAME?)")
            print("  output: " + out.strip().replace("\n", "\n  "))
    until = "window mapped" if args.mode == "window" else "exit"
    print(f"median of {len(walls)}: {statistics.median(walls):.3f} s start to {until}")
    if owns:
        print(f"median of the game's own first-frame figures: {statistics.median(owns):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
