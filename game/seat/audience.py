"""What a networked table's session knows of its audience and of the review together
(docs/NETWORK-EXTENSIONS.md), and what it sends about them: an `Audience` that the remote
session holds (`session.audience`), so the lobby, the table and the review read one place.

- who watches (`watchers`, and whom they follow), whether the host lets anyone watch
  (`open`), which seats' campers let watchers follow them (`shared`): the last `audience`;
- `review`: the last `review` message (the review together: its position, lead, members);
- sending: `share_view`, `allow_watching` (the host), `review_open`, `review_go`,
  `review_lead`, `review_leave`. What this player asked for (their cards shared, watching
  closed) is said again after a reconnection (`say_again`), since a server that restarted
  may have lost a moment of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.files.text import NAME_LIMIT, clean_text
from game.lang import _, ngettext
from game.net import protocol

MAX_WATCHERS = 200  # entries of `audience` kept (a server caps a table far lower)


@dataclass(frozen=True)
class Watching:
    id: int
    name: str
    follows: int | None


@dataclass
class ReviewState:
    """The review together as the server last said it."""

    open: bool = False
    game: int = 0
    frames: int = 0
    pos: int = 0
    lead: dict | None = None
    members: list[dict] = field(default_factory=list)
    version: int = 0  # counts the `review` messages read (a scene sees that one came)

    def read(self, m: dict) -> None:
        self.open = m.get("open") is True
        self.game = m["game"] if type(m.get("game")) is int else 0
        self.frames = m["frames"] if type(m.get("frames")) is int and m["frames"] > 0 else 0
        pos = m.get("pos")
        self.pos = pos if type(pos) is int and 0 <= pos < max(1, self.frames) else 0
        self.lead = _member(m.get("lead"))
        members = m.get("members") if isinstance(m.get("members"), list) else []
        self.members = [x for x in map(_member, members[:MAX_WATCHERS]) if x is not None]
        self.version += 1

    @staticmethod
    def names(who: list[dict]) -> str:
        return ", ".join(w["name"] for w in who)


class Audience:
    """The audience of one table as this player knows it. `send` takes a client message to
    the table; `me` says who this player is as the review together names its members (a
    camper's seat, a watcher's number, or None before either is known)."""

    def __init__(self, send: Callable[[dict], None], me: Callable[[], dict | None]) -> None:
        self.send, self.me = send, me
        self.open = True  # the host lets anyone watch
        self.watchers: list[Watching] = []
        self.shared: tuple[int, ...] = ()  # seats whose campers let watchers follow them
        self.review = ReviewState()
        self.sharing = False  # this camper lets watchers follow its seat (as it last asked)
        self.closed_to_watchers = False  # this host closed the table to watchers (as it last asked)
        self.review_shown = -1  # the last `review` the review screen came up for (or was left at)
        self.review_left = False  # left it: what the server sent before it knew is not asked again

    # ---- reading ---------------------------------------------------------------------------
    def read(self, m: dict, campers: int) -> None:
        """An `audience` message of a table of `campers`."""
        self.open = m.get("open") is not False
        out = []
        for w in m.get("watchers", [])[:MAX_WATCHERS] if isinstance(m.get("watchers"), list) else []:
            if isinstance(w, dict) and type(w.get("id")) is int:
                follows = w.get("follows")
                seat = follows if type(follows) is int and 0 <= follows < campers else None
                out.append(
                    Watching(w["id"], clean_text(str(w.get("name", "")), NAME_LIMIT, "a watcher"), seat)
                )
        self.watchers = out
        shared = m.get("shared") if isinstance(m.get("shared"), list) else []
        self.shared = tuple(s for s in shared[:6] if type(s) is int and 0 <= s < campers)

    def read_review(self, m: dict) -> None:
        """A `review` message."""
        self.review.read(m)
        if not self.in_review:
            self.review_left = False  # the server knows: a later invitation counts again

    def count_words(self) -> str:
        n = len(self.watchers)
        return _("nobody watching") if n == 0 else ngettext("{n} watching", "{n} watching", n)

    def _is(self, who: dict | None) -> bool:
        mine = self.me()
        return who is not None and mine is not None and all(who.get(k) == v for k, v in mine.items())

    @property
    def in_review(self) -> bool:
        r = self.review
        return r.open and any(self._is(m) for m in r.members)

    @property
    def leading(self) -> bool:
        return self.review.open and self._is(self.review.lead)

    def review_to_show(self) -> bool:
        """The review together is open with this player in it, and newer than the last one
        its screen came up for (or the player left)."""
        return self.in_review and self.review.version > self.review_shown and not self.review_left

    def review_shown_now(self) -> None:
        self.review_shown = self.review.version

    # ---- sending ---------------------------------------------------------------------------
    def share_view(self, share: bool) -> None:
        self.sharing = share
        self.send(protocol.share_view(share))

    def allow_watching(self, allow: bool) -> None:
        self.closed_to_watchers = not allow
        self.send(protocol.allow_watching(allow))

    def say_again(self) -> None:
        """After (re)taking the seat: what this camper asked the table before."""
        if self.sharing:
            self.send(protocol.share_view(True))
        if self.closed_to_watchers:
            self.send(protocol.allow_watching(False))

    def review_open(self) -> None:
        self.review_left = False
        self.send(protocol.review_open())

    def review_go(self, pos: int) -> None:
        self.review.pos = pos  # shown at once; the server's word follows
        self.send(protocol.review_go(pos))

    def review_lead(self) -> None:
        self.send(protocol.review_lead())

    def review_leave(self) -> None:
        self.review_shown_now()
        self.review_left = True
        self.send(protocol.review_leave())


def _member(x: object) -> dict | None:
    if not isinstance(x, dict):
        return None
    name = clean_text(str(x.get("name", "")), NAME_LIMIT, "someone")
    if type(x.get("seat")) is int:
        return {"name": name, "seat": x["seat"]}
    if type(x.get("watcher")) is int:
        return {"name": name, "watcher": x["watcher"]}
    return None
