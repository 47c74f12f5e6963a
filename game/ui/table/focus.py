"""The keyboard's focus ring on the table: which item it stands on, how arrows and Tab move
it, and how it is drawn.

Items are named as the board's `hit` names them ((seat, slot), ("seat", s), "deck",
"discard"); the turn machine says which items may be chosen now, the board where they are.
The first key only shows the ring where it stands: nothing is chosen unseen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import skin

Item = tuple | str
MOVES = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
CHOOSE = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class Focus:
    def __init__(self) -> None:
        self.item: Item | None = None
        self.keyboard = False  # the ring shows (after a focus key; a click hides it again)

    def current(self, items: list[Item], rect_of: Callable[[Item], pygame.Rect | None]) -> Item | None:
        """The focused item, or where the focus goes when its item is gone (the nearest one)."""
        if not items:
            return None
        if self.item in items:
            return self.item
        old = rect_of(self.item) if self.item is not None else None
        if old is None:
            return items[0]

        def distance(x: Item) -> float:
            r = rect_of(x)
            if r is None:
                return float("inf")
            return (r.centerx - old.centerx) ** 2 + (r.centery - old.centery) ** 2

        return min(items, key=distance)

    def key(
        self, e: pygame.event.Event, items: list[Item], rect_of: Callable[[Item], pygame.Rect | None]
    ) -> tuple[bool, Item | None]:
        """(whether `e` was a focus key, the item to choose now or None)."""
        k = e.key
        if k not in MOVES and k != pygame.K_TAB and k not in CHOOSE:
            return False, None
        if not items:
            return False, None
        here = self.current(items, rect_of)
        if not self.keyboard:
            self.keyboard = True
            self.item = here
            return True, None
        if k in CHOOSE:
            self.item = here
            return True, here
        if k == pygame.K_TAB:
            step = -1 if getattr(e, "mod", 0) & pygame.KMOD_SHIFT else 1
            self.item = items[(items.index(here) + step) % len(items)]
        else:
            self.item = toward(here, items, MOVES[k], rect_of)
        return True, None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect | None, tight: bool = False) -> None:
        """Thick, in the text colour, with a dark halo: apart from the mint of legal cards, the
        yellow of chosen ones and the accent of the turn, and clear on any card or felt."""
        if rect is None:
            return
        if tight:  # round a prompt's button, clear of the buttons beside it
            ring = rect.inflate(6, 6)
            pygame.draw.rect(surface, skin.PANEL, ring.inflate(4, 4), 5, border_radius=12)
            pygame.draw.rect(surface, skin.INK, ring, 3, border_radius=10)
            return
        ring = rect.inflate(20, 20)
        pygame.draw.rect(surface, skin.PANEL, ring.inflate(8, 8), 10, border_radius=16)
        pygame.draw.rect(surface, skin.INK, ring, 4, border_radius=12)


def toward(here: Item, items: list[Item], direction: tuple[int, int], rect_of) -> Item:
    """The item nearest to `here` in `direction` (mostly straight ahead), or `here`."""
    r = rect_of(here)
    if r is None:
        return items[0]
    dx, dy = direction
    best, best_cost = here, float("inf")
    for x in items:
        o = rect_of(x)
        if x == here or o is None:
            continue
        vx, vy = o.centerx - r.centerx, o.centery - r.centery
        ahead = vx * dx + vy * dy
        if ahead <= 4:
            continue
        cost = ahead + 2 * abs(vx * dy - vy * dx)  # a card in line beats a nearer one aside
        if cost < best_cost:
            best, best_cost = x, cost
    return best
