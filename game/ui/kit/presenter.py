"""Sending frames to the window: only what changed since the last frame.

Sending pixels to the screen can cost more than drawing them: on a plain X server (a
virtual machine, a remote desktop, Xvfb) every update waits for the server, several
milliseconds even for a few pixels. A still frame (a bot thinking, the player deciding)
changes nothing, and most other frames change a few cards' worth of rows, so `Presenter`
compares each frame with the last one in bands of rows (a byte comparison per band) and
sends only the changed bands, or nothing at all.

Each band of a frame is read through a view of the window's pixels and kept as its hash
(Python's 64-bit SipHash: two different bands that hash alike, and so a band not sent,
come once in ~10^19): no copy of a whole frame is made or kept (at 4K that was 33 MB
allocated and freed sixty times a second, and 33 MB more kept).
"""

from __future__ import annotations

import pygame

BAND = 16  # rows compared (and sent) together


class Presenter:
    def __init__(self, headless: bool) -> None:
        self.headless = headless  # nothing is shown (dummy driver): just flip, compare nothing
        self._bands: list[int] | None = None  # the last frame sent: a band's hash each
        self._shape: tuple[int, int, int] | None = None  # its width, height and pitch
        self.whole = 0  # how many frames from now are still sent whole, whatever changed

    def reset(self, frames: int = 1) -> None:
        """The window's contents were lost (resized, exposed, a new display mode): send the
        next `frames` frames whole. More than one after a change of mode: without a window
        manager (or with a minimal one) the X server maps and sizes the new window a few
        frames after SDL returns, and a frame sent before then is lost, leaving black what
        no later frame changes."""
        self._bands = None
        self.whole = max(self.whole, frames)

    def present(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Show `screen`; returns the rectangles sent (None: the whole frame)."""
        whole, self.whole = self.whole > 0, max(0, self.whole - 1)
        if self.headless:
            pygame.display.flip()
            return None
        w, h = screen.get_size()
        pitch = screen.get_pitch()
        old, self._bands = self._bands, []
        if self._shape != (w, h, pitch):
            old, self._shape = None, (w, h, pitch)
        changed = []
        with memoryview(screen.get_buffer()) as pixels:
            for k, y in enumerate(range(0, h, BAND)):
                band = hash(pixels[y * pitch : min(h, y + BAND) * pitch].tobytes())
                self._bands.append(band)
                changed.append(old is None or band != old[k])
        if old is None or whole:
            pygame.display.flip()
            return None
        rects = runs(changed, w, h)
        if rects:
            pygame.display.update(rects)
        return rects


def runs(changed: list[bool], w: int, h: int) -> list[pygame.Rect]:
    """The runs of changed bands (`changed[k]`: band k, rows k*BAND on), each a full-width
    rectangle."""
    rects: list[pygame.Rect] = []
    top = -1
    for k, c in enumerate([*changed, False]):
        if c and top < 0:
            top = k * BAND
        elif not c and top >= 0:
            bottom = min(h, k * BAND)
            rects.append(pygame.Rect(0, top, w, bottom - top))
            top = -1
    return rects


def changed_bands(size: tuple[int, int], pitch: int, frame: bytes, old: bytes) -> list[pygame.Rect]:
    """The runs of bands where `frame` differs from `old`, each a full-width rectangle."""
    w, h = size
    bands = [
        frame[y * pitch : min(h, y + BAND) * pitch] != old[y * pitch : min(h, y + BAND) * pitch]
        for y in range(0, h, BAND)
    ]
    return runs(bands, w, h)
