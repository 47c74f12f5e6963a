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
import re
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


PLURAL_PROBE = range(0, 1001)
"""The counts a catalog's plural rule is tried on when it loads."""


def read_catalog(data: bytes) -> gettext.GNUTranslations:
    """Parse a compiled catalog; raises ValueError with a short reason if it is not a sound one.
    Its plural rule is tried on every count up to 1000, so a rule that divides by zero or names
    a form the catalog does not have fails here, once, and not in the middle of a game."""
    try:
        translations = gettext.GNUTranslations(io.BytesIO(data))
    except Exception as exc:  # struct.error, OSError (bad magic), UnicodeError, a bad plural rule...
        raise ValueError(f"{type(exc).__name__}: {exc}".rstrip(": ")) from None
    match = re.search(r"nplurals\s*=\s*(\d+)", translations.info().get("plural-forms", "nplurals=2"))
    forms = int(match.group(1)) if match else 0
    if not 1 <= forms <= 6:
        raise ValueError("its Plural-Forms header names no sound number of forms")
    for n in PLURAL_PROBE:
        try:
            form = translations.plural(n)
        except Exception as exc:  # ZeroDivisionError, RecursionError from a hostile rule...
            raise ValueError(f"its plural rule fails for {n} ({type(exc).__name__})") from None
        if not (isinstance(form, int) and 0 <= form < forms):
            raise ValueError(f"its plural rule gives form {form!r} for {n}, of {forms}")
    return translations


def load(code: str) -> Loaded:
    """The translations of `code`; English (the msgids themselves) for the source language, the
    pseudo-locale, an unknown code or a catalog that cannot be read (then `problem` says why)."""
    if not isinstance(code, str) or len(code) > 20:
        return Loaded(SOURCE, gettext.NullTranslations(), f"no such language: {str(code)[:20]!r}")
    if code in (SOURCE, PSEUDO) or code not in LANGUAGES:
        # English needs no catalog: its strings are the msgids; the pseudo-locale is made from
        # the msgids too (game/lang/pseudo.py).
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
