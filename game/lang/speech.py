"""The language the game speaks now, and the calls that translate through it.

`speech` is the one owner of the current language. The interface translates every line it
draws with `_`, `ngettext`, `pgettext` or `npgettext` (gettext's own names, so Babel extracts
them with no configuration), switches language with `speech.switch(code)` (Settings, at
once, no restart) and notices a switch by `speech.version` (a counter: a screen that cached
its words compares it) or a callback given to `speech.subscribe`.

Named placeholders: a string with fields is given its values as keywords,
`_("{name} drew from the deck", name=who)`, so a translator can move `{name}` wherever the
sentence wants it. If a translation's placeholders are broken (a field renamed, a stray
brace) the English string is used instead, the problem is noted for the self-test
(`speech.problems`), and nothing raises. A string without keywords is returned unformatted,
so its braces need no escaping.
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable

from .catalogs import Loaded, load
from .languages import LANGUAGES, PSEUDO, SOURCE
from .pseudo import pseudo

MAX_PROBLEMS = 50
"""Broken strings remembered for the self-test; the first ones say enough."""


class Speech:
    """The current language: its translations, a version counter and who listens for switches."""

    def __init__(self) -> None:
        self._loaded = Loaded(SOURCE, gettext.NullTranslations())
        self._listeners: list[Callable[[str], None]] = []
        self._lock = threading.Lock()  # the bots' threads may format a line while Settings switches
        self.version = 0
        """Goes up by one at every switch; a screen that kept translated words compares it."""
        self.problems: list[str] = []
        """What went wrong since the last switch, one line each: a catalog that would not load,
        a translation whose placeholders did not fit (the English was used)."""

    @property
    def code(self) -> str:
        """The language spoken now ("en", "de", ..., "qps")."""
        return self._loaded.code

    def switch(self, code: str) -> str:
        """Speak `code` from now on; returns the one-line problem ("" if none). An unknown code
        or a broken catalog leaves the game in English (which is then what `code` says)."""
        loaded = load(code)
        with self._lock:
            self._loaded = loaded
            self.problems = [loaded.problem] if loaded.problem else []
            self.version += 1
            listeners = list(self._listeners)
        for listener in listeners:
            listener(self.code)
        return loaded.problem

    def subscribe(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call `listener(code)` after every switch; returns the call that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    # -- translating ---------------------------------------------------------------------------

    def gettext(self, message: str, fields: dict) -> str:
        if self.code == PSEUDO:
            return self._fill(pseudo(message, formatted=bool(fields)), message, fields)
        return self._fill(self._loaded.translations.gettext(message), message, fields)

    def ngettext(self, singular: str, plural: str, n: int, fields: dict) -> str:
        english = singular if n == 1 else plural
        if self.code == PSEUDO:
            return self._fill(pseudo(english), english, {"n": n, **fields})
        said = self._loaded.translations.ngettext(singular, plural, n)
        return self._fill(said, english, {"n": n, **fields})

    def pgettext(self, context: str, message: str, fields: dict) -> str:
        if self.code == PSEUDO:
            return self._fill(pseudo(message, formatted=bool(fields)), message, fields)
        return self._fill(self._loaded.translations.pgettext(context, message), message, fields)

    def npgettext(self, context: str, singular: str, plural: str, n: int, fields: dict) -> str:
        english = singular if n == 1 else plural
        if self.code == PSEUDO:
            return self._fill(pseudo(english), english, {"n": n, **fields})
        said = self._loaded.translations.npgettext(context, singular, plural, n)
        return self._fill(said, english, {"n": n, **fields})

    def _fill(self, said: str, english: str, fields: dict) -> str:
        if not fields:
            return said
        try:
            return said.format(**fields)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
            if said != english:
                self._note(
                    f"{self.code}: {english!r} has a broken translation {said!r} ({exc!r}); said in English"
                )
            try:
                return english.format(**fields)
            except (KeyError, IndexError, ValueError, AttributeError, TypeError):
                # the code's own string and its fields disagree: say it bare rather than crash
                self._note(f"{english!r} cannot be formatted with {sorted(fields)}")
                return english

    def _note(self, line: str) -> None:
        with self._lock:
            if len(self.problems) < MAX_PROBLEMS and line not in self.problems:
                self.problems.append(line)


speech = Speech()
"""The game's one current language (English until the launcher switches it)."""


def _(message: str, **fields: object) -> str:
    """`message` in the current language, its `{fields}` filled from the keywords if any."""
    return speech.gettext(message, fields)


def ngettext(singular: str, plural: str, n: int, **fields: object) -> str:
    """The plural form of the current language for `n` ("1 card", "5 cards"; Polish has
    three); `{n}` is filled with `n`, the other `{fields}` from the keywords."""
    return speech.ngettext(singular, plural, n, fields)


def pgettext(context: str, message: str, **fields: object) -> str:
    """`message` in the current language, told apart from the same English words used
    elsewhere by `context` ("card" the noun on a button, "Draw" the action or the result)."""
    return speech.pgettext(context, message, fields)


def npgettext(context: str, singular: str, plural: str, n: int, **fields: object) -> str:
    """`ngettext` with a context, as `pgettext`."""
    return speech.npgettext(context, singular, plural, n, fields)


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it now (a table of words built at
    import time, translated with `_` where it is drawn)."""
    return message


def native_name(code: str) -> str:
    """The name of a language as it writes it ("Deutsch", "Polski"), whatever is spoken now."""
    lang = LANGUAGES.get(code)
    return lang.native if lang else code
