"""Where a table server keeps its tables: one small interface, so that another database
(PostgreSQL, for a deployment of many processes: docs/NETWORK-OPS.md) is one more class.

The table actor awaits each write before it tells anyone of the change, so whatever a
camper has seen is on disk: a server killed at any moment and started again restores its
running tables from `open()`. `sqlite_store.SqliteStorage` is the one implementation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field


@dataclass
class StoredTable:
    """A running table as kept: its settings and seats (`lobby`, a JSON object the table
    writes and reads back, `seats.Seats.to_json`), and its current game if one is under
    way: `game_no` (from 1), `seed`, `decks` (None: shuffled from the seed) and the
    decisions taken so far, in order, in their record form."""

    code: str
    lobby: dict
    game_no: int = 0
    seed: int | None = None
    decks: list | None = None
    decisions: list[dict] = field(default_factory=list)
    playing: bool = False
    damage: str | None = None  # why what was kept cannot be read (the server closes the table)


class Storage(ABC):
    """Every method is a coroutine that returns once the change is durable."""

    @abstractmethod
    async def open(self) -> list[StoredTable]:
        """Open (create if new) the store; the running tables to restore."""

    @abstractmethod
    async def save_lobby(self, code: str, lobby: dict) -> None:
        """Create or update a running table's settings and seats."""

    @abstractmethod
    async def start_game(self, code: str, game_no: int, seed: int, decks: list | None) -> None:
        """A new game at the table: its number, seed and stacked decks (or None)."""

    @abstractmethod
    async def add_decision(self, code: str, game_no: int, ver: int, decision: dict) -> None:
        """Decision number `ver` (from 0) of the table's current game, in record form."""

    @abstractmethod
    async def finish_game(self, code: str, game_no: int, record: dict) -> None:
        """The game is over: keep its whole record."""

    @abstractmethod
    async def close_table(self, code: str) -> None:
        """The table is closed: it is not restored again; its finished games stay, the rest
        of it (an unfinished game, a table that finished none) goes."""

    @abstractmethod
    async def records(self, code: str | None = None) -> list[dict]:
        """The finished games' records (of one table, or all), oldest first."""

    @abstractmethod
    async def close(self) -> None:
        """Finish the pending writes and let go of the store."""
