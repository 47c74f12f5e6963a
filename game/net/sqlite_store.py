"""The table server's storage in one SQLite file (the standard library's sqlite3, WAL).

One thread owns the connection and does every write. Writes from all tables queue up and
are committed together (a group commit: one transaction, one sync for everything that
arrived meanwhile), so many tables cost few syncs and the event loop never waits on the
disk; each caller's coroutine resumes only once its write is committed. The hand-off is
batched both ways: the writes asked for in one turn of the event loop reach the thread as
one item (one wake-up), the decisions among them are inserted by one statement, and the
callers of a whole batch are told in one call on the loop.
`synchronous=FULL` by default: a commit survives the process being killed and the machine
losing power; NORMAL survives the process being killed only.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from pathlib import Path

from .storage import Storage, StoredTable

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, lobby TEXT NOT NULL, running INTEGER NOT NULL DEFAULT 1,
    game_no INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    code TEXT NOT NULL, game_no INTEGER NOT NULL, seed INTEGER NOT NULL, decks TEXT,
    record TEXT, started REAL NOT NULL, finished REAL, PRIMARY KEY (code, game_no));
CREATE TABLE IF NOT EXISTS decisions (
    code TEXT NOT NULL, game_no INTEGER NOT NULL, ver INTEGER NOT NULL, decision TEXT NOT NULL,
    PRIMARY KEY (code, game_no, ver));
"""
BATCH = 512  # writes in one transaction at most
_STOP = object()


def _settle(results: list) -> None:
    """On the event loop: each write's coroutine learns how its write went."""
    for future, result, error in results:
        if future.cancelled():
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)


_INSERT_DECISION = "INSERT INTO decisions (code, game_no, ver, decision) VALUES (?, ?, ?, ?)"


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _loads(text: object, what: str) -> object:
    """JSON kept in the database; ValueError (saying which) if it is not."""
    if not isinstance(text, str | bytes):
        raise ValueError(f"{what} is not JSON text")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(f"{what} is not JSON") from None


class SqliteStorage(Storage):
    """Tables, games and decisions in `path` (a file; created with its folder if new)."""

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        self.path = Path(path)
        self.synchronous = synchronous
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()  # lists of jobs, or _STOP
        self.pending: list = []  # the jobs of this turn of the event loop, not yet handed over
        self.thread: threading.Thread | None = None
        self.db: sqlite3.Connection | None = None

    # ---- the writer thread --------------------------------------------------------------
    def _run(self) -> None:
        while True:
            batch, stop = [], False
            item = self.jobs.get()
            while True:
                if item is _STOP:
                    stop = True
                else:
                    batch += item
                if len(batch) >= BATCH:
                    break
                try:
                    item = self.jobs.get_nowait()
                except queue.Empty:
                    break
            self._commit(batch)
            if stop:
                if self.db is not None:
                    self.db.close()
                return

    def _commit(self, batch: list) -> None:
        done, rows = [], []  # rows: the decisions waiting for their one INSERT
        for fn, args, loop, future in batch:
            if fn is None:  # a decision: args is its row
                rows.append(args)
                done.append([loop, future, None, None])
                continue
            if rows:  # in order: a game's decisions before what follows them
                self._insert(rows, done)
            try:
                done.append([loop, future, fn(*args), None])
            except Exception as e:  # noqa: BLE001 - handed to the caller's coroutine
                done.append([loop, future, None, e])
        self._insert(rows, done)
        try:
            if self.db is not None and self.db.in_transaction:
                self.db.commit()
        except sqlite3.Error as e:
            done = [[loop, future, None, e] for loop, future, _, _ in done]
        # One wake-up of each event loop for the whole batch, not one per write.
        by_loop: dict = {}
        for loop, future, result, error in done:
            by_loop.setdefault(loop, []).append((future, result, error))
        for loop, results in by_loop.items():
            loop.call_soon_threadsafe(_settle, results)

    def _insert(self, rows: list, done: list) -> None:
        """The decisions in `rows` (their jobs the last ones of `done`), in one statement."""
        if not rows:
            return
        try:
            self.db.executemany(_INSERT_DECISION, rows)
        except Exception as e:  # noqa: BLE001 - one bad row fails the rows of its statement
            for job in done[-len(rows) :]:
                job[3] = e
        rows.clear()

    def _do(self, fn, *args):
        """Queue a job for the writer thread (`fn` None: a decision row); its future."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        if not self.pending:
            loop.call_soon(self._hand_over)
        self.pending.append((fn, args, loop, future))
        return future

    def _hand_over(self) -> None:
        """The jobs of this turn of the event loop, to the writer thread at once."""
        self.jobs.put(self.pending)
        self.pending = []

    # ---- the jobs (on the writer thread) ---------------------------------------------
    def _open(self) -> list[StoredTable]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level="DEFERRED", check_same_thread=False)
        self.db = db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self.synchronous}")
        db.executescript(SCHEMA)
        # A file that can be read but not written (mode 444, a read-only mount) fails here,
        # at the start, rather than at the first table's first write.
        version = db.execute("PRAGMA user_version").fetchone()[0]
        db.execute(f"PRAGMA user_version={int(version)}")
        rows = db.execute("SELECT code, lobby, game_no FROM tables WHERE running=1").fetchall()
        return [self._read_table(code, lobby, game_no) for code, lobby, game_no in rows]

    def _read_table(self, code: str, lobby: str, game_no: int) -> StoredTable:
        """A running table as kept; one that cannot be read says why (`damage`)."""
        table = StoredTable(str(code), {}, game_no if type(game_no) is int else 0)
        try:
            table.lobby = _loads(lobby, "its settings")
            row = self.db.execute(
                "SELECT seed, decks, record FROM games WHERE code=? AND game_no=?", (code, game_no)
            ).fetchone()
            if row is not None and row[2] is None:
                table.seed, table.decks, table.playing = row[0], _loads(row[1] or "null", "its decks"), True
                table.decisions = [
                    _loads(d, f"decision {n}")
                    for n, (d,) in enumerate(
                        self.db.execute(
                            "SELECT decision FROM decisions WHERE code=? AND game_no=? ORDER BY ver",
                            (code, game_no),
                        )
                    )
                ]
        except (ValueError, TypeError, RecursionError, sqlite3.Error) as e:
            table.damage = str(e)
        return table

    def _save_lobby(self, code: str, lobby: dict) -> None:
        self.db.execute(
            "INSERT INTO tables (code, lobby, updated) VALUES (?, ?, ?)"
            " ON CONFLICT(code) DO UPDATE SET lobby=excluded.lobby, updated=excluded.updated",
            (code, _dumps(lobby), time.time()),
        )

    def _start_game(self, code: str, game_no: int, seed: int, decks: list | None) -> None:
        self.db.execute(
            "INSERT INTO games (code, game_no, seed, decks, started) VALUES (?, ?, ?, ?, ?)",
            (code, game_no, seed, None if decks is None else _dumps(decks), time.time()),
        )
        self.db.execute("UPDATE tables SET game_no=? WHERE code=?", (game_no, code))

    def _finish_game(self, code: str, game_no: int, record: dict) -> None:
        self.db.execute(
            "UPDATE games SET record=?, finished=? WHERE code=? AND game_no=?",
            (_dumps(record), time.time(), code, game_no),
        )
        self.db.execute("DELETE FROM decisions WHERE code=? AND game_no=?", (code, game_no))

    def _close_table(self, code: str) -> None:
        db = self.db
        db.execute("DELETE FROM decisions WHERE code=?", (code,))  # of a game never finished
        db.execute("DELETE FROM games WHERE code=? AND record IS NULL", (code,))
        db.execute("UPDATE tables SET running=0, updated=? WHERE code=?", (time.time(), code))
        # A table that finished no game leaves nothing worth keeping.
        db.execute(
            "DELETE FROM tables WHERE code=? AND NOT EXISTS (SELECT 1 FROM games WHERE code=?)", (code, code)
        )

    def _records(self, code: str | None) -> list[dict]:
        rows = self.db.execute(
            "SELECT record FROM games WHERE record IS NOT NULL AND (? IS NULL OR code=?) ORDER BY finished",
            (code, code),
        )
        return [json.loads(r) for (r,) in rows]

    # ---- the interface ---------------------------------------------------------------
    async def open(self) -> list[StoredTable]:
        self.thread = threading.Thread(target=self._run, name="scram-storage", daemon=True)
        self.thread.start()
        return await self._do(self._open)

    async def save_lobby(self, code: str, lobby: dict) -> None:
        await self._do(self._save_lobby, code, lobby)

    async def start_game(self, code: str, game_no: int, seed: int, decks: list | None) -> None:
        await self._do(self._start_game, code, game_no, seed, decks)

    async def add_decision(self, code: str, game_no: int, ver: int, decision: dict) -> None:
        await self._do(None, code, game_no, ver, _dumps(decision))

    async def finish_game(self, code: str, game_no: int, record: dict) -> None:
        await self._do(self._finish_game, code, game_no, record)

    async def close_table(self, code: str) -> None:
        await self._do(self._close_table, code)

    async def records(self, code: str | None = None) -> list[dict]:
        return await self._do(self._records, code)

    async def close(self) -> None:
        if self.thread is None:
            return
        if self.pending:
            self._hand_over()
        self.jobs.put(_STOP)
        await asyncio.to_thread(self.thread.join)
        self.thread = None
