"""A voice that writes down what it is asked to say: the tests of the game's wording read it.

It is never a stand-in for a real backend's test (tests/speech/test_speech_dispatcher.py
drives prismatoid to a real speech-dispatcher): it proves what is said, not that it is heard.
"""

from __future__ import annotations

import threading


class Transcript:
    """Every line said, in order; `stops` counts the silences asked for (an interrupting
    line is one stop, then its line)."""

    name = "transcript"

    def __init__(self, screen_reader: bool = False) -> None:
        self.screen_reader = screen_reader
        self.lines: list[str] = []
        self.stops = 0
        self._said = threading.Condition()

    def speak(self, text: str, interrupt: bool) -> None:
        with self._said:
            if interrupt:
                self.stops += 1
            self.lines.append(text)
            self._said.notify_all()

    def stop(self) -> None:
        with self._said:
            self.stops += 1
            self._said.notify_all()

    def wait_for(self, count: int, timeout: float = 5.0) -> bool:
        """Wait until `count` lines have been said (the speaker's thread says them); False
        when `timeout` seconds pass first. For tests: they wait on the event, never sleep."""
        with self._said:
            return self._said.wait_for(lambda: len(self.lines) >= count, timeout)
