"""How much of the felt the campsites use: card heights and the share of the table covered.

    python -m bench.felt_use

For each table (3 campers seen by the solo and by a duo camper, 4, 6) and window size, prints
each row's card height in screen pixels (the player's row first, then clockwise) and the
share of the table area (the window less the sidebar and the narration line) covered by the
rows as drawn (`Layout.row_frame` of a dealt row: its name line, its cards and their margin),
then the same with the middle (the deck, the pile and the held card) added. Headless (SDL's
dummy driver); a layout is pure arithmetic, so these are figures, not timings. Asserts nothing.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ui.kit.widgets import set_ui_scale
from game.ui.table.layout import Layout, dealt

SIZES = ((1024, 640), (1280, 720), (1280, 800), (1920, 1080))
TABLES = {"3 solo": (3, 0), "3 duo": (3, 1), "4": (4, 0), "6": (6, 0)}


def felt_use(size: tuple[int, int], campers: int, bottom: int) -> tuple[list[int], float, float]:
    """(card heights by relative seat, rows' share of the table, rows' and middle's share)."""
    set_ui_scale(size)
    lay = Layout(size, campers, bottom)
    order = [(bottom + rel) % campers for rel in range(campers)]
    heights = [round(1.4 * lay.seats[s].card_w) for s in order]
    frames = [lay.row_frame(s, dealt(s, campers)) for s in order]
    area = lay.table.w * lay.table.h
    rows = sum(f.w * f.h for f in frames) / area
    hand = pygame.Rect(0, 0, lay.hand_w, round(1.4 * lay.hand_w))
    hand.center = lay.hand_pos
    middle = lay.deck_rect().union(lay.discard_rect()).union(hand)
    return heights, rows, rows + middle.w * middle.h / area


def main() -> None:
    pygame.init()
    print(f"{'table':7} {'window':10} {'card heights (px), the player first':38} {'rows':>6} {'+middle':>8}")
    for kind, (campers, bottom) in TABLES.items():
        for size in SIZES:
            heights, rows, total = felt_use(size, campers, bottom)
            window = f"{size[0]}x{size[1]}"
            print(f"{kind:7} {window:10} {' '.join(map(str, heights)):38} {rows:6.1%} {total:8.1%}")


if __name__ == "__main__":
    main()
