"""The lobby's share box for each way a table is reached: hosted here while the router is
asked, once it opened the port (the invitation carries the public address), when it did not
(the one sentence of advice), and a table created at a server. Fed the messages the link
hands the frame (game/seat/link.py), at 4 and 6 campers with 24-character names, in the
smallest, the usual and a large window: the box fits above the buttons and inside the
window, and the invitation's text keeps clear of its Copy button."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.settings import Settings
from game.seat.invite import parse_server
from game.seat.portmap import advice_double_nat, advice_no_router, advice_refused
from game.seat.remote_session import RemoteSession
from game.ui import skin
from game.ui.kit.widgets import px
from game.ui.routes import make_app

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
NAME = "Bartholomew Wolfeschlegel"[:24]
PORT = 42185


class Wire:
    """What the network thread would have put in the link's queue, handed over at once."""

    url = f"ws://127.0.0.1:{PORT}/"

    def __init__(self, messages: list[dict]) -> None:
        self.messages = messages

    def poll(self) -> list[dict]:
        out, self.messages = self.messages, []
        return out

    def send(self, message: dict) -> None:
        pass

    def close(self, leave: bool = False) -> None:
        pass


def table(campers: int) -> list[dict]:
    seats = [{"name": NAME, "kind": "human", "level": None, "connected": True, "stand_in": None}]
    seats += [{"name": "", "kind": "open", "level": "trailblazer", "connected": False, "stand_in": None}] * (
        campers - 1
    )
    return [
        {"type": "joined", "code": "XWMHC9", "seat": 0, "token": "t" * 24},
        {"type": "table", "code": "XWMHC9", "campers": campers, "host": 0, "started": False, "seats": seats},
        {"type": "link", "status": "connected"},
    ]


HOSTING = {"type": "link", "status": "hosting", "port": PORT, "addresses": ["192.168.178.20", "10.8.0.2"]}
STATES = {
    "asking": [HOSTING, {"type": "portmap", "status": "asking"}],
    "open": [HOSTING, {"type": "portmap", "status": "open", "public": "203.0.113.77", "port": PORT}],
    "no router": [HOSTING, {"type": "portmap", "status": "failed", "advice": advice_no_router(PORT)}],
    "refused": [
        HOSTING,
        {"type": "portmap", "status": "failed", "advice": advice_refused(PORT, "it gave no reason")},
    ],
    "double NAT": [
        HOSTING,
        {"type": "portmap", "status": "failed", "advice": advice_double_nat("100.64.36.1")},
    ],
    "server": [],
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))


def lobby_for(size, campers: int, state: str):
    app = make_app(size, Settings(speed="instant", muted=True), persist=False)
    server = parse_server("wss://tables.example.org/") if state == "server" else None
    session = RemoteSession(Wire(STATES[state] + table(campers)), NAME, server=server)
    app.show("lobby", session)
    app.step(1 / 60)
    return app.top, session


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("campers", [4, 6])
@pytest.mark.parametrize(
    "size",
    # the fast loop keeps the smallest window, where the box is tightest
    [pytest.param(s, id=f"{s[0]}x{s[1]}", marks=[pytest.mark.slow] if s != SIZES[0] else []) for s in SIZES],
)
def test_the_share_box_fits_and_says_how_friends_connect(size, campers, state):
    lobby, session = lobby_for(size, campers, state)
    window = pygame.display.get_surface().get_rect()
    box = lobby.share_rect
    buttons = [lobby.leave_button, lobby.start_button, *lobby.sit_buttons.values()]
    assert len(lobby.sit_buttons) == campers - 1
    assert window.contains(box)
    assert not any(box.colliderect(b.rect) for b in buttons), f"the share box {box} runs into a button"
    sits = sorted(b.rect for b in lobby.sit_buttons.values())
    assert all(a.bottom <= b.top for a, b in zip(sits, sits[1:], strict=False))  # rows apart
    assert box.contains(lobby.copy_button.rect)
    text = skin.text(lobby.invitation_line(), "text", px(18), skin.INK)
    assert box.x + px(16) + text.get_width() < lobby.copy_button.rect.left
    shown = " ".join(line for line, _ in lobby.share_lines())
    invitation = str(lobby.invite())
    if state == "open":
        assert invitation == "scram://203.0.113.77:42185/XWMHC9"
        assert "Over the internet: 203.0.113.77:42185" in shown
        assert "network only" not in lobby.copy_button.label + lobby.invitation_line()
    elif state == "server":
        assert invitation == "scrams://tables.example.org:443/XWMHC9"
        assert "wss://tables.example.org:443" in shown
    else:
        assert invitation == "scram://192.168.178.20:42185/XWMHC9"
        assert "On this network: 192.168.178.20:42185, 10.8.0.2:42185" in shown
        # asking the router, or after it failed: the copy says where it works
        assert lobby.copy_button.label == "Copy for this network (C)"
    if state in ("no router", "refused", "double NAT"):
        assert session.portmap_advice in shown.replace("  ", " ")
        assert len(lobby.share_lines()) <= 3  # the sentence takes two lines at most
