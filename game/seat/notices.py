"""What a table server (or the connection to it) tells the player, in the player's language.

The server refuses with an `error` whose `code` is one of NETWORK.md's list (game/net's
`protocol.ERRORS`, `watch_protocol.WATCH_ERRORS`) and an English `message`; it closes a
connection with a close code (`protocol.CLOSE_*`) and an English reason. The wire stays
`scram-net/1` as it is: the client says each code in its own words, its parameters taken
from what the client knows (the table's code it asked for, the seat, its own protocol).
A code this version does not know (a newer server's) is said in the server's own text.

The link's own failures (no server answers, a certificate not trusted, the port the router
would not open) are notices too, with codes of their own (`CLIENT`), so the desktop game,
the headless client and speech say them alike:

    Notice.refusal(error_message, code="B25WEW").text()          # the current language
    Notice("no-table", params={"code": "B25WEW"}).text(tongue)   # any `game.lang.Speech`

Pure: no pygame, no sockets.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.lang import N_, Speech, speech

# Each code's sentences, the most particular first: the first whose fields are all known is
# said. A code with "/watch" is the same code met by a watcher (who asked for no seat).
SENTENCES: dict[str, tuple[str, ...]] = {
    # ---- the server's error codes (NETWORK.md, docs/NETWORK-EXTENSIONS.md) -------------------
    "version": (
        N_("The table speaks another version of the game ({theirs}); this game speaks {ours}."),
        N_("The table speaks another version of the game; this game speaks {ours}."),
    ),
    "bad-message": (N_("The table server could not read what this game sent: it may be another version."),),
    "too-big": (N_("The table server refused a message of this game as too big."),),
    "rate": (N_("Too many messages or tries came from this computer: wait a minute, then try again."),),
    "no-table": (
        N_("There is no table {code} at this server (or it has just closed)."),
        N_("That table is not at this server (or it has just closed)."),
    ),
    "full": (
        N_("Seat {seat} is taken."),
        N_("Every seat at this table is taken."),
    ),
    "full/watch": (N_("This table has as many watchers as it takes."),),
    "started": (N_("The game at this table has already started."),),
    "not-host": (N_("Only the host of the table can do that."),),
    "not-seated": (N_("Take a seat at the table (or watch it) first."),),
    "not-your-turn": (N_("It is not your turn."),),
    "stale": (N_("The table had moved on: decide again on what it shows now."),),
    "illegal": (N_("The table server refused that move: the rules do not allow it."),),
    "bad-token": (
        N_("Table {code} is no longer on its server; it is forgotten here."),
        N_("This seat is no longer kept at the server."),
    ),
    "limit": (N_("This computer holds as many tables as the server allows: try again later."),),
    "limit/watch": (N_("This computer watches as many tables as the server allows: try again later."),),
    "no-create": (N_("This server is a player's own: it holds its host's table only. Join it by its code."),),
    "no-watching": (N_("The host does not let anyone watch this table."),),
    "no-follow": (N_("That camper has not let watchers follow their cards."),),
    "no-review": (N_("There is no game to review together here."),),
    "not-lead": (N_("Someone else leads the review: take the lead first."),),
    # ---- close codes: why the server ended the connection -------------------------------------
    "close-1001": (N_("The table server is stopping."),),
    "close-1008": (N_("The table server closed the connection: too many messages, or none it could read."),),
    "close-1009": (N_("The table server closed the connection: a message was too big."),),
    "close-4001": (N_("Your seat was taken up on another connection."),),
    "close-4002": (N_("The table was closed."),),
    "close-4003": (N_("The connection was too slow: the table server let it go."),),
    # ---- the client's own: reaching the server, hosting, the router (CLIENT) ---------------------
    "unreachable": (N_("No table server answers at {url} ({why})."),),
    "busy": (N_("The table server at {url} is busy (it cut the connection unread): try again in a minute."),),
    "busy-http": (
        N_("The table server at {url} is busy: it refused the connection (HTTP {status}: {why})."),
    ),
    "untrusted": (N_("The table server at {url} has a certificate this computer does not trust ({why})."),),
    "no-tls": (N_("No secure connection to {url} ({why})."),),
    "not-a-server": (N_("What answers at {url} is not a table server."),),
    "no-host": (N_("The table server could not start ({why})."),),
    "broke": (N_("The connection stopped ({why})."),),
    "portmap-no-router": (
        N_(
            "No router answered (UPnP), so only friends on this network can join: forward TCP "
            "port {port} to this computer in your router's settings, or host on a server."
        ),
    ),
    "portmap-refused": (
        N_(
            "Your router refused to open port {port} ({why}): turn UPnP on in its settings, "
            "forward the port to this computer by hand, or host on a server."
        ),
    ),
    "portmap-double-nat": (
        N_(
            "Your router's address ({address}) is not public: another router or your provider's "
            "network stands in front of it (double NAT), so friends elsewhere cannot reach you; "
            "host on a server."
        ),
        N_(
            "Your router's address is not public: another router or your provider's network "
            "stands in front of it (double NAT), so friends elsewhere cannot reach you; host on a server."
        ),
    ),
    "portmap-lapsed": (
        N_("The router stopped forwarding the port: friends elsewhere may not reach this table."),
    ),
}

CLIENT = (
    "unreachable",
    "busy",
    "busy-http",
    "untrusted",
    "no-tls",
    "not-a-server",
    "no-host",
    "broke",
    "portmap-no-router",
    "portmap-refused",
    "portmap-double-nat",
    "portmap-lapsed",
)
"""The codes the client gives its own notices (never a server's)."""


@dataclass(frozen=True)
class Notice:
    """One thing to tell the player: a `code`, its `params`, and the server's own English
    (`said`: what a code this version does not know is shown as)."""

    code: str
    said: str = ""
    params: Mapping[str, object] = field(default_factory=dict)
    watching: bool = False  # met by a watcher: "full" and "limit" mean the watchers' caps

    @classmethod
    def refusal(cls, message: Mapping, watching: bool = False, **params: object) -> Notice:
        """A server's `error` message; `params` what the client knows of what it asked."""
        code = message.get("code")
        said = str(message.get("message") or "")[:300]
        if code == "version" and not params.get("theirs"):  # the one fact only the server's text holds
            found = _THEIRS.search(said)
            params = {**params, "theirs": found.group(1)} if found else params
        return cls(str(code) if isinstance(code, str) else "", said, params, watching)

    @classmethod
    def closed(cls, code: int | None, reason: str = "") -> Notice:
        """The server closed the connection with `code` (and its English `reason`)."""
        return cls(f"close-{code}", reason[:300])

    def text(self, tongue: Speech | None = None) -> str:
        """The notice in `tongue`'s language (the game's current one if None)."""
        tongue = tongue or speech
        known = {k: v for k, v in self.params.items() if v is not None and v != ""}
        for key in ([f"{self.code}/watch"] if self.watching else []) + [self.code]:
            for sentence in SENTENCES.get(key, ()):
                if _fields(sentence) <= known.keys():
                    return tongue.gettext(sentence, {k: known[k] for k in _fields(sentence)})
        return _server_words(self, tongue)

    def __str__(self) -> str:
        return self.text()


_THEIRS = re.compile(r"this server speaks ([\w./-]{1,40})")
"""The protocol a server says it speaks in its `version` refusal (NETWORK.md's server's words)."""


def _server_words(notice: Notice, tongue: Speech) -> str:
    """A code this game does not know: the server's own text, as one sentence."""
    said = " ".join(notice.said.split())
    if not said:
        return tongue.gettext(N_("The table server refused ({code})."), {"code": notice.code or "?"})
    said = said[0].upper() + said[1:]
    return said if said.endswith((".", "!", "?", "…")) else said + "."


def _fields(sentence: str) -> set[str]:
    """The `{names}` a sentence fills."""
    out, rest = set(), sentence
    while "{" in rest:
        rest = rest.split("{", 1)[1]
        name, _, rest = rest.partition("}")
        out.add(name)
    return out
