"""The prompt bar: what the player is asked, and its buttons, between the piles and the
player's campsite.

It lays itself out in the free band there (below the piles' labels and the held card,
above the player's row label, between any side campsites that reach down so far).

The buttons keep their place, so a click never lands on a moved one: the row stands at the band's foot, at
its right end, in a size chosen for the band alone (the widest row any turn has must fit),
each button as wide as its widest label (a Play button as wide as "Play: View 2 + swap"),
so neither the words nor a hint ever move it. The words flow around the row: beside it on
its left where they fit, else above it and then beside it, in the largest size that fits
(beside or above);
what still does not fit at the smallest size is cut at a word, with the whole sentence in
the log (a hint is always told there too). `boxes()` reports what it draws, for the layout
check.
"""

from __future__ import annotations

import pygame

from game.lang import _
from game.ui import skin
from game.ui.kit.prompts import prompt
from game.ui.kit.widgets import Button, panel, px, wrap

from .layout import Layout
from .turn_buttons import play_labels

SIZES = (17, 15, 14, 13, 12)


def sizes() -> tuple[int, ...]:
    """The prompt's sizes, largest first: SIZES, and at a larger text size the smaller ones
    still drawn at least as large as the smallest at 100 % (a long prompt fits its band whole
    rather than be cut)."""
    if skin.text_scale() == 1.0:
        return SIZES
    return SIZES + tuple(z for z in range(11, 5, -1) if skin.fonts.grown(px(z)) >= px(SIZES[-1]))


BUTTON_SIZES = (18, 16, 15, 14)
GAP = 6
ROW_SHARE = 0.66  # the widest row takes at most this share of the band's width


def widest_rows(size: int) -> tuple[tuple[str, ...], ...]:
    """The widest rows a turn has (the hint button included), in the current language at
    text `size`: the button size is chosen so that they fit, once per table size. The turn
    machine's rows are checked against them (tests)."""
    play = max(play_labels(), key=lambda x: label_width(x, size))
    ends = max(
        (_("If no match: left end (E)"), _("If no match: right end (E)")), key=lambda x: label_width(x, size)
    )
    return (
        (_("Throw away (X)"), play, _("Keep (K)"), _("Hint (?)")),
        (_("Confirm (Enter)"), ends, _("Cancel (Esc)"), _("Hint (?)")),
        (_("Left end (L)"), _("Right end (R)"), _("Cancel (Esc)"), _("Hint (?)")),
        (_("Swap them (W)"), _("Leave them (L)"), _("Hint (?)")),
    )


def balanced(text: str, size: int, width: int) -> list[str]:
    """`text` in as few lines as fit `width`, as even in length as they can be."""
    lines = wrap(text, size, width)
    if len(lines) < 2:
        return lines
    lo, hi = width // 3, width
    while lo < hi:  # the narrowest width giving the same number of lines
        mid = (lo + hi) // 2
        if len(wrap(text, size, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap(text, size, hi)


def free_band(lay: Layout, hand: pygame.Rect | None) -> pygame.Rect:
    """The free room for the prompt: below the piles' labels (and the held card), above the
    player's row label, clear of the other campsites' boxes."""
    t = lay.table
    label_bottom = lay.deck_rect().bottom + px(8) + skin.font("text", px(16)).get_linesize()
    top = label_bottom + px(4)
    if hand is not None:
        top = max(top, hand.bottom + px(4))
    bottom = lay.seats[lay.bottom].box.y - px(4)
    band = pygame.Rect(t.x + px(8), top, t.w - px(16), max(0, bottom - top))
    left, right = band.x, band.right
    for s, seat in lay.seats.items():
        box = seat.box.copy()
        box.h = lay.row_frame(s, 1).bottom - box.y  # as deep as its frame is drawn
        if s == lay.bottom or box.bottom <= band.y or box.y >= band.bottom:
            continue
        if box.centerx < t.centerx:
            left = max(left, box.right + px(6))
        else:
            right = min(right, box.x - px(6))
    return pygame.Rect(left, band.y, max(0, right - left), band.h)


def label_width(label: str, size: int) -> int:
    """A button's width for `label` at text `size` (as `Button.fit(12)` makes it)."""
    return skin.text(label, "text", px(size), skin.INK).get_width() + 2 * px(12)


def button_size(band: pygame.Rect) -> int:
    """The buttons' text size for a band: the largest at which every widest row fits."""
    gaps = px(10) * 3
    for size in BUTTON_SIZES:
        widest = max(sum(label_width(x, size) for x in row) + gaps for row in widest_rows(size))
        if widest <= band.w * ROW_SHARE:
            return size
    return BUTTON_SIZES[-1]


def slot_width(b: Button, size: int) -> int:
    """A button's fixed width: its widest label (`variants`, set by the turn machine)."""
    return max(label_width(x, size) for x in [b.label, *getattr(b, "variants", ())])


class PromptBar:
    def __init__(self) -> None:
        self.lines: list[tuple[str, tuple, pygame.Rect]] = []  # text, colour, box
        self.size = SIZES[0]
        self.buttons: list[Button] = []
        self.row = pygame.Rect(0, 0, 0, 0)  # where the buttons stand
        self.cut = False  # the words did not all fit (the log has them)

    def layout(
        self,
        lay: Layout,
        text: str,
        buttons: list[Button],
        alert: str = "",
        hand: pygame.Rect | None = None,
        ring: bool = False,
    ) -> None:
        """Place `text` (and an `alert` line in red) with `buttons` in the free band; the key
        caps in the words as the device in use names them (kit/prompts.py; `ring`: the pad's
        A chooses what the ring is on, so the words name no key for Enter)."""
        text, alert = prompt(text, button=ring), prompt(alert, button=ring)
        steady = free_band(lay, None)  # the row's place: the same with or without a held card
        band = free_band(lay, hand)
        self.buttons = [b for b in buttons if b.visible]
        bsize = button_size(steady)
        for b in self.buttons:
            b.size = bsize
            b.fit(12)
            b.rect.w = slot_width(b, bsize)
        row_w = sum(b.rect.w for b in self.buttons) + px(10) * max(0, len(self.buttons) - 1)
        bh = max((b.rect.h for b in self.buttons), default=0)
        self.row = pygame.Rect(0, 0, row_w, bh)
        self.row.bottomright = (steady.right - px(8), steady.bottom)
        x = self.row.x
        for b in self.buttons:
            b.rect.midleft = (x, self.row.centery)
            x += b.rect.w + px(10)
        self._words(band, text, alert)

    # ---- the words around the row ------------------------------------------------------------
    def _regions(self, band: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """(above the row, beside it on its left): where words may stand."""
        top = min(self.row.y, band.bottom) if self.buttons else band.bottom
        above = pygame.Rect(band.x, band.y, band.w, max(0, top - px(GAP) - band.y))
        right = self.row.x - px(12) if self.buttons else band.right
        beside = pygame.Rect(band.x, top, max(0, right - band.x), band.bottom - top)
        if not self.buttons:  # no row: the whole band is "above"
            above = band.copy()
        return above, beside

    def _words(self, band: pygame.Rect, text: str, alert: str) -> None:
        above, beside = self._regions(band)
        self.cut = False
        parts = [(text, skin.INK), (alert, skin.DANGER)]
        parts = [(t, c) for t, c in parts if t]
        if not parts:
            self.lines = []
            return
        for size in sizes():  # the largest size: beside the row alone, else above it and beside
            for regions in ([beside], [above, beside]):
                if self._fill(parts, size, regions, dry=True):
                    self._fill(parts, size, regions)
                    return
        # Too long even at the smallest size: the words are cut at a word, saying where the
        # rest is (the longest start that fits; the alert line is never cut).
        self.cut = True
        words = parts[0][0].split() if parts[0][1] == skin.INK else []
        rest = parts[1:] if words else parts

        def cut(k: int) -> list[tuple[str, tuple]]:
            return [(_("{start} … (the rest is in the log)", start=" ".join(words[:k])), skin.INK), *rest]

        lo, hi = 0, len(words)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._fill(cut(mid), sizes()[-1], [above, beside], dry=True):
                lo = mid
            else:
                hi = mid - 1
        if not self._fill(cut(lo), sizes()[-1], [above, beside]):
            self.lines = []

    @staticmethod
    def _step(size: int) -> int:
        return skin.font("text", px(size)).get_linesize() + px(2)

    def _slots(self, size: int, regions: list[pygame.Rect]) -> list[tuple[pygame.Rect, int]]:
        """Each region with the number of lines it holds at `size`."""
        step = self._step(size)
        return [(r, r.h // step if r.w > px(60) else 0) for r in regions]

    def _fill(
        self, parts: list[tuple[str, tuple]], size: int, regions: list[pygame.Rect], dry: bool = False
    ) -> bool:
        """Lay the parts' lines into the regions (each region's lines as even as can be, the
        first region filled first); False when they do not fit (`dry`: only check)."""
        slots = [(r, k) for r, k in self._slots(size, regions) if k > 0]
        if not slots:
            return False
        placed: list[tuple[pygame.Rect, list[tuple[str, tuple]]]] = []
        queue = list(parts)
        for r, room in slots:
            width = r.w - px(16)
            lines: list[tuple[str, tuple]] = []
            while queue and len(lines) < room:
                words, color = queue[0]
                wrapped = balanced(words, size, width)
                free = room - len(lines)
                if len(wrapped) <= free:
                    lines += [(line, color) for line in wrapped]
                    queue.pop(0)
                    continue
                # the part goes on in the next region: what fills this one, then the rest
                head = wrap(words, size, width)[:free]
                taken = len(" ".join(head).split())
                lines += [(line, color) for line in head]
                rest = " ".join(words.split()[taken:])
                queue[0] = (rest, color)
                if not rest:
                    queue.pop(0)
            placed.append((r, lines))
        if queue:
            return False
        if dry:
            return True
        self._place(placed, size)
        return True

    def _place(self, placed: list[tuple[pygame.Rect, list[tuple[str, tuple]]]], size: int) -> None:
        self.size = size
        self.lines = []
        step = self._step(size)
        for r, lines in placed:
            if not lines:
                continue
            y = (
                r.bottom - len(lines) * step
                if r.y < self.row.y or not self.buttons
                else r.centery - len(lines) * step // 2
            )
            for line, color in lines:
                img = skin.text(line, "text", px(size), color)
                self.lines.append((line, color, img.get_rect(midtop=(r.centerx, y + px(1)))))
                y += step

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        out = []
        blocks: dict[bool, list[pygame.Rect]] = {}
        for _t, _c, r in self.lines:  # the lines above the row, and those beside it: a block each
            blocks.setdefault(r.y < self.row.y or not self.buttons, []).append(r.inflate(px(16), 4))
        words = " ".join(t for t, _c, _r in self.lines)
        for panels in blocks.values():
            out.append(("prompt: " + words, panels[0].unionall(panels)))
        return out + [(f"button: {b.label}", b.rect) for b in self.buttons]

    def draw(self, surface: pygame.Surface, with_buttons: bool = True) -> None:
        for line, color, r in self.lines:
            panel(surface, r.inflate(px(16), 4), 170)
            surface.blit(skin.text(line, "text", px(self.size), color), r)
        if with_buttons:
            for b in self.buttons:
                b.draw(surface)
