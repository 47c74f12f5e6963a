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
from game.ui.scenes.friends import FriendsScene
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.host_table import HostTableScene
from game.ui.scenes.how_to_play import HelpScene
from game.ui.scenes.lobby import LobbyScene
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
    "friends": FriendsScene,
    "host_table": HostTableScene,
    "lobby": LobbyScene,
    "net_table": TableScene,
}


def make_app(
    size: tuple[int, int] | None = None, settings: Settings | None = None, persist: bool = True
) -> App:
    """The game's App, with every screen reachable by name (`size` None: the window's size
    when the player last left, or 1280x720)."""
    return App(size, settings, persist=persist, routes=ROUTES)
