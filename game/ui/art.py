"""Loads and composes the game's art: card faces and back, fonts, icons, the table cloth.

The SVGs under assets/ hold the pictures and the card frame; this module adds at run time
what nanosvg cannot draw (text): the value in two corners and, on action cards, the action
words with a small icon. Everything is rendered at the exact pixel size asked for (crisp
at any width) and cached per size. Below `SMALL_CARD` pixels wide a card drops its words
and shows bigger corner values and the icon alone, so it stays readable on a crowded table.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.assets import ACTION_ICONS, FONTS, asset_path, card_file
from game.cards import ACTION_NAMES

from . import theme

EQ_VALUE = "="
"""How skin.py should name the `=` card to `card_face` (0 is accepted too)."""

SMALL_CARD = 96
"""Cards narrower than this (pixels) show only corner values and the action icon. At 96 px
the words are still 10 px Cabin Bold; the held card at the default 1280x720 window is wider."""

ACTION_FAMILY = {5: "view", 6: "view", 7: "flip", 8: "flip", 9: "discard", 10: "discard"}
ACTION_FAMILY.update({11: "swap", 12: "swap", 13: "give"})

# Card geometry in SVG units (the card is 250 x 350): the art panel's inset and corner radius.
_UNITS = 250
_PANEL_INSET = 14
_PANEL_RADIUS = 14


def card_height(width: int) -> int:
    """Cards are 5:7."""
    return round(width * 7 / 5)


def _norm(value: int | str) -> int | str:
    if value in ("=", 0):
        return "="
    v = int(value)
    if not 1 <= v <= 13:
        raise ValueError(f"not a card value: {value!r}")
    return v


def _svg(parts: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
    """An SVG rendered by nanosvg at exactly `size` pixels (with alpha)."""
    img = pygame.image.load_sized_svg(str(asset_path(*parts)), size)
    if img.get_size() != tuple(size):
        # SDL_image rounds the scaled height up now and then (252.0000001 -> 253 px): fit it
        # to the exact size asked for, cropping (or, if it came out smaller, stretching) 1 px.
        if img.get_width() >= size[0] and img.get_height() >= size[1]:
            img = img.subsurface((0, 0, *size)).copy()
        else:
            img = pygame.transform.smoothscale(img, size)
    return img


# ---- fonts -----------------------------------------------------------------------------
@lru_cache(maxsize=128)
def font(kind: str, size: int) -> pygame.font.Font:
    """The project fonts: "display" (Comfortaa Bold), "text" (Cabin), "text_bold" (Cabin Bold)."""
    if not pygame.font.get_init():
        pygame.font.init()
    parts = FONTS.get(kind)
    if parts is None:
        raise ValueError(f"unknown font kind {kind!r}; use one of {sorted(FONTS)}")
    return pygame.font.Font(str(asset_path(*parts)), max(4, int(size)))


def _ink(text: str, kind: str, size: int, color: tuple) -> pygame.Surface:
    """Rendered text cropped to its ink, so it can be centred by what the eye sees."""
    img = font(kind, size).render(text, True, color)
    box = img.get_bounding_rect()
    return img.subsurface(box).copy() if box.w and box.h else img


# ---- cards -------------------------------------------------------------------------------
def _corner_tab(label: str, width: int, small: bool) -> pygame.Surface:
    """The cream tab with the card's value, made to sit in the panel's top-left corner."""
    size = round(width * (0.36 if small else 0.2))
    if label == "=":
        digits = _equals_sign(size)
    else:
        digits = _ink(label, "display", size, theme.CARD_INK)
        if small:  # Comfortaa's strokes get thin when small: embolden by a 1 px overprint
            bold = pygame.Surface((digits.get_width() + 1, digits.get_height()), pygame.SRCALPHA)
            bold.blit(digits, (0, 0))
            bold.blit(digits, (1, 0))
            digits = bold
        if label in ("6", "9"):  # underlined, as on playing cards: upside down they swap
            bar = max(1, round(size * 0.08))
            marked = pygame.Surface((digits.get_width(), digits.get_height() + 2 * bar), pygame.SRCALPHA)
            marked.blit(digits, (0, 0))
            pygame.draw.rect(marked, theme.CARD_INK, (0, digits.get_height() + bar, digits.get_width(), bar))
            digits = marked
    pad_x = max(2, round(width * (0.045 if small else 0.035)))
    pad_y = max(2, round(width * (0.04 if small else 0.03)))
    w = max(digits.get_width() + 2 * pad_x, round(size * 0.78))
    h = digits.get_height() + 2 * pad_y
    tab = pygame.Surface((w, h), pygame.SRCALPHA)
    u = width / _UNITS
    radius = max(2, round(_PANEL_RADIUS * u))
    pygame.draw.rect(
        tab,
        theme.CARD_CREAM,
        tab.get_rect(),
        border_top_left_radius=radius,
        border_bottom_right_radius=max(3, h // 3),
    )
    tab.blit(digits, digits.get_rect(center=(w / 2, h / 2)))
    return tab


def _equals_sign(size: int) -> pygame.Surface:
    """A bold `=` as tall as a digit of the display face at `size` (the glyph itself is slight)."""
    w, bar = round(size * 0.62), max(2, round(size * 0.15))
    h = round(size * 0.52)
    sign = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in (0, h - bar):
        pygame.draw.rect(sign, theme.CARD_INK, (0, y, w, bar), border_radius=bar // 2)
    return sign


def _ribbon_metrics(width: int) -> tuple[int, int, int]:
    """(pill height, icon size, gap) of the action pill on a card `width` pixels wide."""
    h = max(12, round(width * 0.16))
    return h, round(h * 0.8), max(2, round(h * 0.15))


def _ribbon_room(value: int, width: int) -> int:
    """How wide the action pill may be: from where it starts (5 units into the art panel) to
    10 units short of the value tab in the bottom-right corner."""
    u = width / _UNITS
    tab = _corner_tab(str(value), width, width < SMALL_CARD)
    return width - 2 * round(_PANEL_INSET * u) - tab.get_width() - round(15 * u)


def action_words(value: int, width: int) -> tuple[list[str], int]:
    """(lines, font size) of the action words on a card `width` pixels wide (SMALL_CARD or
    more): the biggest size that fits beside the icon, up to a cap; "View 2 + swap" breaks
    after the "+" onto two lines (a taller pill) when that keeps its letters bigger."""
    words = ACTION_NAMES[value]
    h, icon, gap = _ribbon_metrics(width)
    avail = _ribbon_room(value, width) - icon - 3 * gap
    want = round(h * 0.68)

    def fitting(lines: list[str]) -> int:
        size = want
        while size > 6 and max(font("text_bold", size).size(t)[0] for t in lines) > avail:
            size -= 1
        return size

    lines, size = [words], fitting([words])
    if " + " in words and size < want:
        two = words.replace(" + ", " +\n").split("\n")
        if fitting(two) > size:
            lines, size = two, fitting(two)
    return lines, size


def _ribbon(value: int, width: int) -> pygame.Surface:
    """The cream pill with the action icon and words (see action_words)."""
    h, icon_size, gap = _ribbon_metrics(width)
    icon = action_icon(value, icon_size)
    lines, size = action_words(value, width)
    f = font("text_bold", size)
    cap = _ink("H", "text_bold", size, theme.CARD_INK).get_height()  # centre capitals, not the box
    line_h = round(size * 1.08)
    ph = max(h, line_h * (len(lines) - 1) + cap + 2 * gap + 2)
    imgs = [f.render(t, True, theme.CARD_INK) for t in lines]
    w = min(_ribbon_room(value, width), icon.get_width() + max(i.get_width() for i in imgs) + 4 * gap)
    pill = pygame.Surface((w, ph), pygame.SRCALPHA)
    pygame.draw.rect(pill, theme.CARD_CREAM, pill.get_rect(), border_radius=h // 2)
    pill.blit(icon, icon.get_rect(midleft=(gap + 1, ph / 2)))
    first_base = ph / 2 + cap / 2 - line_h * (len(lines) - 1) / 2
    for k, img in enumerate(imgs):
        top = round(first_base + k * line_h - f.get_ascent())
        pill.blit(img, (icon.get_width() + 2 * gap, top))
    return pill


@lru_cache(maxsize=256)
def card_face(value: int | str, width: int, small: bool | None = None) -> pygame.Surface:
    """A card face `width` pixels wide: value 1..13, or "=" (0 works too) for the `=` card.

    `small` picks the design: corner values and icon only (True) or with the action words
    (False); by default the small one below SMALL_CARD. A card raised or turning on the table
    keeps the design of its resting width, so it grows without changing its look."""
    v = _norm(value)
    width = int(width)
    height = card_height(width)
    card = _svg(card_file(v), (width, height))
    small = width < SMALL_CARD if small is None else bool(small)
    u = width / _UNITS
    inset = round(_PANEL_INSET * u)

    tab = _corner_tab(str(v), width, small)
    card.blit(tab, (inset, inset))
    flipped = pygame.transform.rotate(tab, 180)
    card.blit(flipped, flipped.get_rect(bottomright=(width - inset, height - inset)))

    if isinstance(v, int) and v in ACTION_FAMILY:
        bottom = height - inset - max(1, round(4 * u))
        if small:
            size = max(11, round(width * 0.31))
            disc = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(disc, theme.CARD_CREAM, (size / 2, size / 2), size / 2)
            icon = action_icon(v, round(size * 0.8))
            disc.blit(icon, icon.get_rect(center=(size / 2, size / 2)))
            card.blit(disc, disc.get_rect(bottomleft=(inset + round(3 * u), bottom)))
        else:
            pill = _ribbon(v, width)
            card.blit(pill, pill.get_rect(bottomleft=(inset + round(5 * u), bottom)))
    return card


@lru_cache(maxsize=32)
def card_back(width: int) -> pygame.Surface:
    """The card back, `width` pixels wide."""
    return _svg(("cards", "back.svg"), (int(width), card_height(int(width))))


# ---- icons ------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def eye_icon(size: int) -> pygame.Surface:
    """The 'this camper has seen that face-down card' token, `size` pixels square."""
    return _svg(("ui", "eye.svg"), (int(size), int(size)))


@lru_cache(maxsize=64)
def action_icon(value: int, size: int) -> pygame.Surface | None:
    """The icon of a card's action (eye, flip, bin, swap arrows, gift); None for 1-4 and `=`."""
    family = ACTION_FAMILY.get(value) if isinstance(value, int) else None
    if family is None:
        return None
    return _svg(ACTION_ICONS[family], (int(size), int(size)))


def window_icon() -> pygame.Surface:
    """The 64x64 window icon."""
    return pygame.image.load(str(asset_path("ui", "icon.png")))


@lru_cache(maxsize=16)
def count_badge(count: int, size: int) -> pygame.Surface:
    """A round badge with a number (cards left in the deck), `size` pixels across."""
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(badge, theme.CARD_CREAM, (c, c), c)
    pygame.draw.circle(badge, theme.BADGE, (c, c), c - max(1, size // 14))
    digits = _ink(str(count), "display", round(size * (0.5 if count < 100 else 0.38)), theme.BADGE_TEXT)
    badge.blit(digits, digits.get_rect(center=(c, c)))
    return badge


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
    radius = round(22 * width / _UNITS / k) + round(spread * 0.4 / k)
    pygame.draw.rect(small, (255, 255, 255, 255), core, border_radius=radius)
    small = pygame.transform.gaussian_blur(small, max(1, round(spread * 0.42 / k)))
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


@lru_cache(maxsize=64)
def card_glow(width: int, color: tuple, spread: int = 0) -> pygame.Surface:
    """A soft halo to draw under a card `width` pixels wide (legal target: theme.HIGHLIGHT;
    chosen: theme.SELECTED): a crisp rim hugging the card's edge, fading out into the table
    `spread` pixels beyond it on every side (default `glow_spread`). The card is drawn over
    its middle: blit the halo at the card's top-left minus `spread`."""
    width = int(width)
    spread = spread or glow_spread(width)
    glow = _halo(width, spread).copy()
    glow.fill((*color[:3], 200), special_flags=pygame.BLEND_RGBA_MULT)
    rim = max(2, round(width / 32))
    card = pygame.Rect(spread, spread, width, card_height(width))
    radius = max(3, round(22 * width / _UNITS))
    pygame.draw.rect(glow, (*color[:3], 255), card.inflate(2 * rim, 2 * rim), rim, border_radius=radius + rim)
    return glow


# ---- the table -------------------------------------------------------------------------
def _tile(size: int = 320) -> pygame.Surface:
    """One seamless square of campsite grass: pine needles, clover and pebbles."""
    rng = random.Random(5)  # fixed: the same table every time
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    tile.fill((*theme.TABLE, 255))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)

    def wrapped(draw):
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                draw(dx, dy)

    for _ in range(240):  # pine needles: short dark and light strokes
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        a, n = rng.uniform(0, math.pi), rng.uniform(6, 13)
        col = (*(theme.TABLE_DARK if rng.random() < 0.6 else theme.TABLE_LIGHT), rng.randint(60, 120))
        ex, ey = n * math.cos(a), n * math.sin(a)
        wrapped(
            lambda dx, dy, x=x, y=y, ex=ex, ey=ey, col=col: pygame.draw.line(
                layer, col, (x + dx, y + dy), (x + ex + dx, y + ey + dy), 2
            )
        )
    for _ in range(36):  # clover: three small leaves
        x, y, r = rng.uniform(0, size), rng.uniform(0, size), rng.uniform(2.5, 4)
        col = (*theme.TABLE_LIGHT, 110)
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


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The table: tiled campsite grass, a lit clearing in the middle, darker edges."""
    w, h = int(size[0]), int(size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
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
            mottle.set_at((gx, gy), (*(theme.TABLE_DARK if dark else theme.TABLE_LIGHT), rng.randint(0, 40)))
    surf.blit(pygame.transform.smoothscale(mottle, (w, h)), (0, 0))
    for gx in range(gw):
        for gy in range(gh):
            d = math.hypot((gx + 0.5) / gw - 0.5, (gy + 0.5) / gh - 0.5) / 0.7071
            if d < 0.45:
                shade.set_at((gx, gy), (255, 240, 200, round(22 * (1 - d / 0.45))))
            else:
                t = min(1.0, (d - 0.45) / 0.55)
                shade.set_at((gx, gy), (*theme.TABLE_DARK, round(170 * t * t)))
    surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    return surf


def clear_caches() -> None:
    for f in (
        font,
        card_face,
        card_back,
        eye_icon,
        action_icon,
        count_badge,
        _halo,
        card_glow,
        table_background,
    ):
        f.cache_clear()
