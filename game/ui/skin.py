"""One door to the art, fonts, sounds and palette, with plain stand-ins.

`art.py`, `sound.py` and `theme.py` are made by the art side of the project. This module
uses them when they are there and draws simple stand-ins when a piece is missing, so the
game runs (and its tests pass) whatever the state of the art. Every surface is cached per
size: a card is rendered once per width, never per frame.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

import pygame

from game.cards import EQ, label


def _optional(name: str):
    try:
        return importlib.import_module(f"game.ui.{name}")
    except ImportError:
        return None
    except Exception as e:  # an art module that is broken must not take the game down
        print(f"scram: {name}.py failed to load ({e}); using plain stand-ins")
        return None


art = _optional("art")
theme = _optional("theme")
sound = _optional("sound")


def _color(name: str, default: tuple) -> tuple:
    value = getattr(theme, name, None) if theme else None
    if value is None:
        return default
    try:
        return tuple(pygame.Color(value))
    except (ValueError, TypeError):
        return default


# The palette (theme.py's names when present).
BG = _color("TABLE", (22, 60, 44))
PANEL = _color("PANEL", (18, 26, 30))
INK = _color("INK", (238, 232, 214))
MUTED = _color("MUTED", (160, 170, 160))
ACCENT = _color("ACCENT", (250, 196, 64))
DANGER = _color("DANGER", (232, 90, 70))
GOOD = _color("GOOD", (120, 210, 120))
HIGHLIGHT = _color("HIGHLIGHT", (120, 232, 214))
SELECTED = _color("SELECTED", (255, 226, 92))
BUTTON = _color("BUTTON", (58, 74, 70))
BUTTON_HOVER = _color("BUTTON_HOVER", (78, 100, 94))
BUTTON_EDGE = _color("BUTTON_EDGE", (110, 132, 124))
BUTTON_DISABLED = _color("BUTTON_DISABLED", (46, 54, 52))
BUTTON_DISABLED_TEXT = _color("BUTTON_DISABLED_TEXT", (116, 124, 120))
SCRAM = _color("SCRAM", (214, 64, 52))
SCRAM_HOVER = _color("SCRAM_HOVER", (236, 88, 70))
_names = getattr(theme, "TEAM_NAMES", None) if theme else None
TEAM_NAMES = tuple(_names[:2]) if _names and len(_names) >= 2 else ("Blue team", "Orange team")
_teams = getattr(theme, "TEAM_COLORS", None) if theme else None
try:
    TEAM = tuple(tuple(pygame.Color(c)) for c in _teams[:2]) if _teams else None
except (ValueError, TypeError):
    TEAM = None
if not TEAM:
    TEAM = ((80, 160, 250), (240, 120, 80))


def _art_value(value: int) -> object:
    """The value as art.card_face wants it (0 for `=` unless it says otherwise)."""
    want = getattr(art, "EQ_VALUE", None)
    return want if (value == EQ and want is not None) else value


@lru_cache(maxsize=512)
def card_face(value: int, width: int, small: bool | None = None) -> pygame.Surface:
    """A card face `width` pixels wide; `small` picks the design (see art.card_face)."""
    fn = getattr(art, "card_face", None) if art else None
    if fn is not None:
        extra = () if small is None else (small,)
        try:
            return fn(_art_value(value), width, *extra).convert_alpha()
        except TypeError:
            return fn("=" if value == EQ else value, width, *extra).convert_alpha()
    return _plain_card(label(value), width, (250, 246, 232), (30, 30, 30))


@lru_cache(maxsize=64)
def card_back(width: int) -> pygame.Surface:
    fn = getattr(art, "card_back", None) if art else None
    if fn is not None:
        return fn(width).convert_alpha()
    return _plain_card("", width, (60, 90, 140), (230, 230, 230))


@lru_cache(maxsize=32)
def turned_card(value: int, width: int, angle: float) -> pygame.Surface:
    """A card face `width` pixels wide turned `angle` degrees (the title's and the game
    over's fans) with clean edges: turned smoothly at twice the size, on a transparent
    margin so its outline blends into what is under it, then halved with averaging. (A
    plain rotate leaves stair-stepped edges and ragged art.) It keeps the design of its
    shown width (see art.card_face)."""
    big_w = 2 * width
    big = card_face(value, big_w, width < SMALL_CARD)
    pad = 4
    framed = pygame.Surface((big.get_width() + 2 * pad, big.get_height() + 2 * pad), pygame.SRCALPHA)
    framed.fill((*big.get_at((big.get_width() // 2, 2))[:3], 0))  # the edge's colour, clear
    framed.blit(big, (pad, pad))
    turned = pygame.transform.rotozoom(framed, angle, 1.0)
    size = (max(1, round(turned.get_width() / 2)), max(1, round(turned.get_height() / 2)))
    return pygame.transform.smoothscale(turned, size).convert_alpha()


def card_height(width: int) -> int:
    return round(width * 1.4)


def _plain_card(text: str, width: int, fill: tuple, ink: tuple) -> pygame.Surface:
    h = card_height(width)
    s = pygame.Surface((width, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, fill, r, border_radius=max(3, width // 10))
    pygame.draw.rect(s, (20, 20, 20), r, 1, border_radius=max(3, width // 10))
    if text:
        f = font("display", max(10, int(width * 0.5)))
        img = f.render(text, True, ink)
        s.blit(img, img.get_rect(center=r.center))
        small = font("text", max(8, int(width * 0.2))).render(text, True, ink)
        s.blit(small, (max(2, width // 14), max(2, width // 20)))
    else:
        pygame.draw.rect(s, (230, 230, 230), r.inflate(-width // 5, -width // 5), 2, border_radius=4)
    return s


@lru_cache(maxsize=64)
def font(kind: str, size: int) -> pygame.font.Font:
    fn = getattr(art, "font", None) if art else None
    if fn is not None:
        return fn(kind, size)
    return pygame.font.Font(None, round(size * 1.3))


SMALL_CARD = getattr(art, "SMALL_CARD", 0) if art else 0
"""Cards narrower than this show a simpler face (no action words): see art.SMALL_CARD."""


@lru_cache(maxsize=64)
def card_glow(width: int, color: tuple) -> pygame.Surface:
    """The halo under a glowing card `width` pixels wide (art.card_glow): it reaches as far
    beyond the card on every side, so blit it at the card's top-left minus that."""
    fn = getattr(art, "card_glow", None) if art else None
    if fn is not None:
        return fn(width, color).convert_alpha()
    spread = 4
    s = pygame.Surface((width + 2 * spread, card_height(width) + 2 * spread), pygame.SRCALPHA)
    pygame.draw.rect(s, color, s.get_rect().inflate(-2, -2), 3, border_radius=max(4, width // 9))
    return s


@lru_cache(maxsize=16)
def count_badge(count: int, size: int) -> pygame.Surface:
    """A round badge with a number (the cards left in the deck), `size` pixels across."""
    fn = getattr(art, "count_badge", None) if art else None
    if fn is not None:
        return fn(count, size).convert_alpha()
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(s, PANEL, (size / 2, size / 2), size / 2)
    img = font("display", max(8, size // 2)).render(str(count), True, INK)
    s.blit(img, img.get_rect(center=(size / 2, size / 2)))
    return s


@lru_cache(maxsize=16)
def eye_icon(size: int) -> pygame.Surface:
    fn = getattr(art, "eye_icon", None) if art else None
    if fn is not None:
        return fn(size).convert_alpha()
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (250, 250, 250), (0, size // 4, size, size // 2))
    pygame.draw.circle(s, (20, 20, 20), (size // 2, size // 2), max(2, size // 5))
    return s


@lru_cache(maxsize=32)
def action_icon(value: int, size: int) -> pygame.Surface | None:
    fn = getattr(art, "action_icon", None) if art else None
    if fn is None:
        return None
    try:
        return fn(value, size).convert_alpha()
    except Exception:
        return None


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    fn = getattr(art, "table_background", None) if art else None
    if fn is not None:
        return fn(size).convert()
    s = pygame.Surface(size)
    s.fill(BG)
    # A soft felt: a lighter oval in the middle.
    w, h = size
    oval = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(oval, (255, 255, 255, 14), (w * 0.08, h * 0.12, w * 0.84, h * 0.76))
    s.blit(oval, (0, 0))
    return s


def window_icon() -> pygame.Surface | None:
    fn = getattr(art, "window_icon", None) if art else None
    return fn() if fn is not None else None


class _SilentBoard:
    """Stands in for sound.SoundBoard when there is no sound module or no audio device."""

    volume = 0.7
    muted = False

    def play(self, name: str) -> None:
        pass


def sound_board():
    cls = getattr(sound, "SoundBoard", None) if sound else None
    if cls is None:
        return _SilentBoard()
    try:
        return cls()
    except Exception:  # no audio device: play silently
        return _SilentBoard()


@lru_cache(maxsize=2048)
def text(message: str, kind: str, size: int, color: tuple) -> pygame.Surface:
    """A rendered line of text, cached: labels are drawn every frame but rendered once."""
    return font(kind, size).render(message, True, color)


def clear_caches() -> None:
    """Forget every cached surface and font (after pygame was quit and started again)."""
    for f in (
        card_face,
        card_back,
        turned_card,
        card_glow,
        count_badge,
        eye_icon,
        action_icon,
        table_background,
        text,
        font,
    ):
        f.cache_clear()
    for mod in (art,):
        for name in dir(mod) if mod else ():
            clear = getattr(getattr(mod, name), "cache_clear", None)
            if callable(clear):
                clear()
