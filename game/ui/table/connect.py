"""Sitting down at a networked table: join a friend's, host one (its server runs in this
game, or the table is created at a server elsewhere), return to a seat kept from an
earlier run of the game, or watch one (no seat); then the lobby shows it.
Kept apart from the scenes, as start.py is for local games, so the friends' screen, the
host's form and the tests go through the same door.

Also the clipboard (pygame-ce's `pygame.scrap.put_text` / `get_text`, the SDL clipboard:
no `scrap.init` needed) for copying an invitation and pasting one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.credits import version
from game.files.disk import data_dir
from game.files.table_seats import TableSeat
from game.files.text import clean_text
from game.net.protocol import NAME_MAX
from game.seat.invite import Invite
from game.seat.link import Hosting, Link, Seat
from game.seat.remote_session import RemoteSession
from game.seat.watch_session import WatchSession
from game.seat.words import is_you

if TYPE_CHECKING:
    from game.ui.kit.app import App

CLIPBOARD_MAX = 2000  # characters read from the clipboard (an invitation is far shorter)


def player_name(app: App) -> str:
    """The name friends see: the settings' (as the new-game form keeps it), made fit; never
    "You" (the settings' default, which every table would read as its own player)."""
    return _fit(app.settings.player_name)


def chosen_name(text: str) -> str:
    """The name typed for friends to see, or "" if none is (blank, or the default "You")."""
    name = clean_text(text, NAME_MAX, "")
    return "" if is_you(name) else name


def join_table(app: App, invite: Invite, name: str, **link: object) -> RemoteSession:
    """Connect to a friend's table and show its lobby (it says "connecting…" meanwhile)."""
    link_ = Link(invite.url, _fit(name), Seat(code=invite.code), **link).start()
    session = RemoteSession(link_, name, keep=app.persist)
    app.show("lobby", session)
    return session


def watch_table(app: App, invite: Invite, name: str, **link: object) -> WatchSession:
    """Watch a friends' table (no seat, no prompts): its lobby first, then its game."""
    link_ = Link(invite.url, _fit(name), Seat(watch=invite.code), **link).start()
    session = WatchSession(link_, name, code=invite.code)
    app.show("lobby", session)
    return session


def host_table(
    app: App,
    campers: int,
    seat: int,
    levels: list[str],
    pace: str,
    name: str,
    bind: str = "0.0.0.0",
    grace: float = 30.0,
    **link: object,
) -> RemoteSession:
    """Start a table server in this game on a free port of `bind` (every interface: friends
    on the network reach it, and the home router is asked to forward the port), create a
    table there, show its lobby. `grace`: how long a camper may be away before a bot stands
    in for them."""
    create = {"campers": campers, "seat": seat, "levels": list(levels), "pace": pace}
    hosting = Hosting(_hosted_tables(), version(), host=bind, grace=grace)
    session = RemoteSession(
        Link("", _fit(name), Seat(create=create), hosting, **link).start(), name, app.persist
    )
    app.show("lobby", session)
    return session


def host_on_server(
    app: App, server: Invite, campers: int, seat: int, levels: list[str], pace: str, name: str, **link: object
) -> RemoteSession:
    """Create a table at a table server elsewhere (`create`, NETWORK.md): this game is a
    client there like its friends, and the invitation is the server's address and the code."""
    create = {"campers": campers, "seat": seat, "levels": list(levels), "pace": pace}
    link_ = Link(server.url, _fit(name), Seat(create=create), **link).start()
    session = RemoteSession(link_, name, app.persist, server=server)
    app.show("lobby", session)
    return session


def return_to_table(
    app: App, kept: TableSeat, name: str, bind: str = "0.0.0.0", **link: object
) -> RemoteSession:
    """Take a kept seat again with its token (`resume`). A table this game hosted is served
    again first, from the same folder (which restores it) and on the same port, so the
    friends' games, still trying that address, find it again."""
    hosting = None
    if kept.port is not None:
        hosting = Hosting(_hosted_tables(), version(), host=bind, port=kept.port)
    url = "" if hosting is not None else kept.url
    link_ = Link(url, _fit(name), Seat(token=kept.token), hosting, **link).start()
    session = RemoteSession(link_, name, app.persist, code=kept.code)
    app.show("lobby", session)
    return session


def _hosted_tables():
    return data_dir() / "hosted-tables"


def _fit(name: str) -> str:
    return chosen_name(name) or "Camper"


def copy_text(text: str) -> bool:
    """Put `text` on the system clipboard; False where there is none (a headless display)."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError):
        return False


def read_clipboard() -> str:
    """The clipboard's text, bounded ("" if there is none or it cannot be read)."""
    try:
        text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return ""
    return text[:CLIPBOARD_MAX] if isinstance(text, str) else ""
