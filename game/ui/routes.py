"""The screens of the game by name: the one place that knows every scene class.

Scenes never import each other; they ask the app for a screen by name (`app.open("help")`
pushes it, `app.show("menu")` clears the stack and shows it). `make_app` builds an App that
knows these routes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.files.settings import Settings
from game.ui.kit.app import App
from game.ui.kit.scene import Scene
from game.ui.scenes.about import AboutScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.how_to_play import HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.past_games import PastGamesScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.round_end import RoundEndScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatsScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.tutorial import TutorialScene
from game.ui.table.hints import with_hints


# Network play's screens load the network client (websockets, asyncio, ssl) when first opened,
# not at start: a player who never plays with friends starts 0.15 s sooner. Plain imports in
# function bodies, so that PyInstaller still finds them.
def _friends(*args, **kw) -> Scene:
    from game.ui.scenes.friends import FriendsScene

    return FriendsScene(*args, **kw)


def _host_table(*args, **kw) -> Scene:
    from game.ui.scenes.host_table import HostTableScene

    return HostTableScene(*args, **kw)


def _lobby(*args, **kw) -> Scene:
    from game.ui.scenes.lobby import LobbyScene

    return LobbyScene(*args, **kw)


ROUTES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "new_game": NewGameScene,
    "table": with_hints(TableScene),  # the Hint button for the player (issue 11)
    "round_end": RoundEndScene,
    "game_over": GameOverScene,
    "pause": PauseScene,
    "help": HelpScene,
    "settings": SettingsScene,
    "about": AboutScene,
    "confirm": ConfirmScene,
    # learning: the review of a game, the kept games, the statistics (issue 11)
    "review": ReviewScene,
    "past_games": PastGamesScene,
    "stats": StatsScene,
    "tutorial": TutorialScene,
    # network play (issue 25): host or join, the lobby, and the same table played remotely
    "friends": _friends,
    "host_table": _host_table,
    "lobby": _lobby,
    "net_table": TableScene,
}


def make_app(
    size: tuple[int, int] | None = None, settings: Settings | None = None, persist: bool = True
) -> App:
    """The game's App, with every screen reachable by name (`size` None: the window's size
    when the player last left, or 1280x720)."""
    return App(size, settings, persist=persist, routes=ROUTES)
