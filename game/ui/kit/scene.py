"""The scene base class: a screen of the game that handles events, updates and draws.

Scenes live on the app's stack; only the top scene gets events and updates (so the table
under How to play is paused), and drawing starts at the highest opaque scene so overlays
show what lies beneath them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True  # False: the scene below is drawn first (an overlay)

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, e: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute positions."""

    def on_top(self) -> None:
        """This scene became the top of the stack again."""

    def on_quit(self) -> None:
        """The app is closing (save what must survive)."""
