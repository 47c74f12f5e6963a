"""The table's short-lived words: the narration bar (the story's latest line, or a warning in
red), and the banner ("SCRAM!", "No match: +2") that stands over the table for a moment.

A banner waits for the one before it: a new one is queued, not drawn over the old one. A
banner belongs to its round: the round's end and a new deal put an end to any still up.
"""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import draw_text, look_key, panel, px, wrap

from .prompt import balanced

WARN_SECONDS = 4.0
NOTICE_SECONDS = 8.0  # a notice (not a refusal) stays this long, whatever is played meanwhile


class Messages:
    def __init__(self) -> None:
        self.narration = ""
        self.warning = ""
        self.warning_t = 0.0
        self.sticky = False  # a notice: not cleared by the next decision
        self.banner = ""
        self.banner_t = 0.0
        self.banner_low = False  # over the prompt instead of mid-table
        self.queued: list[tuple[str, bool, float]] = []

    def say(self, line: str) -> None:
        self.narration = line

    def warn(self, message: str, seconds: float = WARN_SECONDS, sticky: bool = False) -> None:
        self.warning = message[0].upper() + message[1:] if message else ""
        self.warning_t = seconds
        self.sticky = sticky

    def notice(self, message: str) -> None:
        """Something the player must read (a bot that could not be built), in red for
        `NOTICE_SECONDS` even as the game goes on."""
        self.warn(message, NOTICE_SECONDS, sticky=True)

    def clear_warning(self) -> None:
        if not self.sticky:
            self.warning_t = 0.0

    def show_banner(self, text: str, seconds: float, low: bool = False) -> None:
        if self.banner_t > 0 and text:
            self.queued.append((text, low, seconds))
            return
        self.banner, self.banner_low, self.banner_t = text, low, seconds

    def end_banners(self) -> None:
        """No banner now, nor any queued (the round they spoke of is over)."""
        self.banner_t = 0.0
        self.queued = []

    def update(self, dt: float) -> None:
        if self.warning_t > 0:
            self.warning_t -= dt
        if self.banner_t > 0:
            self.banner_t -= dt
            if self.banner_t <= 0 and self.queued:
                self.banner, self.banner_low, self.banner_t = self.queued.pop(0)

    def text(self) -> tuple[str, tuple]:
        if self.warning_t > 0 and self.warning:
            return self.warning, skin.DANGER
        return self.narration, skin.INK

    def bar_key(self, r: pygame.Rect) -> tuple:
        """Everything `draw_bar` reads, as a key (equal keys: the same pixels)."""
        return (tuple(r), *self.text(), look_key())

    def bar_lines(self, r: pygame.Rect) -> tuple[int, list[str]]:
        """(text size, lines) of the bar `r`: one line as large as fits, else two smaller
        ones (a long line was cut at 1024×640); only what two lines of
        the smallest size cannot hold ends in "…" (the log keeps every line whole)."""
        text, _ = self.text()
        width = r.w - px(24)
        for size in (18, 16, 15):
            lines = wrap(text, size, width)
            if len(lines) <= 1:
                return size, lines
        for size in (14, 13, 12):
            step = skin.font("text", px(size)).get_height()
            lines = balanced(text, size, width)
            if 2 * step <= r.h and len(lines) <= 2:
                return size, lines
        size = 12
        lines = wrap(text, size, width)
        return size, [lines[0], lines[1].rstrip(",.:;") + "…"]

    def draw_bar(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        surface.fill((14, 20, 22), r)
        _, color = self.text()
        size, lines, boxes = self.bar_boxes(r)
        for line, box in zip(lines, boxes, strict=True):
            draw_text(surface, line, box.topleft, size, color)

    def bar_boxes(self, r: pygame.Rect) -> tuple[int, list[str], list[pygame.Rect]]:
        """The bar's text size, its lines and where each is drawn (for the layout check)."""
        size, lines = self.bar_lines(r)
        step = skin.font("text", px(size)).get_height()
        top = r.centery - step * len(lines) // 2
        boxes = []
        for k, line in enumerate(lines):
            img = skin.text(line, "text", px(size), skin.INK)
            boxes.append(img.get_rect(topleft=(r.x + px(12), top + k * step)))
        return size, lines, boxes

    def banner_box(
        self, table: pygame.Rect, low_anchor: tuple[int, int]
    ) -> tuple[pygame.Surface, pygame.Rect] | None:
        if self.banner_t <= 0 or not self.banner:
            return None
        if self.banner_low:
            img = skin.text(self.banner, "display", px(40), skin.DANGER)
            r = img.get_rect(midbottom=low_anchor)
        else:
            img = skin.text(self.banner, "display", px(64), skin.ACCENT)
            r = img.get_rect(center=table.center)
        return img, r

    def draw_banner(self, surface: pygame.Surface, table: pygame.Rect, low_anchor: tuple[int, int]) -> None:
        box = self.banner_box(table, low_anchor)
        if box is not None:
            img, r = box
            panel(surface, r.inflate(px(60), px(24)), 215)
            surface.blit(img, r)
