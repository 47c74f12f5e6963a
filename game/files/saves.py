"""The save game: the current game as a `scram-record/1` record in the user's data folder.

Saved after every decision (atomically), removed when the game ends. Continue replays
the record with the core (`parse_record` + `replay`), which restores the game exactly.
It is read through `game.files.disk.read_user_json`: a save that cannot be read or replayed
(not UTF-8, not JSON, too deep, too big, a wrong record, an illegal decision) is set aside
under a unique name with a one-line message, never a crash, and never read again. Player
names and bot levels are cleaned of control characters and capped (`game.files.text`) as
they are read. The hints the player asked for ride along as the extra key `hints`
(RECORD_FORMAT.md lets a record carry more keys), so a game continued still counts them all
at its end.

The table saves through a `SaveWriter`: the record is made at once, but written (with the
fsync that makes it durable, several milliseconds on a real disk) on a thread of its own,
so that saving never holds up a frame; closing the game waits for the last write.
"""

from __future__ import annotations

import json
import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from game.lang import _
from game.rules.record import ReplayError, parse_record, replay, to_record
from game.rules.state import Game

from .disk import BadContent, data_dir, read_user_json, write_or_raise
from .text import clean_levels, clean_names


@dataclass
class Saved:
    """A restored game and who sat where."""

    game: Game
    players: list[str]
    levels: list[str | None]
    human: int  # the player's seat: every save has one
    hints: int = 0  # hints the player asked for so far (the statistics count them at the end)


HINTS_LIMIT = 1_000_000  # more hints than a saved game can hold: the key is read as 0


def save_path() -> Path:
    return data_dir() / "save.json"


def has_save(path: Path | None = None) -> bool:
    """Whether something stands where the save is kept (what it holds is for `load_save` to
    judge: a folder or a pipe there is set aside, and the player told, when Continue reads it)."""
    path = path or save_path()
    return os.path.lexists(path)


def save_text(
    game: Game, players: list[str], levels: list[str | None], human: int | None, hints: int = 0
) -> str:
    """The save file's text for `game` (a `scram-record/1` record with who sat where, and
    the hints asked for so far as the extra key `hints`, as a kept game has it)."""
    saved = time.strftime("%Y-%m-%dT%H:%M:%S")
    record = to_record(game, players=players, levels=levels, human=human, hints=hints, saved=saved)
    return json.dumps(record) + "\n"


def _write(text: str, path: Path | None) -> str | None:
    try:
        write_or_raise(path or save_path(), text)
    except OSError as e:
        return _("Could not save the game: {why}", why=e.strerror or e)
    return None


def write_save(
    game: Game,
    players: list[str],
    levels: list[str | None],
    human: int | None,
    path: Path | None = None,
    hints: int = 0,
) -> str | None:
    """Save `game`; returns a message if the folder is not writable (the game goes on)."""
    return _write(save_text(game, players, levels, human, hints), path)


class SaveWriter:
    """Saves one game in the background, in order; `notes` collects what went wrong.

    A save still waiting when a newer one is asked for is skipped (the newer record holds
    all of it). `flush` waits until every save asked for so far is on disk.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or save_path()  # fixed now: a late write never lands somewhere else
        self.notes: list[str] = []
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scram-save")
        self._lock = threading.Lock()
        self._latest = 0
        self._last: Future | None = None
        self._closed = False
        self._said: str | None = None  # the last write's note (None: it worked)

    def _submit(self, job) -> None:
        with self._lock:
            self._latest += 1
            if self._closed:  # after `close` (the app is going): write here and now
                job(self._latest)
                return
            self._last = self._pool.submit(job, self._latest)

    def save(
        self, game: Game, players: list[str], levels: list[str | None], human: int | None, hints: int = 0
    ) -> None:
        text = save_text(game, players, levels, human, hints)  # now: the game goes on changing

        def job(generation: int) -> None:
            if generation != self._latest:
                return  # a newer save is queued behind this one
            note = _write(text, self.path)
            if note and note != self._said:  # a folder that stays unwritable is said once
                self.notes.append(note)
            self._said = note

        self._submit(job)

    def delete(self) -> None:
        """Remove the save (the game is over), after any write still queued."""
        self._submit(lambda _generation: delete_save(self.path))

    def flush(self, timeout: float = 10.0) -> None:
        last = self._last
        if last is not None:
            try:
                last.result(timeout)
            except Exception:  # a write that failed has said so in `notes`
                pass

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
        self._pool.shutdown(wait=True)


def delete_save(path: Path | None = None) -> None:
    try:
        (path or save_path()).unlink()
    except OSError:
        pass


def _restore(data: object) -> Saved:
    """The game a save's decoded JSON holds (BadContent or RecordError if it holds none)."""
    record = parse_record(data)
    try:
        game = replay(record)
    except ReplayError as e:
        raise BadContent(f"decision {e.index} is illegal") from None
    if game.phase == "over":
        raise BadContent("the saved game is already over")
    assert isinstance(data, dict)  # parse_record checked it
    n = game.campers
    players, levels = clean_names(data.get("players"), n), clean_levels(data.get("levels"), n)
    human = data.get("human")
    # The game saves only a game the player plays (a watched one is never saved): a save
    # without the player's seat would resume as a game the player can only watch.
    if type(human) is not int or not 0 <= human < n:
        raise BadContent("no seat of the player in it" if human is None else "bad human seat")
    hints = data.get("hints")  # an older save has none; a wrong one counts as none
    hints = hints if type(hints) is int and 0 <= hints <= HINTS_LIMIT else 0
    return Saved(game, players, levels, human, hints)


def load_save(path: Path | None = None) -> tuple[Saved | None, str | None]:
    """The saved game (or None) and a one-line message for the player when something was wrong
    (then the file has been set aside)."""
    return read_user_json(path or save_path(), _("the saved game"), _restore)
