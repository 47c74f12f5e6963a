"""Dealing a new game: the seed, the names at the table, and the table scene that shows it.

Kept apart from the scenes so that the new-game form, the game-over screen, the watch mode
and the self-test all start a game the same way, through the app's routes (the app is any
object that shows a route by name: `Shows`).
"""

from __future__ import annotations

import random
from typing import Protocol

from game.rules.state import Game

from .words import BOT_NAMES


class Shows(Protocol):
    """What a game is started on: the desktop app, which shows a route by name."""

    def show(self, name: str, *args: object, **kwargs: object) -> None: ...


def start_game(
    app: Shows,
    campers: int,
    human: int | None,
    players: list[str] | None,
    levels: list[str | None],
    seed: int | None = None,
    auto: bool = False,
) -> None:
    """Deal a new game and show its table (clears the scene stack)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    game = Game(campers, seed)
    if players is None:
        players = [BOT_NAMES[s % len(BOT_NAMES)] for s in range(campers)]
    app.show("table", game, list(players), list(levels), human, fresh=True, auto=auto)


def seat_names(campers: int, human: int, name: str) -> list[str]:
    """Everyone's name at the table: the player's own, and bot names unlike it."""
    names = iter(n for n in BOT_NAMES if n.lower() != name.lower())
    return [name if s == human else next(names) for s in range(campers)]
