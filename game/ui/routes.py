"""The screens of the game by name: the one place that knows every scene class.

Scenes never import each other; they ask the app for a screen by name (`app.open("help")`
pushes it, `app.show("menu")` clears the stack and shows it). `make_app` builds an App that
knows these routes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.settings import Settings

from .about import AboutScene
from .app import App
from .confirm import ConfirmScene
from .game_over import GameOverScene
from .help import HelpScene
from .hints import with_hints
from .menu import MenuScene
from .new_game import NewGameScene
from .past_games import PastGamesScene
from .pause import PauseScene
from .review_scene import ReviewScene
from .round_end import RoundEndScene
from .scene import Scene
from .settings_scene import SettingsScene
from .stats_scene import StatsScene
from .table import TableScene
from .tutorial_scene import TutorialScene

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
}


def make_app(
    size: tuple[int, int] | None = None, settings: Settings | None = None, persist: bool = True
) -> App:
    """The game's App, with every screen reachable by name (`size` None: the window's size
    when the player last left, or 1280x720)."""
    return App(size, settings, persist=persist, routes=ROUTES)
