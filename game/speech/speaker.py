"""The speaker: a queue of lines that never blocks the caller, and one thread that says them.

`say` and `stop` only touch a short queue under a lock that the speaking thread never holds
while its voice works, so a backend that stalls (a screen reader hung, a speech server gone)
cannot freeze a frame: lines wait, the oldest dropped past MAX_WAITING (stale narration is
worth less than the latest), and each line is cut to MAX_CHARS at a word. The voice is
loaded on that thread when `start` is called (after the first frame); lines said before it
is ready wait for it. A voice that cannot load or fails while speaking costs one line
(`note`, and the `report` callback: stderr by default), then the speaker is silent.
"""

from __future__ import annotations

import sys
import threading
import unicodedata
from collections import deque
from collections.abc import Callable

from .voice import Voice

MAX_CHARS = 400  # one utterance at most: a screen reader reads a long line to its end
MAX_WAITING = 32  # lines kept while the voice is busy or loading; older ones go first
ELLIPSIS = "\u2026"


def clean(text: str) -> str:
    """The line as a voice gets it: control characters (NUL too) out, runs of white space
    made one space, at most MAX_CHARS (cut at a word, with an ellipsis)."""
    kept = "".join(
        " " if ch.isspace() else ch for ch in str(text) if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    line = " ".join(kept.split())
    if len(line) <= MAX_CHARS:
        return line
    cut = line[: MAX_CHARS - 1]
    head = cut.rsplit(" ", 1)[0] if " " in cut[MAX_CHARS // 2 :] else cut
    return head.rstrip(" ,;:") + ELLIPSIS


def _default_load() -> Voice:
    from .prism_voice import load

    return load()


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Speaker:
    """Says lines through one voice, off the caller's thread.

    `state`: "off" (not started), "loading", "ready", "failed" (silent for good: `note` says
    why) or "closed". `load` makes the voice (prismatoid's best backend by default)."""

    def __init__(
        self,
        load: Callable[[], Voice] | None = None,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self._load = load or _default_load
        self._report = report or _to_stderr
        self._lock = threading.Condition()
        self._waiting: deque[str] = deque(maxlen=MAX_WAITING)
        self._cut = False  # the voice falls silent before the next line (an interrupt, stop())
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()  # set once the voice loaded or failed to
        self.state = "off"
        self.voice: Voice | None = None
        self.note = ""

    # ---- the caller's side (the frame's thread): never waits on the voice ---------------
    def start(self) -> None:
        """Load the voice on the speaker's thread (once; later calls do nothing)."""
        with self._lock:
            if self._thread is not None or self.state == "closed":
                return
            self.state = "loading"
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say `text` after what is waiting, or at once (`interrupt`: what is being said and
        what waits are dropped). Empty lines are not said."""
        line = clean(text)
        with self._lock:
            if not line or self.state in ("failed", "closed"):
                return
            if interrupt:
                self._waiting.clear()
                self._cut = True
            self._waiting.append(line)
            self._lock.notify()

    def stop(self) -> None:
        """Fall silent: what is being said is cut off, what waits is dropped."""
        with self._lock:
            self._waiting.clear()
            if self.state in ("loading", "ready"):
                self._cut = True
                self._lock.notify()

    def close(self) -> None:
        """Stop for good (the game is leaving); returns at once."""
        with self._lock:
            self._waiting.clear()
            self.state = "closed"
            self._lock.notify()

    @property
    def waiting(self) -> int:
        """Lines not yet handed to the voice."""
        with self._lock:
            return len(self._waiting)

    def is_screen_reader_running(self) -> bool:
        """The voice loaded is the player's screen reader (False while loading, or when the
        system's speech engine or nothing speaks): the game turns speech on by itself then."""
        voice = self.voice
        return self.state == "ready" and voice is not None and bool(voice.screen_reader)

    @property
    def name(self) -> str:
        """What speaks ("" while none does)."""
        voice = self.voice
        return voice.name if voice is not None and self.state == "ready" else ""

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the voice has loaded or failed to (for the settings' first look and the
        tests); False when `timeout` passes first. Never called by a frame."""
        return self._ready.wait(timeout)

    # ---- the speaker's thread ----------------------------------------------------------------
    def _run(self) -> None:
        try:
            voice = self._load()
        except Exception as e:  # no prismatoid, no backend, a broken library: one line, then silence
            self._fail(f"Speech is off: no voice could be loaded ({_reason(e)}).")
            return
        with self._lock:
            if self.state == "closed":
                self._ready.set()
                return
            self.voice, self.state = voice, "ready"
        self._ready.set()
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._waiting or self._cut or self.state == "closed")
                if self.state == "closed":
                    return
                cut, self._cut = self._cut, False
                line = self._waiting.popleft() if self._waiting else ""
            try:  # the voice works outside the lock: the caller never waits for it
                if line:
                    voice.speak(line, cut)
                elif cut:
                    voice.stop()
            except Exception as e:
                self._fail(f"Speech is off: {voice.name} failed ({_reason(e)}).")
                return

    def _fail(self, line: str) -> None:
        with self._lock:
            self._waiting.clear()
            if self.state != "closed":
                self.state = "failed"
            self.note = line
        self._ready.set()
        try:
            self._report(line)
        except Exception:
            pass


def _reason(e: BaseException) -> str:
    text = " ".join(str(e).split())[:120]
    return f"{type(e).__name__}: {text}" if text else type(e).__name__
