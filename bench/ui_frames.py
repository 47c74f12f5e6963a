"""Frame-time benchmark: a watched 4-camper game at 1280x720, normal animation speed.

Run: `.venv/bin/python bench/ui_frames.py [--runs 3] [--seconds 40]` (headless: dummy
drivers unless a display is given with --display). Each run plays a watched all-bots game
in real time for `--seconds` and records the work of every frame (events, update, draw,
flip; the sleep of the frame cap excluded). Prints each run's mean and p99 and their
medians. Targets (issue 4): p99 <= 16.7 ms, mean <= 6 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def one_run(seconds: float, seed: int) -> tuple[float, float, int]:
    import pygame

    from game.settings import Settings
    from game.ui.app import FPS, App
    from game.ui.new_game import start_game

    app = App((1280, 720), Settings(speed="normal", bot_pace="normal", muted=True), persist=False)
    start_game(app, 4, None, None, [None] * 4, seed, auto=True)
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    dt = 1 / FPS
    app.frame_times.clear()
    while app.running and time.perf_counter() < end:
        app.step(min(dt, 0.1))
        dt = clock.tick(FPS) / 1000
    times = sorted(app.frame_times[5:])  # the first frames build caches
    pygame.quit()
    mean = statistics.fmean(times) * 1000
    p99 = times[int(len(times) * 0.99) - 1] * 1000
    return mean, p99, len(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--display", action="store_true", help="use the real display instead of dummy drivers")
    args = ap.parse_args()
    if not args.display:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-bench-"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    means, p99s = [], []
    for r in range(args.runs):
        mean, p99, n = one_run(args.seconds, 100 + r)
        means.append(mean)
        p99s.append(p99)
        print(f"run {r + 1}: {n} frames, mean {mean:.2f} ms, p99 {p99:.2f} ms")
    print(
        f"median of {args.runs} runs: mean {statistics.median(means):.2f} ms, "
        f"p99 {statistics.median(p99s):.2f} ms"
    )
    print("targets: mean <= 6 ms, p99 <= 16.7 ms")


if __name__ == "__main__":
    main()
