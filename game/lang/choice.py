"""Which language to speak at start: the player's choice in settings first, then the
system's preferred locales, then English.

The system's list is a parameter, since the best source, `pygame.system.get_pref_locales()`,
is on the interface's side (no pygame here); without it the standard library's view is used
(`system_locales`: the LANGUAGE, LC_ALL, LC_MESSAGES and LANG variables, then
`locale.getlocale()`, which on Windows names the user's language). A language kept in
settings that this version lacks (a newer version's, or a hand-edited file) falls back to
the system's, then English, and `Choice.note` says so in one line.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .languages import LANGUAGES, SOURCE, match
from .speech import speech

MAX_LOCALES = 32
"""At most this many of the system's preferred locales are looked at."""


@dataclass(frozen=True)
class Choice:
    """The language chosen, where it came from ("settings", "system", "default") and the
    one line to say about it ("" when the settings' choice was honoured or there was none)."""

    code: str
    source: str
    note: str = ""


def system_locales(environ: Mapping[str, str] | None = None) -> list[str]:
    """The system's preferred locales as the standard library sees them, best first."""
    env = os.environ if environ is None else environ
    found: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        found += (
            [part for part in value.split(":") if part] if name == "LANGUAGE" else [value] if value else []
        )
    try:
        code, _encoding = locale.getlocale()
    except (ValueError, TypeError):  # an unparsable locale name in the environment
        code = None
    if code:
        found.append(code)
    return found


def from_system(preferred: Iterable[object]) -> str | None:
    """The first of `preferred` (locale strings, best first) that the game speaks."""
    for i, name in enumerate(preferred):
        if i >= MAX_LOCALES:
            break
        code = match(name)
        if code is not None:
            return code
    return None


def choose(setting: object, preferred: Iterable[object] | None = None) -> Choice:
    """The language to speak: `setting` (the settings' value: a code, or None/"" for "as the
    system") if the game has it, else the first of `preferred` it speaks (None: ask the
    standard library), else English."""
    system = from_system(system_locales() if preferred is None else preferred)
    if setting not in (None, ""):
        code = match(setting)
        if code is not None:
            return Choice(code, "settings")
        shown = repr(setting)[:40]
        instead = system or SOURCE
        note = f"Language {shown} from settings is not in this version; using {LANGUAGES[instead].english}."
        return Choice(instead, "system" if system else "default", note)
    if system is not None:
        return Choice(system, "system")
    return Choice(SOURCE, "default")


def begin(setting: object, preferred: Iterable[object] | None = None) -> Choice:
    """Choose the language (`choose`) and speak it from now on: the launcher's one call at
    start. A catalog that would not load leaves the game in English, and the note says so."""
    chosen = choose(setting, preferred)
    problem = speech.switch(chosen.code)
    if problem:
        line = f"{LANGUAGES[chosen.code].english}: {problem}; using English."
        return Choice(speech.code, chosen.source, f"{chosen.note} {line}".strip())
    return chosen
