"""The messages of watching a table and of reviewing its last game together: extensions of
`scram-net/1` (docs/NETWORK-EXTENSIONS.md) that a client which never sends them never sees.

Client messages, typed like `protocol`'s: `Watch` (`watch`, a table's code), `Follow`
(`follow`, a seat or null), `ShareView` (`share_view`, a seated camper lets watchers follow
its seat, or no longer), `AllowWatching` (`allow_watching`, the host opens or closes the
table to watchers), `ReviewOpen`, `ReviewGo` (a position), `ReviewLead`, `ReviewLeave`.
`read_message(text)` reads one of them, or returns None for any other type (the server
reads those with `protocol.read_message` first); a malformed one raises
`protocol.ProtocolError`.

Server messages: `watching` (the answer to `watch`), `audience` (who watches, whether
watching is open, which seats may be followed), `review` (the shared review's position,
lead and members). Refusals use `protocol`'s error codes where one fits and the codes in
`WATCH_ERRORS` where none does; `error(code, message, id)` builds either.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol

# Error codes of this extension (NETWORK.md's list has none that say these).
WATCH_ERRORS = (
    "no-watching",  # the host has closed the table to watchers
    "no-follow",  # that seat may not be followed (its camper has not said so, or the other team)
    "no-review",  # there is no finished game to review, or no shared review open
    "not-lead",  # only the one who leads the shared review moves it
    "limit",  # a cap on what one client may take (watchers from one address)
)


@dataclass(frozen=True)
class Watch:
    code: str
    id: str | int | None = None


@dataclass(frozen=True)
class Follow:
    seat: int | None  # None: the public table
    id: str | int | None = None


@dataclass(frozen=True)
class ShareView:
    share: bool
    id: str | int | None = None


@dataclass(frozen=True)
class AllowWatching:
    allow: bool
    id: str | int | None = None


@dataclass(frozen=True)
class ReviewOpen:
    id: str | int | None = None


@dataclass(frozen=True)
class ReviewGo:
    pos: int
    id: str | int | None = None


@dataclass(frozen=True)
class ReviewLead:
    id: str | int | None = None


@dataclass(frozen=True)
class ReviewLeave:
    id: str | int | None = None


AudienceMessage = Follow | ShareView | AllowWatching
ReviewMessage = ReviewOpen | ReviewGo | ReviewLead | ReviewLeave
MAX_SEAT = 5  # the largest table's last seat (the table checks its own size)
MAX_FRAMES = 100_000  # review positions: a game has far fewer stops


def _bad(message: str, id: str | int | None) -> protocol.ProtocolError:
    return protocol.ProtocolError("bad-message", message, id)


def _flag(raw: dict, key: str, id: str | int | None) -> bool:
    value = raw.get(key)
    if type(value) is not bool:
        raise _bad(f"{key} must be true or false", id)
    return value


def _watch(raw: dict, id: str | int | None) -> Watch:
    code = raw.get("code")
    if not isinstance(code, str) or len(code) > 64:
        raise _bad("code must be a table's code", id)
    return Watch("".join(ch for ch in code if ch != "-" and not ch.isspace()).upper(), id)


def _follow(raw: dict, id: str | int | None) -> Follow:
    seat = raw.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat <= MAX_SEAT):
        raise _bad("seat must be a seat number of the table, or null for the public table", id)
    return Follow(seat, id)


def _review_go(raw: dict, id: str | int | None) -> ReviewGo:
    pos = raw.get("pos")
    if type(pos) is not int or not 0 <= pos < MAX_FRAMES:
        raise _bad("pos must be a position of the review (a whole number from 0)", id)
    return ReviewGo(pos, id)


_READERS = {
    "watch": _watch,
    "follow": _follow,
    "share_view": lambda raw, id: ShareView(_flag(raw, "share", id), id),
    "allow_watching": lambda raw, id: AllowWatching(_flag(raw, "allow", id), id),
    "review_open": lambda raw, id: ReviewOpen(id),
    "review_go": _review_go,
    "review_lead": lambda raw, id: ReviewLead(id),
    "review_leave": lambda raw, id: ReviewLeave(id),
}
CLIENT_TYPES = tuple(_READERS)


def read_message(text: str | bytes):
    """The extension message a frame holds; None for any other type."""
    raw = protocol.decode(text)
    kind = raw.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        return None
    tag = raw.get("id")
    if tag is not None and not (type(tag) in (int, str) and len(str(tag)) <= protocol.ID_MAX):
        raise _bad(f"id must be a string or an integer of at most {protocol.ID_MAX} characters", None)
    return reader(raw, tag)


# ---- the server's messages ---------------------------------------------------------------
def watching(code: str, watcher: int) -> dict:
    """The answer to `watch`: the table's code and this watcher's number at it."""
    return {"type": "watching", "code": code, "watcher": watcher}


def audience(open_: bool, watchers: list[dict], shared: list[int]) -> dict:
    """`watchers`: `{"id", "name", "follows"}` each (`follows`: a seat, or null for the public
    table); `shared`: the seats whose campers let watchers follow them."""
    return {"type": "audience", "open": open_, "watchers": watchers, "shared": shared}


def review(open_: bool, game: int, frames: int, pos: int, lead: dict | None, members: list[dict]) -> dict:
    """The shared review of the table's game number `game`: `frames` positions (those of the
    desktop game's review), the one shown (`pos`), who leads and who is in it; each of them
    `{"name", "seat"}` (a camper) or `{"name", "watcher"}`."""
    return {
        "type": "review",
        "open": open_,
        "game": game,
        "frames": frames,
        "pos": pos,
        "lead": lead,
        "members": members,
    }


def error(code: str, message: str, id: str | int | None = None) -> dict:
    """An `error` with one of `protocol.ERRORS` or of `WATCH_ERRORS`."""
    assert code in protocol.ERRORS or code in WATCH_ERRORS, code
    out: dict = {"type": "error", "code": code, "message": message}
    if id is not None:
        out["id"] = id
    return out
