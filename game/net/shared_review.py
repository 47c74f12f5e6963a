"""The review of a table's last game, stepped through together: owned by the table actor
(`table.Table.review`), only the actor's task calls it.

After a game any camper seated at the table may open it (`review_open`): everyone then at
the table, campers and watchers, is in it, and the opener leads. The one who leads moves it
(`review_go` to a position: the stops of the desktop game's review, `game/learn/review.py`,
which every client builds from the `over` record it was sent), anyone in it may take the
lead (`review_lead`), and anyone may leave it (`review_leave`, to review alone); a leader who
leaves or drops hands the lead to the first camper still in it (by seat), else the first
watcher. Someone at the table but not in it (who left it, or came later) may join it again
with `review_open`. It closes when the last one leaves or the next game starts. Every change
is sent to everyone at the table as one `review` message, so those not in it know it is
open.
"""

from __future__ import annotations

import weakref

from . import protocol
from . import watch_protocol as wire


def review_stops(record: dict) -> int:
    """How many positions the review of `record` has: the deal of the first round, one after
    each decision, and the deal of every round after the first (game/learn/review.py's
    frames; tests/net/test_shared_review.py checks the two agree)."""
    return len(record["actions"]) + len(record["decks"])


class SharedReview:
    def __init__(self, table) -> None:
        self._table = weakref.ref(table)  # (no cycle: a closed table is freed at once)
        self.open = False
        self.game_no = 0
        self.frames = 0
        self.pos = 0
        self.members: list = []  # connections, in the order they came in
        self.lead: object | None = None  # a member's connection

    @property
    def table(self):
        """The table itself (not a proxy: a connection knows its table by identity)."""
        return self._table()

    # ---- who is who ----------------------------------------------------------------------
    def _who(self, conn) -> dict | None:
        table = self.table
        n = table.seats.of(conn)
        if n is not None:
            return {"name": table.seats[n].name or f"Seat {n + 1}", "seat": n}
        return table.audience.member(conn)

    def message(self) -> dict:
        members = [who for who in map(self._who, self.members) if who is not None]
        lead = self._who(self.lead) if self.lead is not None else None
        return wire.review(self.open, self.game_no, self.frames, self.pos, lead, members)

    def _tell(self) -> None:
        text = protocol.encode(self.message())
        for conn in self.table.seats.connections():
            conn.send(text)
        self.table.audience.send(text)

    def tell_newcomer(self, conn, watcher: bool = False) -> None:
        """Someone came to the table while the review is open: it is told (a watcher first gets
        the game's `over`, which it did not see, to build the review from)."""
        if not self.open:
            return
        if watcher and self.table.last_over is not None:
            conn.send(protocol.encode(self.table.last_over))
        conn.send(protocol.encode(self.message()))

    # ---- the messages --------------------------------------------------------------------
    def on_message(self, conn, msg) -> None:
        table = self.table
        if isinstance(msg, wire.ReviewOpen):
            return self.join(conn, msg)
        if conn not in self.members:
            return self._refuse(conn, "no-review", "you are not in a shared review", msg.id)
        if isinstance(msg, wire.ReviewGo):
            if conn is not self.lead:
                who = (self._who(self.lead) or {"name": "someone"})["name"]
                return self._refuse(conn, "not-lead", f"{who} leads the review: take the lead first", msg.id)
            if msg.pos >= self.frames:
                return table.refuse(conn, "bad-message", f"pos must be 0 to {self.frames - 1}", msg.id)
            self.pos = msg.pos
        elif isinstance(msg, wire.ReviewLead):
            self.lead = conn
        elif isinstance(msg, wire.ReviewLeave):
            return self.gone(conn)
        self._tell()

    def join(self, conn, msg: wire.ReviewOpen) -> None:
        table = self.table
        camper = table.seats.of(conn) is not None
        if not camper and not table.audience.has(conn):
            return table.refuse(conn, "not-seated", "join or watch the table first", msg.id)
        if self.open:
            if conn not in self.members:
                self.members.append(conn)
            return self._tell()
        if not camper:
            return self._refuse(conn, "no-review", "a camper of the table opens the shared review", msg.id)
        if table.game is not None or table.last_over is None:
            what = "the game is still on" if table.game is not None else "no game has ended at this table"
            return self._refuse(conn, "no-review", f"nothing to review together: {what}", msg.id)
        self.open, self.game_no = True, table.game_no
        self.frames, self.pos = review_stops(table.last_over["record"]), 0
        self.members = [conn] + [c for c in table.seats.connections() if c is not conn]
        self.members += table.audience.connections()
        self.lead = conn
        self._tell()

    def gone(self, conn) -> None:
        """`conn` left the review (or the table, or its connection closed)."""
        if conn not in self.members:
            return
        self.members.remove(conn)
        if not self.members:
            return self.close()
        if self.lead is conn:
            campers = [c for c in self.members if self.table.seats.of(c) is not None]
            self.lead = min(campers, key=self.table.seats.of) if campers else self.members[0]
        self._tell()

    def close(self) -> None:
        """The review ends (its last member left, or the next game started)."""
        if self.open:
            self.open, self.members, self.lead = False, [], None
            self._tell()

    def _refuse(self, conn, code: str, message: str, id) -> None:
        conn.send(protocol.encode(wire.error(code, message, id)))
