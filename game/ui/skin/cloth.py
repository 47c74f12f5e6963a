"""The table cloth: campsite grass tiled under every screen, lit in the middle, darker at
the edges. Drawn from seeded random numbers, so it is the same table every time."""

from __future__ import annotations

import math
import random

import pygame

from . import palette
from .memo import surface_cache


def _tile(size: int = 320) -> pygame.Surface:
    """One seamless square of campsite grass: pine needles, clover and pebbles."""
    rng = random.Random(5)  # fixed: the same table every time
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    tile.fill((*palette.TABLE, 255))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)

    def wrapped(draw):
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                draw(dx, dy)

    for _ in range(240):  # pine needles: short dark and light strokes
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        a, n = rng.uniform(0, math.pi), rng.uniform(6, 13)
        col = (*(palette.TABLE_DARK if rng.random() < 0.6 else palette.TABLE_LIGHT), rng.randint(60, 120))
        ex, ey = n * math.cos(a), n * math.sin(a)
        wrapped(
            lambda dx, dy, x=x, y=y, ex=ex, ey=ey, col=col: pygame.draw.line(
                layer, col, (x + dx, y + dy), (x + ex + dx, y + ey + dy), 2
            )
        )
    for _ in range(36):  # clover: three small leaves
        x, y, r = rng.uniform(0, size), rng.uniform(0, size), rng.uniform(2.5, 4)
        col = (*palette.TABLE_LIGHT, 110)
        for k in range(3):
            a = rng.uniform(0, 1) + k * 2.1
            cx, cy = x + r * math.cos(a), y + r * math.sin(a)
            wrapped(
                lambda dx, dy, cx=cx, cy=cy, r=r, col=col: pygame.draw.circle(
                    layer, col, (cx + dx, cy + dy), r
                )
            )
    for _ in range(14):  # pebbles
        x, y, r = rng.uniform(0, size), rng.uniform(0, size), rng.uniform(2, 3.5)
        wrapped(
            lambda dx, dy, x=x, y=y, r=r: pygame.draw.circle(layer, (150, 140, 120, 90), (x + dx, y + dy), r)
        )
    tile.blit(layer, (0, 0))
    return tile


# One size, the window's (a 4K one fits): a window resized a hundred times keeps only its
# last, and the old one goes before the new one is made, so memory never holds two. F11 draws
# it again: a few tens of milliseconds in a frame that lays out everything anew anyway.
@surface_cache(40, entries=1, expect=lambda size: 4 * int(size[0]) * int(size[1]))
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The table: tiled campsite grass, a lit clearing in the middle, darker edges. Opaque,
    in the window's pixel format (a plain Surface takes it): the quickest to draw, and made
    with one window-sized picture at a time beside it (the overlays, one after the other)."""
    w, h = int(size[0]), int(size[1])
    surf = pygame.Surface((w, h))
    if palette.FLAT_TABLE:  # high contrast: nothing behind the words but one dark colour
        surf.fill(palette.TABLE)
        return surf
    tile = _tile()
    for x in range(0, w, tile.get_width()):
        for y in range(0, h, tile.get_height()):
            surf.blit(tile, (x, y))
    # Light, mottling and vignette from a tiny per-pixel map scaled up (smooth, and cheap at
    # any size); the mottling hides the tile's repeat.
    gw, gh = 48, 30
    rng = random.Random(7)
    shade = pygame.Surface((gw, gh), pygame.SRCALPHA)
    mottle = pygame.Surface((gw // 3, gh // 3), pygame.SRCALPHA)
    for gx in range(mottle.get_width()):
        for gy in range(mottle.get_height()):
            dark = rng.random() < 0.5
            tone = palette.TABLE_DARK if dark else palette.TABLE_LIGHT
            mottle.set_at((gx, gy), (*tone, rng.randint(0, 40)))
    surf.blit(pygame.transform.smoothscale(mottle, (w, h)), (0, 0))
    for gx in range(gw):
        for gy in range(gh):
            d = math.hypot((gx + 0.5) / gw - 0.5, (gy + 0.5) / gh - 0.5) / 0.7071
            if d < 0.45:
                shade.set_at((gx, gy), (255, 240, 200, round(22 * (1 - d / 0.45))))
            else:
                t = min(1.0, (d - 0.45) / 0.55)
                shade.set_at((gx, gy), (*palette.TABLE_DARK, round(170 * t * t)))
    surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    return surf
