"""The lines of the language feature itself: Settings' language row, and the plural sample
the self-test says in each language ("1 card, 2 cards, 5 cards": Polish's three forms).

The rest of the game's words live beside the code that says them, wrapped in `_()`; these
live here because the runtime and its self-test say them.
"""

from __future__ import annotations

from .languages import LANGUAGES, PSEUDO
from .speech import N_, _, native_name, ngettext, pgettext

LANGUAGE = N_("Language")
"""The label of Settings' language row."""

LANGUAGE_HELP = N_("Changes at once, and is kept for the next start.")
"""The help line under it."""

PLURAL_SAMPLE = (1, 2, 5, 22, 25)
"""Counts that show every plural form of the seven languages (Polish: 1 / 2-4, 22 / 5, 25)."""


def cards(n: int) -> str:
    """ "1 card", "5 cards" in the current language."""
    return ngettext("{n} card", "{n} cards", n)


def plural_sample() -> str:
    """ "1 card, 2 cards, 5 cards, ..." in the current language: the self-test's plural proof."""
    # TRANSLATORS: what stands between the items of a list ("1 card, 2 cards")
    return pgettext("list", ", ").join(cards(n) for n in PLURAL_SAMPLE)


def as_the_system(system_code: str | None) -> str:
    """The first choice of Settings' language row: follow the system, naming what that is."""
    if system_code is None:
        # TRANSLATORS: Settings, Language: follow the system's language (one the game lacks)
        return _("As the system")
    # TRANSLATORS: Settings, Language: follow the system's language, named in its own language
    return _("As the system ({language})", language=native_name(system_code))


def language_options(system_code: str | None, *, pseudo: bool = False) -> list[tuple[str, str]]:
    """Settings' choices as (value kept in settings, what is shown): "" for the system's
    language, then every language under its own name (the pseudo-locale only if asked)."""
    options = [("", as_the_system(system_code))]
    options += [(code, lang.native) for code, lang in LANGUAGES.items() if code != PSEUDO or pseudo]
    return options
