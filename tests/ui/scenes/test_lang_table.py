"""The table in other languages: mid-game, with a prompt, the log and the sidebar, every line
it draws in the pseudo-locale is in brackets (a line that is not bypassed the catalog), and
in German, French, Polish and the pseudo-locale no text leaves the window or overlaps
another, at 1024x640, 1280x720 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.every_screen import GAME_NAME, KEY_CAPS
from ui.support.lang_look import not_from_the_catalog as outside_brackets
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
from game.rules.decisions import DISCARD, DRAW
from game.seat.modes import Mode
from game.seat.words import BOT_NAMES

KEPT = (*NAMES, GAME_NAME, *BOT_NAMES, *KEY_CAPS)
"""Drawn as they are in every language: the game's name, the campers' and bots' names, keys' letters."""


def not_from_the_catalog(texts: list[str], kept: tuple[str, ...] = KEPT) -> list[tuple[str, str]]:
    """The lines with letters outside brackets (ui/support/lang_look.py), and those letters."""
    return outside_brackets(texts, kept)


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
    assert table.turn.mode is Mode.CHOOSE and table.game.view(0).drawn == 7
    yield "a card held", table
    table.turn.start_replace()
    table.turn.click_target((0, 0))
    table.refresh()
    assert table.turn.mode is Mode.REPLACE and table.turn.sel == [(0, 0)]
    yield "a replacement chosen", table
    table.turn.confirm_replace()
    settle(table)
    while table.session.turn != 0:  # each bot draws and throws the card away
        for decision in (DRAW, DISCARD):
            table.decide(decision)
            settle(table)
    table.enter_turn()
    assert len(table.sidebar.log) >= 8, (
        table.sidebar.log
    )  # the deal, the replacement, 3 bots' draws and discards
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


def _made_texts(monkeypatch, draw) -> list[str]:
    """Every line of text made while `draw()` runs, wherever it is blitted (the review draws
    its board and sheet on pictures of its own)."""
    from game.ui import skin

    made: list[str] = []
    real = skin.text

    def text(message, kind, size, color):
        made.append(message)
        return real(message, kind, size, color)

    monkeypatch.setattr(skin, "text", text)
    try:
        draw()
    finally:
        monkeypatch.setattr(skin, "text", real)
    return [m for m in made if m.strip()]


def _cut_name(text: str) -> bool:
    return text.endswith("…") and any(name.startswith(text[:-1]) for name in NAMES)


def test_in_the_pseudo_locale_every_line_of_the_review_comes_from_the_catalog(monkeypatch):
    from decks import finished_game

    from game.files import kept_games as archive
    from game.rules.record import parse_record

    speech.switch("qps")
    app = table_at(SMALL, 4, 0).app
    record = archive.game_record(finished_game(21, 4), NAMES[:4], [None] + ["scout"] * 3, 0)
    review = app.open("review", parse_record(record))
    found, seen = [], 0
    for pos in (0, 12, 40, review.last):
        review.go(pos)
        review.seat = None if pos % 2 else 1  # every card shown, and one camper's view
        review._board = review._side = review._sheet = None
        log = review.log_lines()
        drawn = _made_texts(monkeypatch, lambda: review.draw(app.screen))
        # the log's wrapped pieces are read whole (its first shown piece may be a tail), and a
        # name cut to its column ("Bartholo…") is a name
        drawn = [t for t in drawn if not (len(t) > 15 and any(t in e for e in log)) and not _cut_name(t)]
        texts = drawn + log
        seen += len(texts)
        found += [
            f"review at {pos}: {t!r} is not in brackets ({out!r})" for t, out in not_from_the_catalog(texts)
        ]
    assert seen > 40, "the review drew its lines"
    assert not found, "\n".join(found)


def test_a_language_switch_over_the_table_changes_its_words_at_once(monkeypatch):
    """Settings over a table mid-turn: back at the table, the prompt, its buttons, the
    sidebar's buttons and lines and the cards' action names are in the new language."""
    moments = _tables(SMALL)
    next(moments)
    _name, table = next(moments)  # a 7 held: its prompt and the Play button name its action
    assert table.turn.prompt.startswith("You hold a 7. Flip 1:")
    speech.switch("de")
    table.update(0.0)
    assert table.turn.prompt.startswith("Du hältst eine 7. Aufdecken 1:")
    assert [b.label for b in table.turn.buttons] == [
        "Abwerfen (X)",
        "Spielen: Aufdecken 1 (A)",
        "Behalten (K)",
        "Tipp (?)",
    ]
    assert [b.label for b in table.sidebar.buttons] == ["Spielanleitung (H)", "Menü (Esc)"]
    sidebar = _sidebar_texts(table, monkeypatch)
    assert sidebar[0] == "Runde 1 von 4" and "Dein Zug" in sidebar, sidebar
    from game.ui.skin.cards import action_words

    assert action_words(7, 200)[0] == ["Aufdecken 1"]
    assert table.sidebar.log[:2] == ["Runde 1 ist gegeben. Du fängst an.", "Du ziehst eine 7."]


def test_in_the_pseudo_locale_a_networked_tables_marks_come_from_the_catalog(monkeypatch):
    """A friends' table the player came back to: the stand-in's moves in the log, a reaction's
    bubble, the away marks, the React and Leave buttons: every line in brackets."""
    from ui.support.net_layout import LONG_NAMES, ME, remote_table

    speech.switch("qps")
    _app, table = remote_table(SMALL, 4, 1)
    table.net.toggle()  # the row of reactions open
    texts = _texts(table, monkeypatch)
    texts += [text for _rect, text, _colour in table.net._seat_marks()]
    names = (ME, *LONG_NAMES)
    found = [
        f"{t!r} is not in brackets ({out!r})"
        for t, out in not_from_the_catalog(texts, (*names, *KEPT))
        if not (t.endswith("…") and any(n.startswith(t[:-1]) for n in names))  # a name cut to its room
    ]
    assert len(texts) > 30, texts
    assert not found, "\n".join(found)
