"""How to play in every language: every page's title and words, every action's help, every
key and every picture's title and caption is translated (none left in English), and each page
draws with nothing cut (no "…", no caption line dropped), nothing outside the window and
nothing over anything else, at 1024x640, 1280x720 and 1920x1080; in the pseudo-locale every
line is in brackets."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import BUTTONS, LARGE, SMALL, USUAL, crowded, drawn_texts, size_id

from game.files.settings import Settings
from game.lang import _, speech
from game.lang.pseudo import CLOSE, OPEN, bypassed
from game.rules.cards import ACTION_FAMILIES, ACTIONS
from game.ui.routes import make_app
from game.ui.scenes.how_to_play import EAR_KEYS, KEYS, NO_ACTION, PAD_KEYS, PAGES, HelpScene
from game.ui.scenes.how_to_play_pictures import TITLES

LANGUAGES = ("de", "fr", "es", "it", "pt_BR", "pl")
# the keys' own letters, the same everywhere
KEY_CAPS = tuple(keys for keys, _words in KEYS + EAR_KEYS + PAD_KEYS)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def english_words() -> list[str]:
    """Every piece of English How to play shows (the names of the action cards are the
    table's, checked with it)."""
    out = [title for title, _body, _cards in PAGES] + [body for _title, body, _cards in PAGES if body]
    out += [NO_ACTION, *(words for _keys, words in KEYS), *TITLES.values()]
    out += [a.words for a in ACTIONS.values()]
    return out + ["How to play", "< Previous", "Next >", "Back (Esc)"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_how_to_play_is_translated(lang):
    english = english_words()
    speech.switch(lang)
    left = [words for words in english if _(words) == words]
    assert not left, f"{lang}: still English: {left}"


def outside_brackets(texts: list[str]) -> list[tuple[str, str]]:
    found, depth = [], 0
    for text in texts:
        outside = bypassed(OPEN * depth + text, ("Scram!", *KEY_CAPS))
        if outside:
            found.append((text, outside))
        for ch in text:
            depth = depth + 1 if ch == OPEN else max(0, depth - 1) if ch == CLOSE else depth
    return found


def page_problems(app, monkeypatch, state: str) -> list[str]:
    boxes = drawn_texts(app, monkeypatch, top_only=True)
    window = pygame.Rect((0, 0), app.size)
    out = [] if boxes else [f"{state}: nothing drawn"]
    out += crowded(boxes, window, state)
    out += [
        f"{state}: the button {label!r} {r} leaves the window"
        for label, r in BUTTONS
        if not window.contains(r)
    ]
    texts = [t for t, _box in boxes]
    out += [f"{state}: {t!r} is cut short" for t in texts if t.endswith("…")]
    out += [f"{state}: {t!r} has an unfilled placeholder" for t in texts if "{" in t or "}" in t]
    if speech.code == "qps":
        out += [f"{state}: {t!r} is not from the catalog ({o!r})" for t, o in outside_brackets(texts)]
    if PAGES[app.top.page][0] == PAGES[4][0]:  # the pictures: each caption drawn whole, none dropped
        said = " ".join(texts)
        for family in ACTION_FAMILIES:
            whole = " ".join(HelpScene.caption(family, 10**6)[1])
            if whole not in said:
                out.append(f"{state}: the caption {whole!r} is not drawn whole")
    return out


@pytest.mark.parametrize("size", [SMALL, USUAL, LARGE], ids=size_id)
@pytest.mark.parametrize("lang", [*LANGUAGES, "qps"])
def test_every_page_of_how_to_play_fits_whole(monkeypatch, lang, size):
    speech.switch(lang)
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.show("menu")
    app.open("help")
    found = []
    for page in range(len(PAGES)):
        app.top.page = page
        found += page_problems(app, monkeypatch, f"{lang} {size_id(size)} page {page + 1}")
    assert not found, "\n".join(found[:30])
