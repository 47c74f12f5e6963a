"""The marks of who has seen a face-down card (R-INFO-1), and the team marks they echo.

A camper's mark is its team's shape and colour (a disc or a rounded square, as before the
names and the team scores) with the camper's initial. Colour and shape tell teammate from
opponent (the two colours have about the same lightness, so the shape carries it for
colour-blind players); the initial tells which camper. Where the initial would be smaller
than `MIN_TEXT` pixels (a small card, many marks) it is left out rather than drawn
unreadable: the shape alone says the team, and the player's own mark carries an open eye,
a shape that needs no reading. The table's tooltip names everyone in full.
"""

from __future__ import annotations

import pygame

from game.ui import skin

MIN_TEXT = 11  # px: no letter is drawn smaller (issue 26, point 13)
MIN_MARK = 12  # px: a mark is never smaller where the card has room for it

_seat_marks: dict[int, tuple[int, str]] = {}
_me: list[int | None] = [None]  # the player's seat (its mark carries the eye)
_tag_cache: dict[tuple[int, int], pygame.Surface] = {}
_mark_cache: dict[tuple[int, int], pygame.Surface] = {}


def set_seat_marks(marks: dict[int, tuple[int, str]], me: int | None = None) -> None:
    """Each seat's mark: (its team's look, 0 or 1; its initial), and the player's seat."""
    _seat_marks.clear()
    _seat_marks.update(marks)
    _me[0] = me
    _tag_cache.clear()


def _team_shape(surface: pygame.Surface, team: int | None, color: tuple, edge: int) -> None:
    """Fill `surface` with a team's shape: a disc for team 0, a rounded square for team 1
    (a plain disc, grey, for no team). `edge` px of dark outline."""
    rect = surface.get_rect()
    if team == 1:
        radius = max(2, rect.w // 5)
        pygame.draw.rect(surface, color, rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 20), rect, edge, border_radius=radius)
    else:
        c, r = rect.w / 2, rect.w / 2
        pygame.draw.circle(surface, color, (c, c), r)
        pygame.draw.circle(surface, (20, 20, 20), (c, c), r, edge)


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


def letter_size(initial: str, size: int) -> int:
    """The initial's font size on a mark `size` pixels across."""
    return round(size * (0.72 if len(initial) == 1 else 0.5))


def seat_tag(seat: int, size: int) -> pygame.Surface:
    """The mark of a camper who has seen a card, `size` pixels square (see the module)."""
    key = (seat, size)
    img = _tag_cache.get(key)
    if img is None:
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        look, initial = _seat_marks.get(seat, (None, "?"))
        color = skin.TEAM[look] if look in (0, 1) else (200, 200, 200)
        _team_shape(img, look, color, 1 if size < 20 else 2)
        c = size / 2
        if letter_size(initial, size) >= MIN_TEXT:
            letter = skin.text(initial, "display", letter_size(initial, size), (16, 18, 20))
            img.blit(letter, letter.get_rect(center=(size // 2, size // 2 + 1)))
        elif seat == _me[0]:  # too small for a letter: the player's own mark is an open eye
            pygame.draw.circle(img, (250, 250, 245), (c, c), max(2.0, size * 0.3))
            pygame.draw.circle(img, (16, 18, 20), (c, c), max(1.0, size * 0.14))
        _tag_cache[key] = img
    return img


def draw_seen(surface: pygame.Surface, known: int, r: pygame.Rect, disc: pygame.Rect | None) -> None:
    """One mark per camper in `known` (the core's bit set) on the card drawn at `r`, down
    its left edge (which stays in view when a long row overlaps its cards).

    The marks never cover the memory aid's value (`disc`): on a card too narrow for a
    column beside it, they line up along the top and bottom edges instead, as many as fit
    (the tooltip names everyone); they shrink when many pile up, a letter never below
    `MIN_TEXT` pixels (the mark then goes without it).
    """
    seats = [s for s in range(known.bit_length()) if known >> s & 1]
    size = max(MIN_MARK, min(26, int(r.width * 0.24)))
    if len(seats) * (size - 2) > r.height - 6:
        size = max(10, (r.height - 6) // len(seats) + 2)
    if disc is None or r.x + 2 + size <= disc.x:  # a column down the left edge
        spots = [(r.x + 2, y, size) for y in range(r.y + 3, r.bottom - 2 - size, size - 2)]
    else:  # rows above and below the value, each as tall as its room allows
        above = min(size, disc.y - 1 - (r.y + 2))
        below = min(size, r.bottom - 2 - (disc.bottom + 1))
        spots = (
            [(x, r.y + 2, above) for x in range(r.x + 2, r.right - 1 - above, above - 2)]
            if above >= 8
            else []
        )
        spots += (
            [(x, r.bottom - 2 - below, below) for x in range(r.x + 2, r.right - 1 - below, below - 2)]
            if below >= 8
            else []
        )
    for seat, (x, y, s) in zip(seats, spots, strict=False):
        surface.blit(seat_tag(seat, s), (x, y))


def initials(names: list[str], human: int | None) -> list[str]:
    """One letter per camper for its eye marks (two where a first letter is shared)."""
    firsts = ["Y" if s == human else (n[:1].upper() or "?") for s, n in enumerate(names)]
    return [
        f if firsts.count(f) == 1 or s == human else (names[s][:2].title() or "?")
        for s, f in enumerate(firsts)
    ]
