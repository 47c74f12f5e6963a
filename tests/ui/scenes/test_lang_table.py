"""The table in other languages: mid-game, with a prompt, the log and the sidebar, every line
it draws in the pseudo-locale is in brackets (a line that is not bypassed the catalog), and
in German, French, Polish and the pseudo-locale no text leaves the window or overlaps
another, at 1024x640, 1280x720 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from test_lang_screens import ALLOWED, _open_after
from ui.support.layout import (
    LARGE,
    NAMES,
    SMALL,
    USUAL,
    Recording,
    crowded,
    drawn_texts,
    problems,
    settle,
    size_id,
    table_at,
)

from game.lang import speech
from game.lang.pseudo import OPEN, bypassed
from game.rules.decisions import DISCARD, DRAW

KEPT = (*NAMES, *ALLOWED)  # names first: a key letter ("A") must not eat a name's
"""Drawn as they are in every language: the game's name, the campers' names, keys' letters."""


def not_from_the_catalog(texts: list[str]) -> list[tuple[str, str]]:
    found, depth = [], 0
    for text in texts:
        outside = bypassed(OPEN * depth + text, KEPT)
        if outside:
            found.append((text, outside))
        depth = _open_after(text, depth)
    return found


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def _tables(size):
    """The table at moments of a game: the start of a turn, a drawn action card held, a
    replacement being chosen, and the next turn after the bots' (the log has their lines)."""
    table = table_at(size, 4, 0, deck=[7, 3, 9, 5, 11, 2, 8, 6, 12, 4, 10, 1, 13])
    yield "turn start", table
    table.decide(DRAW)
    settle(table)
    table.enter_turn()
    yield "a card held", table
    table.turn.start_replace()
    table.turn.click_target((0, 0))
    table.refresh()
    yield "a replacement chosen", table
    table.turn.confirm_replace()
    settle(table)
    while table.session.turn != 0:  # each bot draws and throws the card away
        for decision in (DRAW, DISCARD):
            table.decide(decision)
            settle(table)
    table.enter_turn()
    yield "the next turn", table


def _texts(table, monkeypatch) -> list[str]:
    """Every line the table draws: on the window, in its own pictures, in the sidebar."""
    drawn = [t for t, _b in drawn_texts(table.app, monkeypatch)]
    return drawn + [t for t, _b in _boxes(table)] + _sidebar_texts(table, monkeypatch)


def _sidebar_texts(table, monkeypatch) -> list[str]:
    """The sidebar's lines as it renders them on its own picture (round, teams, turn, log)."""
    from game.ui import skin

    made: dict[int, str] = {}
    real = skin.text

    def text(message, kind, size, color):
        img = real(message, kind, size, color)
        made[id(img)] = message
        return img

    monkeypatch.setattr(skin, "text", text)
    area = table.board.layout.sidebar
    surface = Recording(area.size, made)
    table.sidebar.render(surface, area.h)
    monkeypatch.setattr(skin, "text", real)
    return [t for t, _b in surface.boxes]


def _boxes(table) -> list[tuple[str, pygame.Rect]]:
    """The table's own text boxes (board, prompt, buttons), their words without the check's
    names for them ("seat 2: ", "prompt: ", "button: ")."""
    out = []
    for name, box in table.text_boxes():
        if name == "deck top":  # a name for the memory aid's line, not its words
            continue
        head, sep, words = name.partition(": ")
        out.append(
            (words if sep and (head in ("prompt", "button") or head.startswith("seat ")) else name, box)
        )
    return out


@pytest.mark.parametrize("size", [SMALL, USUAL, LARGE], ids=size_id)
def test_in_the_pseudo_locale_every_line_of_the_table_comes_from_the_catalog(monkeypatch, size):
    speech.switch("qps")
    found, seen = [], 0
    for name, table in _tables(size):
        texts = _texts(table, monkeypatch)
        seen += len(texts)
        found += [f"{name}: {t!r} is not in brackets ({out!r})" for t, out in not_from_the_catalog(texts)]
    assert seen > 20, "the table drew its lines"
    assert not found, "\n".join(found)


LONG = ("en", "de", "fr", "pl", "qps")


def _layout_params() -> list:
    fast = {("de", SMALL), ("pl", SMALL), ("qps", SMALL)}  # the rest in the slow run
    return [
        pytest.param(
            lang, s, id=f"{lang}-{size_id(s)}", marks=[] if (lang, s) in fast else [pytest.mark.slow]
        )
        for s in (SMALL, USUAL, LARGE)
        for lang in LONG
    ]


@pytest.mark.parametrize(("lang", "size"), _layout_params())
def test_the_table_fits_in_long_languages(monkeypatch, lang, size):
    """No text of the table leaves the window or overlaps another, mid-game, with its prompt,
    buttons, log and sidebar, and none is cut short with "…" but a long name."""
    speech.switch(lang)
    found = []
    window = pygame.Rect(0, 0, *size)
    for name, table in _tables(size):
        state = f"{lang} {size_id(size)} {name}"
        found += problems(table, state)
        boxes = drawn_texts(table.app, monkeypatch, top_only=True)
        found += crowded(boxes, window, state)
        cut = [t for t in _sidebar_texts(table, monkeypatch) if t.endswith("…") and not t.startswith("Bart")]
        found += [f"{state}: the sidebar cut {t!r}" for t in cut]
        if table.prompt_bar.cut:
            found.append(f"{state}: the prompt was cut: {table.turn.prompt!r}")
    assert not found, "\n".join(found)
