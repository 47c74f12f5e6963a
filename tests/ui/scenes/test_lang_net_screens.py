"""The screens of network play in other languages: Play with friends (kept seats, a join's
problem, a file set aside), the lobby (host, guest, watcher, a refusal) and Host a table.
In the pseudo-locale every line they draw is in brackets (a line that is not bypassed the
catalog); in German, Polish and the pseudo-locale (40 % longer) no text leaves the window,
none overlaps another and no label is wider than its button, at 1024x640, 1280x720 and
1920x1080; and no line is cut short with "…" in any language, the 24-character names apart."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import BUTTONS, LARGE, SMALL, USUAL, crowded, drawn_texts, size_id
from ui.support.net_layout import CODE, LONG_NAMES, ME, QueuedLink, kept_seats, lobby_session

from game.files.settings import Settings
from game.lang import speech
from game.lang.pseudo import CLOSE, OPEN, bypassed
from game.net import protocol
from game.seat.notices import Notice
from game.seat.remote_session import RemoteSession
from game.seat.watch_session import WatchSession
from game.seat.words import BOT_NAMES
from game.ui.routes import make_app

LANGS = ("de", "pl", "qps")
ALLOWED = (ME, *LONG_NAMES, *BOT_NAMES, "W" * 16, CODE, "KX4P2Q")
"""Drawn as they are in every language: the campers' names, the bots' names, the codes."""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


def _refused(watching: bool = False) -> RemoteSession:
    """A lobby whose link failed: the server refused the table (watching: a watcher's)."""
    notice = Notice.refusal({"code": "no-table", "message": "there is no table"}, watching, code=CODE)
    messages = [
        {"type": "link", "status": "connecting", "attempt": 0},
        {"type": "link", "status": "failed", "why": notice.text(), "notice": notice},
    ]
    link = QueuedLink(messages)
    session = (
        WatchSession(link, ME, code=CODE) if watching else RemoteSession(link, ME, keep=False, code=CODE)
    )
    session.pump()
    return session


def _watching() -> WatchSession:
    """A watcher's lobby before the host starts."""
    messages = [
        protocol.welcome("test"),
        {"type": "watching", "code": CODE, "watcher": 1},
        protocol.table(
            CODE,
            4,
            0,
            False,
            [protocol.seat_entry(LONG_NAMES[s], "human", "ranger", True, None) for s in range(2)]
            + [protocol.seat_entry(None, "open", "ranger", False, None)] * 2,
        ),  # fmt: skip
        {"type": "link", "status": "connected"},
    ]
    session = WatchSession(QueuedLink(messages), ME, code=CODE)
    session.pump()
    return session


def _open_seats() -> RemoteSession:
    """A host's lobby with two open seats (each with its Sit here button)."""
    humans = [protocol.seat_entry(n, "human", "trailblazer", True, None) for n in (ME, LONG_NAMES[1])]
    messages = [
        {"type": "link", "status": "hosting", "port": 8765, "addresses": ["192.168.100.200"]},
        protocol.welcome("test"),
        protocol.joined(CODE, 0, "t" * 32),
        protocol.table(
            CODE, 4, 0, False, humans + [protocol.seat_entry(None, "open", "trailblazer", False, None)] * 2
        ),
        {"type": "link", "status": "connected"},
    ]
    session = RemoteSession(QueuedLink(messages), ME, keep=False)
    session.pump()
    return session


def _app(size, **settings):
    settings = {"muted": True, "speed": "instant", "bot_pace": "instant", **settings}
    app = make_app(size, Settings(**settings), persist=True)
    pygame.event.clear()
    return app


def _screens(size):
    """Each screen of network play, drawn in turn: (its name, the app showing it, its fields)."""
    for campers, started, me in ((4, False, 1), (6, True, 0), (3, False, 2)):
        app = _app(size)
        app.show("lobby", lobby_session(campers, me, started))
        yield f"lobby {campers} {'on' if started else 'waiting'}", app, ()
    for name, session in (
        ("open seats", _open_seats()),
        ("refused", _refused()),
        ("watch refused", _refused(True)),
        ("watcher", _watching()),
    ):
        app = _app(size)
        app.show("lobby", session)
        yield f"lobby {name}", app, ()
    app = _app(size, player_name=ME[:16])
    form = app.open("host_table")
    for size_index, seat, server in ((0, 1, False), (1, 4, False), (2, 2, True)):
        form.size, form.seat = size_index, seat
        form._place(server)()
        yield f"host form {form.campers} seat {seat}{' on a server' if server else ''}", app, [form.address]
    form.address.value = "wss://scram.example/ABC234"
    form.go()  # refused: an address with a path
    yield "host form refused", app, [form.address]
    kept_seats()
    app = _app(size, player_name="W" * 16)
    friends = app.open("friends")
    yield "friends", app, friends.fields()
    friends.address.value = "scram://" + "w" * 40
    friends.join()  # refused: no table code
    friends.warn(speech.gettext("the tables you sit at", {}))  # a note, as a file set aside gives it
    yield "friends refused", app, friends.fields()


def _open_after(text: str, depth: int) -> int:
    for ch in text:
        depth = depth + 1 if ch == OPEN else max(0, depth - 1) if ch == CLOSE else depth
    return 0 if text.endswith("…") else depth


def _not_from_the_catalog(texts: list[str]) -> list[tuple[str, str]]:
    """Drawn lines with letters outside brackets (a wrapped paragraph's lines read in order)."""
    found, depth = [], 0
    for text in texts:
        if text.endswith("…") and any(name.startswith(text[:-1]) for name in ALLOWED):
            continue  # a camper's long name cut to its column: data, not words
        outside = bypassed(OPEN * depth + text, ALLOWED)
        if outside:
            found.append((text, outside))
        depth = _open_after(text, depth)
    return found


def _the_tables_words(app) -> set[str]:
    """What these screens draw in the table's words, which have checks of their own
    (tests of game/ui/table): the teams' names and the audience panel's buttons."""
    words: set[str] = set()
    audience = getattr(app.top, "audience", None)
    return words | ({b.label for b in audience.buttons()} if audience is not None else set())


def _placeholders(fields) -> list[tuple[str, pygame.Rect]]:
    return [(f"field {f.placeholder}", f.rect) for f in fields]


@pytest.mark.parametrize("size", [SMALL, USUAL, LARGE], ids=size_id)
def test_in_the_pseudo_locale_every_line_of_network_play_comes_from_the_catalog(monkeypatch, size):
    speech.switch("qps")
    found, seen = [], 0
    for name, app, fields in _screens(size):
        theirs = _the_tables_words(app)
        texts = [text for text, _box in drawn_texts(app, monkeypatch) if text not in theirs]
        texts += [f.placeholder for f in fields if not f.value]
        texts = [t for t in texts if not any(f.value and t.startswith(f.value[:12]) for f in fields)]
        seen += len(texts)
        found += [f"{name}: {t!r} is not in brackets ({out!r})" for t, out in _not_from_the_catalog(texts)]
    assert seen > 150, "the screens drew their lines"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", [SMALL, USUAL, LARGE], ids=size_id)
@pytest.mark.parametrize("lang", LANGS)
def test_network_play_fits_in_long_languages(monkeypatch, lang, size):
    speech.switch(lang)
    assert speech.code == lang
    found = []
    window = pygame.Rect(0, 0, *size)
    for name, app, fields in _screens(size):
        boxes = drawn_texts(app, monkeypatch)
        assert boxes, f"{name}: nothing drawn"
        state = f"{lang} {size_id(size)} {name}"
        found += crowded(boxes, window, state)
        for label, rect in [*BUTTONS, *_placeholders(fields)]:
            if not window.contains(rect):
                found.append(f"{state}: {label!r} {rect} leaves the window")
        for label, rect in BUTTONS:  # two buttons never lie on one another
            found += [
                f"{state}: {label!r} overlaps {b!r}" for b, r in BUTTONS if b != label and r.colliderect(rect)
            ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["de", "fr", "es", "it", "pt_BR", "pl"])
def test_no_line_of_network_play_is_cut_short_in_any_language(monkeypatch, lang):
    speech.switch(lang)
    cut = [
        f"{name}: {text!r}"
        for name, app, _fields in _screens(SMALL)
        for text, _box in drawn_texts(app, monkeypatch)
        if text.endswith("…") and not any(text.startswith(n[:8]) for n in ALLOWED) and "…" not in text[:-1]
    ]
    assert not cut, "\n".join(cut)


def test_a_language_switched_meanwhile_is_spoken_at_once_by_friends_and_a_refused_lobby(monkeypatch):
    """Play with friends and the lobby set their words at every frame, and a refusal is said
    when it is drawn: a switch needs no new screen, and the server's refusal follows it."""
    app = _app(SMALL)
    app.open("friends")
    shown = [t for t, _box in drawn_texts(app, monkeypatch)]
    assert "Play with friends" in shown and "Join (Enter)" in shown
    speech.switch("de")
    shown = [t for t, _box in drawn_texts(app, monkeypatch)]
    assert "Mit Freunden spielen" in shown and "Beitreten (Enter)" in shown and "Join (Enter)" not in shown
    speech.switch("en")
    app.show("lobby", _refused())
    line = app.top.status_line()[0]
    assert line == f"Could not take a seat. There is no table {CODE} at this server (or it has just closed)."
    speech.switch("pl")
    polish = f"Na tym serwerze nie ma stołu {CODE} (albo właśnie został zamknięty)."
    assert app.top.status_line()[0] == f"Nie udało się zająć miejsca. {polish}"
