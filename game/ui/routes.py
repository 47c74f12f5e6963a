"""The screens of the game by name: the one place that knows every scene class.

Scenes never import each other; they ask the app for a screen by name (`app.open("help")`
pushes it, `app.show("menu")` clears the stack and shows it). `make_app` builds an App that
knows these routes.

A screen's module is imported the first time the screen is asked for, not at start: the
first menu frame needs the menu alone, and the table, the bots (`ai`), network play
(websockets, asyncio, ssl) and the review wait until they are opened (measured:
the first frame 0.1 s sooner). The loaders are plain imports in function bodies, so that
PyInstaller and the import contracts still see them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from game.files.settings import Settings
from game.ui.kit.app import App
from game.ui.kit.scene import Scene

Factory = Callable[..., Scene]


def _menu() -> Factory:
    from game.ui.scenes.menu import MenuScene

    return MenuScene


def _new_game() -> Factory:
    from game.ui.scenes.new_game import NewGameScene

    return NewGameScene


def _table() -> Factory:
    from game.ui.scenes.table import TableScene
    from game.ui.table.hints import with_hints

    return with_hints(TableScene)  # the Hint button for the player


def _net_table() -> Factory:
    from game.ui.scenes.table import TableScene
    from game.ui.table.hints import with_net_hints

    return with_net_hints(TableScene)  # a camper's Hint (a watcher gets none)


def _round_end() -> Factory:
    from game.ui.scenes.round_end import RoundEndScene

    return RoundEndScene


def _game_over() -> Factory:
    from game.ui.scenes.game_over import GameOverScene

    return GameOverScene


def _pause() -> Factory:
    from game.ui.scenes.pause import PauseScene

    return PauseScene


def _help() -> Factory:
    from game.ui.scenes.how_to_play import HelpScene

    return HelpScene


def _settings() -> Factory:
    from game.ui.scenes.settings import SettingsScene

    return SettingsScene


def _about() -> Factory:
    from game.ui.scenes.about import AboutScene

    return AboutScene


def _confirm() -> Factory:
    from game.ui.scenes.confirm import ConfirmScene

    return ConfirmScene


def _review() -> Factory:
    from game.ui.scenes.review import ReviewScene

    return ReviewScene


def _past_games() -> Factory:
    from game.ui.scenes.past_games import PastGamesScene

    return PastGamesScene


def _stats() -> Factory:
    from game.ui.scenes.statistics import StatsScene

    return StatsScene


def _tutorial() -> Factory:
    from game.ui.scenes.tutorial import TutorialScene

    return TutorialScene


def _friends() -> Factory:
    from game.ui.scenes.friends import FriendsScene

    return FriendsScene


def _host_table() -> Factory:
    from game.ui.scenes.host_table import HostTableScene

    return HostTableScene


def _lobby() -> Factory:
    from game.ui.scenes.lobby import LobbyScene

    return LobbyScene


class Routes(Mapping[str, Factory]):
    """Every screen by name; a screen's class is loaded the first time it is asked for."""

    def __init__(self, loaders: dict[str, Callable[[], Factory]]) -> None:
        self._loaders = loaders
        self._loaded: dict[str, Factory] = {}

    def __getitem__(self, name: str) -> Factory:
        if name not in self._loaded:
            self._loaded[name] = self._loaders[name]()  # KeyError for a name not known
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


ROUTES = Routes(
    {
        "menu": _menu,
        "new_game": _new_game,
        "table": _table,
        "round_end": _round_end,
        "game_over": _game_over,
        "pause": _pause,
        "help": _help,
        "settings": _settings,
        "about": _about,
        "confirm": _confirm,
        # learning: the review of a game, the kept games, the statistics
        "review": _review,
        "past_games": _past_games,
        "stats": _stats,
        "tutorial": _tutorial,
        # network play: host or join, the lobby, and the same table played remotely
        "friends": _friends,
        "host_table": _host_table,
        "lobby": _lobby,
        "net_table": _net_table,
    }
)


def make_app(
    size: tuple[int, int] | None = None, settings: Settings | None = None, persist: bool = True
) -> App:
    """The game's App, with every screen reachable by name (`size` None: the window's size
    when the player last left, or 1280x720)."""
    return App(size, settings, persist=persist, routes=ROUTES)
