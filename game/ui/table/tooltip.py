"""The table's tooltip: who has seen the face-down card under the mouse, in a small panel
beside the pointer. It looks under the mouse a few times a second (hit-testing every card at
every frame is not worth it) and says where it paints, for the scene's kept frame."""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import panel, px

EVERY = 6  # frames between two looks under the mouse


class Tooltip:
    def __init__(self) -> None:
        self.tip: str | None = None
        self.frames = 0

    def look(self, board, mouse: tuple[int, int]) -> None:
        """Once a frame: every few frames, find what is under the mouse again."""
        self.frames += 1
        if self.frames % EVERY == 0:
            self.tip = board.seen_by(mouse) if board.layout.table.collidepoint(mouse) else None

    def _box(self, board, mouse: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect] | None:
        if self.tip is None:
            return None
        img = skin.text(self.tip, "text", px(15), skin.INK)
        r = img.get_rect(bottomleft=(mouse[0] + px(14), mouse[1] - px(6)))
        r.clamp_ip(board.layout.table)
        return img, r

    def area(self, board, mouse: tuple[int, int]) -> pygame.Rect | None:
        box = self._box(board, mouse)
        return box[1].inflate(px(14) + 4, px(8) + 4) if box is not None else None

    def draw(self, surface: pygame.Surface, board, mouse: tuple[int, int]) -> None:
        box = self._box(board, mouse)
        if box is not None:
            img, r = box
            panel(surface, r.inflate(px(14), px(8)), 235)
            surface.blit(img, r)
