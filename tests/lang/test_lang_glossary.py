"""Each language's glossary (docs/glossary/LL.md) names every word of the English one, in the
same order, each with a translation: the words the catalogs use for cards, actions and the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.lang import CATALOGUED, SOURCE

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary"


def rows(code: str) -> list[tuple[str, str]]:
    """(English, translation or meaning) of each row of the words table."""
    out = []
    for line in (GLOSSARY / f"{code}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and not set(cells[0]) <= {"-"}:
            out.append((cells[0], cells[1]))
    return out[1:]  # the table's heading row


def test_the_english_glossary_lists_the_words_of_the_table():
    words = [en for en, _ in rows(SOURCE)]
    for word in (
        "camper",
        "critter",
        "campsite",
        "discard pile",
        "declare Scram",
        "View 2 + swap",
        "team",
        "round",
    ):
        assert any(w.startswith(word) for w in words), word


@pytest.mark.parametrize("code", [c for c in CATALOGUED if c != SOURCE])
def test_every_language_translates_every_word_in_the_same_order(code):
    english = [en for en, _ in rows(SOURCE)]
    theirs = rows(code)
    assert [en for en, _ in theirs] == english
    assert all(word for _, word in theirs), [en for en, word in theirs if not word]
    assert "## Style" in (GLOSSARY / f"{code}.md").read_text(encoding="utf-8")
