"""A picture kept from frame to frame: what stays still on a scene, drawn once and blitted.

Its owner gives, each frame, the pieces the picture is made of: for each, a key listing
everything the piece shows (its texts, cards, rings, place) and a function giving the area it
may paint. When keys change, only the areas of the pieces that changed (where they were and
where they are now) are drawn again: the owner draws everything, clipped to that region, so
what is under and over a changed piece comes out as a full drawing would. Blitting one
window-sized picture costs a fraction of drawing the table's dozens of pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

Area = Callable[[], pygame.Rect | None]  # where a piece may paint (None: anywhere)
_NONE = object()


class Backdrop:
    def __init__(self) -> None:
        self._img: pygame.Surface | None = None
        self._keys: dict[Hashable, Hashable] = {}
        self._areas: dict[Hashable, pygame.Rect | None] = {}
        self.redrawn = 0  # how many times some of it was drawn again (tests read it)
        # What the last `get` drew again: an empty rect (nothing), a region, None (all of it).
        self.last_change: pygame.Rect | None = None
        self._shown: tuple | None = None  # (surface, frame, the areas drawn over it then)

    def forget(self) -> None:
        """Draw all of it afresh next time, whatever the keys say (and blit all of it)."""
        self._keys, self._areas = {}, {}
        self._shown = None

    def get(
        self,
        size: tuple[int, int],
        pieces: dict[Hashable, tuple[Hashable, Area]],
        draw: Callable[[pygame.Surface], None],
    ) -> pygame.Surface:
        """The picture of `pieces` at `size`; `draw` draws all of them (clipped by us)."""
        if self._img is None or self._img.get_size() != size:
            # A plain Surface takes the window's pixel format (the quickest to blit), with no
            # converted copy beside it; the old picture goes before the new one is made.
            self._img = None
            self._img = pygame.Surface(size)
            self.forget()
        keys = {name: key for name, (key, _) in pieces.items()}
        if self._keys and keys == self._keys:
            self.last_change = pygame.Rect(0, 0, 0, 0)
            return self._img
        areas = {name: area() for name, (_, area) in pieces.items()}
        region = self._changed_region(keys, areas) if self._keys else None
        self._img.set_clip(region)
        draw(self._img)
        self._img.set_clip(None)
        self._keys, self._areas = keys, areas
        self.redrawn += 1
        self.last_change = region
        return self._img

    def show(self, surface: pygame.Surface, frame: int, areas: list[pygame.Rect] | None) -> None:
        """Put the picture on `surface` for frame number `frame`, under what the owner draws
        over it: `areas`, everywhere it will (None: it cannot tell). Where `surface` still
        holds the owner's frame before (the same surface, the frame just before, nothing
        drawn over it since: `areas` given then and now), only what changed is blitted: the
        region drawn again, and the areas drawn over it then and now."""
        last, self._shown = self._shown, None
        if self._img is None:
            return
        change = self.last_change
        kept = last is not None and last[0] is surface and last[1] == frame - 1
        w, h = self._img.get_size()
        if not kept or areas is None or change is None or surface.get_size() != (w, h):
            surface.blit(self._img, (0, 0))
            return self._record(surface, frame, areas)
        rects = [r for r in [*last[2], *areas, change] if r.w and r.h]
        if sum(r.w * r.h for r in rects) > w * h // 2:  # many pieces: one blit is quicker
            surface.blit(self._img, (0, 0))
        else:
            for r in rects:
                surface.blit(self._img, r, r)
        self._record(surface, frame, areas)

    def _record(self, surface: pygame.Surface, frame: int, areas: list[pygame.Rect] | None) -> None:
        if areas is not None:
            self._shown = (surface, frame, areas)

    def _changed_region(
        self, keys: dict[Hashable, Hashable], areas: dict[Hashable, pygame.Rect | None]
    ) -> pygame.Rect | None:
        """Where the pieces whose keys changed were and are (None: all of the picture)."""
        rects = []
        for name in keys.keys() | self._keys.keys():
            if keys.get(name, _NONE) == self._keys.get(name, _NONE):
                continue
            for r in (self._areas.get(name, _NONE), areas.get(name, _NONE)):
                if r is None:
                    return None
                if r is not _NONE:
                    rects.append(r)
        return rects[0].unionall(rects[1:]) if rects else None
