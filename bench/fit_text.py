"""How long fitting a name to a column takes (the score sheet's `fit_text`), on long names.

    python -m bench.fit_text [--runs 7]

Names read from files are capped at 24 characters, but the fitting must not depend on that:
it is a binary search, a few measurements whatever the length. For each length, prints the
median of `--runs` fits of a name of that length into a 120-pixel column at the sheet's
16-pixel size, and the number of measurements; beside it, the old way (one character off
at a time, one measurement each) where it finishes in reasonable time. Headless (SDL's
dummy driver). Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ui import skin
from game.ui.kit.widgets import px
from game.ui.table import scoresheet

WIDTH, SIZE = 120, 16
LENGTHS = (24, 2_000, 20_000, 500_000)
OLD_UP_TO = 2_000  # the old way takes minutes beyond this


class Counting:
    def __init__(self, font) -> None:
        self.font, self.calls = font, 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        return self.font.size(text)


def old_fit(message: str, size: int, width: int, kind: str = "text") -> str:
    """The score sheet's fitting before: one character off at a time."""
    font = skin.font(kind, px(size))
    if font.size(message)[0] <= width:
        return message
    while len(message) > 1 and font.size(message + "…")[0] > width:
        message = message[:-1]
    return message + "…"


def timed(fit, text: str, runs: int) -> tuple[float, int]:
    real = skin.font
    counter = Counting(real("text", px(SIZE)))
    times = []
    for _ in range(runs):
        counter.calls = 0
        skin.font = lambda kind, size: counter  # count the measurements (both ways use skin.font)
        try:
            t0 = time.perf_counter()
            fit(text, SIZE, WIDTH)
            times.append(time.perf_counter() - t0)
        finally:
            skin.font = real
    return statistics.median(times), counter.calls


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7)
    args = p.parse_args()
    pygame.display.init()
    pygame.font.init()
    print(f"fit a name into {WIDTH} px at {SIZE} px (median of {args.runs})")
    print(f"{'characters':>10}  {'binary search':>14} {'measures':>8}  {'one at a time':>14} {'measures':>8}")
    for n in LENGTHS:
        text = ("Wide Name " * (n // 10 + 1))[:n]
        new, calls = timed(scoresheet.fit_text, text, args.runs)
        line = f"{n:>10}  {new * 1000:11.3f} ms {calls:>8}"
        if n <= OLD_UP_TO:
            old, old_calls = timed(old_fit, text, max(1, args.runs // 3))
            line += f"  {old * 1000:11.3f} ms {old_calls:>8}"
        else:
            line += f"  {'(minutes)':>14}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
