"""Frames of the guided first game and of a watched game, for a before-and-after comparison.

Run: `.venv/bin/python -m screens.screens_fingerprint [--out DIR]` (headless). It plays the
tutorial to its end and a watched 4-camper game at 1280x720, with the bots deciding on the
frame's own thread (so the frames do not depend on the machine's timing), keeps one frame in
`--every` as a PNG in DIR and prints a hash of each part's frames. A change meant to keep
what the player sees (a move, a rename) prints the same lines before and after; where it
does not, compare the PNGs of the two runs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from concurrent.futures import Future
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-fp-"))

import pygame

from game.files.settings import Settings
from game.learn.tutorial import STEPS
from game.seat import bots as table_bots
from game.seat.start import start_game
from game.ui.routes import make_app
from game.ui.scenes.game_over import GameOverScene
from game.ui.table.access import player_ready, submit, waiting_click

DT = 1 / 60


class InlinePool:
    """An executor that runs each call at once on the caller's thread (deterministic frames)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def submit(self, fn, *args):
        future: Future = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass


class Frames:
    def __init__(self, app, out: Path | None, part: str, every: int) -> None:
        self.app, self.out, self.part, self.every = app, out, part, every
        self.hash = hashlib.sha256()
        self.count = self.kept = 0

    def step(self) -> None:
        self.app.step(DT)
        self.count += 1
        if self.count % self.every == 0:
            self.hash.update(pygame.image.tobytes(self.app.screen, "RGB"))
            self.kept += 1
            if self.out is not None:
                pygame.image.save(self.app.screen, str(self.out / f"{self.part}-{self.count:06d}.png"))


def tutorial(app, frames: Frames) -> None:
    app.show("tutorial")
    scene = app.top
    table = scene.table
    for step in STEPS:
        while not player_ready(table):
            if waiting_click(table):
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
                )
            frames.step()
        submit(table, step.decision)
    while not scene.done:
        if waiting_click(table):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        frames.step()
    for _ in range(120):
        frames.step()


def watched(app, frames: Frames) -> None:
    start_game(app, 4, None, None, ["ranger"] * 4, 41, auto=True)
    while not isinstance(app.top, GameOverScene):
        frames.step()
        assert frames.count < 200_000, "the watched game did not end"
    for _ in range(120):
        frames.step()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=None, help="folder for the kept frames (PNG)")
    p.add_argument("--every", type=int, default=30, help="keep one frame in this many")
    args = p.parse_args()
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    table_bots.ThreadPoolExecutor = InlinePool  # the bots decide inside the frame
    for part, play in (("tutorial", tutorial), ("watched", watched)):
        settings = Settings(speed="normal", bot_pace="normal", muted=True)
        app = make_app((1280, 720), settings, persist=False)
        frames = Frames(app, args.out, part, args.every)
        play(app, frames)
        print(f"{part}: {frames.count} frames, {frames.kept} kept, {frames.hash.hexdigest()[:16]}")
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
