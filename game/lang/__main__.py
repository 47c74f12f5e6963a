"""`python -m game.lang`: the languages' self-test from a checkout, for translators: one line
per language (its catalog loads, its known line is translated, its placeholders fit, its
plurals), exit status 1 if any language has a problem."""

from __future__ import annotations

import sys

from . import CATALOGUED, self_test, speech
from .phrases import plural_sample


def main() -> int:
    results = self_test()
    for checked in results:
        print(checked.line)
    for code in CATALOGUED:
        speech.switch(code)
        print(f"  {code}: {plural_sample()}")
    speech.switch("en")
    return 1 if any(checked.problems for checked in results) else 0


if __name__ == "__main__":
    sys.exit(main())
