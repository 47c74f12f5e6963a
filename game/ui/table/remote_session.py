"""A game played at a table server, behind the table's session interface (session.py).

`RemoteSession` lives as long as the connection to one table: the lobby reads who sits
where from it, the table scene plays its game, the game-over screen keeps its record. Each
frame `pump()` drains the link (game/net/link.py, its own thread) without waiting, and
sorts what came:

- `joined`, `table`, `reaction` and the link's own `link` statuses: the seat, its token, the
  seats (names, bots, stand-ins, who is connected), reactions, "reconnecting…";
- `state` and `move`: the seat's view (game/rules/wire_view.py rebuilds the `SeatView`
  from the replay state and the seat's events) and a queue of steps the table takes one at
  a time (`next_step`); a move that ends a round is split, the next deal waits for the
  table's `next_round()`, and the game's last move waits for `over`, whose record is
  replayed into a `Game` for the game-over screen, Past games and the statistics;
- `error`: a refused decision goes back to the player as a note.

While the player holds a seat in a game or a lobby, the seat (where, the code, its token)
is kept on disk (game/files/table_seats.py) when the app keeps files, so a game that
crashed or was quit can return to it; the game's end, leaving, or a server that no longer
knows the token forgets it.
"""

from __future__ import annotations

import time
from collections import deque

from game.files.table_seats import TableSeat, forget_seat, keep_seat
from game.files.text import clean_text
from game.rules import (
    OVER,
    RecordError,
    ReplayError,
    SeatView,
    decision_to_json,
    event_from_json,
    parse_record,
    replay,
)
from game.rules.event_json import EventJsonError
from game.rules.wire_view import SeatMemory, WireViewError, split_at_deal

from .audience import AudienceLink
from .session import Session, Step
from .words import BOT_NAMES

REACTION_SECONDS = 3.5  # a reaction stays by its seat this long
MAX_EVENTS = 400  # events of one message (a round has far fewer)
KINDS = ("human", "bot", "open")


class SeatInfo:
    """One seat as the last `table` message said: name, kind, level, here or away."""

    def __init__(self, raw: object) -> None:
        raw = raw if isinstance(raw, dict) else {}
        self.kind = raw.get("kind") if raw.get("kind") in KINDS else "open"
        name = raw.get("name")
        self.name = clean_text(name, 24, "") if isinstance(name, str) else ""
        self.level = raw.get("level") if isinstance(raw.get("level"), str) else None
        self.connected = raw.get("connected") is True
        stand_in = raw.get("stand_in")
        self.stand_in = clean_text(stand_in, 24, "bot") if isinstance(stand_in, str) else None


class RemoteSession(AudienceLink, Session):
    local = False
    watcher = False  # a watcher's session (watch_session.py) sits nowhere

    def __init__(self, link, name: str, keep: bool = False, code: str = "") -> None:
        """`keep`: keep the seat on disk while it is held; `code`: the table's, if known."""
        super().__init__(0, [], [], None)
        self.link = link
        self.name = name
        self.keep = keep
        self.status, self.why = "connecting", ""  # the link's last word, and why it failed
        self.code = code
        self.token: str | None = None
        self.host_seat = 0
        self.started = False
        self.port: int | None = None  # the port of the server this game hosts
        self.addresses: list[str] = []  # this computer's addresses (when it hosts)
        self.seats: list[SeatInfo] = []
        self.reactions: list[tuple[int, str, float]] = []  # (seat, emote, when it came)
        self.server_version = ""
        self.asked_seat: int | None = None  # a `sit` sent, not yet seen in a `table`
        self.audience_init()  # watchers and the review together (audience.py)
        self._reset_game()

    def _reset_game(self) -> None:
        self.memory: SeatMemory | None = None
        self.shown: SeatView | None = None  # the view as far as the table has shown it
        self.latest: SeatView | None = None  # the view after the last message that came
        self.ver = 0
        self.steps: deque = deque()  # ("step", Step, view) or ("deal", events, view)
        self._seen: list = []
        self.record: dict | None = None
        self.game = None
        self.resynced = False  # a `state` came mid-game: the table is drawn again from it
        self.sent = False  # the player's decision is on its way
        self.think_seat: int | None = None
        self.think = 0.0

    # ---- the lobby's facts -----------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.human

    @property
    def is_host(self) -> bool:
        return self.human is not None and self.human == self.host_seat

    @property
    def playing(self) -> bool:
        """A game is on (its first state has come) and not yet over."""
        return self.shown is not None and self.record is None

    @property
    def lost(self) -> bool:
        return self.status in ("reconnecting", "waiting", "connecting") and self.token is not None

    def seat_names(self) -> list[str]:
        """A name for every seat: the humans' own, and bot names unlike theirs."""
        taken = {s.name.lower() for s in self.seats if s.kind == "human"}
        spare = iter(n for n in BOT_NAMES if n.lower() not in taken)
        return [s.name if s.kind == "human" and s.name else next(spare) for s in self.seats]

    def seat_levels(self) -> list[str | None]:
        return [None if s.kind == "human" else s.level for s in self.seats]

    def live_reactions(self) -> list[tuple[int, str, float]]:
        now = time.monotonic()
        self.reactions = [r for r in self.reactions if now - r[2] < REACTION_SECONDS]
        return [(s, e, now - t) for s, e, t in self.reactions]

    # ---- sending ----------------------------------------------------------------------------
    def sit(self, seat: int) -> None:
        """Move to an open seat; the server answers with `table` only (NETWORK.md), so the
        seat is ours once the table shows our name there."""
        self.asked_seat = seat
        self.link.send({"type": "sit", "seat": seat})

    def start(self) -> None:
        self.link.send({"type": "start"})

    def react(self, emote: str) -> None:
        self.link.send({"type": "react", "emote": emote})

    def leave(self) -> None:
        """Give the seat up (a bot takes it in a game) and close the connection."""
        self._forget()
        self.link.close(leave=True)

    def close(self) -> None:
        self.link.close()

    def finish(self) -> None:
        pass  # the connection stays: the table goes back to its lobby

    # ---- the frame drains the link -----------------------------------------------------------
    def pump(self) -> None:
        for message in self.link.poll():
            kind = message.get("type")
            handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
            if handler is not None:
                try:
                    handler(message)
                except (WireViewError, EventJsonError, RecordError, ReplayError, KeyError, TypeError) as e:
                    self.notes.append(f"the server sent a message this game cannot read ({e})")

    # ---- the seat kept on disk ------------------------------------------------------------------
    def _remember(self) -> None:
        if self.keep and self.token is not None and self.code and self.human is not None:
            seat = TableSeat(self.link.url, self.code, self.token, self.human, self.port)
            self._told(keep_seat(seat))

    def _forget(self) -> None:
        if self.keep and self.code:
            self._told(forget_seat(self.link.url, self.code))

    def _told(self, note: str | None) -> None:
        if note:
            self.notes.append(note)

    def _on_link(self, m: dict) -> None:
        self.status = m.get("status", "")
        if self.status == "failed":
            self.why = str(m.get("why", ""))
            if m.get("code") == "bad-token" and self.code:
                self._forget()  # the server has not (or no longer) this table
                self.why = f"table {self.code} is no longer on its server; it is forgotten here"
        if self.status == "hosting":
            self.port = m.get("port")
            self.addresses = [a for a in m.get("addresses", []) if isinstance(a, str)]

    def _on_welcome(self, m: dict) -> None:
        self.server_version = clean_text(str(m.get("server", "")), 40, "")

    def _on_joined(self, m: dict) -> None:
        self.human = m["seat"] if type(m.get("seat")) is int else self.human
        self.viewer = self.human if self.human is not None else 0
        self.code = clean_text(str(m.get("code", "")), 12, "")
        self.token = m.get("token") if isinstance(m.get("token"), str) else self.token
        self._remember()
        self.say_again()

    def _on_table(self, m: dict) -> None:
        seats = m["seats"]
        if not isinstance(seats, list) or len(seats) not in (3, 4, 6):
            raise TypeError("a table has 3, 4 or 6 seats")
        self.seats = [SeatInfo(s) for s in seats]
        self.campers = len(self.seats)
        asked = self.asked_seat
        if asked is not None and asked < self.campers and self.seats[asked].kind == "human":
            if self.seats[asked].name == clean_text(self.name, 24, ""):
                self.human = self.viewer = asked
            self.asked_seat = None
        self.host_seat = m["host"] if type(m.get("host")) is int else 0
        was = self.started
        self.started = m.get("started") is True
        if self.started and not was and self.record is not None:
            self._reset_game()  # the host started the next game
        if not self.playing or not self.players:
            self.players, self.levels = self.seat_names(), self.seat_levels()

    def _on_reaction(self, m: dict) -> None:
        seat, emote = m.get("seat"), m.get("emote")
        if type(seat) is int and 0 <= seat < self.campers and isinstance(emote, str):
            self.reactions.append((seat, clean_text(emote, 16, ""), time.monotonic()))
            self.reactions = self.reactions[-12:]

    def _on_error(self, m: dict) -> None:
        self.sent = False  # a refused decision: the player decides again
        self.asked_seat = None
        self.notes.append(clean_text(str(m.get("message") or m.get("code")), 160, "refused"))

    def _events(self, m: dict) -> list:
        raw = m.get("events", [])
        if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
            raise TypeError("events must be a list")
        return [event_from_json(e) for e in raw]

    def _on_state(self, m: dict) -> None:
        ver = m["ver"]
        if self.shown is not None and ver == self.ver and self.record is None:
            return  # back after a short drop, nothing missed
        again = self.shown is not None
        self._reset_game()
        self.resynced = again  # (after the reset, which clears it: the table is drawn afresh)
        if type(m.get("seat")) is int and 0 <= m["seat"] < self.campers:
            self.human = self.viewer = m["seat"]  # the server's word on our seat
        self.players, self.levels = self.seat_names(), self.seat_levels()
        self.memory = SeatMemory(self.campers, self.viewer)
        events = self._events(m)
        self.memory.follow(events)
        self.shown = self.latest = self.memory.view(m["view"])
        self._seen = events
        self.ver = ver
        self._remember()  # a game under way (a new one after an `over`)

    def _on_move(self, m: dict) -> None:
        if self.memory is None:
            return  # a move of a game this side has not seen start
        played, deal = split_at_deal(self._events(m))
        by = m["by"] if type(m.get("by")) is int else -1
        self.memory.follow(played, self.latest.campsites)
        after = self.memory.round_over(m["view"]) if deal or _ends_game(played) else None
        if deal:
            self.memory.follow(deal)
        self.latest = self.memory.view(m["view"])
        self.steps.append(("step", Step(by, tuple(played)), after or self.latest))
        if deal:
            self.steps.append(("deal", deal, self.latest))
        self.ver = m["ver"]
        if by == self.human:
            self.sent = False

    def _on_over(self, m: dict) -> None:
        record = m["record"]
        self.game = replay(parse_record(record))
        self.record = record
        self._forget()

    # ---- the session interface -------------------------------------------------------------------
    def view(self) -> SeatView:
        return self.shown

    def seen(self) -> list:
        return list(self._seen)

    @property
    def waiting(self) -> bool:
        return self.sent

    def next_step(self) -> Step | None:
        if not self.steps or self.steps[0][0] != "step":
            return None
        _, step, view = self.steps[0]
        if view.phase == OVER and self.game is None:
            return None  # the result is shown once the record has come
        self.steps.popleft()
        self.shown = view
        self._seen += step.events
        self.think_seat, self.think = None, 0.0
        return step

    def next_round(self) -> list:
        if not self.steps or self.steps[0][0] != "deal":
            return []
        _, events, view = self.steps.popleft()
        self.shown = view
        self._seen += events
        return list(events)

    def decide(self, decision) -> list:
        self.sent = True
        self.link.send({"type": "act", "ver": self.ver, "decision": decision_to_json(decision)})
        return []

    def bot_step(self, seat: int, dt: float, pace: float) -> tuple[float, object | None]:
        """Another seat decides at the server: only how long it has been at it."""
        if seat != self.think_seat:
            self.think_seat, self.think = seat, 0.0
        self.think += dt
        return self.think, None


def _ends_game(events: list) -> bool:
    return any(type(e).__name__ == "GameOver" for e in events)
