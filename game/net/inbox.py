"""What a table actor's inbox holds: one small frozen dataclass for each kind of item, so the
table dispatches on the item's type (`table.Table.handle`) and a reader sees every field a
kind carries.

The server posts a connection's messages (`Message`, `Create`, `Resume`, `Watch`), its
answers that must come in order with the table's (`Say`) and its end (`Gone`); the table
posts to itself its bots' decisions (`BotDecided`), its timers (`GraceOver`, `Idle`) and,
once restored mid-game, `Resumed`. `Close` is the server taking a vacant table's place for a
newcomer; `Stop` is the server stopping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import Decision


@dataclass(frozen=True, slots=True)
class FromConnection:
    """An item a connection waits on: if the table closes first, it is answered then."""

    conn: Any  # server.Conn (or a test's stand-in)


@dataclass(frozen=True, slots=True)
class Message(FromConnection):
    """A message of a connection bound to the table (a `join` included)."""

    msg: Any  # a protocol or watch_protocol message


@dataclass(frozen=True, slots=True)
class Create(FromConnection):
    msg: Any  # protocol.Create


@dataclass(frozen=True, slots=True)
class Resume(FromConnection):
    msg: Any  # protocol.Resume


@dataclass(frozen=True, slots=True)
class Watch(FromConnection):
    msg: Any  # watch_protocol.Watch


@dataclass(frozen=True, slots=True)
class Say(FromConnection):
    """An answer the server made, sent in order with the table's answers."""

    text: str


@dataclass(frozen=True, slots=True)
class Gone(FromConnection):
    """The connection closed."""


@dataclass(frozen=True, slots=True)
class BotDecided:
    """A bot's (or a stand-in's) decision, for the position at `ver`."""

    ver: int
    seat: int
    decision: Decision


@dataclass(frozen=True, slots=True)
class GraceOver:
    """An absent camper's grace is over (if the game is still at `ver`, at their turn)."""

    ver: int
    seat: int


@dataclass(frozen=True, slots=True)
class Idle:
    """The idle timer fired: nobody has been connected for its time."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """Restored mid-game: whoever is next plays on."""


@dataclass(frozen=True, slots=True)
class Close:
    """Close now, saying `why` (the server gave the table's place to a newcomer)."""

    why: str


@dataclass(frozen=True, slots=True)
class Stop:
    """The server stops: stop consuming."""


Item = FromConnection | BotDecided | GraceOver | Idle | Resumed | Close | Stop
