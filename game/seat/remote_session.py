"""A game played at a table server, behind the table's session interface (session.py).

`RemoteSession` lives as long as the connection to one table: the lobby reads who sits
where from it, the table scene plays its game, the game-over screen keeps its record. Each
frame `pump()` drains the link (game/seat/link.py, its own thread) without waiting, and
sorts what came:

- `joined`, `table`, `reaction` and the link's own `link` statuses: the seat, its token, the
  seats (names, bots, stand-ins, who is connected), reactions, "reconnecting…"; and the
  link's `portmap` (a table hosted here: the port the home router opened, or why not);
- `state` and `move`: the seat's view (follower.py, the one follower of a seat's messages,
  rebuilds the `SeatView` from the replay state and the seat's events) and a queue of
  steps the table takes one at a time (`next_step`); a move that ends a round is split,
  the next deal waits for the table's `next_round()`, and the game's last move waits for
  `over`, whose record is replayed into a `Game` for the game-over screen, Past games and
  the statistics;
- `error`: a refused decision goes back to the player as a note.

While the player holds a seat in a game or a lobby, the seat (where, the code, its token)
is kept on disk (game/files/table_seats.py) when the app keeps files, so a game that
crashed or was quit can return to it; the game's end, leaving, or a server that no longer
knows the token forgets it.
"""

from __future__ import annotations

import math
import time
from collections import deque

from game.files.table_seats import TableSeat, forget_seat, keep_seat
from game.files.text import NAME_LIMIT, clean_text
from game.lang import Speech, _, ngettext
from game.net import protocol
from game.net.protocol import MAX_EVENTS, OPEN, SEAT_KINDS
from game.rules import (
    OVER,
    RecordError,
    ReplayError,
    SeatView,
    decision_to_json,
    parse_record,
    replay,
)
from game.rules.event_json import EventJsonError
from game.rules.wire_view import WireViewError
from game.seat.invite import Invite

from .audience import Audience
from .follower import SeatFollower
from .notices import Notice
from .phrases import level_words
from .session import Session, Step
from .words import BOT_NAMES, someone

REACTION_SECONDS = 3.5  # a reaction stays by its seat this long
DUE_MAX = 3600.0  # seconds a stand-in's countdown may say (a table's grace is far shorter)


class SeatInfo:
    """One seat as the last `table` message said: name, kind, level, here or away, and for
    a camper away during a game, when a stand-in may play for them (`due_at`, monotonic)."""

    def __init__(self, raw: object, now: float = 0.0) -> None:
        raw = raw if isinstance(raw, dict) else {}
        self.kind = raw.get("kind") if raw.get("kind") in SEAT_KINDS else OPEN
        name = raw.get("name")
        self.name = clean_text(name, NAME_LIMIT, "") if isinstance(name, str) else ""
        level = raw.get("level")
        self.level = clean_text(level, NAME_LIMIT, "") or None if isinstance(level, str) else None
        self.connected = raw.get("connected") is True
        stand_in = raw.get("stand_in")
        self.stand_in = clean_text(stand_in, NAME_LIMIT, "bot") if isinstance(stand_in, str) else None
        due = raw.get("stand_in_due")
        ok = type(due) in (int, float) and 0 <= due <= DUE_MAX
        self.due_at = now + due if ok and not self.connected and not self.stand_in else None

    @property
    def away(self) -> bool:
        return self.kind == "human" and not self.connected

    def away_words(self, now: float) -> str:
        """What an absent camper's seat says: who plays for them, or in how long a stand-in
        will ("away · ranger bot plays in 12 s"); "" if they are here."""
        if not self.away:
            return ""
        level = self.stand_in or self.level
        if self.due_at is None and self.stand_in is None:
            return _("away · waiting")
        left = math.ceil(self.due_at - now) if self.stand_in is None and self.due_at is not None else 0
        if level is None:
            if left > 0:
                return ngettext("away · a bot plays in {n} s", "away · a bot plays in {n} s", left)
            return _("away · a bot plays")
        level = level_words(level)
        if left > 0:
            return ngettext(
                "away · {level} bot plays in {n} s", "away · {level} bot plays in {n} s", left, level=level
            )
        return _("away · {level} bot plays", level=level)

    def bot_plays(self, now: float) -> bool:
        """Whether a bot plays for the absent camper now (no alarm on their seat)."""
        if not self.away:
            return False
        return self.stand_in is not None or (self.due_at is not None and math.ceil(self.due_at - now) <= 0)


class RemoteSession(Session):
    local = False
    watcher_id: int | None = None  # a watcher's number at the table (watch_session.py)

    def __init__(
        self, link, name: str, keep: bool = False, code: str = "", server: Invite | None = None
    ) -> None:
        """`keep`: keep the seat on disk while it is held; `code`: the table's, if known;
        `server`: the server's address when this game created the table at a server elsewhere."""
        super().__init__(0, [], [], None)
        self.link = link
        self.name = name
        self.keep = keep
        self.status = "connecting"  # the link's last word
        self.failure: Notice | None = None  # why it failed (`why`: in the player's words)
        self.tongue: Speech | None = None  # the language notices are said in (None: the game's)
        self.code = code
        self.token: str | None = None
        self.host_seat = 0
        self.started = False
        self.port: int | None = None  # the port of the server this game hosts
        self.addresses: list[str] = []  # this computer's addresses (when it hosts)
        self.server = server  # where the table was created, when not on this computer
        self.portmap = ""  # the router's port: "", "asking", "open" or "failed" (hosted here)
        self.public: tuple[str, int] | None = None  # the router's public address and port
        self.portmap_notice: Notice | None = None  # what to do when the port could not be opened
        self.seats: list[SeatInfo] = []
        self.reactions: list[tuple[int, str, float]] = []  # (seat, emote, when it came)
        self.server_version = ""
        self.asked_seat: int | None = None  # a `sit` sent, not yet seen in a `table`
        self.audience = Audience(link.send, self.me)  # watchers and the review together
        self._reset_game()

    def _reset_game(self) -> None:
        self.follower = SeatFollower(self.viewer)  # the seat's messages into its view
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
        self.stood_in: list[tuple[int, int]] = []  # spans of `_seen` the seat's stand-in played

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
    def why(self) -> str:
        """Why the link failed, in the player's language now ("" while it has not)."""
        return "" if self.failure is None else self.failure.text(self.tongue)

    @why.setter
    def why(self, said: str) -> None:
        self.failure = Notice("", said=said) if said else None

    @property
    def portmap_advice(self) -> str:
        """What to do when the router did not open the port, in the player's language now."""
        return "" if self.portmap_notice is None else self.portmap_notice.text(self.tongue)

    def refusal(self, m: dict) -> str:
        """A server's `error` in the player's words (`code`: the table this session asked for)."""
        return Notice.refusal(m, watching=self.watcher, code=self.code).text(self.tongue)

    @property
    def lost(self) -> bool:
        return self.status in ("reconnecting", "waiting", "connecting") and self.token is not None

    def seat_names(self) -> list[str]:
        """A name for every seat: a human's own (or the one a bot keeps when it took a
        leaver's seat), and for every other seat a bot name of its seat number (seat 2 Bea,
        seat 3 Cal...) unless a camper's name is that: so a bot keeps its name when others
        come and go, and every computer at the table names it alike."""
        return seat_names(self.seats, self.human)

    @property
    def stand_in_level(self) -> str:
        """The level of the bot that stands in for this seat (the table's word for it)."""
        me = self.seats[self.human] if self.human is not None and self.human < len(self.seats) else None
        return (me.level if me is not None else None) or "bot"

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
        self.link.send(protocol.sit(seat))

    def start(self) -> None:
        self.link.send(protocol.start())

    def react(self, emote: str) -> None:
        self.link.send(protocol.react(emote))

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
                    self.notes.append(_("The server sent a message this game cannot read ({why}).", why=e))

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
            notice = m.get("notice")
            self.failure = notice if isinstance(notice, Notice) else Notice("", said=str(m.get("why", "")))
            if m.get("code") == "bad-token" and self.code:
                self._forget()  # the server has not (or no longer) this table
                self.failure = Notice("bad-token", params={"code": self.code})
        if self.status == "hosting":
            self.port = m.get("port")
            self.addresses = [a for a in m.get("addresses", []) if isinstance(a, str)]

    def _on_portmap(self, m: dict) -> None:
        status = m.get("status")
        if status not in ("asking", "open", "failed"):
            return
        self.portmap = status
        public, port = m.get("public"), m.get("port")
        if status == "open" and isinstance(public, str) and type(port) is int:
            self.public = (clean_text(public, 45, ""), port)
        if status == "failed":
            self.public = None
            notice = m.get("notice")
            said = clean_text(str(m.get("advice", "")), 300, "")
            self.portmap_notice = notice if isinstance(notice, Notice) else Notice("", said=said)

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
        now = time.monotonic()
        self.seats = [SeatInfo(s, now) for s in seats]
        self.campers = len(self.seats)
        asked = self.asked_seat
        if asked is not None and asked < self.campers and self.seats[asked].kind == "human":
            if self.seats[asked].name == clean_text(self.name, NAME_LIMIT, ""):
                self.human = self.viewer = asked
            self.asked_seat = None
        self.host_seat = m["host"] if type(m.get("host")) is int else 0
        was = self.started
        self.started = m.get("started") is True
        if self.started and not was and self.record is not None:
            self._reset_game()  # the host started the next game
        if not self.playing or not self.players:
            self.players, self.levels = self.seat_names(), self.seat_levels()

    def me(self) -> dict | None:
        """This player as the review together names its members."""
        if self.watcher_id is not None:
            return {"watcher": self.watcher_id}
        return None if self.human is None else {"seat": self.human}

    def say_again(self) -> None:
        """After (re)taking the seat: what this camper asked the table before."""
        self.audience.say_again()

    def _on_audience(self, m: dict) -> None:
        self.audience.read(m, self.campers)

    def _on_review(self, m: dict) -> None:
        self.audience.read_review(m)

    def _on_reaction(self, m: dict) -> None:
        seat, emote = m.get("seat"), m.get("emote")
        if type(seat) is int and 0 <= seat < self.campers and isinstance(emote, str):
            self.reactions.append((seat, clean_text(emote, 16, ""), time.monotonic()))
            self.reactions = self.reactions[-12:]

    def _on_error(self, m: dict) -> None:
        self.sent = False  # a refused decision: the player decides again
        self.asked_seat = None
        self.notes.append(clean_text(self.refusal(m), 300, "refused"))

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
        events = self.follower.on_state(m, self.viewer)
        if self.follower.campers != self.campers:
            raise WireViewError("a state for another table than this one")
        self.shown = self.latest = self.follower.view()
        self._seen = events
        self.stood_in = _spans(m.get("stand_in"), len(events))
        self.ver = ver
        self._remember()  # a game under way (a new one after an `over`)

    def _on_move(self, m: dict) -> None:
        if not self.follower.started:
            return  # a move of a game this side has not seen start
        move = self.follower.on_move(m)
        self.latest = move.view
        self.steps.append(("step", Step(move.by, move.played), move.ended or move.view))
        if move.deal:
            self.steps.append(("deal", list(move.deal), move.view))
        self.ver = m["ver"]
        if move.by == self.human:
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
        # (what the seat holds says which keys an act carries: a 13's camper, a 9's end)
        self.link.send(protocol.act(self.ver, decision_to_json(decision, self.shown.holding)))
        return []

    def bot_step(self, seat: int, dt: float, pace: float) -> tuple[float, object | None]:
        """Another seat decides at the server: only how long it has been at it (an absent
        camper's seat shows no thinking: its one mark says who plays, or in how long)."""
        if 0 <= seat < len(self.seats) and self.seats[seat].away:
            self.think_seat, self.think = seat, 0.0
            return 0.0, None
        if seat != self.think_seat:
            self.think_seat, self.think = seat, 0.0
        self.think += dt
        return self.think, None


def seat_names(seats: list[SeatInfo], me: int | None) -> list[str]:
    """`RemoteSession.seat_names` for `seats` seen from seat `me`. Another camper who calls
    themselves "You" is shown in quotes, so the log never tells their moves as the player's."""
    kept = {n: s.name for n, s in enumerate(seats) if s.kind != OPEN and s.name}
    taken = {name.lower() for name in kept.values()}
    own = {n: BOT_NAMES[(n - 1) % len(BOT_NAMES)] for n in range(len(seats)) if n not in kept}
    out = []
    for n in range(len(seats)):
        if n in kept:
            out.append(someone(kept[n]) if n != me else kept[n])
            continue
        start = BOT_NAMES.index(own[n])
        ring = [BOT_NAMES[(start + k) % len(BOT_NAMES)] for k in range(len(BOT_NAMES))]
        free = [b for k, b in enumerate(ring) if b.lower() not in taken and (k == 0 or b not in own.values())]
        name = free[0] if free else f"Bot {n + 1}"
        taken.add(name.lower())
        out.append(name)
    return out


def _spans(raw: object, count: int) -> list[tuple[int, int]]:
    """A `state`'s `stand_in`: `[from, to)` ranges of its `count` events, in order, apart."""
    if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
        return []
    out: list[tuple[int, int]] = []
    for span in raw:
        ok = isinstance(span, list) and len(span) == 2 and all(type(k) is int for k in span)
        if not ok or not (out[-1][1] if out else 0) <= span[0] < span[1] <= count:
            return []  # not what this server sends: told as the table always told it
        out.append((span[0], span[1]))
    return out
