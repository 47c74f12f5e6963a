"""A table's audience: the people watching it (spectators), whether the host lets anyone
watch, and which seats' campers let watchers follow their view. Owned by the table actor
(`table.Table.audience`): only the actor's task calls it.

A watcher does not sit: it takes no seat, decides nothing and is not counted in `table`.
While a game runs it is sent the public table (the rules core's `PUBLIC` eyes: face-up
cards, the piles, the counts, who looked where, never a face-down value) in the same
`state` and `move` messages a seat gets, `seat` null; or, when it follows a seat whose
camper allows it, exactly what that seat is sent. During one game a watcher never follows
two seats of opposite teams, nor does anyone else from its address (a camper seated at the
table included), so a camper cannot look at the other team's cards from a second window.

Caps (`caps.Limits`, counted by the server's `caps.Caps` with its other caps): watchers at
one table, and tables watched from one address at once. A watcher's messages are counted
as every connection's are (`wire.FrameBudget`), and its connection as one of its address's.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from game.rules import PUBLIC, team_of

from . import protocol, views
from . import watch_protocol as wire
from .caps import Caps
from .seats import BOT, HUMAN, OPEN


@dataclass
class Watcher:
    id: int
    name: str
    address: str
    follows: int | None = None  # the seat whose view it is sent (None: the public table)
    team: int | None = None  # the team it has followed during this game


class Audience:
    """The watchers of one table, and what the table lets them see."""

    def __init__(self, table, caps: Caps | None = None) -> None:
        self._table = weakref.ref(table)  # (no cycle: a closed table is freed at once)
        self.caps = caps or Caps()  # the server's, shared by its tables
        self.open = True  # the host lets people watch
        self.watchers: dict[object, Watcher] = {}  # connection -> watcher
        self.next_id = 1
        self.shared: set[str] = set()  # token keys of the campers who let watchers follow them
        self.address_teams: dict[str, int] = {}  # this game: the team each address has followed
        self.last = self._text()  # the `audience` everyone was last sent (or would have been)

    @property
    def table(self):
        """The table itself (not a proxy: a connection knows its table by identity)."""
        return self._table()

    # ---- what others ask ---------------------------------------------------------------
    def has(self, conn) -> bool:
        return conn in self.watchers

    def connections(self) -> list:
        return list(self.watchers)

    def member(self, conn) -> dict | None:
        """The watcher `conn` as a shared review names it."""
        w = self.watchers.get(conn)
        return None if w is None else {"name": w.name, "watcher": w.id}

    def send(self, text: str) -> None:
        for conn in self.watchers:
            conn.send(text)

    def shared_seats(self) -> list[int]:
        seats = self.table.seats
        return [n for n, s in enumerate(seats.seats) if s.kind == HUMAN and s.token_key in self.shared]

    def message(self) -> dict:
        watchers = [{"id": w.id, "name": w.name, "follows": w.follows} for w in self.watchers.values()]
        return wire.audience(self.open, watchers, self.shared_seats())

    def _text(self) -> str:
        return protocol.encode(self.message())

    def tell_newcomer(self, conn) -> None:
        """A camper just seated or back: the audience as it stands, unless nothing was ever
        said of it (a table nobody watches sends nothing new)."""
        if self.last != _DEFAULT:
            conn.send(self.last)

    def changed(self) -> None:
        """Tell everyone at the table (campers and watchers) if the audience changed."""
        text = self._text()
        if text != self.last:
            self.last = text
            for conn in self.table.seats.connections():
                conn.send(text)
            self.send(text)

    # ---- what is stored with the lobby ---------------------------------------------------
    def to_json(self) -> dict:
        return {"open": self.open, "shared": sorted(self.shared)}

    def restore(self, saved: dict | None) -> None:
        if isinstance(saved, dict):
            self.open = saved.get("open") is not False
            self.shared = {k for k in saved.get("shared", []) if isinstance(k, str)}
            self.last = self._text()

    # ---- a watcher comes and goes --------------------------------------------------------
    def watch(self, conn, msg: wire.Watch) -> None:
        table = self.table
        why = None
        if not self.open:
            why = ("no-watching", "the host does not let anyone watch this table")
        else:
            why = self.caps.may_watch(_address(conn), len(self.watchers))
        if why is not None:
            conn.release(table)
            return conn.send(protocol.encode(wire.error(*why, msg.id)))
        w = Watcher(self.next_id, conn.name or f"Watcher {self.next_id}", _address(conn))
        self.next_id += 1
        self.watchers[conn] = w
        self.caps.watch_began(w.address)
        conn.send(protocol.encode(wire.watching(table.code, w.id)))
        conn.send(protocol.encode(table.table_message()))
        self.changed()
        if table.game is not None:
            conn.send(views.state_message(table.game, PUBLIC))
        table.review.tell_newcomer(conn, watcher=True)

    def leave(self, conn, msg=None) -> None:
        """The watcher stops watching (`leave`), or its connection closed."""
        w = self.watchers.pop(conn, None)
        if w is None:
            return
        self.caps.watch_ended(w.address)
        conn.release(self.table)
        if msg is not None:
            conn.send(protocol.encode(self.table.table_message()))
        self.table.review.gone(conn)
        self.changed()

    def dismiss_all(self, code: str, why: str) -> None:
        """Every watcher is let go (watching closed, the table closed), told why."""
        for conn in list(self.watchers):
            w = self.watchers.pop(conn)
            self.caps.watch_ended(w.address)
            conn.release(self.table)
            conn.send(protocol.encode(wire.error(code, why)))

    # ---- the messages of the audience ----------------------------------------------------
    async def on_message(self, conn, msg) -> None:
        if isinstance(msg, wire.Follow):
            return self.follow(conn, msg)
        table = self.table
        n = table.seats.of(conn)
        if n is None:
            what = "let watchers follow" if isinstance(msg, wire.ShareView) else "open or close watching"
            return table.refuse(conn, "not-seated", f"only a camper at this table may {what}", msg.id)
        if isinstance(msg, wire.ShareView):
            key = table.seats[n].token_key
            if msg.share:
                self.shared.add(key)
            else:
                self.shared.discard(key)
        elif n != table.seats.host:
            return table.refuse(conn, "not-host", "only the host opens or closes watching", msg.id)
        else:
            self.open = msg.allow
            if not self.open:
                self.dismiss_all("no-watching", "the host has closed the table to watchers")
        await table.save_lobby()
        self.seats_changed()

    def follow(self, conn, msg: wire.Follow) -> None:
        table = self.table
        w = self.watchers.get(conn)
        if w is None:
            return table.refuse(conn, "not-seated", "only a watcher follows a seat: watch first", msg.id)
        if msg.seat is None:
            return self._point(conn, w, None)
        why = self.why_not(w, msg.seat)
        if why is not None:
            return conn.send(protocol.encode(wire.error(*why, msg.id)))
        self._point(conn, w, msg.seat)

    def why_not(self, w: Watcher, seat: int) -> tuple[str, str] | None:
        """Why watcher `w` may not follow `seat` now (an error's code and sentence), or None."""
        table = self.table
        if seat >= table.campers:
            return ("bad-message", f"seat must be 0 to {table.campers - 1} at this table")
        if table.seats[seat].kind == BOT:
            return ("no-follow", f"seat {seat} is a bot's: a watcher follows only a camper who lets them")
        if seat not in self.shared_seats():
            who = "nobody sits at" if table.seats[seat].kind == OPEN else "the camper of"
            return ("no-follow", f"{who} seat {seat} has not let watchers follow them")
        if table.game is None:
            return None
        team = team_of(seat, table.campers)
        if w.team is not None and w.team != team:
            return ("no-follow", "you have followed the other team in this game: not this one until it ends")
        if self.caps.limits.watch_binds_address and team not in self._address_may(w.address):
            return ("no-follow", "someone at your address follows or plays the other team in this game")
        return None

    def _address_may(self, address: str) -> set[int]:
        """The teams an address may still follow in this game (campers seated from it and
        earlier follows bind it to their team)."""
        teams = {self.address_teams[address]} if address in self.address_teams else set()
        seats = self.table.seats
        for n, s in enumerate(seats.seats):
            if s.conn is not None and _address(s.conn) == address:
                teams.add(team_of(n, self.table.campers))
        return {0, 1} if not teams else teams if len(teams) == 1 else set()

    def _point(self, conn, w: Watcher, seat: int | None) -> None:
        """`w` follows `seat` (None: the public table) from now on; a running game's view
        comes at once."""
        game = self.table.game
        if seat is not None and game is not None:
            w.team = team_of(seat, self.table.campers)
            self.address_teams[w.address] = w.team
        changed, w.follows = w.follows != seat, seat
        if game is not None and changed:
            conn.send(views.state_message(game, PUBLIC if seat is None else seat))
        self.changed()

    # ---- the game's hooks ----------------------------------------------------------------
    def seats_changed(self) -> None:
        """Seats changed (a camper left, sat elsewhere, stopped sharing): a watcher whose
        seat may no longer be followed goes back to the public table."""
        for conn, w in self.watchers.items():
            if w.follows is not None and w.follows not in self.shared_seats():
                self._point(conn, w, None)
        self.changed()

    def started(self) -> None:
        """A game was dealt: each watcher gets its first `state` (a follow it may no longer
        have falls back to the public table, and the watcher is told why in an `error`
        `no-follow` first); this game's follows start afresh."""
        self.address_teams = {}
        for conn, w in self.watchers.items():
            w.team = None
            why = None if w.follows is None else self.why_not(w, w.follows)
            if why is not None:
                told = f"the game has started and you watch the public table: {why[1]}"
                conn.send(protocol.encode(wire.error(why[0], told)))
                w.follows = None
            if w.follows is not None:
                w.team = team_of(w.follows, self.table.campers)
                self.address_teams[w.address] = w.team
            conn.send(views.state_message(self.table.game, PUBLIC if w.follows is None else w.follows))
        self.changed()

    def moved(self, moves: views.Moves) -> None:
        """A decision was applied: each watcher gets the `move` of the eyes it watches with
        (each text made once)."""
        texts: dict[int, str] = {}
        for conn, w in self.watchers.items():
            eyes = PUBLIC if w.follows is None else w.follows
            text = texts.get(eyes)
            if text is None:
                text = texts[eyes] = moves.to(eyes)
            conn.send(text)

    def game_over(self) -> None:
        """After the game every card is public: follows bind nobody any more."""
        self.address_teams = {}
        for w in self.watchers.values():
            w.team = None


def _address(conn) -> str:
    return str(getattr(conn, "address", "") or "")


_DEFAULT = protocol.encode(wire.audience(True, [], []))
