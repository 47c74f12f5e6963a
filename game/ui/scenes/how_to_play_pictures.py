"""How to play's pictures of the five kinds of action, drawn with the game's own cards and
icons: a look under a card (view), a card turned up (flip), cards thrown on the pile
(discard), two cards trading places (exchange) and a 13 put at a row's end (give)."""

from __future__ import annotations

import math

import pygame

from game.lang import N_, ngettext, pgettext
from game.rules.cards import ACTION_FAMILIES, ACTIONS
from game.ui import skin

# The card each picture shows being acted on, and the action card standing for the family.
EXAMPLE = {"view": 5, "flip": 7, "discard": 10, "exchange": 11, "give": 13}
TITLES = {  # translated where drawn
    "view": N_("View: a secret look"),
    "flip": N_("Flip: turned up for all"),
    "discard": N_("Discard: onto the pile"),
    "exchange": N_("Swap: two cards trade places"),
    "give": N_("Give: a 13 for someone"),
}


def family_cards(family: str) -> str:
    """The cards of a family, as a player reads them: "cards 5, 6" or "card 13"."""
    values = [str(v) for v, a in ACTIONS.items() if a.family == family]
    listed = pgettext("list", ", ").join(values)
    # TRANSLATORS: the numbers of a kind of action's cards: "card 13", "cards 5, 6"
    return ngettext("card {numbers}", "cards {numbers}", len(values), numbers=listed)


def arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int) -> None:
    """A straight arrow from `a` to `b` with a filled head."""
    pygame.draw.line(surface, skin.INK, a, b, width)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    head = width * 3.2
    left = (b[0] - head * math.cos(angle - 0.5), b[1] - head * math.sin(angle - 0.5))
    right = (b[0] - head * math.cos(angle + 0.5), b[1] - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, skin.INK, [b, left, right])


class _Picture:
    """One picture being drawn: the surface, its box and the measures every family uses."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        self.surface, self.box = surface, box
        self.cw = max(18, min(round(box.h / 1.4 * 0.62), box.w // 4))
        self.ch = skin.card_height(self.cw)
        self.line = max(2, self.cw // 14)
        self.mid = box.centery
        self.left = (box.x + box.w * 0.22, self.mid)
        self.right = (box.right - box.w * 0.22, self.mid)

    def card(self, img: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
        r = img.get_rect(center=(round(center[0]), round(center[1])))
        self.surface.blit(img, r)
        return r

    def arrow(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        arrow(self.surface, a, b, self.line)


def _view(p: _Picture) -> None:
    """A face-down card, its face peeking out above it, and the eye."""
    face = p.card(skin.card_face(4, p.cw), (p.left[0] + p.cw * 0.35, p.mid - p.ch * 0.18))
    p.card(skin.card_back(p.cw), (p.left[0], p.mid + p.ch * 0.08))
    eye = skin.eye_icon(p.cw // 2)
    p.surface.blit(eye, eye.get_rect(midleft=(face.right + p.cw * 0.2, face.centery)))
    p.card(skin.card_back(p.cw), p.right)


def _flip(p: _Picture) -> None:
    """Face down, then face up."""
    a = p.card(skin.card_back(p.cw), p.left)
    b = p.card(skin.card_face(2, p.cw), p.right)
    p.arrow((a.right + p.cw * 0.2, p.mid), (b.left - p.cw * 0.2, p.mid))


def _discard(p: _Picture) -> None:
    """A card from a row onto the pile."""
    a = p.card(skin.card_face(12, p.cw), p.left)
    for k in (2, 1, 0):
        pile = p.card(skin.card_face(3, p.cw), (p.right[0] + k * 3, p.right[1] + k * 3))
    p.arrow((a.right + p.cw * 0.2, p.mid), (pile.left - p.cw * 0.25, p.mid))


def _exchange(p: _Picture) -> None:
    """Two face-down cards in two rows, trading places."""
    a = p.card(skin.card_back(p.cw), (p.left[0], p.mid - p.ch * 0.12))
    b = p.card(skin.card_back(p.cw), (p.right[0], p.mid + p.ch * 0.12))
    gap, lift = p.cw * 0.2, p.ch * 0.15
    p.arrow((a.right + gap, a.centery - lift), (b.left - gap, b.centery - lift))
    p.arrow((b.left - gap, b.centery + lift), (a.right + gap, a.centery + lift))


def _give(p: _Picture) -> None:
    """The 13 goes to the end of someone's row (the empty place at its end)."""
    small = max(14, round(p.cw * 0.7))
    x0 = p.box.centerx - small * 1.2
    y = p.box.bottom - skin.card_height(small) / 2
    for k, v in enumerate((1, 4)):
        last = p.card(skin.card_face(v, small), (x0 + k * (small + 4), y))
    slot = pygame.Rect(last.right + 4, last.top, small, skin.card_height(small))
    pygame.draw.rect(p.surface, skin.ACCENT, slot, max(1, p.line // 2), border_radius=max(3, small // 8))
    thirteen = p.card(skin.card_face(13, p.cw), (p.box.x + p.cw * 0.7, p.box.y + p.ch * 0.55))
    p.arrow((thirteen.right + 4, thirteen.centery), (slot.centerx, slot.top - 4))


_DRAW = {"view": _view, "flip": _flip, "discard": _discard, "exchange": _exchange, "give": _give}


def draw_picture(surface: pygame.Surface, family: str, box: pygame.Rect) -> None:
    """The picture of `family` inside `box` (about 1.6 times as wide as high), with the
    family's icon in its top-right corner."""
    if family not in ACTION_FAMILIES:
        raise ValueError(f"not an action family: {family!r}")
    picture = _Picture(surface, box)
    _DRAW[family](picture)
    icon = skin.action_icon(EXAMPLE[family], max(16, picture.cw // 2))
    if icon is not None:
        surface.blit(icon, icon.get_rect(topright=(box.right - 2, box.y + 2)))
