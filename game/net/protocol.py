"""The table protocol `scram-net/1` (NETWORK.md) as data: its constants, one validator per
client message, and a builder for every server message. No sockets, no game logic.

Reading a client frame: `read_message(text)` returns a typed message (`Hello`, `Create`,
`Join`, `Sit`, `Start`, `Act`, `Resume`, `Leave`, `React`), or None for a message type this
version does not know (readers ignore those), or raises `ProtocolError(code, message, id)`
with one of `ERRORS` and a sentence a person can read. What the server could not send back
is refused where it is read: a string holding a lone surrogate (`"\\ud800"`, which no UTF-8
text holds), a number too long for Python to read or too large for a float, NaN and
Infinity, JSON nested deeper than `MAX_DEPTH`. Every message carries `id`, the
client's own tag (a string or integer of at most 64 characters, or None), which the server
copies into the `error` answering it.

Writing: `welcome`, `joined`, `table`, `seat_entry`, `state`, `move`, `over`, `error` and
`reaction` build the server's messages as dicts; `encode(message)` is the one JSON text
form (compact, UTF-8, keys in the order built), so a message is the same bytes every time.
Every client message has its builder too (`hello` ... `react`, and the extensions' `watch`
... `review_leave`): the project's clients (`game.seat`, the tests) send what they build.

Extensions others may ignore (docs/NETWORK-EXTENSIONS.md): `state` and `move` carry `events`
(what the seat may see, as `game.rules.event_json` writes them), `state` the spans of them its
stand-in played and `table` an absent camper's `stand_in_due`, `react` / `reaction`
carry an emote from `EMOTES`, and after `over` the host may `start` again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ai import LEVELS
from game.files.settings import PACES, Settings
from game.files.text import NAME_LIMIT, clean_text
from game.rules import CAMPER_COUNTS

from . import strict_json

PROTOCOL = "scram-net/1"
MAX_FRAME = 16 * 1024  # bytes of one incoming text frame; more: close 1009
HELLO_SECONDS = 10.0  # `hello` must come first, within this
RATE_PER_SECOND = 20  # messages per connection per second; more: `rate`, then close 1008
NAME_MAX = NAME_LIMIT  # characters of a name once control characters are removed (one cap for all)
MAX_EVENTS = 400  # events of one `state` or `move` message a client takes (a round has far fewer)
HUMAN, BOT, OPEN = "human", "bot", "open"  # the kinds of seat a `table` message names
SEAT_KINDS = (HUMAN, BOT, OPEN)
ID_MAX = 64  # characters of a message's `id`
APP_MAX = 64  # characters of `app` kept (free text, cut, never refused for its length)
MAX_DEPTH = 16  # arrays and objects inside one another in a message (a decision needs 4)
CODE_LENGTH = 6
# No look-alikes: 0/O, 1/I/L are left out (NETWORK.md), so a code read aloud is typed right.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TOKEN_BYTES = 24  # 192 random bits (NETWORK.md asks for at least 128)
EMOTES = ("nice", "oops", "thinking", "good game", "hello", "thanks")
DEFAULT_LEVEL = LEVELS[-1]  # "the top level"
DEFAULT_PACE = Settings().bot_pace  # the game's default
PACE_NAMES = tuple(PACES)

ERRORS = (
    "version",
    "bad-message",
    "too-big",
    "rate",
    "no-table",
    "full",
    "started",
    "not-host",
    "not-seated",
    "not-your-turn",
    "stale",
    "illegal",
    "bad-token",
    "limit",  # an extension (docs/NETWORK-EXTENSIONS.md): a cap on what one client may take
    "no-create",  # an extension: a player's own server holds its host's table only
)

# WebSocket close codes the server uses (1009 and 1008 are NETWORK.md's; 4000-4999 are the
# application's own range, RFC 6455 section 7.4.2).
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008  # rate, no hello in time, a wrong protocol
CLOSE_GOING_AWAY = 1001  # the server stops
CLOSE_REPLACED = 4001  # a newer connection resumed this seat
CLOSE_TABLE_CLOSED = 4002  # the table closed (nobody connected for 30 minutes)
CLOSE_SLOW = 4003  # the client read too slowly: its unsent messages piled up


class ProtocolError(Exception):
    """A client message refused: `code` is one of ERRORS, `message` one readable sentence."""

    def __init__(self, code: str, message: str, id: str | int | None = None) -> None:
        assert code in ERRORS, code
        super().__init__(message)
        self.code, self.message, self.id = code, message, id


# ---- the client's messages, typed --------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    name: str
    app: str
    id: str | int | None = None


@dataclass(frozen=True)
class Create:
    campers: int
    seat: int
    levels: tuple[str, ...]
    pace: str
    id: str | int | None = None


@dataclass(frozen=True)
class Join:
    code: str
    id: str | int | None = None


@dataclass(frozen=True)
class Sit:
    seat: int
    id: str | int | None = None


@dataclass(frozen=True)
class Start:
    id: str | int | None = None


@dataclass(frozen=True)
class Act:
    ver: int
    decision: dict  # as sent: the rules core reads it (game.rules.decision_from_json)
    id: str | int | None = None


@dataclass(frozen=True)
class Resume:
    token: str
    id: str | int | None = None


@dataclass(frozen=True)
class Leave:
    id: str | int | None = None


@dataclass(frozen=True)
class React:
    emote: str
    id: str | int | None = None


ClientMessage = Hello | Create | Join | Sit | Start | Act | Resume | Leave | React


def _bad(message: str, id: str | int | None) -> ProtocolError:
    return ProtocolError("bad-message", message, id)


def _message_id(raw: dict) -> str | int | None:
    """The message's `id`: a string or an integer of at most ID_MAX characters, or absent."""
    if "id" not in raw or raw["id"] is None:
        return None
    tag = raw["id"]
    if type(tag) is int and len(str(tag)) <= ID_MAX or type(tag) is str and len(tag) <= ID_MAX:
        return tag
    raise _bad(f"id must be a string or an integer of at most {ID_MAX} characters", None)


def _int_in(
    raw: dict, key: str, low: int, high: int, id: str | int | None, default: int | None = None
) -> int:
    value = raw.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{key} must be a whole number from {low} to {high}", id)
    return value


def _text(raw: dict, key: str, id: str | int | None, default: str | None = None) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise _bad(f"{key} must be a string", id)
    return value


def _hello(raw: dict, id: str | int | None) -> Hello:
    protocol = raw.get("protocol")
    if protocol != PROTOCOL:
        theirs = protocol if isinstance(protocol, str) else "no version"
        theirs = clean_text(theirs, 40, "no version")
        raise ProtocolError("version", f"this server speaks {PROTOCOL}; the client speaks {theirs}", id)
    name = clean_text(_text(raw, "name", id))
    if not 1 <= len(name) <= NAME_MAX:
        raise _bad(f"name must be 1 to {NAME_MAX} characters once control characters are removed", id)
    return Hello(name, clean_text(_text(raw, "app", id, ""), APP_MAX), id)


def _create(raw: dict, id: str | int | None) -> Create:
    campers = raw.get("campers")
    if type(campers) is not int or campers not in CAMPER_COUNTS:
        raise _bad("campers must be 3, 4 or 6", id)
    seat = _int_in(raw, "seat", 0, campers - 1, id, default=0)
    levels = raw.get("levels")
    if levels is None:
        levels = [None] * campers
    if not isinstance(levels, list) or len(levels) != campers:
        raise _bad(f"levels must list a bot level for each of the {campers} seats", id)
    if any(level is not None and level not in LEVELS for level in levels):
        raise _bad(f"each level must be one of {', '.join(LEVELS)} (or null: {DEFAULT_LEVEL})", id)
    pace = raw.get("pace", DEFAULT_PACE)
    if pace not in PACES:
        raise _bad(f"pace must be one of {', '.join(PACES)}", id)
    return Create(campers, seat, tuple(level or DEFAULT_LEVEL for level in levels), pace, id)


def _join(raw: dict, id: str | int | None) -> Join:
    code = _text(raw, "code", id)
    if len(code) > 64:
        raise _bad("code is too long", id)
    return Join(normal_code(code), id)


def normal_code(text: str) -> str:
    """A code as people type it, read: spaces and dashes dropped, capitals."""
    return "".join(ch for ch in text if ch != "-" and not ch.isspace()).upper()


def _act(raw: dict, id: str | int | None) -> Act:
    ver = raw.get("ver")
    if type(ver) is not int or ver < 0:
        raise _bad("ver must be a whole number (the decisions applied so far)", id)
    decision = raw.get("decision")
    if not isinstance(decision, dict):
        raise _bad("decision must be an object (a decision of RECORD_FORMAT.md)", id)
    return Act(ver, decision, id)


def _resume(raw: dict, id: str | int | None) -> Resume:
    token = _text(raw, "token", id)
    if not 1 <= len(token) <= 128:
        raise ProtocolError("bad-token", "that token resumes no seat", id)
    return Resume(token, id)


def _seat(raw: dict, id: str | int | None) -> int:
    """A seat number: the table checks it against its own size (a 4-camper table: 0 to 3)."""
    seat = raw.get("seat")
    if type(seat) is not int or not 0 <= seat < 100:
        raise _bad("seat must be a seat number of the table (from 0)", id)
    return seat


def _react(raw: dict, id: str | int | None) -> React:
    emote = raw.get("emote")
    if emote not in EMOTES:
        raise _bad(f"emote must be one of {', '.join(EMOTES)}", id)
    return React(emote, id)


_READERS = {
    "hello": _hello,
    "create": _create,
    "join": _join,
    "sit": lambda raw, id: Sit(_seat(raw, id), id),
    "start": lambda raw, id: Start(id),
    "act": _act,
    "resume": _resume,
    "leave": lambda raw, id: Leave(id),
    "react": _react,
}
CLIENT_TYPES = tuple(_READERS)


def decode(text: str | bytes) -> dict:
    """A frame's JSON object (ProtocolError `bad-message` for a binary frame, text that is
    not strict JSON, JSON that is not an object, or one the server could not write back)."""
    if not isinstance(text, str):
        raise _bad("send one JSON object per text frame, not binary frames", None)
    try:
        return strict_json.read_object(text, MAX_DEPTH)
    except strict_json.Unreadable as e:
        raise _bad(str(e), None) from None


def peek_id(data: bytes) -> str | int | None:
    """The `id` of a frame's message if it has a valid one (for an answer that does not read
    the message otherwise), else None."""
    try:
        return _message_id(decode(data.decode("utf-8")))
    except (UnicodeDecodeError, ProtocolError):
        return None


def read_message(text: str | bytes) -> ClientMessage | None:
    """The client message a frame holds; None for a type this version does not know."""
    raw = decode(text)
    id = _message_id(raw)
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise _bad('a message needs "type": a string', id)
    reader = _READERS.get(kind)
    return None if reader is None else reader(raw, id)


# ---- the server's messages ---------------------------------------------------------------
def encode(message: dict) -> str:
    """The one text form of a message: compact JSON, UTF-8 characters kept."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def welcome(server_version: str) -> dict:
    return {"type": "welcome", "protocol": PROTOCOL, "server": server_version}


def joined(code: str, seat: int, token: str) -> dict:
    return {"type": "joined", "code": code, "seat": seat, "token": token}


def seat_entry(
    name: str | None,
    kind: str,
    level: str | None,
    connected: bool,
    stand_in: str | None,
    stand_in_due: float | None = None,
) -> dict:
    """One seat of a `table` message; `kind` is "human", "bot" or "open". `stand_in_due`
    (an extension): for a camper away during a game whom no stand-in plays for yet, the
    seconds from this message until one may (the table's grace left)."""
    out = {"name": name, "kind": kind, "level": level, "connected": connected, "stand_in": stand_in}
    if stand_in_due is not None:
        out["stand_in_due"] = stand_in_due
    return out


def table(code: str, campers: int, host: int, started: bool, seats: list[dict]) -> dict:
    return {
        "type": "table",
        "code": code,
        "campers": campers,
        "host": host,
        "started": started,
        "seats": seats,
    }


def state(ver: int, seat: int, view: dict, events: list[dict], stand_in: list | None = None) -> dict:
    """`view` is `game.rules.state_dict(game, seat)`; `events` the seat's events as JSON;
    `stand_in` (an extension, only when there are some): the `[from, to)` index ranges of
    `events` that the seat's stand-in's decisions caused while its camper was away."""
    out = {"type": "state", "ver": ver, "seat": seat, "view": view, "events": events}
    if stand_in:
        out["stand_in"] = stand_in
    return out


def move(
    ver: int, by: int, decision: dict, view: dict, events: list[dict], reveal: dict | None = None
) -> dict:
    """`reveal` when the decision ended a round: `{"campsites": [[values]...], "scores": [a, b]}`."""
    out = {"type": "move", "ver": ver, "by": by, "decision": decision, "view": view}
    if reveal is not None:
        out["reveal"] = reveal
    out["events"] = events
    return out


def over(record: dict) -> dict:
    return {"type": "over", "record": record}


def error(code: str, message: str, id: str | int | None = None) -> dict:
    assert code in ERRORS, code
    out: dict = {"type": "error", "code": code, "message": message}
    if id is not None:
        out["id"] = id
    return out


def reaction(seat: int, emote: str) -> dict:
    return {"type": "reaction", "seat": seat, "emote": emote}


# ---- the client's messages (what a client, the desktop's sessions and the tests send) -----------
def hello(name: str, app: str, protocol: str = PROTOCOL) -> dict:
    return {"type": "hello", "protocol": protocol, "name": name, "app": app}


def create(
    campers: int, seat: int = 0, levels: list[str | None] | None = None, pace: str | None = None
) -> dict:
    """A new table; `levels` (the bots' levels, seat by seat) and `pace` only when given."""
    out: dict = {"type": "create", "campers": campers, "seat": seat}
    if levels is not None:
        out["levels"] = levels
    if pace is not None:
        out["pace"] = pace
    return out


def join(code: str) -> dict:
    return {"type": "join", "code": code}


def resume(token: str) -> dict:
    return {"type": "resume", "token": token}


def sit(seat: int) -> dict:
    return {"type": "sit", "seat": seat}


def start() -> dict:
    return {"type": "start"}


def act(ver: int, decision: dict) -> dict:  # (decision: as `game.rules.decision_to_json` writes it)
    return {"type": "act", "ver": ver, "decision": decision}


def leave() -> dict:
    return {"type": "leave"}


def react(emote: str) -> dict:
    return {"type": "react", "emote": emote}


def watch(code: str) -> dict:
    return {"type": "watch", "code": code}


def follow(seat: int | None) -> dict:
    """A watcher asks for a seat's eyes (None: the public table)."""
    return {"type": "follow", "seat": seat}


def share_view(share: bool) -> dict:
    return {"type": "share_view", "share": share}


def allow_watching(allow: bool) -> dict:
    return {"type": "allow_watching", "allow": allow}


def review_open() -> dict:
    return {"type": "review_open"}


def review_go(pos: int) -> dict:
    return {"type": "review_go", "pos": pos}


def review_lead() -> dict:
    return {"type": "review_lead"}


def review_leave() -> dict:
    return {"type": "review_leave"}
