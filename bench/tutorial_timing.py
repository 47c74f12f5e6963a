"""How long the guided first game takes: the table's own time, played through by xdotool in
a real window at the normal speeds, plus the reading a newcomer does.

    DISPLAY=:95 python -m bench.tutorial_timing [--size 1024x640] [--read-wpm 180]

Every move is clicked by xdotool on the real window (the same clicks as tests/ui_support.py
makes, sent through the X server); the script only waits, at the speed the game runs, for
the table to be ready. It prints the table's time (animations and the bots' pace), the
words a newcomer reads (prompt, why, what it showed) and the reading time at --read-wpm.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1024x640")
    p.add_argument("--read-wpm", type=int, default=180)
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    os.environ["SCRAM_HOME"] = tempfile.mkdtemp(prefix="scram-tut-")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_VIDEODRIVER", "x11")  # a real window (ui_support would pick dummy)
    import pygame

    from game.files.settings import Settings
    from game.learn.tutorial import LESSONS, STEPS
    from game.ui.routes import make_app
    from tests import ui_support

    app = make_app((w, h), Settings(speed="normal", bot_pace="normal", muted=True), persist=False)
    app.open("menu")
    clock = pygame.time.Clock()
    wid = ""
    for _ in range(100):  # the window is mapped after a few frames
        app.step(clock.tick(60) / 1000)
        tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
        ours = [line.split()[0] for line in tree.splitlines() if '"Scram!' in line]
        if ours:
            wid = str(int(ours[-1], 16))
            break
    if not wid:
        sys.exit("no window found: run it with DISPLAY set (an X server, e.g. Xvfb)")

    def frames(n: int) -> None:
        for _ in range(n):
            app.step(clock.tick(60) / 1000)

    def xclick(pos) -> None:
        subprocess.run(
            ["xdotool", "mousemove", "--window", wid, str(int(pos[0])), str(int(pos[1])), "click", "1"]
        )
        frames(3)  # the click reaches SDL through the X server

    ui_support.click = xclick
    ui_support.run = lambda _app, n=1: frames(n)
    subprocess.run(["xdotool", "key", "--window", wid, "l"])  # Learn by playing, from the menu
    for _ in range(120):
        frames(1)
        if type(app.top).__name__ == "TutorialScene":
            break
    scene = app.top
    table = scene.table
    t0 = time.perf_counter()
    for step in STEPS:
        while not ui_support.ready(table):
            if table.timeline.waiting_click:
                xclick((w // 3, h // 2))
            frames(1)
        ui_support.play_decision(app, table, step.decision)
    while not scene.done:
        if table.timeline.waiting_click:
            xclick((w // 3, h // 2))
        frames(1)
    table_s = time.perf_counter() - t0
    words = sum(len(f"{s.prompt} {s.why} {s.after or ''}".split()) for s in STEPS)
    words += len(scene.coach.closing_words().split()) + sum(len(lesson.title.split()) for lesson in LESSONS)
    read_s = words / args.read_wpm * 60
    n = len(table.game.actions)
    print(f"steps: {len(STEPS)} player decisions in {len(LESSONS)} lessons, {n} decisions in all")
    print(f"table time (xdotool clicks, normal speed and pace): {table_s:.0f} s")
    print(f"reading: {words} words at {args.read_wpm} wpm = {read_s:.0f} s")
    print(f"a newcomer's guided game: about {(table_s + read_s) / 60:.1f} minutes (plus thinking)")
    table.close()
    pygame.quit()


if __name__ == "__main__":
    main()
