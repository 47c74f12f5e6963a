"""A picture kept from frame to frame: what stays still on a scene, drawn once and blitted.

Its owner gives, each frame, a key listing everything the picture shows (the sizes, texts,
cards and rings it is made of) and how to draw it; the picture is drawn again the very
frame the key changes, and only then. Blitting one window-sized picture costs a fraction of
drawing the table's dozens of pieces, which is most of a still frame's work.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Backdrop:
    def __init__(self) -> None:
        self._img: pygame.Surface | None = None
        self._key: Hashable | None = None
        self.redrawn = 0  # how many times it was drawn (tests read it)

    def forget(self) -> None:
        """Draw it afresh next time, whatever the key says."""
        self._key = None

    def get(
        self, size: tuple[int, int], key: Hashable, draw: Callable[[pygame.Surface], None]
    ) -> pygame.Surface:
        """The picture for `key` at `size`, drawn with `draw` if the last one was for another."""
        if self._img is None or self._img.get_size() != size:
            self._img = pygame.Surface(size)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                self._img = self._img.convert()  # the window's format: the quickest to blit
            self._key = None
        if self._key is None or key != self._key:
            self._key = key
            draw(self._img)
            self.redrawn += 1
        return self._img
