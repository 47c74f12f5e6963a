"""The small pieces of the look: the eye token, the action icons, the deck-count badge, the
glow under a card, and the window icon. Each is cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.assets import ACTION_ICONS, asset_path
from game.rules.cards import ACTIONS

from . import palette
from .fonts import ink
from .memo import surface_cache
from .shape import UNITS, card_height
from .svg import ready, svg


@lru_cache(maxsize=64)
def eye_icon(size: int) -> pygame.Surface:
    """The 'this camper has seen that face-down card' token, `size` pixels square."""
    return svg(("ui", "eye.svg"), (int(size), int(size)))


@lru_cache(maxsize=64)
def action_icon(value: int, size: int) -> pygame.Surface | None:
    """The icon of a card's action (eye, flip, bin, swap arrows, gift); None for 1-4 and `=`."""
    action = ACTIONS.get(value) if isinstance(value, int) else None
    if action is None:
        return None
    return svg(ACTION_ICONS[action.family], (int(size), int(size)))


def window_icon() -> pygame.Surface:
    """The 64x64 window icon."""
    return pygame.image.load(str(asset_path("ui", "icon.png")))


@lru_cache(maxsize=16)
def count_badge(count: int, size: int) -> pygame.Surface:
    """A round badge with a number (cards left in the deck), `size` pixels across."""
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(badge, palette.CARD_CREAM, (c, c), c)
    pygame.draw.circle(badge, palette.BADGE, (c, c), c - max(1, size // 14))
    digits = ink(str(count), "display", round(size * (0.5 if count < 100 else 0.38)), palette.BADGE_TEXT)
    badge.blit(digits, digits.get_rect(center=(c, c)))
    return ready(badge)


def glow_spread(width: int) -> int:
    """How far (pixels) the halo of `card_glow` reaches beyond a card `width` pixels wide."""
    return max(5, round(width * 0.1))


@lru_cache(maxsize=32)
def _halo(width: int, spread: int) -> pygame.Surface:
    """The halo's shape: white, its alpha a soft fade from the card's outline outwards.

    Blurred at half size when the halo is wide (as soft to the eye, a quarter of the work),
    once per card width: `card_glow` only tints it."""
    w, h = width + 2 * spread, card_height(width) + 2 * spread
    k = 2 if spread >= 8 else 1
    small = pygame.Surface((math.ceil(w / k), math.ceil(h / k)), pygame.SRCALPHA)
    small.fill((255, 255, 255, 0))
    core = pygame.Rect(0, 0, round(width / k), round(card_height(width) / k))
    core = core.inflate(round(spread * 0.8 / k), round(spread * 0.8 / k))
    core.center = small.get_rect().center
    radius = round(22 * width / UNITS / k) + round(spread * 0.4 / k)
    pygame.draw.rect(small, (255, 255, 255, 255), core, border_radius=radius)
    small = pygame.transform.gaussian_blur(small, max(1, round(spread * 0.42 / k)))
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


@surface_cache(4)
def card_glow(width: int, color: tuple, spread: int = 0) -> pygame.Surface:
    """A soft halo to draw under a card `width` pixels wide (legal target: palette.HIGHLIGHT;
    chosen: palette.SELECTED): a crisp rim hugging the card's edge, fading out into the table
    `spread` pixels beyond it on every side (default `glow_spread`). The card is drawn over
    its middle: blit the halo at the card's top-left minus `spread`."""
    width = int(width)
    spread = spread or glow_spread(width)
    glow = _halo(width, spread).copy()
    glow.fill((*color[:3], 200), special_flags=pygame.BLEND_RGBA_MULT)
    rim = max(2, round(width / 32))
    card = pygame.Rect(spread, spread, width, card_height(width))
    radius = max(3, round(22 * width / UNITS))
    pygame.draw.rect(glow, (*color[:3], 255), card.inflate(2 * rim, 2 * rim), rim, border_radius=radius + rim)
    return ready(glow)
