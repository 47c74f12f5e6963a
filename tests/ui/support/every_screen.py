"""Every screen the game's routes can build (game/ui/routes.py), each brought to a state worth
looking at, for the checks that run in every language: the menu, New game, How to play's
pages, Settings, About, the statistics, Past games, a confirmation, the table with its
prompt, the pause overlay, the round's summary, game over, the review, the guided game,
Play with friends, the host form, the lobby, a networked table and a watched one.

`tour(size, folder)` yields a `Stop` per state, each made anew for the language spoken now
(so what a screen lays out at its start is laid out in that language); the caller looks at
it before asking for the next. Each stop names its route, and `data`: the words it drew that
come from outside the catalog because the stop itself put them there (the campers' names at
its table, a table's code, what is typed in a field). The bots' names and the keys' letters
are data too; they are read from the code that draws them, never listed by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import finished_game
from ui.support.layout import NAMES, table_at
from ui.support.net_layout import CODE, LONG_NAMES, ME, kept_seats, lobby_session, remote_table, watched_table

from game.files import kept_games as archive
from game.files.settings import Settings
from game.files.stats import GameFacts, Stats
from game.files.table_seats import table_seats
from game.rules.record import parse_record
from game.seat.words import BOT_NAMES
from game.ui.kit.app import App
from game.ui.routes import make_app
from game.ui.scenes.how_to_play import EAR_KEYS, KEYS, PAD_KEYS, PAGES

GAME_NAME = "Scram!"
"""The game's own name, written the same in every language (the menu's title)."""

KEY_CAPS = tuple(keys for keys, _words in KEYS + EAR_KEYS + PAD_KEYS)
"""The letters on How to play's key caps ("D", "W / L", "F11", a pad's "LB"): the keyboard's and
the pad's, not words."""

RECORD_NAMES = ["Ann", "Bea", "Cal", "Dan", "Eve", "Fay"]


@dataclass
class Stop:
    """One screen in one state: its route, a name for the reports, the app showing it."""

    route: str
    name: str
    app: App
    table: object = None
    """The table under the screen whose own pictures (board, prompt, sidebar) are checked too."""
    top_only: bool = False
    """An overlay: its own lines are checked (what it covers is another stop's)."""
    data: tuple[str, ...] = field(default_factory=tuple)


def _app(size, **settings) -> App:
    base = {"speed": "instant", "bot_pace": "instant", "muted": True}
    return make_app(size, Settings(**(base | settings)), persist=False)


def _stats() -> Stats:
    """Statistics of every mode, a level each and the bots' mix, and 30 games' margins."""
    s = Stats()
    rows = [
        ("3-duo", "mixed"),
        ("3-solo", "trailblazer"),
        ("4", "scout"),
        ("4", "greenhorn"),
        ("6", "ranger"),
    ]
    for k in range(30):
        mode, level = rows[k % len(rows)]
        won = k % 3 != 0
        margin = (k * 7) % 40 + 1
        s.add(GameFacts(mode, level, won, 5, 3, 1, int(won), 60, margin if won else -margin, k % 2))
    return s


def records() -> list[dict]:
    """Finished games as Past games keeps them: 4 campers against one level, 3 as the solo
    and as the duo, 6 against mixed bots, and a watched one."""
    four, three, six = finished_game(5, 4), finished_game(6, 3), finished_game(7, 6)
    return [
        archive.game_record(four, RECORD_NAMES[:4], [None, "scout", "scout", "scout"], 0),
        archive.game_record(three, RECORD_NAMES[:3], [None, "ranger", "ranger"], 0),
        archive.game_record(three, RECORD_NAMES[:3], ["ranger", "ranger", None], 2),
        archive.game_record(six, RECORD_NAMES, [None, "scout", "ranger", "scout", "greenhorn", "scout"], 0),
        archive.game_record(four, RECORD_NAMES[:4], ["scout"] * 4, None),
    ]


def _menus(size) -> Iterator[Stop]:
    app = _app(size)
    app.show("menu")
    yield Stop("menu", "menu", app, data=(GAME_NAME,))
    app.open("settings")
    yield Stop("settings", "settings", app)
    app.pop()
    scene = app.open("new_game")
    for mode in range(4):  # the four tables: one or two teammates, the duo's and the solo's
        scene.mode = mode
        yield Stop("new_game", f"new game, table {mode}", app, data=BOT_NAMES)
    scene.toggle_per_seat()
    for mode in (1, 2):
        scene.mode = mode
        yield Stop("new_game", f"new game, levels per seat, table {mode}", app, data=BOT_NAMES)
    app.pop()
    scene = app.open("help")
    for page in range(len(PAGES)):
        scene.page = page
        yield Stop("help", f"how to play, page {page + 1}", app, data=KEY_CAPS)
    app.pop()
    app.open("about")
    yield Stop("about", "about", app, data=(GAME_NAME,))


def records_screens(size, folder: Path, kept: list[dict], make=_app) -> Iterator[Stop]:
    """The statistics (none yet, some, asking to reset), Past games (none, a refusal, reading,
    all read) and a kept game's review; `make(size)`: the app to show them in."""
    app = make(size)
    app.show("menu")
    app.open("stats", Stats())
    yield Stop("stats", "statistics, no games yet", app, top_only=True)
    app.pop()
    app.open("stats", _stats())
    yield Stop("stats", "statistics", app, top_only=True)
    app.top.ask_reset()
    yield Stop("stats", "statistics, asking to reset", app, top_only=True)
    app.pop()
    empty = folder / "none"
    empty.mkdir(exist_ok=True)
    scene = app.open("past_games", empty)
    yield Stop("past_games", "past games, none kept", app, top_only=True)
    scene.export()  # nothing to export: the refusal's line
    scene._refused(scene.buttons[1].why)
    yield Stop("past_games", "past games, none kept, a refusal", app, top_only=True)
    app.pop()
    full = folder / "kept"
    if not full.exists():
        full.mkdir()
        for k in range(24):
            archive.keep(kept[k % len(kept)], full)
    scene = app.open("past_games", full)
    yield Stop("past_games", "past games, reading", app, top_only=True, data=tuple(RECORD_NAMES))
    while not scene.games.done:
        scene.update(0.016)
    scene.sel = len(scene.games) - 1  # the last one: the list's place line shows
    yield Stop("past_games", "past games, all read", app, top_only=True, data=tuple(RECORD_NAMES))
    app.pop()
    review = app.open("review", parse_record(kept[0]))
    for _ in range(45):  # into the second round: the score sheet has a row
        review.forward()
    yield Stop("review", "review", app, data=tuple(RECORD_NAMES))


def _tables(size) -> Iterator[Stop]:
    names = tuple(NAMES)
    for campers, human in ((6, 0), (3, 1), (3, 0)):  # the most seats, the duo's and the solo's
        table = table_at(size, campers, human)
        yield Stop("table", f"table of {campers}, seat {human}", table.app, table=table, data=names)
        table.close()
    table = table_at(size, 4, 0)
    yield Stop("table", "table of 4, the player's turn", table.app, table=table, data=names)
    table.app.open("pause", table)
    yield Stop("pause", "pause", table.app, top_only=True, data=names)
    table.close()
    yield from endings(size)


def endings(size, make=_app) -> Iterator[Stop]:
    """The round's summary, once its count is done, then game over, of a whole game (the
    last round's summary); `make(size)`: the app to show them in."""
    names = tuple(NAMES)
    app = make(size)
    app.show("menu")
    game = finished_game(5, 4)
    from game.ui.scenes.table import TableScene

    table = TableScene(app, game, list(names[:4]), [None, "greenhorn", "greenhorn", "greenhorn"], 0)
    app.push(table)
    for _ in range(400):
        app.step(1 / 60)
        if type(app.top).__name__ == "RoundEndScene" and app.top.done:
            break
    yield Stop("round_end", "round summary", app, table=None, top_only=True, data=names)
    app.top.next()
    for _ in range(60):
        app.step(1 / 60)
        if type(app.top).__name__ == "GameOverScene":
            break
    yield Stop("game_over", "game over", app, data=names)
    table.close()


def _learning(size) -> Iterator[Stop]:
    app = _app(size)
    scene = app.open("tutorial")
    for _ in range(30):
        app.step(1 / 60)
    coached = tuple(scene.course.seats[1:])  # the lesson's campers (the player is "You")
    yield Stop("tutorial", "the first lesson", app, table=scene.table, data=coached)
    scene.table.close()


def _network(size) -> Iterator[Stop]:
    names = (ME, *LONG_NAMES, CODE)
    kept_seats()  # two seats kept at tables: "Your seat is waiting"
    codes = tuple(seat.code for seat in table_seats()[0])
    app = _app(size, player_name="Wilhelmina")
    app.open("friends")
    yield Stop("friends", "play with friends", app, data=("Wilhelmina", *codes))
    app = _app(size, player_name="Wilhelmina")
    app.open("host_table")
    yield Stop("host_table", "the host form", app, data=("Wilhelmina", *BOT_NAMES))
    app = _app(size)
    app.show("lobby", lobby_session(4, 1))
    yield Stop("lobby", "the lobby", app, data=names)
    app, table = remote_table(size, 4, 1)
    yield Stop("net_table", "a networked table", app, table=table, data=names)
    table.ask_leave()
    yield Stop("confirm", "leaving a networked table", app, top_only=True, data=names)
    table.close()
    app, table = watched_table(size)
    yield Stop("net_table", "watching a table", app, table=table, data=names)
    table.close()


def tour(size: tuple[int, int], folder: Path, kept: list[dict]) -> Iterator[Stop]:
    """Every stop, in the language spoken now (see the module's docstring)."""
    random.seed(1)
    yield from _menus(size)
    yield from records_screens(size, folder, kept)
    yield from _tables(size)
    yield from _learning(size)
    yield from _network(size)
