"""The languages' self-test: every catalog loads, a known line is translated, and no
translation's placeholders are broken; each problem is one line naming the language and the
string. `scram --selftest` prints these lines; the catalog tests (tests/lang) check the same
things on the sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .catalogs import load
from .languages import CATALOGUED, LANGUAGES, SOURCE
from .placeholders import fits
from .speech import N_

PROBE = N_("Scram! speaks English.")
"""The known line every catalog translates ("Scram! spricht Deutsch."): proof it is in use."""


@dataclass
class Checked:
    """What the self-test found for one language."""

    code: str
    strings: int = 0
    """Translated strings in its catalog (a plural message counts once)."""
    probe: str = PROBE
    """The known line in that language."""
    problems: list[str] = field(default_factory=list)

    @property
    def line(self) -> str:
        name = f"{self.code} ({LANGUAGES[self.code].native})"
        if self.code == SOURCE and not self.problems:
            return f"{name}: the source language: {self.probe}"
        if self.problems:
            return f"{name}: {len(self.problems)} problem(s): " + "; ".join(self.problems)
        return f"{name}: {self.strings} strings, ok: {self.probe}"


def check(code: str) -> Checked:
    """Load `code`'s catalog and check it (English has no catalog to check)."""
    found = Checked(code)
    loaded = load(code)
    if loaded.problem:
        found.problems.append(f"{loaded.problem}; English is used")
        return found
    catalog = getattr(loaded.translations, "_catalog", {})  # GNUTranslations' parsed messages
    for key, said in catalog.items():
        msgid, plural = (key[0], True) if isinstance(key, tuple) else (key, False)
        if msgid == "":  # the header
            continue
        english = msgid.split("\x04", 1)[-1]  # "context\x04msgid" for pgettext's messages
        if not (isinstance(key, tuple) and key[1] > 0):
            found.strings += 1
        if not fits(english, said, plural=plural):
            found.problems.append(f"{english!r} -> {said!r}: its placeholders do not match")
    found.probe = loaded.translations.gettext(PROBE)
    if code != SOURCE and found.probe == PROBE:
        found.problems.append(f"the known line {PROBE!r} is not translated")
    return found


def self_test(codes: tuple[str, ...] = CATALOGUED) -> list[Checked]:
    """Every language's check, in the order of `LANGUAGES`."""
    return [check(code) for code in codes]
