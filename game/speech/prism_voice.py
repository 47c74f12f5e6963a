"""The player's screen reader or the system's speech, through prismatoid (the `prism` module).

prismatoid picks the best backend the system has (Prism's own order: a running screen
reader before a bare speech engine). `load` is called on the speaker's thread, never at
import: importing prism costs about 60 ms warm and 0.4 s cold (its native library and, on
Linux, the GLib libraries it carries for Orca), which the first frame must not pay.
"""

from __future__ import annotations

# Prism's backends that are the player's screen reader (they speak in the reader's own voice,
# at the reader's rate, and braille where the reader does); the others (SAPI, OneCore,
# AVSpeech, speech-dispatcher, ...) are speech engines the game speaks through by itself.
SCREEN_READERS = frozenset(
    {
        "NVDA",
        "JAWS",
        "VOICE_OVER",
        "ORCA",
        "ZDSR",
        "ZOOM_TEXT",
        "BOY_PC_READER",
        "PC_TALKER",
        "SENSE_READER",
        "SYSTEM_ACCESS",
        "WINDOW_EYES",
        "ANDROID_SCREEN_READER",
    }
)


class PrismVoice:
    """One prism backend, made by `load`. Speaks with `output` (speech and braille) where
    the backend has it, else `speak`."""

    def __init__(self, context: object, backend: object, kind: str) -> None:
        self._context = context  # the backend lives only as long as its context
        self._backend = backend
        self.kind = kind  # the BackendId's name: "NVDA", "SPEECH_DISPATCHER", ...
        self.name: str = backend.name  # type: ignore[attr-defined]
        self.screen_reader = kind in SCREEN_READERS
        features = backend.features  # type: ignore[attr-defined]
        self._say = backend.output if features.supports_output else backend.speak  # type: ignore[attr-defined]
        self._can_stop = bool(features.supports_stop)

    def speak(self, text: str, interrupt: bool) -> None:
        self._say(text, interrupt=interrupt)

    def stop(self) -> None:
        if self._can_stop:
            try:
                self._backend.stop()  # type: ignore[attr-defined]
            except Exception as e:  # "not speaking" is an error to some backends: silence is the aim
                if type(e).__name__ != "PrismNotSpeakingError":
                    raise


def load(prefer: str | None = None, screen_readers_only: bool = False) -> PrismVoice:
    """The best backend the system has (Prism's order), or the one named by `prefer` (a
    BackendId name such as "SPEECH_DISPATCHER"); with `screen_readers_only`, the best running
    screen reader and never a speech engine (so a start that only asks "is a screen reader
    running?" never starts a speech server: libspeechd would spawn speech-dispatcher).
    Raises ImportError when prismatoid is not installed, LookupError when no backend fits,
    OSError or prism's errors when its library fails: the speaker makes that one line."""
    import prism  # here, on the speaker's thread: see the module's docstring

    context = prism.Context()
    if prefer is not None:
        backend_id = prism.BackendId[prefer]
        return PrismVoice(context, context.create(backend_id), backend_id.name)
    if not screen_readers_only:
        backend = context.create_best()
        return PrismVoice(context, backend, _kind_of(context, backend.name))
    ids = [context.id_of(i) for i in range(context.backends_count)]
    for backend_id in sorted(ids, key=context.priority_of, reverse=True):
        if backend_id.name in SCREEN_READERS:
            try:
                return PrismVoice(context, context.create(backend_id), backend_id.name)
            except Exception:  # not running: the next one
                continue
    raise LookupError("no screen reader is running")


def _kind_of(context: object, name: str) -> str:
    """The BackendId name of the backend called `name` ("" when the registry has none)."""
    for i in range(context.backends_count):  # type: ignore[attr-defined]
        backend_id = context.id_of(i)  # type: ignore[attr-defined]
        if context.name_of(backend_id) == name:  # type: ignore[attr-defined]
            return backend_id.name
    return ""
