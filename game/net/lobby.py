"""A table's lobby (`Lobby`, held by `table.Table` as `table.lobby`): creating, joining,
resuming, sitting elsewhere, leaving, dropping out and reactions, the seats' side of a table
before, during and after its games. Only the table's task calls it; the seats themselves are
the table's (`table.seats`), shared with its match.
"""

from __future__ import annotations

import weakref

from . import protocol
from .codes import new_token, token_key
from .seats import OPEN


class Lobby:
    """Who comes to a table, takes a seat, moves, leaves or goes away."""

    def __init__(self, table) -> None:
        self._table = weakref.ref(table)  # (no cycle: a closed table is freed at once)

    @property
    def table(self):
        """The table itself (not a proxy: a connection knows its table by identity)."""
        return self._table()

    async def create(self, conn, msg: protocol.Create) -> None:
        self.table.seats.host = msg.seat
        await self._seat(conn, msg.seat)

    async def join(self, conn, msg: protocol.Join) -> None:
        table = self.table
        n = table.seats.first_open()
        if table.game is not None:
            conn.release(table)
            return table.refuse(conn, "started", "the game at this table has started", msg.id)
        if n is None:
            conn.release(table)
            return table.refuse(conn, "full", "every seat at this table is taken", msg.id)
        await self._seat(conn, n)

    async def _seat(self, conn, n: int) -> None:
        table = self.table
        token = new_token()
        key = token_key(token)
        table.seats.seat_human(n, conn.name, key, conn)
        table.hub.register(key, table)
        table.cancel_idle()
        await table.save_lobby()
        conn.send(protocol.encode(protocol.joined(table.code, n, token)))
        table.announce()
        table.audience.tell_newcomer(conn)
        table.review.tell_newcomer(conn)

    async def resume(self, conn, msg: protocol.Resume) -> None:
        table = self.table
        seats = table.seats
        key = token_key(msg.token)
        n = seats.by_token(key)
        if table.audience.has(conn):
            return table.refuse(conn, "bad-message", "this connection watches the table: leave first", msg.id)
        if n is None or seats.of(conn) not in (None, n):
            conn.release(table)
            return table.refuse(conn, "bad-token", "that token resumes no seat", msg.id)
        old = seats[n].conn
        if old is not None and old is not conn:
            old.release(table)
            old.close(protocol.CLOSE_REPLACED, "this seat was resumed on a newer connection")
        seats.back(n, conn)
        table.match.seat_back(n)
        table.cancel_idle()
        conn.send(protocol.encode(protocol.joined(table.code, n, msg.token)))
        table.announce()
        table.audience.tell_newcomer(conn)
        table.match.tell_back(conn, n)
        table.review.tell_newcomer(conn)

    async def sit(self, conn, n: int, msg: protocol.Sit) -> None:
        table = self.table
        if table.game is not None:
            return table.refuse(conn, "started", "seats are fixed once the game has started", msg.id)
        if msg.seat >= table.campers:
            seats = f"seat must be 0 to {table.campers - 1} at this {table.campers}-camper table"
            return table.refuse(conn, "bad-message", seats, msg.id)
        if msg.seat != n:
            if table.seats[msg.seat].kind != OPEN:
                return table.refuse(conn, "full", f"seat {msg.seat} is taken", msg.id)
            table.seats.move(n, msg.seat)
            await table.save_lobby()
        table.announce()

    async def leave(self, conn, n: int, msg: protocol.Leave) -> None:
        table = self.table
        seats = table.seats
        table.hub.unregister(seats[n].token_key)
        table.audience.shared.discard(seats[n].token_key)
        table.review.gone(conn)
        seats.give_up(n, table.game is not None)
        table.match.seat_back(n)
        conn.release(table)
        if not seats.humans():  # nobody left to come back: the table closes now ...
            await table.close_now("everyone left")
            return conn.send(protocol.encode(table.table_message()))  # ... and then says so
        await table.save_lobby()
        conn.send(protocol.encode(table.table_message()))
        table.announce()
        if table.game is not None and table.game.turn == n:
            table.match.next_turn()
        if table.check_idle():
            await table.save_lobby()

    async def react(self, conn, n: int, msg: protocol.React) -> None:
        if not conn.reactions.hit():
            return self.table.refuse(conn, "rate", "one reaction at a time, please", msg.id)
        self.table.send_all(protocol.reaction(n, msg.emote))

    async def gone(self, conn) -> None:
        """A connection closed: its camper keeps the seat, away from now on (and a table
        nobody is connected to any more keeps when it emptied: a restart counts on)."""
        table = self.table
        table.review.gone(conn)
        if table.audience.has(conn):
            return table.audience.leave(conn)
        n = table.seats.of(conn)
        if n is None:
            return
        table.seats.away(n, table.loop.time())
        table.announce()
        if table.game is not None and table.game.turn == n:
            table.match.next_turn()
        if table.check_idle():
            await table.save_lobby()
