"""The marks of who has seen a face-down card (R-INFO-1), the memory aid's value, and the
team marks they echo.

A camper's mark is a badge: its team's colour in its team's shape (a disc, or a rounded
square: the two colours have about the same lightness, so the shape carries the team for
colour-blind players) with the camper's initial on it, always (once, at
1024×640 with 6 campers the small cards carried shapes without letters). A badge is never
smaller than `MIN_MARK` design pixels, its letter never smaller than `MIN_TEXT`, and neither
smaller than `LEAST_TEXT`/`LEAST_MARK` screen pixels whatever the window (a design size
shrinks with the window: at 1024×640 ten design pixels were eight on the screen).

Where they go (`places`): a column down the card's left edge, then the next column, each
badge clear of the others and of the memory aid's value, and inside the part of the card
left in view (a long row overlaps its cards: `strip`). The value stands in the card's
middle, large, while the badges fit beside it; on a card too small for that it becomes the
first badge of the grid, in the top-left corner. The value is the player's own mark (it is
shown only on the cards the player saw), so the player's badge is not drawn beside it.
Where there are more badges than room, the last one reads "+2" and the table's tooltip
names everyone. The marks are drawn on the card, so they turn with it (`SeatMarks.draw` draws
them onto any surface, the card's picture in a flip included).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.lang import pgettext
from game.rules.cards import label
from game.ui import skin
from game.ui.kit.widgets import px

MIN_TEXT = 10  # design px: no letter on a mark is smaller
MIN_MARK = 14  # design px: no mark is smaller (a letter of 10 px on it)
MAX_MARK = 26  # design px
LEAST_TEXT = 11  # screen px: the smallest letter read at a glance (at any window size)
LEAST_MARK = 14  # screen px: the badge that carries it
LETTER = 0.72  # a letter's size on its badge
VALUE_SHARE = 0.5  # the memory aid's value in the middle: this share of the card's width

_mark_cache: dict[tuple[int, int], pygame.Surface] = {}  # a team's plain mark: the same on any table


def _team_shape(surface: pygame.Surface, team: int | None, color: tuple, edge: int) -> None:
    """Fill `surface` with a team's shape: a disc for team 0, a rounded square for team 1
    (a plain disc, grey, for no team). `edge` px of dark outline. A surface wider than tall
    (a badge of two letters) gets a pill, or a wider rounded square."""
    rect = surface.get_rect()
    if team == 1:
        radius = max(2, rect.h // 5)
        pygame.draw.rect(surface, color, rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 20), rect, edge, border_radius=radius)
    else:
        radius = rect.h // 2
        pygame.draw.rect(surface, color, rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 20), rect, edge, border_radius=radius)


def team_mark(team: int, size: int) -> pygame.Surface:
    """The team's mark, `size` pixels square: its colour in its shape (see `seat_tag`).
    Drawn before each camper's name and each team's score, so the shape is learnt there."""
    key = (team, size)
    img = _mark_cache.get(key)
    if img is None:
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        _team_shape(img, team, skin.TEAM[team], max(1, size // 10))
        _mark_cache[key] = img
    return img


def mark_size(card_w: float) -> int:
    """A mark's side on a card `card_w` pixels wide."""
    return max(LEAST_MARK, px(MIN_MARK), min(px(MAX_MARK), round(card_w * 0.24)))


def letter_size(size: int) -> int:
    """The initial's font size on a mark `size` pixels tall (never below MIN_TEXT)."""
    return max(LEAST_TEXT, px(MIN_TEXT), round(size * LETTER))


def _width(text: str, size: int) -> int:
    """A badge's width: square, or wider for two letters (or a two-digit value)."""
    ink = skin.ink(text, "display", letter_size(size), (0, 0, 0))
    return max(size, ink.get_width() + max(4, size // 3))


class SeatMarks:
    """The badges of one table: each seat's mark (its team's look, 0 or 1; its initial) and the
    badges drawn from them. The board makes it from the campers' names and hands it, through
    its `DrawState`, to every card it draws (a new table, new marks: nothing left over)."""

    def __init__(self, marks: dict[int, tuple[int, str]] | None = None) -> None:
        self._marks = dict(marks or {})
        self._tags: dict[tuple, pygame.Surface] = {}
        self._bytes = 0  # the pixels' bytes in _tags

    @classmethod
    def of(cls, names: list[str], human: int | None, team_look: Callable[[int], int]) -> SeatMarks:
        """The marks of a table's campers: `team_look(seat)` (0 or 1) and their `initials`."""
        letters = initials(names, human)
        return cls({s: (team_look(s), letters[s]) for s in range(len(names))})

    def seat_tag(self, seat: int, size: int) -> pygame.Surface:
        """The badge of a camper who has seen a card, `size` pixels tall (see the module)."""
        look, initial = self._marks.get(seat, (None, "?"))
        return self._badge(("seat", seat), initial, look, size)

    def more_tag(self, count: int, size: int) -> pygame.Surface:
        """ "+2": the marks there is no room for (the tooltip names them)."""
        return self._badge(("more", count), f"+{count}", None, size)

    def _badge(self, key: tuple, text: str, look: int | None, size: int) -> pygame.Surface:
        full = (*key, text, size)
        img = self._tags.get(full)
        if img is None:
            img = pygame.Surface((_width(text, size), size), pygame.SRCALPHA)
            color = skin.TEAM[look] if look in (0, 1) else (214, 214, 206)
            _team_shape(img, look, color, 1 if size < px(20) else 2)
            letter = skin.ink(text, "display", letter_size(size), (16, 18, 20))
            img.blit(letter, letter.get_rect(center=img.get_rect().center))
            self._keep(full, img)
        return img

    def _keep(self, key: tuple, img: pygame.Surface) -> None:
        """Keep a drawn tag: at most 512 of them and 4 MB of pixels (a card growing passes
        through every size, and memory must stay flat), else the cache starts afresh."""
        size = img.get_pitch() * img.get_height()
        if len(self._tags) >= 512 or self._bytes + size > 4 * 1024 * 1024:
            self._tags.clear()
            self._bytes = 0
        self._tags[key] = img
        self._bytes += size

    def kept(self) -> list[pygame.Surface]:
        """The tags drawn and kept now (for the memory check)."""
        return list(self._tags.values())

    def value_tag(self, value: int, size: int) -> pygame.Surface:
        """The memory aid's value: a dark disc (or pill) with a light rim, `size` pixels tall."""
        key = ("value", value, size)
        img = self._tags.get(key)
        if img is None:
            text = label(value)
            big = size >= px(24)  # the value in a card's middle is written larger than a letter
            font = max(px(MIN_TEXT), round(size * (0.6 if big else LETTER)))
            digits = skin.ink(text, "display", font, skin.INK)
            img = pygame.Surface((max(size, digits.get_width() + max(4, size // 3)), size), pygame.SRCALPHA)
            rect = img.get_rect()
            pygame.draw.rect(img, (14, 20, 24, 235), rect, border_radius=size // 2)
            pygame.draw.rect(img, (*skin.INK[:3], 200), rect, max(1, size // 14), border_radius=size // 2)
            img.blit(digits, digits.get_rect(center=rect.center))
            self._keep(key, img)
        return img

    def tag(self, kind: str, what: int, size: int) -> pygame.Surface:
        """The badge of one of `places`' items: ("value" | "more" | "seat", what)."""
        if kind == "value":
            return self.value_tag(what, size)
        if kind == "more":
            return self.more_tag(what, size)
        return self.seat_tag(what, size)

    def _grid(
        self, area: pygame.Rect, items: list[tuple], size: int, avoid: pygame.Rect | None
    ) -> list[tuple]:
        """Items down columns from the area's top-left, each clear of `avoid`: (item, rect);
        stops where the next does not fit."""
        out: list[tuple] = []
        x, k = area.x, 0
        while k < len(items) and x < area.right:
            y, col_w = area.y, 0
            while k < len(items) and y + size <= area.bottom:
                w = self.tag(*items[k], size).get_width()
                spot = pygame.Rect(x, y, w, size)
                if x + w > area.right:
                    break
                if avoid is not None and spot.colliderect(avoid):
                    y += size + 1
                    continue
                out.append((items[k], spot))
                col_w = max(col_w, w)
                y += size + 1
                k += 1
            x += (col_w or size) + 1  # (a column the value filled: the next one)
        return out

    def places(
        self,
        r: pygame.Rect,
        known: int,
        viewer: int | None = None,
        value: int | None = None,
        strip: int | None = None,
    ) -> list[tuple[tuple, pygame.Rect]]:
        """Where each mark of a face-down card drawn at `r` goes: [((kind, what), rect)], kind
        "value" (the memory aid's, `value` if not None), "seat" (a camper, by seat) or "more"
        (how many more saw it). `strip`: how much of the card, from its left edge, is in view."""
        seats = [s for s in range(known.bit_length()) if known >> s & 1]
        if value is not None:  # the value is the player's own mark
            seats = [s for s in seats if s != viewer]
        if not seats and value is None:
            return []
        size = mark_size(r.w)
        margin = max(2, r.w // 24)
        seen_w = r.w if strip is None else max(size + 2 * margin, min(r.w, strip))
        area = pygame.Rect(r.x + margin, r.y + margin, seen_w - 2 * margin, r.h - 2 * margin)
        badges = [("seat", s) for s in seats]
        if value is not None:
            disc = self.value_tag(value, max(px(18), int(r.w * VALUE_SHARE)))
            middle = disc.get_rect(center=(r.x + seen_w // 2, r.centery))
            if area.contains(middle):
                grid = self._grid(area, badges, size, middle.inflate(2, 2))
                if len(grid) == len(badges):
                    return [(("value", value), middle), *grid]
        first = [("value", value)] if value is not None else []  # the value: the first badge
        grid = self._grid(area, first + badges, size, None)
        if len(grid) == len(first) + len(badges):
            return grid
        for k in range(len(badges) - 1, -1, -1):  # no room for all: the last spot says "+2"
            items = [*first, *badges[:k], ("more", len(badges) - k)]
            grid = self._grid(area, items, size, None)
            if len(grid) == len(items):
                break
        return grid

    def draw(
        self,
        surface: pygame.Surface,
        r: pygame.Rect,
        known: int,
        viewer: int | None = None,
        value: int | None = None,
        strip: int | None = None,
    ) -> None:
        """Draw the marks `places` gives on `surface` (the card drawn at `r`)."""
        for (kind, what), spot in self.places(r, known, viewer, value, strip):
            surface.blit(self.tag(kind, what, spot.h), spot)


def row_marks(rows: list, memory_aid: bool, viewer: int | None) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """Every mark on the cards of `rows` (the board's sprites) with the part of its card in
    view (a later card of a row at rest lies over the right of a card): (name, mark's box,
    the card's box in view), for the layout check."""
    out = []
    for s, row in enumerate(rows):
        for i, sp in enumerate(row):
            if sp is None:
                continue
            card = sp.rect()
            later = [o.rect() for o in row[i + 1 :] if o is not None and not o.lift]
            if later and not sp.lift:
                card.w = max(0, min(card.w, min(o.x for o in later) - card.x))
            for (kind, what), r in sp.mark_places(memory_aid, viewer):
                out.append((f"card {s}.{i} {kind} {what}", r, card))
    return out


def initials(names: list[str], human: int | None) -> list[str]:
    """One letter per camper for its badges (two where a first letter is shared)."""
    you = pgettext("the player's initial on the badges of the cards they saw", "Y")
    firsts = [you if s == human else (n[:1].upper() or "?") for s, n in enumerate(names)]
    return [
        f if firsts.count(f) == 1 or s == human else (names[s][:2].title() or "?")
        for s, f in enumerate(firsts)
    ]
