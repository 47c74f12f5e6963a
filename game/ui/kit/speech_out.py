"""The window's speech: whether the game speaks, what speaks, and the few lines every screen says.

One `SpeechOut` per App. Speech is on when the settings choose it (Settings' "Speech" row,
`speech` in settings.json) or when the player's screen reader is running; F4 turns it on
and off on every screen (the app's key, said at the very first start). Nothing is loaded
before the first frame: `start` (the app calls it after that frame) loads the voice on the
speaker's thread: prismatoid's best backend when speech is chosen, else only a running
screen reader (prism_voice.load(screen_readers_only=True): a screen reader's backend is
made only while it runs, so that is prismatoid's answer to "is one running?", and no
speech server is started for nothing). A missing backend is one line, then silence
(game/speech/speaker.py). Under SDL's dummy driver (the tests, the benchmarks) no voice
loads unless one is handed over with `use`.

What a screen says when it comes up: its own `spoken_words()` if it has them (the round's
end, game over), else the buttons it shows, with their keys. A button under the pointer
and a text field taking the keyboard are said by the widgets' focus hook (widgets.py).
"""

from __future__ import annotations

from collections.abc import Callable

from game.lang import _
from game.seat.spoken import first_start_line, speech_switched
from game.speech import Speaker

from . import widgets


def _chosen_loader(screen_readers_only: bool) -> Callable[[], object]:
    def load():
        from game.speech.prism_voice import load as prism_load

        return prism_load(screen_readers_only=screen_readers_only)

    return load


class SpeechOut:
    def __init__(self, settings, headless: bool) -> None:
        self.settings = settings
        self.headless = headless
        self.speaker: Speaker | None = None
        self.started = False
        self.reader = False  # a running screen reader turned speech on by itself
        self.full = False  # the voice may speak without a screen reader (not only a reader's)
        self._top: object = None  # the screen last announced
        self._last = ""  # the line last said
        self._told = ""  # the voice's failure last shown on the screen
        widgets.on_focus(self.focus)

    @property
    def on(self) -> bool:
        return bool(self.settings.speech) or self.reader

    def use(self, speaker: Speaker) -> None:
        """Speak through `speaker` (a test's Transcript voice); it is started here."""
        self.speaker, self.full = speaker, True
        speaker.start()
        self.started = True

    def start(self, first_start: bool = False) -> None:
        """After the first frame: load the voice on its thread (once)."""
        if self.started:
            return
        self.started = True
        if self.headless:
            return
        wanted = bool(self.settings.speech) or first_start  # the first start says the F4 line aloud
        # only asking "is a screen reader running?": none running is no news worth a line
        report = None if wanted else (lambda line: None)
        self.speaker = Speaker(load=_chosen_loader(screen_readers_only=not wanted), report=report)
        self.full = wanted
        self.speaker.start()
        if first_start:
            self.speaker.say(first_start_line())

    def poll(self) -> str:
        """Once a frame: a screen reader found turns speech on by itself. Returns, once, the
        line saying why speech chosen cannot be heard (no backend), for the screen."""
        s = self.speaker
        if not self.reader and s is not None and s.is_screen_reader_running():
            self.reader = True
        if self.on and self.full and s is not None and s.state == "failed" and s.note != self._told:
            self._told = s.note
            return s.note
        return ""

    def say(self, line: str, interrupt: bool = False) -> None:
        """Say `line` if speech is on; the same line again right after itself is said once (a
        switch's "Speech on." is also the table's notice)."""
        if not (self.on and self.speaker is not None and line):
            return
        if line == self._last and not interrupt:
            return
        self._last = line
        self.speaker.say(line, interrupt=interrupt)

    def focus(self, words: str) -> None:
        """A widget took the focus: said at once, over what was being said."""
        self.say(words, interrupt=True)

    def toggle(self) -> str:
        """F4: speech on or off (kept in the settings); the line that says so."""
        now = not self.on
        self.settings.speech = now
        if not now:
            self.reader = False
        line = speech_switched(now)
        gone = self.speaker is None or self.speaker.state in ("failed", "closed")
        if now and not self.headless and (gone or not (self.full or self.reader)):
            old, self.speaker = self.speaker, Speaker(load=_chosen_loader(screen_readers_only=False))
            self.full = True
            if old is not None:
                old.close()
            self.speaker.start()
        if now:
            self.say(line, interrupt=True)
        elif self.speaker is not None:
            self.speaker.say(line, interrupt=True)  # the last word, then silence
        return line

    def screen(self, top: object) -> None:
        """The screen on top changed: say what it shows."""
        if top is self._top:
            return
        self._top = top
        words = getattr(top, "spoken_words", None)
        if callable(words):
            for line in words():
                self.say(line)
            return
        labels = screen_buttons(top)
        if labels:
            self.say(_("On this screen: {choices}.", choices=", ".join(labels)), interrupt=True)

    def close(self) -> None:
        if self.speaker is not None:
            self.speaker.close()


def screen_buttons(scene: object) -> list[str]:
    """The labels of the buttons a screen shows (its `buttons` and other Button attributes)."""
    found: list = []
    for value in vars(scene).values():
        if isinstance(value, widgets.Button):
            found.append(value)
        elif isinstance(value, list) and value and all(isinstance(b, widgets.Button) for b in value):
            found.extend(value)
    seen, labels = set(), []
    for b in found:
        if b.visible and b.label and id(b) not in seen:
            seen.add(id(b))
            labels.append(b.label)
    return labels
