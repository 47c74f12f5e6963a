"""The score sheet: every round's recorded score per team, and the totals."""

from __future__ import annotations

import pygame

from . import skin
from .widgets import draw_text


def draw_score_sheet(
    surface: pygame.Surface,
    topleft: tuple[int, int],
    width: int,
    scores: list | tuple,
    totals: list | tuple,
    teams: tuple[str, str],
    rounds: int,
    size: int = 18,
) -> int:
    """Draw the sheet; returns the y below it."""
    x, y = topleft
    line = size + 8
    c1, c2 = x + int(width * 0.45), x + int(width * 0.78)
    draw_text(surface, "Round", (x, y), size, skin.MUTED)
    for t, cx in ((0, c1), (1, c2)):
        short = teams[t].removesuffix(" team")  # "Blue", "Orange": the columns are narrow
        draw_text(surface, short, (cx, y), size, skin.TEAM[t], anchor="midtop")
    y += line
    pygame.draw.line(surface, (80, 90, 96), (x, y - 4), (x + width, y - 4))
    for r in range(rounds):
        draw_text(surface, str(r + 1), (x + 8, y), size, skin.INK)
        if r < len(scores):
            a, b = scores[r]
            for v, cx, other in ((a, c1, b), (b, c2, a)):
                color = skin.GOOD if v < other else skin.INK
                draw_text(surface, str(v), (cx, y), size, color, anchor="midtop")
        else:
            for cx in (c1, c2):
                draw_text(surface, "–", (cx, y), size, skin.MUTED, anchor="midtop")
        y += line
    pygame.draw.line(surface, (80, 90, 96), (x, y - 4), (x + width, y - 4))
    draw_text(surface, "Total", (x, y), size, skin.INK, "display")
    for t, cx in ((0, c1), (1, c2)):
        draw_text(surface, str(totals[t]), (cx, y), size + 2, skin.INK, "display", anchor="midtop")
    return y + line + 4
