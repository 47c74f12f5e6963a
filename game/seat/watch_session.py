"""Watching a friends' table (docs/NETWORK-EXTENSIONS.md): a remote session that sits
nowhere. It is sent the public table (the rules core's `PUBLIC` eyes: no face-down value)
or, while it follows a seat whose camper allows it, that seat's very messages; the table
scene shows either with no prompts (the session has no player's seat: `human` is None), the
lobby lists the table without Sit buttons, and the review together works as for a camper.

`viewer` is the eyes the session watches with (`PUBLIC`, or the followed seat); `follow`
asks for other eyes (the server answers with a fresh `state`, which draws the table anew).
After a lost connection the link watches again and the session asks for the same seat.
"""

from __future__ import annotations

from game.lang import _
from game.net import protocol
from game.rules import PUBLIC

from .notices import Notice
from .remote_session import RemoteSession


class WatchSession(RemoteSession):
    watcher = True

    def __init__(self, link, name: str, code: str = "") -> None:
        super().__init__(link, name, keep=False, code=code)
        self.viewer = PUBLIC
        self.wanted: int | None = None  # the seat this watcher asked to follow

    @property
    def follows(self) -> int | None:
        """The seat whose view the table shows (None: the public table)."""
        return None if self.viewer == PUBLIC else self.viewer

    @property
    def lost(self) -> bool:
        return self.status in ("reconnecting", "waiting", "connecting") and self.watcher_id is not None

    def restored_words(self) -> str:
        """What the table says when it is drawn afresh for other eyes."""
        if self.follows is None:
            return _("You watch the public table: no face-down card is shown.")
        names = self.players or self.seat_names()
        if self.follows < len(names):
            return _("You watch {name}'s cards: what {name} knows is shown.", name=names[self.follows])
        return _(
            "You watch the cards of seat {seat}: what that camper knows is shown.", seat=self.follows + 1
        )

    def followable(self) -> list[int]:
        """The seats whose campers let watchers follow them."""
        return [s for s in self.audience.shared if s < len(self.seats) and self.seats[s].kind == "human"]

    def follow(self, seat: int | None) -> None:
        self.wanted = seat
        self.link.send(protocol.follow(seat))

    def next_follow(self) -> None:
        """Follow the next seat that may be followed, round to the public table."""
        order = [None, *self.followable()]
        now = self.follows if self.follows in order else None
        self.follow(order[(order.index(now) + 1) % len(order)])

    def say_again(self) -> None:
        if self.wanted is not None:
            self.link.send(protocol.follow(self.wanted))

    # ---- the messages a watcher gets ---------------------------------------------------------
    def _on_watching(self, m: dict) -> None:
        self.code = str(m.get("code", ""))[:12]
        self.watcher_id = m["watcher"] if type(m.get("watcher")) is int else None
        self.say_again()

    def _on_state(self, m: dict) -> None:
        seat = m.get("seat")
        eyes = seat if type(seat) is int and 0 <= seat < self.campers else PUBLIC
        if eyes != self.viewer and self.shown is not None:
            self.ver = -1  # other eyes: the table is drawn afresh, even at the same decision
        self.viewer = eyes
        super()._on_state({**m, "seat": None})  # (`seat` would make it this player's own)

    def _on_error(self, m: dict) -> None:
        if m.get("code") in ("no-watching", "no-table"):
            self.status = "failed"
            self.failure = Notice.refusal(m, watching=True, code=self.code)
            self.link.close()
            return
        if m.get("code") == "no-follow":
            self.wanted = self.follows
        super()._on_error(m)
