"""The kept games: every finished game's record, one file each, all of them.

A kept game is a `scram-record/1` record (RECORD_FORMAT.md) with extra keys the record
format allows: `players`, `levels`, `human`, `finished` (local time), `hints` (hints the
player asked for) and `summary` (who won, the totals), so the Past games list needs no
replay. Files live in `games/` in the user's data folder and are named by the time they
were kept, so they sort oldest first. None is ever deleted by the game: the player's games
are the player's (README's table of the files the game keeps says where they are). Each is
written atomically; one that cannot be read (or is not a plain file: a named pipe, a
device) is set aside when it is read for the list, and the rest are still listed. Names
and levels are cleaned and capped as they are read (`game.files.text`), and every number
has a range.

`Listing` is the list as Past games shows it: the names alone (one look at the folder,
tens of milliseconds for 10,000 games) give its length and order, and each game's file
is read when its row is first wanted or, a few at a time, in the background
(`read_some`), so ten thousand kept games never hold up a frame.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.lang import _, ngettext, pgettext
from game.rules.cards import team_of
from game.rules.errors import RecordError
from game.rules.record import parse_record, to_record
from game.rules.state import Game

from .disk import (
    BadContent,
    data_dir,
    decode_json,
    read_capped,
    read_user_json,
    tidy_temps,
    whole,
    write_or_note,
    write_or_raise,
)
from .text import clean_levels, clean_names, clean_text

SCORE_LIMIT = 1_000_000  # far beyond any game's total (a round's score is a few dozen points)


def archive_dir() -> Path:
    return data_dir() / "games"


@dataclass
class KeptGame:
    """One line of the Past games list."""

    path: Path
    finished: str
    campers: int
    players: list[str]
    levels: list[str | None]
    human: int | None
    winner: int | str | None
    totals: list[int]
    rounds: int

    def title(self) -> str:
        """`2026-11-23 10:40 · 4 campers · won 31–58` as the list shows it."""
        # in the language spoken when the list reads the file (a list is made afresh each time
        # Past games opens, so a language chosen in Settings is spoken there the next time)
        when = self.finished.replace("T", " ")[:16]
        mode = ngettext("{n} camper", "{n} campers", self.campers)
        if self.campers == 3 and self.human is not None:
            mode = _("3 campers, solo") if self.human == 0 else _("3 campers, duo")
        if self.human is None:
            result = pgettext("past game", "watched")
        elif self.winner == "nobody":
            result = pgettext("past game", "critters win")
        else:
            won = team_of(self.human, self.campers) == self.winner
            result = pgettext("past game", "won") if won else pgettext("past game", "lost")
        if self.totals:
            mine = team_of(self.human, self.campers) if self.human is not None else 0
            score = f"{self.totals[mine]}–{self.totals[1 - mine]}"
            # TRANSLATORS: a past game's result and its score, "won 31–58"
            result = _("{result} {score}", result=result, score=score)
        bots = {lv for s, lv in enumerate(self.levels) if s != self.human and isinstance(lv, str)}
        if len(bots) == 1:
            level = _("{level} bots", level=pgettext("bot level", bots.pop()))  # the level's name
        else:
            level = _("mixed bots") if bots else ""
        parts = [when, mode, level, result] if level else [when, mode, result]
        return " · ".join(parts)


def game_record(
    game: Game, players: list[str], levels: list[str | None], human: int | None, hints: int = 0
) -> dict:
    """The record of a finished game as it is kept (the record plus who sat where)."""
    return to_record(
        game,
        players=list(players),
        levels=list(levels),
        human=human,
        hints=hints,
        finished=time.strftime("%Y-%m-%dT%H:%M:%S"),
        summary={"winner": game.winner, "totals": list(game.totals), "rounds": len(game.scores)},
    )


def keep(record: dict, folder: Path | None = None) -> tuple[Path | None, str | None]:
    """Keep a finished game's record (every one: none is ever dropped). Returns (path, note)."""
    folder = folder or archive_dir()
    stamp = str(record.get("finished", time.strftime("%Y-%m-%dT%H:%M:%S")))
    # the time it was kept to the nanosecond after the record's second: names sort in the
    # order the games were kept, even several in one second
    nanos = time.time_ns() % 1_000_000_000
    seed = str(record.get("seed", 0))[:20]  # any integer is a seed; a file name is not that long
    base = stamp.replace("-", "").replace(":", "").replace("T", "-")[:15] + f"-{nanos:09d}-s{seed}"
    path = folder / f"{base}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.json"
    # a new name has no temporary files of its own to tidy; the listing tidies the folder
    note = write_or_note(path, record, _("the kept game {name}", name=path.name), tidy=False)
    if note:
        return None, note
    return path, None


def kept_files(folder: Path | None = None) -> list[Path]:
    """The kept games' files, oldest first: every `*.json` entry (a folder, a named pipe or a
    device among them is the reader's to refuse and set aside, so the player hears of it)."""
    folder = folder or archive_dir()
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith("."))
    except OSError:
        return []
    return [folder / n for n in names]


def _entry(path: Path, data: dict) -> KeptGame:
    record = parse_record(data)  # refuses anything that is not a record
    n = record.campers
    human = data.get("human")
    if not (human is None or (type(human) is int and 0 <= human < n)):
        raise RecordError("bad human seat")
    summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}
    totals = summary.get("totals")
    if totals is not None:
        if not (isinstance(totals, list) and len(totals) == 2):
            raise BadContent("the totals are not two numbers")
        totals = [whole(t, -SCORE_LIMIT, SCORE_LIMIT, "a total") for t in totals]
    winner = summary.get("winner")
    if winner not in (0, 1, "nobody", None) or isinstance(winner, bool):
        raise BadContent("the winner is not a team")
    rounds = summary.get("rounds")
    rounds = 0 if rounds is None else whole(rounds, 0, SCORE_LIMIT, "the number of rounds")
    finished = clean_text(data.get("finished"), 19, path.stem[:19])  # 2026-11-23T10:40:00
    players, levels = clean_names(data.get("players"), n), clean_levels(data.get("levels"), n)
    return KeptGame(path, finished, n, players, levels, human, winner, totals or [], rounds)


class Listing:
    """The kept games, newest first, read as they are wanted.

    `len()` and the order come from the file names alone; `title(k)` is the k-th game's
    line and `listing[k]` the game itself, its file read now if it has not been yet. A file
    that cannot be used is set aside (its note joins `notes`) and drops out of the list, so
    the games after it move up one. `read_some(seconds)` reads ahead in order for at most
    about that long (a frame's share) and says whether every file has been read. The
    folder's stale temporary files are tidied once, here, not at each file (which would look
    at the whole folder each time).

    What stays of a game once read is its line alone (a string, which the collector never
    looks through), and the last `RECENT` games whole: ten thousand games whole would be
    sixty thousand objects for each of the window's collector passes to walk (130 ms).
    """

    RECENT = 64  # games kept whole: more than a screen of rows

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or archive_dir()
        tidy_temps([self.folder])
        self.names: list[str] = [p.name for p in kept_files(self.folder)][::-1]
        self.notes: list[str] = []
        self._titles: dict[str, str] = {}
        self._recent: OrderedDict[str, KeptGame] = OrderedDict()
        self._ahead = 0  # names[:_ahead] have all been read

    def __len__(self) -> int:
        return len(self.names)

    def __getitem__(self, k: int) -> KeptGame:
        while True:
            name = self.names[k]  # IndexError past the end, as a list's
            game = self._recent.get(name)
            if game is not None:
                self._recent.move_to_end(name)
                return game
            game = self._read(name)
            if game is not None:
                return game

    def __iter__(self) -> Iterator[KeptGame]:
        k = 0
        while k < len(self.names):
            yield self[k]
            k += 1

    def path(self, k: int) -> Path:
        return self.folder / self.names[k]

    def title(self, k: int) -> str:
        """The k-th game's line (`KeptGame.title`); IndexError past the end."""
        while True:
            name = self.names[k]
            line = self._titles.get(name)
            if line is not None:
                return line
            game = self._read(name)
            if game is not None:
                return self._titles[name]

    @property
    def done(self) -> bool:
        """Every kept game's file has been read."""
        return self._ahead >= len(self.names)

    @property
    def read_count(self) -> int:
        return min(self._ahead, len(self.names))

    def read_some(self, seconds: float) -> bool:
        """Read the next files for about `seconds` at most (at least one); whether all are read."""
        end = time.perf_counter() + seconds
        while self._ahead < len(self.names):
            name = self.names[self._ahead]
            if name in self._titles or self._read(name) is not None:
                self._ahead += 1  # a file set aside left the list: the next one is at _ahead
            if time.perf_counter() >= end:
                break
        return self.done

    def _read(self, name: str) -> KeptGame | None:
        path = self.folder / name
        game, note = read_user_json(
            path, _("the kept game {name}", name=name), lambda d: _entry(path, d), tidy=False
        )
        if game is None:  # set aside (or gone since the folder was looked at)
            if note:
                self.notes.append(note)
            k = self.names.index(name)
            del self.names[k]
            if k < self._ahead:
                self._ahead -= 1
            return None
        self._titles[name] = game.title()
        self._recent[name] = game
        if len(self._recent) > self.RECENT:
            self._recent.popitem(last=False)
        return game


def list_games(folder: Path | None = None) -> tuple[list[KeptGame], list[str]]:
    """The kept games, newest first, and a note for each file that had to be set aside."""
    listing = Listing(folder)
    while not listing.read_some(1.0):
        pass
    return list(listing), listing.notes


def export(path: Path, dest: Path) -> str | None:
    """Copy a kept game's record to `dest` (atomically); a one-line note if that failed."""
    try:
        raw = read_capped(path)  # the one reader: a plain file of at most 8 MB, never a pipe
        decode_json(raw)
        write_or_raise(dest, raw.decode("utf-8-sig"))
    except (OSError, ValueError) as e:
        return _("Could not export to {path}: {why}", path=dest, why=getattr(e, "strerror", None) or e)
    return None


def export_dir() -> Path:
    """Where the list exports records: the user's documents folder if there is one."""
    if os.environ.get("SCRAM_HOME"):
        return data_dir() / "exports"
    try:
        import platformdirs

        docs = Path(platformdirs.user_documents_dir())
        if docs.is_dir():
            return docs
    except Exception:
        pass
    return data_dir() / "exports"


def keep_finished_game(
    game: Game,
    players: list[str],
    levels: list[str | None],
    human: int | None,
    hints: int = 0,
    folder: Path | None = None,
    stats_file: Path | None = None,
) -> tuple[dict, list[str]]:
    """Keep a finished game and count it in the statistics: (its record, notes for the player)."""
    from .stats import count_game

    record = game_record(game, players, levels, human, hints)
    notes = []
    _path, note = keep(record, folder)
    if note:
        notes.append(note)
    try:
        note = count_game(record, stats_file)
    except (RecordError, ValueError) as e:  # our own record: a bug, but never a crash
        note = _("The statistics could not count this game ({why}).", why=e)
    if note:
        notes.append(note)
    return record, notes
