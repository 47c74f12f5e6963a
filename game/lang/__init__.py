"""The translation runtime: Scram! in seven languages (and a pseudo-locale for testing).

Pure: the standard library's gettext and nothing of pygame, so the interface, the table's
words, the lessons and the network client can all use it. What the rest of the game uses:

- `_`, `ngettext`, `pgettext`, `npgettext`: a line in the current language, its named
  placeholders filled from keywords (`_("{name} drew from the deck", name=who)`); `N_` marks
  a string for the catalog without translating it yet;
- `speech`: the current language (`speech.code`, `speech.switch(code)`, `speech.version`,
  `speech.subscribe(callback)`, `speech.problems`);
- `begin(setting, preferred_locales)`: at start, choose the language and speak it (`choose`
  alone only chooses);
- `LANGUAGES`, `native_name`: the languages and their names in their own language;
- `self_test()`: each catalog loads, is used and has no broken placeholder.

The catalogs are game/lang/locale/<code>/LC_MESSAGES/scram.po, compiled to scram.mo
(docs/TRANSLATING.md).
"""

from .choice import Choice, begin, choose, system_locales
from .languages import CATALOGUED, LANGUAGES, PSEUDO, SOURCE, Language, match
from .selftest import PROBE, Checked, self_test
from .speech import N_, Speech, _, native_name, ngettext, npgettext, pgettext, speech

__all__ = [
    "CATALOGUED",
    "LANGUAGES",
    "N_",
    "PROBE",
    "PSEUDO",
    "SOURCE",
    "Checked",
    "Choice",
    "Language",
    "Speech",
    "_",
    "begin",
    "choose",
    "match",
    "native_name",
    "ngettext",
    "npgettext",
    "pgettext",
    "self_test",
    "speech",
    "system_locales",
]
