"""What happens to a game once it is over: its record is kept (Past games) and counted (the
statistics), unless nobody's game was played here. The game-over screen makes one call here,
with the facts of its table as arguments."""

from __future__ import annotations

from game.files.kept_games import game_record, keep_finished_game
from game.rules import Game


def hints_used(hints: object) -> int:
    """Hints the player asked for at a table: the count its hint provider keeps (0 without one,
    or for a count that is not a whole number)."""
    used = getattr(hints, "used", 0)
    return used if type(used) is int else 0


def finish_game(
    game: Game, players: list[str], levels: list, human: int | None, hints: int, *, keep: bool
) -> tuple[dict, list[str]]:
    """The finished game's record, and the notes for the player. The record is kept and counted
    only when `keep`: the app writes files, and the game was a player's own (not a watched game,
    not the self-test's, not a friends' table only watched)."""
    if not keep:
        return game_record(game, players, levels, human, hints), []
    return keep_finished_game(game, players, levels, human, hints)
