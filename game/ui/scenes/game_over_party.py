"""The game over's little party: confetti falling behind the text and the fan's critters
hopping one after the other, all driven by tweens. With reduced motion nothing moves: the
confetti lies still around the title and the critters stay put.

Time here is the wall clock, not the animation speed setting: it decorates, it does not
hold up play, so it does not slow down or vanish with "instant".
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.kit.tween import EASE_IN, EASE_OUT, Tween

FALL = (3.0, 5.0)  # seconds a piece of confetti takes to cross the window (paper falls evenly)
WAVES = 2  # the critters' hops, one after the other, this many times
HOP = 0.28  # seconds up (and as many down)


class Piece:
    """A scrap of confetti: where it started, how it sways and spins, its colour."""

    __slots__ = ("x", "y", "spin", "sway", "phase", "size", "color")

    def __init__(self, rng: random.Random, width: int, colors: list[tuple]) -> None:
        self.x = rng.uniform(0, width)
        self.y = -rng.uniform(10, 60)
        self.spin = rng.uniform(0, 360)
        self.sway = rng.uniform(8, 28)
        self.phase = rng.uniform(0, math.tau)
        self.size = rng.uniform(0.6, 1.0)
        self.color = rng.choice(colors)


class Celebration:
    def __init__(
        self, size: tuple[int, int], colors: list[tuple], critters: int, still: bool, seed: int = 0
    ) -> None:
        self.size = size
        self.still = still
        self.t = 0.0
        self.hops = [0.0] * critters  # 0..1: how high each fan card is
        self.tweens: list[Tween] = []
        rng = random.Random(seed)
        w, h = size
        self.pieces = [Piece(rng, w, colors) for _ in range(90)]
        if still:  # scattered once around the top, not falling
            for p in self.pieces:
                p.y = rng.uniform(0, h * 0.35)
            return
        for p in self.pieces:
            fall = rng.uniform(*FALL)
            delay = rng.uniform(0, 2.0)
            self.tweens.append(Tween(p, "y", h + 40, fall, delay, _even))
            self.tweens.append(Tween(p, "spin", p.spin + rng.choice((-1, 1)) * 540, fall, delay, EASE_OUT))
        for k in range(critters):
            for wave in range(WAVES):
                self._hop(k, 0.4 + wave * (critters * 0.12 + 0.8) + k * 0.12)

    def _hop(self, k: int, delay: float) -> None:
        target = _Slot(self.hops, k)
        up = Tween(target, "value", 1.0, HOP, delay, EASE_OUT)
        down = Tween(target, "value", 0.0, HOP, delay + HOP, EASE_IN)
        self.tweens += [up, down]

    @property
    def done(self) -> bool:
        return not self.tweens

    def update(self, dt: float) -> None:
        self.t += dt
        self.tweens = [tw for tw in self.tweens if not tw.update(dt)]

    def lift(self, k: int, height: int) -> int:
        """How many pixels fan card `k` is raised now (`height`: a whole hop)."""
        return round(self.hops[k] * height) if 0 <= k < len(self.hops) else 0

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        h = self.size[1]
        for p in self.pieces:
            if p.y < -20 or p.y > h + 20:
                continue
            x = p.x + (0 if self.still else p.sway * math.sin(p.phase + self.t * 2.2))
            a = math.radians(p.spin)
            # a paper strip seen turning: its width shrinks and grows with the spin
            half_w = 5 * scale * p.size * max(0.15, abs(math.cos(a)))
            half_h = 3 * scale * p.size
            c, s = math.cos(a * 0.5), math.sin(a * 0.5)
            corners = [(dx * c - dy * s + x, dx * s + dy * c + p.y) for dx, dy in _box(half_w, half_h)]
            pygame.draw.polygon(surface, p.color, corners)


class _Slot:
    """One entry of a list as an attribute, so a tween can ease it."""

    __slots__ = ("items", "k")

    def __init__(self, items: list[float], k: int) -> None:
        self.items, self.k = items, k

    @property
    def value(self) -> float:
        return self.items[self.k]

    @value.setter
    def value(self, v: float) -> None:
        self.items[self.k] = v


def _even(t: float) -> float:
    return t


def _box(hw: float, hh: float) -> list[tuple[float, float]]:
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
