"""Every screen looked at in one language and one window size, once: what the checks of
tests/ui/scenes/test_lang_every_screen.py read (the layout in every language, the lines that
bypassed the catalog in the pseudo-locale).

`looks(lang, size)` tours every screen (ui/support/every_screen.py) in `lang` and keeps, for
each stop, what went wrong with its layout (a text that leaves the window, two that overlap,
a label wider than its button, a line cut short with "…") and every line any font rendered
while the stop was made and drawn. It is kept for the session: a screen is rendered once per
language and size, whatever number of checks read it.

Every rendered line is caught where pygame renders it (`pygame.font.Font.render`), not where
a screen draws it, so the lines of the pictures a screen keeps (the table's board and
sidebar, the review's score sheet, the cards' action words) are read as well as those drawn
straight onto the window.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.every_screen import Stop, records, tour
from ui.support.layout import BUTTONS, crowded, drawn_texts, problems, size_id
from ui.support.net_layout import sidebar_texts

from game.lang import catalogs, speech
from game.lang.pseudo import _PAD as PAD
from game.lang.pseudo import CLOSE, OPEN, bypassed, pseudo

LANGS = ("en", "de", "fr", "es", "it", "pt_BR", "pl", "qps")
"""Every language the game speaks, and the pseudo-locale (40 % longer, in brackets)."""


@dataclass
class Look:
    """One stop of the tour as it was drawn in one language and size."""

    route: str
    name: str
    lines: list[str] = field(default_factory=list)
    """Every line a font rendered for it, in the order rendered."""
    data: tuple[str, ...] = ()
    problems: list[str] = field(default_factory=list)
    """Its layout's faults, one line each."""


class _Tap:
    """Catches every line rendered by any font made while it is on: fonts made from a
    recording subclass of pygame's, the skin's caches emptied and its text left uncached,
    so that a line drawn twice is seen twice and in order."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from game.ui import skin
        from game.ui.skin import fonts

        self.lines: list[str] = []
        # Each rendered line is kept alive until the stop is done: the layout's recorder knows
        # a text by its surface's id, and a freed surface's id would be a new panel's.
        self.alive: list[pygame.Surface] = []
        lines, alive, self.paused = self.lines, self.alive, [False]
        paused = self.paused

        class Recording(pygame.font.Font):
            def render(self, text, *args, **kwargs):
                img = super().render(text, *args, **kwargs)
                if isinstance(text, str) and text.strip() and not paused[0]:
                    lines.append(text)
                    alive.append(img)
                return img

        skin.clear_caches()
        monkeypatch.setattr(pygame.font, "Font", Recording)
        cached, raw = fonts.text, fonts.text.__wrapped__

        def uncached(*args, **kwargs):
            return raw(*args, **kwargs)

        uncached.cache_clear, uncached.cache_info = cached.cache_clear, cached.cache_info  # as the skin asks
        monkeypatch.setattr(fonts, "text", uncached)
        monkeypatch.setattr(skin, "text", uncached)
        measure = fonts.line_height  # its probe of tall letters is never drawn

        def line_height(kind: str, size: int) -> int:
            paused[0] = True
            try:
                return measure(kind, size)
            finally:
                paused[0] = False

        monkeypatch.setattr(fonts, "line_height", line_height)
        monkeypatch.setattr(skin, "line_height", line_height)

    def take(self) -> list[str]:
        taken = list(self.lines)
        self.lines.clear()
        self.alive.clear()
        return taken


def _layout(stop: Stop, monkeypatch, state: str, written: tuple[str, ...]) -> list[str]:
    """What is wrong with how `stop` is laid out now."""
    window = pygame.Rect(0, 0, *stop.app.size)
    boxes = drawn_texts(stop.app, monkeypatch, top_only=stop.top_only)
    if not boxes and stop.table is None:
        return [f"{state}: nothing drawn"]
    found = crowded(boxes, window, state)
    found += [
        f"{state}: the button {label!r} {r} leaves the window"
        for label, r in BUTTONS
        if not window.contains(r)
    ]
    found += [f"{state}: {t!r} is cut short" for t, _r in boxes if cut_short(t, stop.data, written)]
    table = stop.table
    if table is not None:
        found += problems(table, state)
        # the log's lines stand a font's line apart, their boxes 1 px deeper: compared without it
        side = [(t, r.inflate(0, -2)) for t, r in sidebar_texts(table, lambda a: drawn_texts(a, monkeypatch))]
        found += crowded(side, table.board.layout.sidebar, f"{state} sidebar")
        found += [
            f"{state} sidebar: {t!r} is cut short" for t, _r in side if cut_short(t, stop.data, written)
        ]
    return found


def written_ellipses(lang: str) -> tuple[str, ...]:
    """The English strings and `lang`'s translations that end in "…" as written ("Counting
    the campsites…"): a line that ends as one of them was not cut."""
    said = []
    for code in (lang, "de"):  # every catalog holds every English msgid: German's gives them
        catalog = getattr(catalogs.load(code).translations, "_catalog", {})  # as the self-test reads it
        said += [str(k[0] if isinstance(k, tuple) else k) for k in catalog] + [
            str(v) for v in catalog.values()
        ]
    return tuple(sorted({t.split("\x04")[-1] for t in said if t.endswith("…")}))


def cut_short(text: str, data: tuple[str, ...], written: tuple[str, ...] = ()) -> bool:
    """A line that ends in "…" where its words would not fit. A name too long for its place
    (one of the stop's `data`, a 24-character name at a seat) may be cut so, and so may the
    pseudo-locale's padding, once every word before it is shown; a sentence `written` with
    its ellipsis is whole."""
    if not text.endswith("…") or any(w.endswith(text) or text.endswith(w) for w in written):
        return False
    stem = text[:-1].rstrip()
    if stem.endswith(PAD):  # the pseudo-locale's padding cut, every word of it shown
        return False
    tail = stem.split(" · ")[-1]
    # a name cut where the line ends: its start ends the line ("Tura: Wilhelmina Montgo…")
    return not any(
        datum.startswith(tail) or any(stem.endswith(datum[:k]) for k in range(4, len(datum)))
        for datum in data
    )


_LOOKED: dict[tuple[str, tuple[int, int]], list[Look]] = {}
_RECORDS: list[dict] = []


def looks(lang: str, size: tuple[int, int]) -> list[Look]:
    """Every stop of the tour in `lang` at `size` (see the module's docstring)."""
    key = (lang, tuple(size))
    if key in _LOOKED:
        return _LOOKED[key]
    if not _RECORDS:
        _RECORDS.extend(records())
    out: list[Look] = []
    spoken = speech.code
    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory(prefix="scram-looks-") as home:
        mp.setenv("SCRAM_HOME", home)
        speech.switch(lang)
        assert speech.code == lang, f"{lang} is not spoken: {speech.problems}"
        tap, written = _Tap(mp), written_ellipses(lang)
        try:
            for stop in tour(size, Path(home), _RECORDS):
                state = f"{lang} {size_id(size)} {stop.name}"
                found = _layout(stop, mp, state, written)
                lines = tap.take()
                # the lines of a screen's own pictures too (the table's labels, the sheets)
                found += sorted(
                    {f"{state}: {t!r} is cut short" for t in lines if cut_short(t, stop.data, written)}
                )
                out.append(Look(stop.route, stop.name, lines, stop.data, found))
        finally:
            speech.switch(spoken)
    from game.ui import skin

    skin.clear_caches()  # the fonts made while the tap was on are its own class
    _LOOKED[key] = out
    return out


def _open_after(text: str, depth: int) -> int:
    """How many brackets are still open after `text`, `depth` being open before it."""
    for ch in text:
        depth = depth + 1 if ch == OPEN else max(0, depth - 1) if ch == CLOSE else depth
    return 0 if text.endswith("…") else depth  # a line cut short with an ellipsis ends its piece


ADDRESS = re.compile(r"[^\s\[\]]+://[^\s\[\]]*")
"""An address ("scram://192.168.1.2:8765/BZ7T9M"): the network's, in no language."""


def _shortened(word: str, data: tuple[str, ...], alone: bool) -> bool:
    """A name cut to fit its place: the start of a datum or of one of its words, 4 letters or
    more ("WWWWWWWW" of 24 W's, "Wiggl…"), or a seat's initials alone on a card ("Mm", "Mo")."""
    word = word.lower()
    starts = [part.lower() for datum in data for part in (datum, *datum.split())]
    return bool(word) and (len(word) >= 4 or alone) and any(part.startswith(word) for part in starts)


PSEUDO_LETTERS = frozenset(pseudo("acdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ", formatted=False)) - set(
    OPEN + CLOSE
)
"""The accented letters the pseudo-locale writes: a word holding one came from the catalog,
even when it stands outside its brackets (a translated sentence wrapped over lines)."""


def _outside(text: str, depth: int, data: tuple[str, ...]) -> str:
    """The letters of `text` outside brackets that are no datum, no address and no pseudo word."""
    for datum in data:
        text = text.replace(datum, " ")
    text = ADDRESS.sub(" ", text)
    alone = len(text.split()) == 1
    words = [w for w in text.split(" ") if not _shortened(w.strip("…'’,.:"), data, alone)]
    outside = bypassed(OPEN * depth + " ".join(words))
    kept = [w for w in re.findall(r"\w+", outside) if not PSEUDO_LETTERS.intersection(w)]
    return "".join(kept)


def not_from_the_catalog(texts: list[str], data: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The lines with letters outside brackets, and those letters, the words of `data` left
    aside. A paragraph wrapped over several lines opens its bracket on the first and closes
    it on the last: the lines are read in the order rendered, each inside the brackets left
    open before it, and a word with a letter only the pseudo-locale writes is the catalog's
    wherever it stands. Digits, signs and card values ("7", "=", "+10") have no letters: they
    are never counted; nor are addresses, a datum shortened to fit its place, or a lone
    letter (a key's cap; the cards measure their capitals with an "H" never drawn)."""
    found, depth = [], 0
    longest_first = tuple(sorted(data, key=len, reverse=True))  # "Bea Two" before "Bea"
    for text in texts:
        if len(text.strip()) == 1:  # a lone letter: a key's cap, or the skin measuring a capital
            continue
        outside = _outside(text, depth, longest_first)
        if outside:
            found.append((text, outside))
        depth = _open_after(text, depth)
    return found
