"""Sending frames to the window: only what changed since the last frame.

Sending pixels to the screen can cost more than drawing them: on a plain X server (a
virtual machine, a remote desktop, Xvfb) every update waits for the server, several
milliseconds even for a few pixels. A still frame (a bot thinking, the player deciding)
changes nothing, and most other frames change a few cards' worth of rows, so `Presenter`
compares each frame with the last one in bands of rows (a byte comparison per band) and
sends only the changed bands, or nothing at all.
"""

from __future__ import annotations

import pygame

BAND = 16  # rows compared (and sent) together


class Presenter:
    def __init__(self, headless: bool) -> None:
        self.headless = headless  # nothing is shown (dummy driver): just flip, compare nothing
        self._shown: bytes | None = None  # the pixels last sent

    def reset(self) -> None:
        """The window's contents were lost (resized, exposed): send the next frame whole."""
        self._shown = None

    def present(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Show `screen`; returns the rectangles sent (None: the whole frame)."""
        if self.headless:
            pygame.display.flip()
            return None
        frame = screen.get_buffer().raw
        old, self._shown = self._shown, frame
        if old is None or len(old) != len(frame):
            pygame.display.flip()
            return None
        if frame == old:
            return []
        rects = changed_bands(screen.get_size(), screen.get_pitch(), frame, old)
        pygame.display.update(rects)
        return rects


def changed_bands(size: tuple[int, int], pitch: int, frame: bytes, old: bytes) -> list[pygame.Rect]:
    """The runs of bands where `frame` differs from `old`, each a full-width rectangle."""
    w, h = size
    rects: list[pygame.Rect] = []
    top = bottom = -1
    for y in range(0, h, BAND):
        a, b = y * pitch, min(h, y + BAND) * pitch
        if frame[a:b] != old[a:b]:
            if top < 0:
                top = y
            bottom = min(h, y + BAND)
        elif top >= 0:
            rects.append(pygame.Rect(0, top, w, bottom - top))
            top = -1
    if top >= 0:
        rects.append(pygame.Rect(0, top, w, bottom - top))
    return rects
