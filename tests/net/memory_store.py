"""A Storage kept in memory, for tests that drive a table actor without a database."""

from __future__ import annotations

import copy

from game.net.storage import Storage, StoredTable


class MemoryStorage(Storage):
    def __init__(self) -> None:
        self.lobbies: dict[str, dict] = {}
        self.games: dict[tuple[str, int], dict] = {}
        self.decisions: dict[tuple[str, int], list[dict]] = {}
        self.closed: set[str] = set()

    async def open(self) -> list[StoredTable]:
        out = []
        for code, lobby in self.lobbies.items():
            if code in self.closed:
                continue
            numbers = [n for c, n in self.games if c == code]
            table = StoredTable(code, copy.deepcopy(lobby), max(numbers, default=0))
            game = self.games.get((code, table.game_no))
            if game is not None and game.get("record") is None:
                table.seed, table.decks, table.playing = game["seed"], game["decks"], True
                table.decisions = list(self.decisions[(code, table.game_no)])
            out.append(table)
        return out

    async def save_lobby(self, code: str, lobby: dict) -> None:
        self.lobbies[code] = copy.deepcopy(lobby)

    async def start_game(self, code: str, game_no: int, seed: int, decks: list | None) -> None:
        self.games[(code, game_no)] = {"seed": seed, "decks": decks, "record": None}
        self.decisions[(code, game_no)] = []

    async def add_decision(self, code: str, game_no: int, ver: int, decision: dict) -> None:
        assert len(self.decisions[(code, game_no)]) == ver
        self.decisions[(code, game_no)].append(decision)

    async def finish_game(self, code: str, game_no: int, record: dict) -> None:
        self.games[(code, game_no)]["record"] = record

    async def close_table(self, code: str) -> None:
        self.closed.add(code)

    async def records(self, code: str | None = None) -> list[dict]:
        return [g["record"] for (c, _), g in self.games.items() if g["record"] and code in (None, c)]

    async def close(self) -> None:
        pass
