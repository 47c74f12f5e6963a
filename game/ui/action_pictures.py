"""How to play's pictures of the five kinds of action, drawn with the game's own cards and
icons: a look under a card (view), a card turned up (flip), cards thrown on the pile
(discard), two cards trading places (exchange) and a 13 put at a row's end (give)."""

from __future__ import annotations

import math

import pygame

from game.cards import ACTION_FAMILIES, ACTIONS

from . import skin

# The card each picture shows being acted on, and the action card standing for the family.
EXAMPLE = {"view": 5, "flip": 7, "discard": 10, "exchange": 11, "give": 13}
TITLES = {
    "view": "View: a secret look",
    "flip": "Flip: turned up for all",
    "discard": "Discard: onto the pile",
    "exchange": "Swap: two cards trade places",
    "give": "Give: a 13 for someone",
}


def family_cards(family: str) -> str:
    """The cards of a family, as a player reads them: "cards 5, 6" or "card 13"."""
    values = [str(v) for v, a in ACTIONS.items() if a.family == family]
    return ("card " if len(values) == 1 else "cards ") + ", ".join(values)


def arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int) -> None:
    """A straight arrow from `a` to `b` with a filled head."""
    pygame.draw.line(surface, skin.INK, a, b, width)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    head = width * 3.2
    left = (b[0] - head * math.cos(angle - 0.5), b[1] - head * math.sin(angle - 0.5))
    right = (b[0] - head * math.cos(angle + 0.5), b[1] - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, skin.INK, [b, left, right])


def draw_picture(surface: pygame.Surface, family: str, box: pygame.Rect) -> None:
    """The picture of `family` inside `box` (about 1.6 times as wide as high)."""
    if family not in ACTION_FAMILIES:
        raise ValueError(f"not an action family: {family!r}")
    cw = max(18, min(round(box.h / 1.4 * 0.62), box.w // 4))
    ch = skin.card_height(cw)
    line = max(2, cw // 14)
    icon = skin.action_icon(EXAMPLE[family], max(16, cw // 2))
    mid = box.centery
    left = (box.x + box.w * 0.22, mid)
    right = (box.right - box.w * 0.22, mid)

    def card(img: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
        r = img.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(img, r)
        return r

    if family == "view":  # a face-down card, its face peeking out above it, and the eye
        face = card(skin.card_face(4, cw), (left[0] + cw * 0.35, mid - ch * 0.18))
        card(skin.card_back(cw), (left[0], mid + ch * 0.08))
        eye = skin.eye_icon(cw // 2)
        surface.blit(eye, eye.get_rect(midleft=(face.right + cw * 0.2, face.centery)))
        card(skin.card_back(cw), right)
    elif family == "flip":  # face down -> face up
        a = card(skin.card_back(cw), left)
        b = card(skin.card_face(2, cw), right)
        arrow(surface, (a.right + cw * 0.2, mid), (b.left - cw * 0.2, mid), line)
    elif family == "discard":  # a card from a row onto the pile
        a = card(skin.card_face(12, cw), left)
        for k in (2, 1, 0):
            pile = card(skin.card_face(3, cw), (right[0] + k * 3, right[1] + k * 3))
        arrow(surface, (a.right + cw * 0.2, mid), (pile.left - cw * 0.25, mid), line)
    elif family == "exchange":  # two face-down cards in two rows, trading places
        a = card(skin.card_back(cw), (left[0], mid - ch * 0.12))
        b = card(skin.card_back(cw), (right[0], mid + ch * 0.12))
        arrow(
            surface,
            (a.right + cw * 0.2, a.centery - ch * 0.15),
            (b.left - cw * 0.2, b.centery - ch * 0.15),
            line,
        )
        arrow(
            surface,
            (b.left - cw * 0.2, b.centery + ch * 0.15),
            (a.right + cw * 0.2, a.centery + ch * 0.15),
            line,
        )
    else:  # give: the 13 goes to the end of someone's row
        small = max(14, round(cw * 0.7))
        x0 = box.centerx - small * 1.2
        for k, v in enumerate((1, 4)):
            last = card(
                skin.card_face(v, small), (x0 + k * (small + 4), box.bottom - skin.card_height(small) / 2)
            )
        slot = pygame.Rect(0, 0, small, skin.card_height(small))
        slot.topleft = (last.right + 4, last.top)  # where the 13 goes: the row's end
        pygame.draw.rect(surface, skin.ACCENT, slot, max(1, line // 2), border_radius=max(3, small // 8))
        thirteen = card(skin.card_face(13, cw), (box.x + cw * 0.7, box.y + ch * 0.55))
        arrow(surface, (thirteen.right + 4, thirteen.centery), (slot.centerx, slot.top - 4), line)
    if icon is not None:
        surface.blit(icon, icon.get_rect(topright=(box.right - 2, box.y + 2)))
