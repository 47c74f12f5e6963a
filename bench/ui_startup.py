"""Start-up benchmark: from launching `python -m game` to the first menu frame on screen.

Run: `.venv/bin/python -m bench.ui_startup [--runs 7]`. Each run starts a fresh process
with SCRAM_STARTUP_PROBE set; the game prints the time since its process started when the
first frame has been flipped, then exits. Prints every run and the median (target < 1 s).
The wall time of the whole process (including interpreter start) is printed too, and the
largest resident memory (peak RSS) any run reached. `--lang CODE` starts the game in that
language, as a settings.json naming it does (`--lang de`: the German catalog loaded and
the menu drawn in German).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--display", action="store_true", help="use the real display instead of dummy drivers")
    ap.add_argument("--lang", default="", help="the language settings.json names")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="scram-start-"))
    if args.lang:
        (home / "config").mkdir()
        (home / "config" / "settings.json").write_text(json.dumps({"language": args.lang}), encoding="utf-8")
    env = dict(os.environ, SCRAM_STARTUP_PROBE="1", SCRAM_HOME=str(home))
    if not args.display:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    walls = []
    for r in range(args.runs):
        t0 = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        wall = time.perf_counter() - t0
        line = [x for x in out.stdout.splitlines() if x.startswith("first-frame")]
        walls.append(float(line[0].split()[1]) if line else wall)
        print(
            f"run {r + 1}: first menu frame after {walls[-1] * 1000:.0f} ms "
            f"(process wall {wall * 1000:.0f} ms)"
        )
    print(f"median: {statistics.median(walls) * 1000:.0f} ms (target < 1000 ms)")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KB on Linux: the largest run's
    print(f"peak resident memory of a run: {peak / 1024:.1f} MB")


if __name__ == "__main__":
    main()
