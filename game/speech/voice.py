"""What the speaker asks of a voice: the one seam between the queue and a speech backend.

A voice may be slow, may block for as long as its backend likes, and may raise: the
speaker calls it only from its own thread and turns any failure into one line and silence.
"""

from __future__ import annotations

from typing import Protocol


class Voice(Protocol):
    name: str  # what the player is told is speaking ("NVDA", "Speech Dispatcher", "transcript")
    screen_reader: bool  # the player's screen reader (not a bare speech engine) is speaking

    def speak(self, text: str, interrupt: bool) -> None:
        """Say `text` (never empty); `interrupt` cuts off what the voice is saying first."""
        ...

    def stop(self) -> None:
        """Fall silent now."""
        ...
