"""Loading a language's compiled catalog (`scram.mo`) with the standard library's gettext.

The catalogs are package data of `game.lang` (game/lang/locale/<code>/LC_MESSAGES/scram.mo),
found with importlib.resources, so the same code finds them in a checkout, in an installed
wheel and inside the PyInstaller executable (which packs them at the same place,
build/exe_contents.py). A missing or damaged file never raises: `load` gives the English
fallback and says what went wrong in one line, which the self-test repeats.
"""

from __future__ import annotations

import gettext
import importlib.resources
import io
from dataclasses import dataclass

from .languages import LANGUAGES, PSEUDO, SOURCE

DOMAIN = "scram"
MAX_CATALOG_BYTES = 4 * 1024 * 1024
"""A compiled catalog is some 20-60 KB; anything far larger is not one of ours."""


@dataclass(frozen=True)
class Loaded:
    """A language's translations, and the problem met loading them ("" when none)."""

    code: str
    """The language these translations speak: English when the asked one could not be loaded."""
    translations: gettext.NullTranslations
    problem: str = ""


def catalog_resource(code: str):
    """The compiled catalog of `code` as an importlib.resources Traversable (may not exist)."""
    return importlib.resources.files(__package__).joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")


def read_catalog(data: bytes) -> gettext.GNUTranslations:
    """Parse a compiled catalog; raises ValueError with a short reason if it is not a sound one."""
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except Exception as exc:  # struct.error, OSError (bad magic), UnicodeError, a bad plural rule...
        raise ValueError(f"{type(exc).__name__}: {exc}".rstrip(": ")) from None


def load(code: str) -> Loaded:
    """The translations of `code`; English (the msgids themselves) for the source language, the
    pseudo-locale, an unknown code or a catalog that cannot be read (then `problem` says why)."""
    if code in (SOURCE, PSEUDO) or code not in LANGUAGES:
        # English needs no catalog: its strings are the msgids. (Its catalog, if shipped, only
        # carries the header; the pseudo-locale is made from the msgids, game/lang/pseudo.py.)
        problem = "" if code in LANGUAGES else f"no such language: {code!r}"
        return Loaded(code if code in LANGUAGES else SOURCE, gettext.NullTranslations(), problem)
    resource = catalog_resource(code)
    where = f"{code}/LC_MESSAGES/{DOMAIN}.mo"
    try:
        data = resource.read_bytes()
    except OSError as exc:
        reason = "missing" if isinstance(exc, FileNotFoundError) else f"unreadable ({exc.strerror or exc})"
        return Loaded(SOURCE, gettext.NullTranslations(), f"{where} is {reason}")
    if len(data) > MAX_CATALOG_BYTES:
        return Loaded(SOURCE, gettext.NullTranslations(), f"{where} is too large ({len(data)} bytes)")
    try:
        translations = read_catalog(data)
    except ValueError as exc:
        return Loaded(SOURCE, gettext.NullTranslations(), f"{where} is damaged ({exc})")
    return Loaded(code, translations)
