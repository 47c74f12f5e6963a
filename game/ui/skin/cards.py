"""The cards: faces, the back, and the fans' turned cards, at any pixel size.

The SVGs under assets/cards hold the pictures and the card frame; this module adds at run
time what nanosvg cannot draw (text): the value in two corners and, on action cards, the
action's name (from the core's one table, game.rules.cards.ACTIONS) with its icon. Everything is
rendered at the exact pixel size asked for (crisp at any width) and cached per size. Below
`SMALL_CARD` pixels wide a card drops its words and shows bigger corner values and the icon
alone, so it stays readable on a crowded table.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.assets import card_file
from game.lang import _, speech
from game.rules.cards import ACTIONS

from . import palette
from .fonts import face, ink
from .marks import action_icon
from .memo import surface_cache
from .shape import PANEL_INSET, PANEL_RADIUS, UNITS, card_height
from .svg import ready, svg

SMALL_CARD = 96
"""Cards narrower than this (pixels) show only corner values and the action icon. At 96 px
the words are still 10 px Cabin Bold; the held card at the default 1280x720 window is wider."""


def _norm(value: int | str) -> int | str:
    if value in ("=", 0):
        return "="
    v = int(value)
    if not 1 <= v <= 13:
        raise ValueError(f"not a card value: {value!r}")
    return v


# ---- cards -------------------------------------------------------------------------------
def _corner_tab(label: str, width: int, small: bool) -> pygame.Surface:
    """The cream tab with the card's value, made to sit in the panel's top-left corner."""
    bold = palette.BOLD_VALUES  # high contrast: larger values, in heavier strokes
    size = round(width * (0.36 if small else 0.24 if bold else 0.2))
    if label == "=":
        digits = _equals_sign(size)
    else:
        digits = ink(label, "display", size, palette.CARD_INK)
        # Comfortaa's strokes get thin when small: embolden by an overprint (1 px; wider in
        # the high contrast look, a stroke a tenth of the size heavier)
        extra = max(1, round(size * 0.07)) if bold else 1 if small else 0
        if extra:
            heavy = pygame.Surface((digits.get_width() + extra, digits.get_height()), pygame.SRCALPHA)
            for dx in range(extra + 1):
                heavy.blit(digits, (dx, 0))
            digits = heavy
        if label in ("6", "9"):  # underlined, as on playing cards: upside down they swap
            bar = max(1, round(size * 0.08))
            marked = pygame.Surface((digits.get_width(), digits.get_height() + 2 * bar), pygame.SRCALPHA)
            marked.blit(digits, (0, 0))
            bar_rect = (0, digits.get_height() + bar, digits.get_width(), bar)
            pygame.draw.rect(marked, palette.CARD_INK, bar_rect)
            digits = marked
    pad_x = max(2, round(width * (0.045 if small else 0.035)))
    pad_y = max(2, round(width * (0.04 if small else 0.03)))
    w = max(digits.get_width() + 2 * pad_x, round(size * 0.78))
    h = digits.get_height() + 2 * pad_y
    tab = pygame.Surface((w, h), pygame.SRCALPHA)
    u = width / UNITS
    radius = max(2, round(PANEL_RADIUS * u))
    pygame.draw.rect(
        tab,
        palette.CARD_CREAM,
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
        pygame.draw.rect(sign, palette.CARD_INK, (0, y, w, bar), border_radius=bar // 2)
    return sign


def _ribbon_metrics(width: int) -> tuple[int, int, int]:
    """(pill height, icon size, gap) of the action pill on a card `width` pixels wide."""
    h = max(12, round(width * 0.16))
    return h, round(h * 0.8), max(2, round(h * 0.15))


def _ribbon_room(value: int, width: int) -> int:
    """How wide the action pill may be: from where it starts (5 units into the art panel) to
    10 units short of the value tab in the bottom-right corner."""
    u = width / UNITS
    tab = _corner_tab(str(value), width, width < SMALL_CARD)
    return width - 2 * round(PANEL_INSET * u) - tab.get_width() - round(15 * u)


def action_words(value: int, width: int) -> tuple[list[str], int]:
    """(lines, font size) of the action words on a card `width` pixels wide (SMALL_CARD or
    more): the biggest size that fits beside the icon, up to a cap; "View 2 + swap" breaks
    after the "+" onto two lines (a taller pill) when that keeps its letters bigger."""
    words = _(ACTIONS[value].name)  # in the current language (card_face's cache keeps it apart)
    h, icon, gap = _ribbon_metrics(width)
    avail = _ribbon_room(value, width) - icon - 3 * gap
    want = round(h * 0.68)

    def fitting(lines: list[str]) -> int:
        size = want
        while size > 6 and max(face("text_bold", size).size(t)[0] for t in lines) > avail:
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
    f = face("text_bold", size)
    cap = ink("H", "text_bold", size, palette.CARD_INK).get_height()  # centre capitals, not the box
    line_h = round(size * 1.08)
    ph = max(h, line_h * (len(lines) - 1) + cap + 2 * gap + 2)
    imgs = [f.render(t, True, palette.CARD_INK) for t in lines]
    w = min(_ribbon_room(value, width), icon.get_width() + max(i.get_width() for i in imgs) + 4 * gap)
    pill = pygame.Surface((w, ph), pygame.SRCALPHA)
    pygame.draw.rect(pill, palette.CARD_CREAM, pill.get_rect(), border_radius=h // 2)
    pill.blit(icon, icon.get_rect(midleft=(gap + 1, ph / 2)))
    first_base = ph / 2 + cap / 2 - line_h * (len(lines) - 1) / 2
    for k, img in enumerate(imgs):
        top = round(first_base + k * line_h - f.get_ascent())
        pill.blit(img, (icon.get_width() + 2 * gap, top))
    return pill


MASTER_W = 256
"""Card art is rendered from its SVG once, at this width, and scaled down for every card up
to two thirds of it: a new width (a card moving, raised, in another seat) then costs a
fraction of a millisecond instead of several, and reads the same (averaged down from a
larger picture, its edges are as smooth). Wider cards are rendered at their own width."""


@lru_cache(maxsize=16)
def _master(parts: tuple[str, ...]) -> pygame.Surface:
    return svg(parts, (MASTER_W, card_height(MASTER_W)))


_ALL_ART = [("cards", "back.svg"), *(card_file(v) for v in [*range(1, 14), "="])]


def warm_cards(limit: int | None = None) -> None:
    """Render the cards' art not rendered yet (the back and 14 faces, about 0.15 s in all,
    once a session; at most `limit` pictures), so that no frame of a game waits for an SVG
    the first time a card shows. The menu does it a picture a frame, a table all at once."""
    if _master.cache_info().currsize >= len(_ALL_ART):  # all there: the menu's frames stay free
        return
    for parts in _ALL_ART:
        before = _master.cache_info().misses
        _master(parts)
        if _master.cache_info().misses != before and limit is not None:
            limit -= 1
            if limit <= 0:
                return


def card_art(parts: tuple[str, ...], width: int) -> pygame.Surface:
    """A card's picture (an SVG under assets/) `width` pixels wide, a new surface of its own."""
    size = (width, card_height(width))
    if width * 3 > MASTER_W * 2:
        return svg(parts, size)
    return ready(pygame.transform.smoothscale(_master(parts), size))


def card_face(value: int | str, width: int, small: bool | None = None) -> pygame.Surface:
    """A card face `width` pixels wide: value 1..13, or "=" (0 works too) for the `=` card.

    `small` picks the design: corner values and icon only (True) or with the action words
    (False, in the current language); by default the small one below SMALL_CARD. A card raised
    or turning on the table keeps the design of its resting width, so it grows without
    changing its look."""
    return _card_face(value, width, small, speech.code)


@surface_cache(12)
def _card_face(value: int | str, width: int, small: bool | None, lang: str) -> pygame.Surface:
    """`card_face` in the language `lang` (a key of the cache: a switch draws the words anew)."""
    v = _norm(value)
    width = int(width)
    height = card_height(width)
    card = card_art(card_file(v), width)
    small = width < SMALL_CARD if small is None else bool(small)
    u = width / UNITS
    inset = round(PANEL_INSET * u)

    tab = _corner_tab(str(v), width, small)
    card.blit(tab, (inset, inset))
    flipped = pygame.transform.rotate(tab, 180)
    card.blit(flipped, flipped.get_rect(bottomright=(width - inset, height - inset)))

    if isinstance(v, int) and v in ACTIONS:
        bottom = height - inset - max(1, round(4 * u))
        if small:
            size = max(11, round(width * 0.31))
            disc = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(disc, palette.CARD_CREAM, (size / 2, size / 2), size / 2)
            icon = action_icon(v, round(size * 0.8))
            disc.blit(icon, icon.get_rect(center=(size / 2, size / 2)))
            card.blit(disc, disc.get_rect(bottomleft=(inset + round(3 * u), bottom)))
        else:
            pill = _ribbon(v, width)
            card.blit(pill, pill.get_rect(bottomleft=(inset + round(5 * u), bottom)))
    return card


card_face.cache_info = _card_face.cache_info  # the one cache behind both names (tests, the memory fuzz)
card_face.cache_clear = _card_face.cache_clear


@surface_cache(4)
def card_back(width: int) -> pygame.Surface:
    """The card back, `width` pixels wide."""
    return card_art(("cards", "back.svg"), int(width))


@surface_cache(4)
def turned_card(value: int, width: int, angle: float) -> pygame.Surface:
    """A card face `width` pixels wide turned `angle` degrees (the title's and the game
    over's fans) with clean edges: turned smoothly at twice the size, on a transparent
    margin so its outline blends into what is under it, then halved with averaging. (A
    plain rotate leaves stair-stepped edges and ragged art.) It keeps the design of its
    shown width."""
    big_w = 2 * width
    big = card_face(value, big_w, width < SMALL_CARD)
    pad = 4
    framed = pygame.Surface((big.get_width() + 2 * pad, big.get_height() + 2 * pad), pygame.SRCALPHA)
    framed.fill((*big.get_at((big.get_width() // 2, 2))[:3], 0))  # the edge's colour, clear
    framed.blit(big, (pad, pad))
    turned = pygame.transform.rotozoom(framed, angle, 1.0)
    size = (max(1, round(turned.get_width() / 2)), max(1, round(turned.get_height() / 2)))
    return ready(pygame.transform.smoothscale(turned, size))
