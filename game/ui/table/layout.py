"""Where everything sits on the table for a window size: campsites, piles, hand, panels.

The player's seat is always at the bottom; the others follow clockwise (left, top,
right). Every position is computed from the window size, so a resize just builds a new
`Layout` and the sprites tween to their new places.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.cards import campsite_layout
from game.ui import skin
from game.ui.kit.widgets import line_step, px

# Campsite boxes as fractions (x0, y0, x1, y1) of the table area, by relative seat
# (0 = the player at the bottom, then clockwise). Three campers have their own (`_three`):
# the solo's row of eight wants more room than a duo camper's five. The player's box spans
# the table's width, so that a row grown by penalties keeps big cards; what is drawn around
# a campsite (its name, the ring of the turn) follows its cards (`row_frame`), not its box.
BOXES = {
    4: [
        (0.03, 0.72, 0.97, 0.99),
        (0.005, 0.35, 0.30, 0.62),
        (0.16, 0.03, 0.84, 0.31),  # the top row spans what the side rows leave it
        (0.70, 0.35, 0.995, 0.62),
    ],
    6: [
        (0.03, 0.72, 0.97, 0.99),
        (0.005, 0.37, 0.265, 0.63),
        (0.005, 0.03, 0.32, 0.30),
        (0.34, 0.03, 0.66, 0.30),
        (0.68, 0.03, 0.995, 0.30),
        (0.735, 0.37, 0.995, 0.63),
    ],
}
# The free middle band (x0, x1) between the side campsites, by table size.
CENTER_ZONE = {3: (0.12, 0.88), 4: (0.30, 0.70), 6: (0.265, 0.735)}
LABEL_H = 24  # the name line above a campsite's cards (design pixels)
GAP = 0.14  # the gap between two cards of a row, in card widths
OTHERS_MAX = 0.85  # another camper's cards are at most this share of the player's own
SHRINK = 0.72  # a row longer than its seat was laid out for narrows its cards down to this share,
# and only then lets them overlap


def row_room(cards: int) -> float:
    """How many card widths a row of `cards` takes, with its gaps and a little margin."""
    return cards * (1 + GAP) - GAP + 0.3


def dealt(seat: int, campers: int) -> int:
    """The cards a seat is dealt, from the core's campsite layout (the solo 8, others 5)."""
    return sum(campsite_layout(seat, campers))


def _three(bottom: int) -> list[tuple[float, float, float, float]]:
    """The boxes of a 3-camper table seen from `bottom`. The solo sees the duo side by side
    above. A duo camper sees the solo's row of eight across the whole top (side by side with
    a row of five, its cards were held by the width to two thirds of what the height allows)
    and the partner in the middle band beside the piles (`Layout._band_row`: its box here is
    only a placeholder, placed once the player's row has grown)."""
    if bottom == 0:
        return [(0.03, 0.72, 0.97, 0.99), (0.02, 0.03, 0.48, 0.31), (0.52, 0.03, 0.98, 0.31)]
    solo_top = (0.02, 0.03, 0.98, 0.31)
    band = (0.02, 0.40, 0.48, 0.60)
    if bottom == 2:  # clockwise from the player: the solo above, then the partner on the right
        return [(0.03, 0.72, 0.97, 0.99), solo_top, band]
    return [(0.03, 0.72, 0.97, 0.99), band, solo_top]  # the partner on the left, then the solo


# At a duo camper's 3-camper table: the share of the table's width for the partner's row (and
# the card it holds beside it), the rest goes to the piles; the margin at each edge.
BAND_ROW, EDGE = 0.47, 0.02


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
        # a larger text size: a wider sidebar for its words, where the table keeps its room
        grow = min(1.3, skin.text_scale()) if w >= px(1280) else 1.0
        side = max(240, min(round(px(340) * grow), int(w * 0.22 * grow)))
        self.sidebar = pygame.Rect(w - side, 0, side, h)
        # the story's line: taller where the text size makes its one line (or two) taller
        two = 2 * skin.font("text", px(12)).get_height() + px(2) if skin.text_scale() > 1 else 0
        self.narration = pygame.Rect(0, 0, w - side, max(line_step(34, "text", 18, 4), two))
        self.table = pygame.Rect(0, self.narration.bottom, w - side, h - self.narration.bottom)
        t = self.table
        # the name line as drawn, at the player's text size (at 100 % the design's 24 px)
        self.label_h = max(px(LABEL_H), px(3) + skin.font("display", px(18)).get_height())
        self.prompt_h, self.names_h = self._prompt_room()
        self.seats: dict[int, Seat] = {}
        # The partner's seat at a duo camper's table (the duo are seats 1 and 2, R-SEAT-3): its
        # row stands in the middle band.
        self.band_seat = 3 - bottom if campers == 3 and bottom else None
        self.zone_fractions = CENTER_ZONE[campers]
        if self.band_seat is not None:  # the piles beside the partner's row, on the other side
            row_left = self.band_seat == (bottom + 1) % 3
            self.zone_fractions = (EDGE + BAND_ROW, 1 - EDGE) if row_left else (EDGE, 1 - EDGE - BAND_ROW)
        boxes = _three(bottom) if campers == 3 else BOXES[campers]
        for rel, fractions in enumerate(boxes):
            seat = (bottom + rel) % campers
            self.seats[seat] = self._seat(seat, fractions, rel)
        if campers == 3:  # no side rows: the player's row may grow into the middle's room
            self._grow_bottom_row()
        if self.band_seat is not None:
            self.seats[self.band_seat] = self._band_row(self.band_seat)
        # How far down each campsite's frame reaches (its cards' bottom and a margin).
        self.frame_bottoms = {
            seat: min(st.box.bottom, round(st.cards.centery + 0.7 * st.card_w) + px(8))
            for seat, st in self.seats.items()
        }
        self._middle(self.seats[bottom])
        # The prompt bar: what the player is asked, with its buttons, above its campsite.
        self.prompt = pygame.Rect(0, 0, int(t.w * 0.74), px(40))
        self.prompt.midbottom = (t.centerx, self.seats[bottom].box.y - 4)

    @staticmethod
    def _prompt_room() -> tuple[int, int]:
        """The height kept for the prompt bar above the player's row, and for the piles' names
        above it: at a larger text size the bar's buttons and two lines of its words (a long
        prompt wraps), and the names' line as tall as its text."""
        if skin.text_scale() == 1.0:
            return px(40), px(34)
        words = 2 * (skin.font("text", px(11)).get_linesize() + px(2))
        buttons = skin.font("text", px(14)).get_height() + px(12)
        return max(px(40), words + buttons + px(8)), max(
            px(34), skin.font("text", px(16)).get_linesize() + px(12)
        )

    def _seat(self, seat: int, fractions: tuple[float, ...], rel: int) -> Seat:
        """A campsite in its box (fractions of the table), its cards as big as the box allows.

        A row whose cards are held by the box's width gets no more height than its cards
        need: its name sits right above them, and the room it leaves goes to the middle of the
        table (a top row gives it up below itself, a side row keeps its cards' centre, the
        player's row stays at the bottom).
        """
        t = self.table
        x0, y0, x1, y1 = fractions
        box = pygame.Rect(
            t.x + round(x0 * t.w), t.y + round(y0 * t.h), round((x1 - x0) * t.w), round((y1 - y0) * t.h)
        )
        cards = pygame.Rect(box.x, box.y + self.label_h, box.w, box.h - self.label_h)
        by_h = (cards.h - 10) / 1.4
        by_w = cards.w / row_room(dealt(seat, self.campers))
        card_w = max(24, int(min(by_h, by_w)))
        if rel:  # the player's own row stays the biggest
            card_w = min(card_w, int(self.seats[self.bottom].card_w * OTHERS_MAX))
        gap = max(px(8), skin.glow_spread(card_w) + px(2))  # a glowing card's halo clears the name
        need = self.label_h + round(1.4 * card_w) + 2 * gap
        if need < box.h:
            middle, bottom = cards.centery, box.bottom
            box.h = need
            if rel == 0:  # the player's row: at the bottom still
                box.bottom = bottom
            elif y0 > 0.1:  # a side row: its cards stay where they were
                box.y = round(middle - self.label_h - (need - self.label_h) / 2)
            cards = pygame.Rect(box.x, box.y + self.label_h, box.w, box.h - self.label_h)
        return Seat(box, cards, card_w)

    def _band_top(self) -> int:
        """Where the middle of the table begins: under the top rows' frames, with room for
        the deck's "top:" line and its badge."""
        t = self.table
        tops = [
            round(st.cards.centery + 0.7 * st.card_w) + px(8)
            for s, st in self.seats.items()
            if st.box.y < t.y + 0.1 * t.h and s != self.bottom
        ]
        return max(tops, default=t.y) + px(24)

    def _band_row(self, seat: int) -> Seat:
        """The partner's row at a duo camper's table: in the middle band, beside the piles,
        between the solo's frame and the prompt bar, with room on its inner side for the
        card it holds (`seat_hand`); its cards as big as that room allows, and no bigger
        than the player's own allow (`OTHERS_MAX`)."""
        t, me = self.table, self.seats[self.bottom]
        solo = self.seats[0]  # the solo is seat 0 (R-SEAT-3)
        top = round(solo.cards.centery + 0.7 * solo.card_w) + px(14)
        bottom = me.box.y - 4 - self.prompt_h - px(8)  # above the prompt bar
        width = round(BAND_ROW * t.w) - 2 * px(10)  # the held card's spot keeps its margins
        by_w = width / (row_room(dealt(seat, 3)) + 0.85)
        gap = max(px(8), skin.glow_spread(int(by_w)) + px(2))
        by_h = (bottom - top - self.label_h - 2 * gap) / 1.4
        card_w = max(24, int(min(by_w, by_h, me.card_w * OTHERS_MAX)))
        cards_w = round(card_w * row_room(dealt(seat, 3)))
        need = self.label_h + round(1.4 * card_w) + 2 * gap
        on_left = self.zone_fractions[0] > EDGE  # the piles on the right
        x = t.x + round(EDGE * t.w) if on_left else t.right - round(EDGE * t.w) - cards_w
        box = pygame.Rect(x, (top + bottom - need) // 2, cards_w, need)
        return Seat(box, pygame.Rect(box.x, box.y + self.label_h, box.w, box.h - self.label_h), card_w)

    def _grow_bottom_row(self) -> None:
        """The player's row grows upwards while its cards are held by its height and the
        middle keeps room for the piles and the held card at the new size (3 campers)."""
        t, me = self.table, self.seats[self.bottom]
        zx0, zx1 = self.zone_fractions
        by_w = me.cards.w / row_room(dealt(self.bottom, self.campers))
        band_top = self._band_top()
        best = me
        for extra in range(0, t.h // 4, 4):
            box = pygame.Rect(me.box.x, me.box.y - extra, me.box.w, me.box.h + extra)
            cards = pygame.Rect(box.x, box.y + self.label_h, box.w, box.h - self.label_h)
            card_w = int(min(by_w, (cards.h - 10) / 1.4))
            pile_w = min(card_w, (zx1 - zx0) * t.w / 5.2)
            if box.y - 4 - self.prompt_h - self.names_h - band_top < 2.15 * pile_w or card_w < best.card_w:
                break
            if card_w > best.card_w:  # only a row that gains from it grows
                best = Seat(box, cards, card_w)
        self.seats[self.bottom] = best

    def _middle(self, me: Seat) -> None:
        """The middle of the table, between the side campsites and under the top rows: the
        deck, the discard pile, the held card and the Scram button. The piles are as big as
        the room there allows, up to the size of the player's own cards (at least 85 % of it,
        as far as the width between the side campsites allows)."""
        t = self.table
        zx0, zx1 = self.zone_fractions
        zone = pygame.Rect(t.x + int(zx0 * t.w), 0, int((zx1 - zx0) * t.w), 0)
        self.zone = zone
        band_top = self._band_top()
        band_bottom = me.box.y - 4 - self.prompt_h - self.names_h  # the prompt bar, the piles' names
        # the held card, raised, is the tallest thing of the row: 1.3 × 1.4 × 1.18 pile widths
        by_band = (band_bottom - band_top) / 2.15
        wish = int(min(me.card_w, by_band))
        if skin.text_scale() == 1.0:  # large text: the prompt's room comes first
            wish = max(int(me.card_w * 0.85), wish)
        self.pile_w = max(40, min(wish, int(zone.w / 5.2)))
        self.hand_w = int(self.pile_w * 1.3)
        gap = int(self.pile_w * 0.35)
        total = 2 * self.pile_w + gap + 2 * gap + int(self.hand_w * 1.18)
        x = zone.centerx - total // 2
        cy = t.y + int(t.h * 0.47)  # level with the side rows
        if self.campers == 3:  # no side rows: in the middle of the room left
            cy = (band_top + band_bottom) // 2
        if skin.text_scale() > 1:  # large text: the piles' names stay above the prompt's room
            cy = min(cy, self._prompt_top(me) - self.names_h - round(0.7 * self.pile_w))
        cy = max(cy, round(band_top + 0.7 * self.pile_w))  # the piles stay under the top rows
        self.deck_pos = (x + self.pile_w // 2, cy)
        self.discard_pos = (x + self.pile_w + gap + self.pile_w // 2, cy)
        self.hand_pos = (x + 2 * self.pile_w + 3 * gap + int(self.hand_w * 0.59), cy + 8)
        self.scram_rect = pygame.Rect(0, 0, int(self.pile_w * 1.3), px(40))
        self.scram_rect.midright = (self.deck_pos[0] - int(self.pile_w * 0.75), cy)
        if self.scram_rect.x < zone.x:  # no room left of the deck: above it, clear of its badge
            self.scram_rect.midbottom = (self.deck_pos[0], self.deck_badge().top - px(4))

    def place_scram(self, size: tuple[int, int]) -> pygame.Rect:
        """The SCRAM button of `size` (fitted to its word): where `scram_rect` says, at least
        as tall; at a larger text size, as wide as its word, left of the deck where that is in
        the table and clear of every campsite; never on the deck's badge."""
        r = pygame.Rect(0, 0, size[0], max(size[1], self.scram_rect.h))
        r.center = self.scram_rect.center
        beside = r.copy()
        beside.midright = (self.deck_rect().x - px(8), self.deck_pos[1])
        clear = not any(st.box.colliderect(beside) for st in self.seats.values())
        if skin.text_scale() > 1 and beside.x >= self.table.x + px(8) and clear:
            r = beside
        badge = self.deck_badge()  # a larger text size makes it larger: it keeps clear of it
        if r.colliderect(badge) and r.centerx < badge.centerx:
            r.right = badge.x - px(4)
        return r

    def _prompt_top(self, me: Seat) -> int:
        """Where the prompt bar's room begins: its height above the player's row, or lower,
        under the side rows, where they reach further down (the bar keeps the table's width)."""
        t = self.table
        sides = [
            st.box.bottom for s, st in self.seats.items() if s != self.bottom and st.box.y >= t.y + 0.1 * t.h
        ]
        return max([me.box.y - 4 - self.prompt_h, *sides])

    def pile_label_size(self) -> int:
        """The piles' labels' size: 16, or smaller where a large text size would run "Deck"
        into "Discard" (each keeps to its half of the way between the piles)."""
        room = self.discard_rect().centerx - self.deck_rect().centerx - px(6)
        for size in (16, 15, 14, 13, 12):
            font = skin.font("text", px(size))
            if font.size("Deck")[0] + font.size("Discard")[0] <= 2 * room:
                return size
        return 12

    def deck_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.pile_w, round(self.pile_w * 1.4))
        r.center = self.deck_pos
        return r

    def deck_badge(self) -> pygame.Rect:
        """The deck's count badge: a disc on the deck's top-right corner."""
        size = max(px(24), round(self.pile_w * 0.42))
        r = pygame.Rect(0, 0, size, size)
        d = self.deck_rect()
        r.center = (d.right - round(size * 0.2), d.top + round(size * 0.2))
        return r

    def raise_room(self, seat: int) -> tuple[int, int]:
        """(top, bottom) that a card raised in `seat`'s row stays within: below the row's
        name line, above the table's bottom edge (see CardSprite.room); its halo stops at
        that line too."""
        name_h = px(2) + skin.font("display", px(18)).get_height()  # the name as drawn
        return self.seats[seat].box.y + max(self.label_h, name_h), self.table.bottom - px(3)

    def discard_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.pile_w, round(self.pile_w * 1.4))
        r.center = self.discard_pos
        return r

    def card_width(self, seat: int, count: int) -> float:
        """The width of the cards in a row of `count` at `seat`: narrower for a long row."""
        s = self.seats[seat]
        fit = s.cards.w / row_room(count)
        return max(min(s.card_w, fit), s.card_w * SHRINK)

    def slot(self, seat: int, slot: int, count: int) -> tuple[float, float, int]:
        """Center and width of card `slot` of a row of `count` cards at `seat`."""
        s = self.seats[seat]
        w = self.card_width(seat, count)
        step = w * (1 + GAP)
        if count * step - w * GAP > s.cards.w:  # overlap rather than leave the box
            step = (s.cards.w - w) / max(1, count - 1)
        total = step * (count - 1) + w
        x0 = s.cards.centerx - total / 2 + w / 2
        return x0 + slot * step, s.cards.y + s.cards.h / 2, w

    def strip(self, seat: int, count: int) -> int | None:
        """How much of a card of a row of `count` is in view, from its left edge, when the
        next card overlaps it (None: nothing overlaps it)."""
        if count < 2:
            return None
        x0, _, w = self.slot(seat, 0, count)
        x1, _, _ = self.slot(seat, 1, count)
        return None if x1 - x0 >= w else int(x1 - x0)

    def row_frame(self, seat: int, count: int, label_w: int = 0) -> pygame.Rect:
        """The campsite as drawn: its name line and its `count` cards, with a small margin
        (at least `label_w` wide for the name, and never wider than the seat's box)."""
        s = self.seats[seat]
        pad = px(8)
        if count:
            x0, _, w = self.slot(seat, 0, count)
            x1, _, _ = self.slot(seat, count - 1, count)
            left, right = x0 - w / 2 - pad, x1 + w / 2 + pad
        else:
            left = right = s.cards.centerx
        need = max(label_w + 2 * pad, px(120))
        if right - left < need:
            mid = (left + right) / 2
            left, right = mid - need / 2, mid + need / 2
        left, right = max(s.box.x, int(left)), min(s.box.right, int(right + 0.5))
        return pygame.Rect(left, s.box.y, right - left, self.frame_bottoms[seat] - s.box.y)

    def view_spot(self, position: int, count: int) -> tuple[float, float, int]:
        """Where a deck card shown for a moment stands (a view, a flip of the deck top): the
        deck top over the deck, the 2nd card beside it over the discard pile, a little raised,
        so two cards viewed with a 6 stand side by side in the middle of the table."""
        x = self.deck_pos[0] + (position if count > 1 else 0) * (self.discard_pos[0] - self.deck_pos[0])
        return x, self.deck_pos[1] - 0.3 * self.pile_w, self.pile_w

    def seat_hand(self, seat: int) -> tuple[float, float, int]:
        """Where a camper holds a drawn card: the player's big hand, a bot's in front of its row.

        A bot holds its card just below its campsite's frame, at the row's middle, clear of
        the frame and its label (and above the player's row at every table size); a top row
        with room beside it (the 4-camper table's) holds it there, at full size.
        """
        if seat == self.bottom:
            return self.hand_pos[0], self.hand_pos[1], self.hand_w
        s = self.seats[seat]
        w = round(s.card_w * 0.85)
        t = self.table
        spot = pygame.Rect(0, 0, w + 2 * px(10), round(1.4 * w) + 2 * px(10))
        spot.midleft = (s.box.right, s.cards.centery)  # a top row with free room on its right
        if seat == self.band_seat and s.box.centerx > self.zone.centerx:  # the room on its left
            spot.midright = (s.box.x, s.cards.centery)
        others = [o.box for k, o in self.seats.items() if k != seat]
        piles = self.deck_rect().union(self.discard_rect()).union(self.deck_badge()).inflate(px(8), px(8))
        beside = s.box.y < t.y + 0.1 * t.h or seat == self.band_seat
        if beside and t.contains(spot) and spot.collidelist(others) < 0 and not spot.colliderect(piles):
            return spot.centerx, spot.centery, w
        frame_bottom = s.cards.centery + 0.7 * s.card_w + px(8)
        if self.band_seat is not None and seat != self.band_seat:  # the solo at a duo camper's table
            # its row spans the top: it holds its card below, between the partner's row and the piles
            band = self.seats[self.band_seat].box
            left, right = (band.right, piles.x) if band.x < piles.x else (piles.right, band.x)
            w = min(w, right - left - 2 * px(8))
            y = frame_bottom + px(6) + 0.7 * w
            return (left + right) / 2, min(y, self.seats[self.bottom].box.y - px(4) - 0.7 * w), w
        x = s.cards.centerx
        if abs(x - piles.centerx) < piles.w / 2 + w / 2 and frame_bottom < piles.y:
            # over the piles: beside them, still under its own row, at full size; where the row
            # has no room beside them, between the frame and the piles, covering neither
            aside = piles.x - px(8) - w / 2 if x < piles.centerx else piles.right + px(8) + w / 2
            if s.box.x <= aside - w / 2 and aside + w / 2 <= s.box.right:
                x = aside
            else:
                w = min(w, int((piles.y - frame_bottom - px(6)) / 1.4))
        y = frame_bottom + px(6) + 0.7 * w
        lowest = self.seats[self.bottom].box.y - px(4) - 0.7 * w
        return x, min(y, lowest), w
