"""Every screen in every language, at 1024x640, 1280x720 and 1920x1080: no text leaves the
window, none overlaps another, no label is wider than its button and no line of words is cut
short with "…", in English, German, French, Spanish, Italian, Brazilian Portuguese, Polish
and the pseudo-locale (40 % longer); and in the pseudo-locale every line drawn is in brackets
(a line that is not bypassed the catalog), the words that come from outside it (the campers'
names, a table's code, the keys' letters) aside. Each screen is rendered once per language
and size (ui/support/lang_look.py)."""

from __future__ import annotations

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.lang_look import LANGS, looks, not_from_the_catalog
from ui.support.layout import LARGE, SIZES, SMALL, USUAL, size_id

from game.lang import speech
from game.ui.routes import ROUTES


@pytest.fixture(autouse=True)
def english_after():
    yield
    speech.switch("en")


FAST = {("qps", SMALL), ("de", SMALL), ("pl", SMALL)}
"""What the fast loop keeps: the smallest window, the hardest, in the pseudo-locale, the
longest language and the one with the most letters of its own; CI runs all of them."""


def _params() -> list:
    return [
        pytest.param(
            lang, s, id=f"{lang}-{size_id(s)}", marks=[] if (lang, s) in FAST else [pytest.mark.slow]
        )
        for s in SIZES
        for lang in LANGS
    ]


@pytest.mark.parametrize(("lang", "size"), _params())
def test_every_screen_fits_in_every_language_at_every_size(lang, size):
    seen = looks(lang, size)
    assert {look.route for look in seen} == set(ROUTES), "every screen of the routes is looked at"
    found = [p for look in seen for p in look.problems]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


@pytest.mark.parametrize(
    "size",
    [SMALL, pytest.param(USUAL, marks=pytest.mark.slow), pytest.param(LARGE, marks=pytest.mark.slow)],
    ids=size_id,
)
def test_in_the_pseudo_locale_every_line_of_every_screen_comes_from_the_catalog(size):
    found, seen = [], 0
    for look in looks("qps", size):
        seen += len(look.lines)
        found += dict.fromkeys(  # each once per stop (a line is rendered at every frame it ran)
            f"{look.name}: {t!r} is not in brackets ({out!r})"
            for t, out in not_from_the_catalog(look.lines, look.data)
        )
    assert seen > 500, "the screens drew their lines"
    assert not found, f"{len(found)} lines bypassed the catalog:\n" + "\n".join(found)
