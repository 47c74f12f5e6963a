"""The languages Scram! speaks: each one's code, its name in its own language and its
gettext plural rule, and how a system's locale string ("de_DE.UTF-8", "pt-BR", "German_Germany")
is matched to one of them.

One table, `LANGUAGES`, read by the catalog loader, the language chooser, the catalog tests
and the settings screen (which lists the names as each language writes its own). The plural
rules are the ones every `.po` file's header must carry (tests/lang checks it): gettext's
classic rules, which Weblate accepts for these languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SOURCE = "en"
"""The language of the msgids (the code's own strings): what every fallback ends in."""

PSEUDO = "qps"
"""The pseudo-locale (accented, 40 % longer, in brackets), made from the msgids at run time:
a drawn line that is not in brackets bypassed the catalog (game/lang/pseudo.py)."""


@dataclass(frozen=True)
class Language:
    """One language of the game."""

    code: str
    """The catalog's folder name under game/lang/locale/ and the value kept in settings."""
    native: str
    """The language's name as it writes it, shown in Settings whatever language is on."""
    english: str
    """Its name in English, for logs and the self-test (which stay English)."""
    plural_forms: str
    """The gettext `Plural-Forms` header its catalog carries."""

    @property
    def nplurals(self) -> int:
        return int(re.search(r"nplurals\s*=\s*(\d+)", self.plural_forms).group(1))


_TWO_FORMS = "nplurals=2; plural=(n != 1);"
_ZERO_IS_ONE = "nplurals=2; plural=(n > 1);"  # French and Brazilian Portuguese: "0 carte"
_POLISH = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"

LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", "English", _TWO_FORMS),
        Language("de", "Deutsch", "German", _TWO_FORMS),
        Language("fr", "Français", "French", _ZERO_IS_ONE),
        Language("es", "Español", "Spanish", _TWO_FORMS),
        Language("it", "Italiano", "Italian", _TWO_FORMS),
        Language("pt_BR", "Português (Brasil)", "Brazilian Portuguese", _ZERO_IS_ONE),
        Language("pl", "Polski", "Polish", _POLISH),
        Language(PSEUDO, "[Þšéûðö]", "Pseudo-locale", _TWO_FORMS),
    )
}
"""Every language, in the order Settings lists them (the pseudo-locale last)."""

CATALOGUED = tuple(code for code in LANGUAGES if code != PSEUDO)
"""The languages with a catalog of their own (`.po` and `.mo`)."""

# Windows' locale names (locale.getlocale() there says "German_Germany"), by language
_WINDOWS_NAMES = {
    "english": "en",
    "german": "de",
    "french": "fr",
    "spanish": "es",
    "italian": "it",
    "portuguese": "pt_BR",
    "polish": "pl",
}


def match(locale_name: object) -> str | None:
    """The game's language for a locale string, or None if it speaks none of it.

    Takes what systems and players write: "de", "de_DE", "de-AT.UTF-8", "pt-BR", "fr_CA@euro",
    "German_Germany", "qps-ploc". Any Portuguese gets Brazilian Portuguese, the one the game
    has (a Lisbon player reads it better than English); "C" and "POSIX" mean no preference.
    """
    if not isinstance(locale_name, str) or not locale_name or len(locale_name) > 100:
        return None
    name = locale_name.strip().split(".")[0].split("@")[0].replace("-", "_")
    if name.upper() in ("C", "POSIX", ""):
        return None
    if name in LANGUAGES:
        return name
    head, _, region = name.partition("_")
    head = head.lower()
    if head in _WINDOWS_NAMES:
        return _WINDOWS_NAMES[head]
    if head == "pt":
        return "pt_BR"
    if head == PSEUDO or (head == "en" and region.upper() == "XA"):
        return PSEUDO
    return head if head in LANGUAGES else None
