"""Every character the game can say in any of its languages is in the font that draws it,
checked against each font's own character map with fontTools (pygame-ce's Font.metrics gives
a missing letter the metrics of the empty box, not None, so pygame cannot tell)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from game.assets import FONTS, asset_path
from game.lang import CATALOGUED, LANGUAGES, SOURCE
from game.lang.pseudo import pseudo

LOCALE = Path(__file__).resolve().parents[2] / "game" / "lang" / "locale"

ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "de": "ÄÖÜäöüßẞ„“‚‘",
    # (French spaces before ! ? : ; and inside « » with U+00A0: neither font has the narrow
    # U+202F, so the glossary asks for the plain no-break space)
    "fr": "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ«»’\u00a0",
    "es": "ÁÉÍÑÓÚÜáéíñóúü¿¡«»",
    "it": "ÀÈÉÌÍÎÒÓÙÚàèéìíîòóùú’",
    "pt_BR": "ÁÂÃÀÇÉÊÍÓÔÕÚÜáâãàçéêíóôõúü",
    "pl": "ĄĆĘŁŃÓŚŹŻąćęłńóśźż„”",
}
"""The letters and quotation marks each language writes (beyond ASCII for all but English)."""
PUNCTUATION = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~–—…·×°"
"""What the interface writes around the words (dashes, ellipsis, the middle dot, ×)."""
ALSO = "řőűŘŐŰ"
"""Letters of the languages that may come next (Czech, Hungarian): the new Cabin has them too."""


@cache
def _cmap(kind: str) -> frozenset[int]:
    return frozenset(TTFont(asset_path(*FONTS[kind]))["cmap"].getBestCmap())


def _catalog_text() -> str:
    text = []
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/scram.po")) + [LOCALE / "scram.pot"]:
        with path.open("rb") as f:
            for message in read_po(f):
                for part in (message.id, message.string):
                    text += [part] if isinstance(part, str) else list(part)
                    text += [pseudo(s) for s in ([part] if isinstance(part, str) else part)]
    return "".join(text)


def _needed() -> dict[str, str]:
    glossaries = sorted((LOCALE.parents[2] / "docs" / "glossary").glob("*.md"))
    return {
        "alphabets": "".join(ALPHABETS.values()) + PUNCTUATION + ALSO,
        "catalogs and the pseudo-locale": _catalog_text(),
        "language names": "".join(lang.native for lang in LANGUAGES.values()),
        "glossaries": "".join(p.read_text(encoding="utf-8") for p in glossaries),
    }


@pytest.mark.parametrize("kind", sorted(FONTS))
@pytest.mark.parametrize(
    "what", ["alphabets", "catalogs and the pseudo-locale", "language names", "glossaries"]
)
def test_every_character_is_in_every_face(kind, what):
    text = _needed()[what]
    missing = sorted({ch for ch in text if ord(ch) not in _cmap(kind) and ch not in "\n\t"})
    assert not missing, f"{FONTS[kind][-1]} lacks {''.join(missing)!r} ({what})"


def test_the_alphabets_cover_every_catalogued_language():
    assert set(ALPHABETS) == set(CATALOGUED) and SOURCE in ALPHABETS


def test_the_text_face_is_cabin_with_latin_extended():
    for kind in ("text", "text_bold"):
        font = TTFont(asset_path(*FONTS[kind]))
        assert font["name"].getDebugName(1) == "Cabin"
        assert len(font["cmap"].getBestCmap()) >= 500  # the old subset had 237
        assert all(ord(ch) in _cmap(kind) for ch in "łąśćřő")
    assert (
        asset_path("fonts", "cabin", "OFL.txt").read_text(encoding="utf-8").count("SIL OPEN FONT LICENSE")
        >= 1
    )
