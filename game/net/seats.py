"""The seats of a table: who sits where (a human, a bot, or nobody), their names, the bot
level each seat plays at (as a bot, or as the stand-in of an absent human), and which
connection is a human's now. Owned by the table actor alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol

HUMAN, BOT, OPEN = protocol.HUMAN, protocol.BOT, protocol.OPEN


@dataclass
class Seat:
    level: str  # the bot level of this seat: its bot, or an absent human's stand-in
    kind: str = OPEN
    name: str | None = None
    token_key: str | None = None  # a human's: the SHA-256 of the token that resumes the seat
    conn: object | None = None  # a human's live connection (server.Conn), None while away
    away_since: float | None = None  # event-loop time the human went away (None: here)
    stand_in: bool = False  # a bot plays for the absent human
    told_over: int = 0  # the last game whose `over` this human was sent

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def entry(self, now: float = 0.0, grace: float | None = None) -> dict:
        """This seat in a `table` message; with `grace` (a game is on), an absent camper's
        seconds left before a stand-in may play for them, as of `now` (the loop's time)."""
        connected = self.connected if self.kind == HUMAN else self.kind == BOT
        stand_in = self.level if self.kind == HUMAN and self.stand_in else None
        due = None
        if grace is not None and self.kind == HUMAN and self.conn is None and not self.stand_in:
            since = self.away_since if self.away_since is not None else now
            due = round(max(0.0, since + grace - now), 1)
        return protocol.seat_entry(self.name, self.kind, self.level, connected, stand_in, due)

    def open_up(self) -> None:
        self.kind, self.name, self.token_key, self.conn, self.away_since = OPEN, None, None, None, None
        self.stand_in = False


class Seats:
    """A table's seats, in seat order, and its host (a seat number)."""

    def __init__(self, levels: tuple[str, ...], host: int = 0) -> None:
        self.seats = [Seat(level) for level in levels]
        self.host = host

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, seat: int) -> Seat:
        return self.seats[seat]

    def of(self, conn: object) -> int | None:
        """The seat `conn` holds, or None."""
        for n, seat in enumerate(self.seats):
            if seat.conn is conn and conn is not None:
                return n
        return None

    def first_open(self) -> int | None:
        return next((n for n, s in enumerate(self.seats) if s.kind == OPEN), None)

    def humans(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.kind == HUMAN]

    def connections(self) -> list:
        return [s.conn for s in self.seats if s.conn is not None]

    def seat_human(self, n: int, name: str, token_key: str, conn: object) -> None:
        seat = self.seats[n]
        seat.kind, seat.name, seat.token_key, seat.conn = HUMAN, name, token_key, conn
        seat.away_since, seat.stand_in = None, False
        if self.seats[self.host].kind != HUMAN:
            self.host = n

    def by_token(self, token_key: str) -> int | None:
        return next((n for n, s in enumerate(self.seats) if s.token_key == token_key), None)

    def move(self, n: int, to: int) -> None:
        """The human at `n` takes the open seat `to` (the host goes along)."""
        here = self.seats[n]
        self.seat_human(to, here.name, here.token_key, here.conn)
        here.open_up()
        if self.host == n:
            self.host = to

    def back(self, n: int, conn: object) -> None:
        """The human of seat `n` is back on `conn`: no more stand-in."""
        seat = self.seats[n]
        seat.conn, seat.away_since, seat.stand_in = conn, None, False

    def away(self, n: int, since: float) -> None:
        seat = self.seats[n]
        seat.conn, seat.away_since = None, since

    def give_up(self, n: int, playing: bool) -> None:
        """The human leaves seat `n`: it opens, or during a game a bot takes it (for the
        rest of this game and the next ones; the name stays). The host moves on if need be."""
        seat = self.seats[n]
        if playing:
            seat.kind, seat.token_key, seat.conn, seat.away_since, seat.stand_in = (
                BOT,
                None,
                None,
                None,
                False,
            )
        else:
            seat.open_up()
        self.move_host()

    def fill_with_bots(self) -> None:
        for seat in self.seats:
            if seat.kind == OPEN:
                seat.kind = BOT

    def stand_in_for(self, n: int) -> bool:
        """A stand-in plays seat `n` from now on; whether that is news."""
        seat = self.seats[n]
        news, seat.stand_in = not seat.stand_in, True
        return news

    def game_over(self, game_no: int) -> None:
        """The game ended: no more stand-ins, and those here were told."""
        for seat in self.seats:
            seat.stand_in = False
            if seat.conn is not None:
                seat.told_over = game_no

    def told_over(self, n: int, game_no: int) -> bool:
        """Tell seat `n` of game `game_no`'s end unless it was: whether it still has to be."""
        seat = self.seats[n]
        news, seat.told_over = seat.told_over != game_no, game_no
        return news

    def move_host(self) -> None:
        """The host left: the first other human hosts (none: the seat number stays)."""
        if self.seats[self.host].kind != HUMAN:
            humans = self.humans()
            if humans:
                self.host = humans[0]

    def entries(self, now: float = 0.0, grace: float | None = None) -> list[dict]:
        return [s.entry(now, grace) for s in self.seats]

    def names(self) -> list[str | None]:
        return [s.name for s in self.seats]

    def levels(self) -> list[str]:
        return [s.level for s in self.seats]

    # ---- what is stored --------------------------------------------------------------
    def to_json(self) -> list[dict]:
        return [{"kind": s.kind, "name": s.name, "level": s.level, "token": s.token_key} for s in self.seats]

    @classmethod
    def from_json(cls, rows: list[dict], host: int, since: float) -> Seats:
        """Seats read back from storage: every human away since `since` (the restart)."""
        seats = cls(tuple(r["level"] for r in rows), host)
        for seat, row in zip(seats.seats, rows, strict=True):
            seat.kind, seat.name, seat.token_key = row["kind"], row["name"], row["token"]
            if seat.kind == HUMAN:
                seat.away_since = since
        return seats
