"""The Steam Deck's screen, 1280x800: every screen of the game laid out there (no text over
text, every line and button inside the window, no label wider than its button) and no text
drawn under 12 pixels, with the keyboard's prompts and with a pad's (its buttons' names in
the prompts, the letter picker over a field). The font size is read where each line is made
(`skin.text`, in pixels), so a line too small to read on the Deck's 7-inch screen fails
here whichever screen draws it."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from test_lobby_share import lobby_for
from ui.support.layout import BUTTONS, DECK, crowded, drawn_texts, problems, table_at
from ui_support import run

from game.files.settings import Settings
from game.ui import skin
from game.ui.kit.prompts import set_pad_prompts
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import draw_text
from game.ui.routes import make_app

SMALLEST = 12  # pixels: the smallest text the Deck's screen shows


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    set_pad_prompts(False)


def _app():
    return make_app(DECK, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)


def _menu_screens():
    """The menu and every screen it opens (and theirs), each drawn in turn: (name, app)."""
    app = _app()
    app.show("menu")
    yield "menu", app
    for name in ("settings", "about", "stats", "past_games", "friends", "host_table"):
        app.open(name)
        yield name, app
        app.pop()
    app.open("host_table").on_server = True
    yield "host form, on a server", app
    app.pop()
    form = app.open("new_game")
    for mode in range(4):
        form.mode = mode
        yield f"new game, table {mode}", app
    form.toggle_per_seat()
    yield "new game, levels per seat", app
    app.pop()
    helps = app.open("help")
    for page in range(8):
        helps.page = page
        yield f"how to play, page {page + 1}", app
    app.pop()
    app.open(
        "confirm",
        "Discard your game?",
        "The game in progress is lost when a new one starts.",
        "Discard it",
        lambda: None,
    )
    yield "confirm", app
    app.pop()
    friends = app.open("friends")
    app.render()
    app.open_picker(friends.name)
    yield "the letter picker over a name", app
    app.pop()
    app.open_picker(friends.code)
    yield "the letter picker over a code", app


def _table_screens():
    """The table at the player's turn with its hint, paused, its round's summary, the game
    over, its review and the first lesson: (name, app)."""
    from decks import finished_game

    from game.files import kept_games as archive
    from game.rules.record import parse_record
    from game.ui.table.teams import TeamLook

    table = table_at(DECK, 4, 0)
    table.enter_turn()
    table.turn.show_hint()
    for _ in range(200):
        if not table.turn.poll_hint():
            table.app.step(1 / 60)
    table.refresh()
    yield "table, the player's turn with its hint", table.app
    table.app.open("pause", table)
    yield "pause", table.app
    table.close()
    app = _app()
    game = finished_game(21)
    names, levels = ["Anneliese", "Bartholomew", "Cal", "Dot"], [None, "scout", "scout", "scout"]
    stand_in = SimpleNamespace(game=game, players=names, levels=levels, human=0, auto=False)
    stand_in.look = TeamLook(4, 0, shared=False)
    stand_in.teams = stand_in.look.names
    app.open("game_over", stand_in)
    yield "game over", app
    record = archive.game_record(game, names, levels, 0)
    review = app.open("review", parse_record(record))
    for step in (0, 30):
        review.go(step)
        yield f"review, step {step}", app
    app = _app()
    app.open("tutorial")
    run(app, 3)
    yield "the first lesson", app
    app.top.table.close()


def _sizes_of_text(monkeypatch) -> list[tuple[str, int]]:
    """(line, size in pixels) of each line of text made from now on."""
    made: list[tuple[str, int]] = []
    real = skin.text

    def text(message, kind, size, color):
        if str(message).strip():
            made.append((str(message), size))
        return real(message, kind, size, color)

    monkeypatch.setattr(skin, "text", text)
    return made


def _check(name: str, app, monkeypatch, prompts: str) -> list[str]:
    made = _sizes_of_text(monkeypatch)
    top_only = not app.top.opaque  # an overlay: its own lines (the screen under has its checks)
    boxes = drawn_texts(app, monkeypatch, top_only=top_only)
    monkeypatch.undo()
    state = f"{prompts} {name}"
    window = pygame.Rect(0, 0, *DECK)
    out = crowded(boxes, window, state)
    out += [
        f"{state}: the button {label!r} {r} leaves the window"
        for label, r in BUTTONS
        if not window.contains(r)
    ]
    out += [f"{state}: {line!r} is drawn at {size} px" for line, size in made if size < SMALLEST]
    table = getattr(app.top, "table", None) or (app.top if hasattr(app.top, "board") else None)
    if table is not None and hasattr(table, "board") and app.top.opaque:
        out += problems(table, state)
    return out


@pytest.mark.parametrize("prompts", ["keys", "pad"])
def test_every_menu_screen_fits_the_steam_deck_with_text_of_12_px_at_least(monkeypatch, prompts):
    found, seen = [], 0
    for name, app in _menu_screens():
        set_pad_prompts(prompts == "pad")
        found += _check(name, app, monkeypatch, prompts)
        seen += 1
    assert seen == 24
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("prompts", ["keys", "pad"])
def test_the_table_and_its_screens_fit_the_steam_deck_with_text_of_12_px_at_least(monkeypatch, prompts):
    found, seen = [], 0
    for name, app in _table_screens():
        set_pad_prompts(prompts == "pad")
        if hasattr(app.top, "refresh"):
            app.top.refresh()  # the prompt laid out again with the pad's words
        found += _check(name, app, monkeypatch, prompts)
        seen += 1
    assert seen == 6
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("campers", [4, 6])
def test_the_lobby_fits_the_steam_deck_with_text_of_12_px_at_least(monkeypatch, campers):
    found = []
    for state in ("open", "refused", "server"):
        lobby, _session = lobby_for(DECK, campers, state)
        for prompts in ("keys", "pad"):
            set_pad_prompts(prompts == "pad")
            found += _check(f"lobby, {campers} campers, {state}", lobby.app, monkeypatch, prompts)
    assert not found, "\n".join(found[:20])


class Tiny(Scene):
    """A screen with one line at 11 px (at the Deck's size, 11 design pixels are 11)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        draw_text(surface, "Too small to read", (20, 20), 11)


def test_the_check_sees_a_line_under_12_px(monkeypatch):
    app = _app()
    app.show("menu")
    run(app)
    assert not _check("menu", app, monkeypatch, "keys")
    app.push(Tiny(app))
    assert _check("tiny", app, monkeypatch, "keys") == ["keys tiny: 'Too small to read' is drawn at 11 px"]
