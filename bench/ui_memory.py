"""Memory benchmark: a long session with window resizes from 300×200 to 3000×2000.

Run: `.venv/bin/python -m bench.ui_memory [--seconds 120] [--seed 1] [--lang de]` (headless,
dummy drivers; `--lang`: the session speaks that language, its catalog loaded).
A watched 4-camper game plays at normal speed while, every few frames, the window is resized
to a random size between 300×200 and 3000×2000 (the game keeps at least its minimum size),
the mouse moves and clicks at random, and now and then the menu (its fan of turned cards),
the New game form or How to play is shown over it. Prints the resident memory (RSS) at the
start, its peak, and what the surface caches hold at the end. Target:
a peak under 250 MB (it was 643 MB before the caches were bounded by bytes).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

MB = 1024 * 1024


def rss_mb() -> float:
    """The resident memory now (Linux: /proc), else the peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / MB
    except (OSError, ValueError, IndexError):
        return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024


def session(seconds: float, seed: int, lang: str = "") -> None:
    import pygame

    from game.files.settings import Settings
    from game.seat.start import start_game
    from game.ui import skin
    from game.ui.routes import make_app

    if lang:
        from game.lang import speech

        problem = speech.switch(lang)
        print(f"language: {speech.code}" + (f" ({problem})" if problem else ""))
    rng = random.Random(seed)
    app = make_app((1280, 720), Settings(speed="normal", bot_pace="brisk", muted=True), persist=False)
    start_game(app, 4, None, None, [None] * 4, seed, auto=True)
    start = rss_mb()
    end = time.perf_counter() + seconds
    frames = resizes = 0
    while app.running and time.perf_counter() < end:
        if frames % 15 == 0:
            w, h = rng.randint(300, 3000), rng.randint(200, 2000)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
            resizes += 1
        pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if frames % 97 == 0 and app.top is not None and type(app.top).__name__ == "TableScene":
            app.open(rng.choice(["menu", "new_game", "help"]))
        elif frames % 97 == 40 and len(app.stack) > 1:
            app.pop()
        app.step(1 / 60)
        frames += 1
        if not app.running or app.top is None:
            start_game(app, 4, None, None, [None] * 4, rng.randrange(1000), auto=True)
    caches = [
        skin.card_face,
        skin.card_back,
        skin.turned_card,
        skin.card_glow,
        skin.table_background,
        skin.text,
    ]
    held = sum(c.cache_info().bytes for c in caches) / MB
    print(f"{seconds:.0f} s, {frames} frames, {resizes} resizes")
    print(f"RSS at the start {start:.0f} MB, at the end {rss_mb():.0f} MB, peak {peak_mb():.0f} MB")
    budget = sum(c.cache_info().budget for c in caches) / MB
    print(f"surface caches hold {held:.0f} MB (budgets: {budget:.0f} MB)")
    print("target: peak under 250 MB")
    pygame.quit()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="", help="the language the session speaks (default: English)")
    args = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-bench-"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    session(args.seconds, args.seed, args.lang)


if __name__ == "__main__":
    main()
