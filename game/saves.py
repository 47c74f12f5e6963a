"""The save game: the current game as a `scram-record/1` record in the user's data folder.

Saved after every decision (atomically), removed when the game ends. Continue replays
the record with the core (`parse_record` + `replay`), which restores the game exactly.
A save that cannot be read or replayed is set aside with a message, never a crash.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import RecordError
from .record import ReplayError, parse_record, replay, to_record
from .state import Game
from .userfiles import atomic_write, data_dir, read_user_file, set_aside


@dataclass
class Saved:
    """A restored game and who sat where."""

    game: Game
    players: list[str]
    levels: list[str | None]
    human: int | None


def save_path() -> Path:
    return data_dir() / "save.json"


def has_save(path: Path | None = None) -> bool:
    return (path or save_path()).is_file()


def write_save(
    game: Game, players: list[str], levels: list[str | None], human: int | None, path: Path | None = None
) -> str | None:
    """Save `game`; returns a message if the folder is not writable (the game goes on)."""
    record = to_record(
        game, players=players, levels=levels, human=human, saved=time.strftime("%Y-%m-%dT%H:%M:%S")
    )
    try:
        atomic_write(path or save_path(), json.dumps(record) + "\n")
    except OSError as e:
        return f"Could not save the game: {e.strerror or e}"
    return None


def delete_save(path: Path | None = None) -> None:
    try:
        (path or save_path()).unlink()
    except OSError:
        pass


def load_save(path: Path | None = None) -> tuple[Saved | None, str | None]:
    """The saved game (or None) and a message for the player when something was wrong."""
    path = path or save_path()
    text, note = read_user_file(path, "the saved game")
    if text is None:
        return None, note and note + "."
    try:
        data = json.loads(text)
        record = parse_record(data)
        game = replay(record)
        n = game.campers
        players = data.get("players")
        if not (isinstance(players, list) and len(players) == n and all(isinstance(p, str) for p in players)):
            players = [f"Camper {s + 1}" for s in range(n)]
        levels = data.get("levels")
        if not (isinstance(levels, list) and len(levels) == n):
            levels = [None] * n
        human = data.get("human")
        if not (human is None or (type(human) is int and 0 <= human < n)):
            raise RecordError("bad human seat")
        if game.phase == "over":
            raise RecordError("the saved game is already over")
    except (ValueError, UnicodeDecodeError, RecordError, ReplayError):
        moved = set_aside(path)
        where = f" (kept as {moved.name})" if moved else ""
        return None, f"The saved game was damaged and could not be restored{where}."
    return Saved(game, players, levels, human), None
