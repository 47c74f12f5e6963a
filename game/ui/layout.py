"""Where everything sits on the table for a window size: campsites, piles, hand, panels.

The player's seat is always at the bottom; the others follow clockwise (left, top,
right). Every position is computed from the window size, so a resize just builds a new
`Layout` and the sprites tween to their new places.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# Campsite boxes as fractions (x0, y0, x1, y1) of the table area, by relative seat
# (0 = the player at the bottom, then clockwise).
BOXES = {
    3: [(0.14, 0.72, 0.86, 0.99), (0.02, 0.03, 0.47, 0.31), (0.53, 0.03, 0.98, 0.31)],
    4: [
        (0.20, 0.72, 0.80, 0.99),
        (0.005, 0.35, 0.275, 0.62),
        (0.25, 0.03, 0.75, 0.31),
        (0.725, 0.35, 0.995, 0.62),
    ],
    6: [
        (0.24, 0.72, 0.76, 0.99),
        (0.005, 0.37, 0.265, 0.63),
        (0.005, 0.03, 0.32, 0.30),
        (0.34, 0.03, 0.66, 0.30),
        (0.68, 0.03, 0.995, 0.30),
        (0.735, 0.37, 0.995, 0.63),
    ],
}
# The free middle band (x0, x1) between the side campsites, by table size.
CENTER_ZONE = {3: (0.12, 0.88), 4: (0.275, 0.725), 6: (0.265, 0.735)}
LABEL_H = 24
MIN_SIZE = (1024, 640)


@dataclass
class Seat:
    box: pygame.Rect  # the whole campsite area, label included
    cards: pygame.Rect  # where the cards go
    card_w: int


class Layout:
    """Positions for `campers` seats in a window of `size`, `bottom` seat at the bottom."""

    def __init__(self, size: tuple[int, int], campers: int, bottom: int) -> None:
        w, h = size
        self.size = size
        self.campers, self.bottom = campers, bottom
        side = max(240, min(340, int(w * 0.22)))
        self.sidebar = pygame.Rect(w - side, 0, side, h)
        self.narration = pygame.Rect(0, 0, w - side, 34)
        self.table = pygame.Rect(0, self.narration.bottom, w - side, h - self.narration.bottom)
        t = self.table
        self.seats: dict[int, Seat] = {}
        for rel, (x0, y0, x1, y1) in enumerate(BOXES[campers]):
            seat = (bottom + rel) % campers
            box = pygame.Rect(
                t.x + round(x0 * t.w), t.y + round(y0 * t.h), round((x1 - x0) * t.w), round((y1 - y0) * t.h)
            )
            cards = pygame.Rect(box.x, box.y + LABEL_H, box.w, box.h - LABEL_H)
            by_h = (cards.h - 10) / 1.4
            room = 8.4 if (campers == 3 and seat == 0) else 5.6
            by_w = cards.w / room
            self.seats[seat] = Seat(box, cards, max(24, int(min(by_h, by_w))))
        me = self.seats[bottom]
        # The middle of the table, between the side campsites: deck, discard, the held card.
        zx0, zx1 = CENTER_ZONE[campers]
        zone = pygame.Rect(t.x + int(zx0 * t.w), 0, int((zx1 - zx0) * t.w), 0)
        self.pile_w = max(40, min(int(me.card_w * 0.85), int(zone.w / 5.2)))
        self.hand_w = int(self.pile_w * 1.3)
        gap = int(self.pile_w * 0.35)
        total = 2 * self.pile_w + gap + 2 * gap + int(self.hand_w * 1.18)
        x = zone.centerx - total // 2
        cy = t.y + int(t.h * 0.47)
        self.deck_pos = (x + self.pile_w // 2, cy)
        self.discard_pos = (x + self.pile_w + gap + self.pile_w // 2, cy)
        self.hand_pos = (x + 2 * self.pile_w + 3 * gap + int(self.hand_w * 0.59), cy + 8)
        self.scram_rect = pygame.Rect(0, 0, int(self.pile_w * 1.3), 40)
        self.scram_rect.midright = (self.deck_pos[0] - int(self.pile_w * 0.75), cy)
        if self.scram_rect.x < zone.x:  # no room left of the deck: above it
            self.scram_rect.midbottom = (self.deck_pos[0], cy - int(self.pile_w * 0.8))
        # The prompt bar: what the player is asked, with its buttons, above its campsite.
        self.prompt = pygame.Rect(0, 0, int(t.w * 0.74), 40)
        self.prompt.midbottom = (t.centerx, me.box.y - 4)

    def deck_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.pile_w, round(self.pile_w * 1.4))
        r.center = self.deck_pos
        return r

    def discard_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.pile_w, round(self.pile_w * 1.4))
        r.center = self.discard_pos
        return r

    def slot(self, seat: int, slot: int, count: int) -> tuple[float, float, int]:
        """Center and width of card `slot` of a row of `count` cards at `seat`."""
        s = self.seats[seat]
        w = s.card_w
        gap = w * 0.14
        step = w + gap
        if count * step - gap > s.cards.w:  # overlap rather than leave the box
            step = (s.cards.w - w) / max(1, count - 1)
        total = step * (count - 1) + w
        x0 = s.cards.centerx - total / 2 + w / 2
        return x0 + slot * step, s.cards.y + s.cards.h / 2, w

    def seat_hand(self, seat: int) -> tuple[float, float, int]:
        """Where a camper holds a drawn card: the player's big hand, a bot's next to its row."""
        if seat == self.bottom:
            return self.hand_pos[0], self.hand_pos[1], self.hand_w
        s = self.seats[seat]
        t = self.table
        box = s.box
        w = s.card_w
        # Just outside the campsite, on the side facing the middle of the table.
        if box.bottom < t.centery:  # a top seat: below its row
            return box.centerx, box.bottom + w * 0.55, w
        if box.centerx < t.centerx:  # a left seat: right of its box
            return box.right + w * 0.75, s.cards.centery, w
        return box.x - w * 0.75, s.cards.centery, w
