"""What happens to a game once it is over: its record is kept (Past games), counted (the
statistics) and can be reviewed at once. The game-over screen makes one call here."""

from __future__ import annotations

from game.files.kept_games import game_record, keep_finished_game
from game.rules.record import parse_record

from .access import hint_provider


def hints_used(table) -> int:
    """Hints the player asked for at this table (its hint provider counts them)."""
    used = getattr(hint_provider(table), "used", 0)
    return used if type(used) is int else 0


def finish_game(app, table) -> dict:
    """The finished game's record; kept and counted unless the app writes no files
    (a watched game, the self-test) or the player only watched it (a friends' table watched:
    nobody's game here). Notes for the player go to `app.messages`."""
    args = (table.game, table.players, table.levels, table.human, hints_used(table))
    watched = getattr(getattr(table, "session", None), "watcher", False)
    if not getattr(app, "persist", False) or getattr(table, "auto", False) or watched:
        return game_record(*args)
    record, notes = keep_finished_game(*args)
    app.messages.extend(notes)
    return record


def open_review(app, record: dict, title: str = "Review: this game") -> None:
    app.open("review", parse_record(record), title=title)
