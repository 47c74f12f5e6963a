"""Card sprites: a card on the table with a position, a size, a face and its tweens.

A sprite knows what the player may see of its card (`value`, None if unknown), whether it
shows its face (`up`), and who has peeked at it (`known`, the core's bit set). Movement,
lifting and flipping are tweens on its fields; a flip narrows the card to its edge, swaps
the face, and widens it again.

With reduced motion on (`DrawState.calm`: the table's drawing state, given to each sprite),
cards never rise, hop or narrow: a lift stays at 0 and a flip (or a secret view) changes the
face in place with a short cross-fade. Only straight slides remain, which the table makes
shorter.

A card that glows (a legal target, a chosen card, a revealed match) has a soft halo under it
(`skin.card_glow`). A card raised in its row keeps clear of the row's name label: the table
gives each row's sprites their `room`, and a raised card grows downwards (and less) rather
than cover the label. Raised or turning, a card keeps the design of its resting width (a
small card does not grow its action words), and a flip narrows its picture smoothly.
"""

from __future__ import annotations

import math

import pygame

from game.ui import skin
from game.ui.kit.tween import EASE_IN, EASE_MOVE, EASE_OUT, Tween
from game.ui.skin.memo import surface_cache

from .draw_state import DrawState


class CardSprite:
    """One card on screen (center `x, y`, width `w`)."""

    def __init__(
        self, value: int | None, up: bool, x: float, y: float, w: float, known: int = 0, *, drawing: DrawState
    ) -> None:
        self.drawing = drawing  # the table's: reduced motion and the marks' badges
        self.value = value
        self.up = up
        self.known = known
        self.x, self.y, self.w = x, y, w
        self.squeeze = 1.0  # horizontal scale during a flip (1 = full width)
        self.lift = 0.0  # 0..1: raised and enlarged (viewed, selected, held)
        self.glow: tuple | None = None  # highlight colour (legal target, selected)
        # (top, bottom) a card raised in place keeps within (its row's label above it, the
        # table's edge below); None: anywhere. Set by the table for the cards of its rows.
        self.room: tuple[int, int] | None = None
        # How much of the card, from its left edge, is in view at rest (a long row overlaps
        # its cards; None: all of it). Set by the table; the marks stay within it.
        self.strip: int | None = None
        self.tight = False  # its row overlaps its cards: raised in place, it rises but does not grow
        self.peek = False  # shown face up to the player only, for now (a view)
        # Reduced motion's cross-fade: the face shown before the change, `fade` 0..1 the
        # share of the new face (1 = no fade running).
        self.fade = 1.0
        self.old_face: tuple[bool, int | None] | None = None
        self.tweens: list[Tween] = []
        self.z = 0
        self.dealt = False  # on its way from the deck in the deal (see `waiting`)

    # ---- animation ----------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """A card of the deal still on the deck, waiting for its moment: no row counts it."""
        return self.dealt and any(tw.attr == "x" and not tw.begun for tw in self.tweens)

    def move(
        self, x: float, y: float, w: float | None, dur: float, delay: float = 0.0, ease=EASE_MOVE
    ) -> None:
        """Tween to a new place (and width); instant when `dur` is 0."""
        self.dealt = False  # a move of its own now, not the deal's
        w = self.w if w is None else w
        if dur <= 0 and delay <= 0:
            self._drop("x", "y", "w")
            self.x, self.y, self.w = x, y, w
            return
        self._drop("x", "y", "w")
        self.tweens.append(Tween(self, "x", x, dur, delay, ease))
        self.tweens.append(Tween(self, "y", y, dur, delay, ease))
        if w != self.w:
            self.tweens.append(Tween(self, "w", w, dur, delay, ease))

    def set_lift(self, lift: float, dur: float, delay: float = 0.0) -> None:
        self._drop("lift")
        if self.drawing.calm:
            self.lift = 0.0  # reduced motion: cards stay flat (rings mark them instead)
            return
        if dur <= 0 and delay <= 0:
            self.lift = lift
        else:
            self.tweens.append(Tween(self, "lift", lift, dur, delay, EASE_OUT))

    def destination(self) -> tuple[float, float, float]:
        """Where this card is going (x, y, width): where it is, when it is not moving."""
        ends = {t.attr: t.end for t in self.tweens if t.attr in ("x", "y", "w")}
        return ends.get("x", self.x), ends.get("y", self.y), ends.get("w", self.w)

    def lift_target(self) -> float:
        """The lift this card is on its way to (its lift now, when none is under way)."""
        ends = [t.end for t in self.tweens if t.attr == "lift"]
        return ends[-1] if ends else self.lift

    def flip(
        self, up: bool, dur: float, delay: float = 0.0, value: int | None = None, known: int | None = None
    ) -> None:
        """Turn over to `up` (a real flip: narrow to the edge, change face, widen); `known`
        (who has seen it) changes as the face does, so the marks turn with the card."""

        def swap() -> None:
            self.up = up
            if value is not None:
                self.value = value
            if known is not None:
                self.known = known

        self._turn(swap, dur, delay)

    def show(self, peek: bool, dur: float, delay: float = 0.0) -> None:
        """Turn the face toward the player only (a secret view) or back (`peek` False)."""

        def swap() -> None:
            self.peek = peek

        self._turn(swap, dur, delay)

    def _turn(self, swap, dur: float, delay: float) -> None:
        """Change face with `swap` half-way through a flip (narrow to the edge, widen), or a
        cross-fade with reduced motion, or at once when there is no time."""
        if dur <= 0 and delay <= 0:
            swap()
            self.squeeze = 1.0
            return
        if self.drawing.calm:
            self._cross_fade(swap, dur, delay)
            return
        half = dur / 2
        self._drop("squeeze")
        self.tweens.append(Tween(self, "squeeze", 0.0, half, delay, EASE_IN, on_done=swap))
        # Runs after the first (tweens on one attribute run in order), so no delay of its own.
        self.tweens.append(Tween(self, "squeeze", 1.0, half, 0.0, EASE_OUT))

    def _cross_fade(self, swap, dur: float, delay: float) -> None:
        """Change the face in place: the new face fades in over the old one (reduced motion)."""

        def begin() -> None:
            self.old_face = (self.up or self.peek, self.value)
            swap()

        self._drop("squeeze", "fade")
        self.squeeze = 1.0
        # A zero-length tween marks the moment the face changes (after `delay`); the fade
        # that follows it runs after it, as tweens on one attribute run in order.
        self.tweens.append(Tween(self, "fade", 0.0, 0.0, delay, on_done=begin))
        self.tweens.append(Tween(self, "fade", 1.0, dur, 0.0, EASE_MOVE))

    def hop(self, height: float, dur: float) -> None:
        """Rise and settle again (cards passing over each other in a swap)."""
        if dur <= 0 or self.drawing.calm:
            return
        self._drop("lift")
        self.tweens.append(Tween(self, "lift", height, dur / 2, 0.0, EASE_OUT))
        self.tweens.append(Tween(self, "lift", 0.0, dur / 2, 0.0, EASE_IN))

    def _drop(self, *attrs: str) -> None:
        self.tweens = [t for t in self.tweens if t.attr not in attrs]

    def update(self, dt: float) -> None:
        if self.tweens:
            # Tweens on the same attribute run in order: only the first of each advances.
            seen: set[str] = set()
            keep = []
            for t in self.tweens:
                if t.attr in seen:
                    keep.append(t)
                    continue
                seen.add(t.attr)
                if not t.update(dt):
                    keep.append(t)
            self.tweens = keep

    @property
    def moving(self) -> bool:
        return bool(self.tweens)

    # ---- drawing ------------------------------------------------------------------
    def size(self) -> tuple[float, float]:
        scale = 1.0 + 0.18 * self.lift
        w = self.w * scale
        return w, w * 1.4

    def rect(self) -> pygame.Rect:
        w, h = self.size()
        if self.tight and self.room is not None and not self._travelling():
            w, h = self.w, self.w * 1.4  # grown, it would cover its neighbours' marks
        r = pygame.Rect(0, 0, round(w), round(h))
        r.center = (round(self.x), round(self.y - 18 * self.lift))
        if self.room is not None and self.lift > 0 and not self._travelling():
            # Raised in place: within the row's room (never higher than the label's
            # bottom), growing downwards, and less if the room is short.
            rest = self.w * 1.4
            top = min(self.room[0], math.floor(self.y - rest / 2))  # a card already higher stays
            bottom = max(self.room[1], math.ceil(self.y + rest / 2))
            if r.h > bottom - top:
                r = pygame.Rect(0, 0, round((bottom - top) / 1.4), bottom - top)
                r.center = (round(self.x), (top + bottom) // 2)
            if r.top < top:
                r.top = top
            elif r.bottom > bottom:
                r.bottom = bottom
        return r

    def _travelling(self) -> bool:
        """Moving to another place (a swap's hop rises freely over the table)."""
        return any(t.attr in ("x", "y") for t in self.tweens)

    def footprint(self) -> pygame.Rect:
        """Where `draw` may paint: the card, its halo and its shadow (with room to spare)."""
        r = self.rect()
        margin = 2 * (r.w // 8 + 12)  # the halo reaches a tenth of its width, the shadow 9 px
        return r.inflate(margin, margin)

    def look(self, memory_aid: bool = False, viewer: int | None = None, glow: tuple | None = None) -> tuple:
        """Everything `draw` reads, as a key: equal looks draw the same pixels (the table's
        cached backdrop is drawn again when a card's look changes)."""
        hint = memory_aid and viewer is not None and self.value is not None and self.known >> viewer & 1
        return (
            (self.x, self.y, self.w, self.lift, self.room, self._travelling(), self.strip, self.tight),
            self.up or self.peek,
            self.value,
            bool(self.tweens),
            self.w < skin.SMALL_CARD,
            self.squeeze,
            self.lift > 0.05,
            glow or self.glow,
            self.fade if self.old_face is not None else 1.0,
            self.old_face,
            self.known,
            bool(hint),
        )

    def draw(
        self,
        surface: pygame.Surface,
        memory_aid: bool = False,
        viewer: int | None = None,
        glow: tuple | None = None,
    ) -> None:
        """Draw the card (with its halo if it glows: `glow`, else its own `glow`)."""
        r = self.rect()
        width = max(8, r.width)
        face_up = self.up or self.peek
        # At rest a card is drawn from art rendered at its exact width (crisp); while it
        # moves or grows, from art at the next width of a short ladder, scaled down, so a
        # tween does not render the SVG again at every intermediate width.
        base = width if not self.tweens else _rung(width)
        small = self.w < skin.SMALL_CARD  # the design of its resting width, raised or not
        img = _art(face_up, self.value, base, width, small)
        marked = not face_up and (self.known or self.aid_value(memory_aid, viewer) is not None)
        if self.squeeze < 0.999:
            if marked:  # the marks are on the card: they narrow with it, never float beside it
                img = img.copy()
                self._marks(img, img.get_rect(), memory_aid, viewer)
                marked = False
            # Smoothly: a nearest-pixel squeeze drops whole columns of the action words
            # ("View 1" read as "View :"); averaged, they narrow with the card.
            sw = max(1, round(img.get_width() * self.squeeze))
            img = pygame.transform.smoothscale(img, (sw, img.get_height()))
            r = img.get_rect(center=r.center)
        if self.lift > 0.05 and r.width > 2:  # the shadow turns with the card
            surface.blit(_shadow(r.width, r.height), (r.x + 5, r.y + 9))
        color = glow or self.glow
        if color is not None:
            halo, spread = _halo(color, base, width, r.size)
            at = (r.x - spread, r.y - spread)
            if self.room is not None and not self._travelling() and at[1] < self.room[0]:
                # in its row, the halo stops at the name line above, which stays readable
                cut = self.room[0] - at[1]
                surface.blit(halo, (at[0], self.room[0]), (0, cut, halo.get_width(), halo.get_height() - cut))
            else:
                surface.blit(halo, at)
        if self.fade < 0.999 and self.old_face is not None:
            # Cross-fade: the old face at full strength, the new one over it growing opaque
            # (a copy: the art is cached and shared, its alpha must stay untouched).
            surface.blit(_art(*self.old_face, base, width, small), r)
            img = img.copy()
            img.set_alpha(round(255 * max(0.0, self.fade)))
        surface.blit(img, r)
        if marked:
            self._marks(surface, r, memory_aid, viewer)

    def aid_value(self, memory_aid: bool, viewer: int | None) -> int | None:
        """The value the memory aid shows on this face-down card (the viewer saw it), or None."""
        if memory_aid and viewer is not None and self.value is not None and self.known >> viewer & 1:
            return self.value
        return None

    def _marks(self, surface: pygame.Surface, r: pygame.Rect, memory_aid: bool, viewer: int | None) -> None:
        """Who saw the card and the memory aid's value, on the card drawn at `r`."""
        strip = None
        if self.strip is not None and self.w > 0:  # the part in view grows with the card
            strip = round(self.strip * r.w / self.w)
        self.drawing.marks.draw(surface, r, self.known, viewer, self.aid_value(memory_aid, viewer), strip)

    def mark_places(self, memory_aid: bool, viewer: int | None) -> list:
        """Where the marks are drawn now (for the layout check): [((kind, what), rect)]."""
        if self.up or self.peek:
            return []
        r = self.rect()
        strip = round(self.strip * r.w / self.w) if self.strip is not None and self.w > 0 else None
        return self.drawing.marks.places(r, self.known, viewer, self.aid_value(memory_aid, viewer), strip)


LADDER = (24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 192, 224, 256, 320, 384)


def _rung(width: int) -> int:
    """The smallest width of the ladder that is at least `width` (art for moving cards)."""
    for w in LADDER:
        if w >= width:
            return w
    return max(16, (width + 31) // 32 * 32)


def _art(face_up: bool, value: int | None, base: int, width: int, small: bool) -> pygame.Surface:
    """The card's picture rendered at width `base` (`small`: the design without words),
    scaled to `width` if they differ."""
    if face_up and value is not None:
        img = skin.card_face(value, base, small)
    else:
        img = skin.card_back(base)
    if base != width:
        img = pygame.transform.smoothscale(img, (width, round(img.get_height() * width / base)))
    return img


def _halo(color: tuple, base: int, width: int, size: tuple[int, int]) -> tuple[pygame.Surface, int]:
    """The glow under a card drawn `size` pixels (narrowed in a flip) from art `width` wide:
    (surface, how far it reaches beyond the card). Made at width `base` (cached there) and
    scaled when the card's size differs (moving, growing, flipping)."""
    img = skin.card_glow(base, color)
    spread = (img.get_width() - base) // 2
    if base != width:
        spread = max(1, round(spread * width / base))
    want = (size[0] + 2 * spread, size[1] + 2 * spread)
    if img.get_size() != want:
        img = pygame.transform.smoothscale(img, want)
    return img, spread


@surface_cache(2)  # by bytes: a lifted card's shadow at every width it passes through
def _shadow(w: int, h: int) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, (0, 0, 0, 80), img.get_rect(), border_radius=max(3, w // 10))
    return img


def arc_offset(progress: float, height: float) -> float:
    """A little hop for cards that swap places (so they pass over each other)."""
    return -math.sin(math.pi * progress) * height
