"""Calling the player back: whether the window is in front, and its flash when the player's
turn comes while it is not.

The App holds one `Attention` and hands it every event: SDL's WINDOWFOCUSGAINED and
WINDOWFOCUSLOST keep `focused` (where it starts, `pygame.key.get_focused()` says). The table
asks `call_back()` as the player's turn comes (beside the turn chime): behind other windows,
the window flashes until it comes to the front (on X11, the urgency hint a window manager or
task bar shows; on Windows, the task bar button; on macOS, the Dock icon), once for the turn,
however many frames ask; in front, nothing. Coming to the front ends the flash. A system or
driver without flashing (SDL's dummy, an old Wayland compositor) costs one line on stderr,
once, and the game goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pygame

FOCUS_GAINED = getattr(pygame, "WINDOWFOCUSGAINED", -1)
FOCUS_LOST = getattr(pygame, "WINDOWFOCUSLOST", -1)


def flash_window(window: pygame.Window | None, operation: int) -> None:
    """Ask the system to flash `window` (`pygame.FLASH_UNTIL_FOCUSED`, or `FLASH_CANCEL` to
    stop). Raises pygame.error where the system cannot (the one place that asks it)."""
    if window is None:
        raise pygame.error("no window to flash")
    window.flash(operation)


class Attention:
    def __init__(self, window: Callable[[], pygame.Window | None]) -> None:
        self.window = window  # the display module's window, asked afresh (full screen replaces it)
        self.flash: Callable[[pygame.Window | None, int], None] = flash_window
        self.focused = bool(pygame.key.get_focused()) if pygame.display.get_init() else True
        self.flashing = False  # asked to flash, and the window has not come to the front since
        self.note: str | None = None  # why the window cannot flash (said once)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == FOCUS_LOST:
            self.focused = False
        elif e.type == FOCUS_GAINED:
            self.focused = True
            if self.flashing:
                self.flashing = False
                # Systems end the flash themselves as the window comes up; asked here too for
                # those that leave it (a failure now says nothing more).
                self._ask(getattr(pygame, "FLASH_CANCEL", 0), quiet=True)

    def call_back(self, enabled: bool = True) -> bool:
        """The player's turn has come: flash the window if it is behind others (and `enabled`,
        the player's setting), once until it comes to the front. True if a flash was asked."""
        if self.focused or not enabled or self.flashing:
            return False
        self.flashing = True  # asked once for this turn, whether or not the system can
        self._ask(getattr(pygame, "FLASH_UNTIL_FOCUSED", 2))
        return True

    def _ask(self, operation: int, quiet: bool = False) -> None:
        try:
            self.flash(self.window(), operation)
        except Exception as e:  # a flash must never stop the game: a line once, then nothing
            if self.note is None and not quiet:
                self.note = f"The window cannot flash when your turn comes: {e or type(e).__name__}"
                print(self.note, file=sys.stderr)
