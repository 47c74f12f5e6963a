"""Screenshots of network play: two desktop clients, each a game process in its own window,
playing each other with bots in the other seats (run both under one X display, e.g. Xvfb).

    DISPLAY=:97 python -m screens.net_screens host --out DIR --meet DIR &
    DISPLAY=:97 python -m screens.net_screens join --out DIR --meet DIR

The host opens Play with friends, hosts a 4-camper table, copies the invitation (the X
clipboard) and writes it to `--meet`; the friend pastes it and joins; the host starts; both
play their seats with random legal decisions through the table's own clicks at the normal
speed. Midway the host's server cuts the friend's connection (as a lost network would): the
friend's window says "Reconnecting…" and resumes its seat with its token. Later the friend
stays away for a while (a new connection resumes the seat with the same token): the host's
window shows the bot standing in. Each process saves its window's frames as PNGs in `--out`
(names say what they show); input is posted as pygame events, as the tests do.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

DT = 1 / 60


class Driver:
    def __init__(self, role: str, out: Path, meet: Path) -> None:
        os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0" if role == "host" else "1300,0"
        import pygame

        from game.files.settings import Settings
        from game.ui.routes import make_app

        self.pg = pygame
        self.role, self.out, self.meet = role, out, meet
        name = "Ada" if role == "host" else "Bea"
        settings = Settings(speed="normal", bot_pace="brisk", muted=True, player_name=name)
        self.app = make_app((1280, 720), settings, persist=False)
        self.app.show("menu")
        self.rng = random.Random(1 if role == "host" else 2)
        self.taken: set[str] = set()

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)
            self.app.clock.tick(60)

    def until(self, cond, seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                raise SystemExit(f"{self.role}: timed out in {type(self.app.top).__name__}")
            self.step()

    def shot(self, name: str, once: bool = True) -> None:
        if once and name in self.taken:
            return
        self.taken.add(name)
        self.app.render()
        self.pg.image.save(self.app.screen, str(self.out / f"{self.role}-{name}.png"))
        print(f"{self.role}: {name}", flush=True)

    def type_text(self, text: str) -> None:
        self.pg.event.post(self.pg.event.Event(self.pg.TEXTINPUT, text=text))
        self.step()

    def press(self, key: int) -> None:
        from tests.ui_support import key as post_key

        post_key(key)
        self.step()

    def click(self, pos) -> None:
        from tests.ui_support import click

        click(pos)
        self.step()

    @property
    def top(self):
        return self.app.top

    def name(self) -> str:
        return type(self.top).__name__

    # ---- playing ---------------------------------------------------------------------------
    def play(self, session, on_frame) -> None:
        """Play the seat at random through clicks until the game-over screen (`on_frame` may
        give another session: the seat resumed on a new connection)."""
        from tests.ui_support import play_decision

        end = time.monotonic() + 900
        while self.name() != "GameOverScene":
            if time.monotonic() > end:
                raise SystemExit(f"{self.role}: the game did not end")
            session = on_frame(session, self.top) or session
            top = self.top
            if self.name() == "TableScene" and top.timeline.waiting_click:
                self.press(self.pg.K_RETURN)
            elif self.name() == "TableScene" and top.my_turn():
                self.step(20)  # a moment, as a person takes
                if top.my_turn():
                    play_decision(self.app, top, top.session.view().sample_decision(self.rng))
            elif self.name() == "RoundEndScene" and top.done:
                self.shot(f"round-end-{session.view().round}")
                self.step(90)
                top.next()
            self.step()
        self.step(60)
        self.shot("game-over")


def host(d: Driver) -> None:
    pg = d.pg
    d.step(5)
    d.shot("menu")
    d.press(pg.K_f)
    d.shot("friends")
    d.press(pg.K_h)
    d.shot("host-form")
    from game.ui.table.connect import host_table

    session = host_table(d.app, 4, 0, ["ranger"] * 4, "brisk", "Ada", grace=2.0)
    d.until(lambda: session.code and session.addresses and session.seats)
    d.step(10)
    lobby = d.top
    d.click(lobby.copy_button.rect.center)
    d.shot("lobby-hosting-copied")
    (d.meet / "invite.txt").write_text(str(lobby.invite()))
    d.until(lambda: sum(s.kind == "human" for s in session.seats) == 2, 120)
    d.step(30)
    d.shot("lobby-friend-seated")
    d.click(lobby.start_button.rect.center)
    d.until(lambda: d.name() == "TableScene")
    d.step(120)
    d.shot("table-dealt")
    state = {"cut": False, "away": False}

    def on_frame(s, top) -> None:
        if d.name() != "TableScene":
            return
        if s.reactions:
            d.shot("table-reaction")
        if s.ver >= 12 and not state["cut"]:
            state["cut"] = True
            cut_friend(s)
        if any(i.kind == "human" and not i.connected for i in s.seats):
            d.shot("table-friend-away")
        if any(i.stand_in for i in s.seats):
            d.shot("table-stand-in")
        if s.ver >= 30:
            d.shot("table-midgame")

    d.play(session, on_frame)
    d.step(30)
    d.press(pg.K_RETURN)  # back to the lobby
    d.step(30)
    d.shot("lobby-after-game")
    session.leave()
    session.link.join(10)


def cut_friend(session) -> None:
    """The hosted server drops the friend's connection without a word (a lost network)."""
    link = session.link

    def cut() -> None:
        for conn in list(link.server.conns):
            if conn.name == "Bea":
                conn.ws.transport.abort()

    link._loop.call_soon_threadsafe(cut)


def join(d: Driver) -> None:
    pg = d.pg
    invite_file = d.meet / "invite.txt"
    d.until(invite_file.exists, 120)
    d.step(5)
    d.press(pg.K_f)
    d.step(5)
    d.click(d.top.paste_button.rect.center)  # the invitation the host copied
    if not d.top.address.value.startswith("scram://"):  # no shared clipboard here: typed
        d.type_text(invite_file.read_text().strip())
    d.step(5)
    d.shot("join-pasted")
    d.press(pg.K_RETURN)
    session = d.top.session
    d.until(lambda: session.seats and session.seat is not None)
    d.step(20)
    d.shot("lobby-joined")
    d.until(lambda: d.name() == "TableScene", 180)
    d.step(60)
    session.react("hello")
    d.step(20)
    d.shot("table-my-reaction")
    state = {"lost": False, "back": False, "away": False}

    def on_frame(s, top) -> None:
        if s.lost and not state["lost"]:
            state["lost"] = True
            d.shot("table-reconnecting")
        elif state["lost"] and not state["back"] and s.status == "connected":
            state["back"] = True
            d.step(30)
            d.shot("table-resumed")
        elif state["back"] and not state["away"] and s.ver >= 70 and d.name() == "TableScene":
            state["away"] = True
            return away_and_back(d, s)
        return None

    d.play(session, on_frame)
    d.shot("game-over")
    session.leave()
    session.link.join(10)


def away_and_back(d: Driver, s):
    """The friend's game goes away for a while (long enough for a bot to stand in), then a
    new connection resumes the seat with the same token; the new session."""
    from game.seat.link import Link, Seat
    from game.seat.remote_session import RemoteSession

    token, url = s.token, s.link.url
    s.close()
    d.shot("table-going-away")
    end = time.monotonic() + 8
    while time.monotonic() < end:
        d.step()
    back = RemoteSession(Link(url, "Bea", Seat(token=token)).start(), "Bea")
    d.app.show("lobby", back)
    d.until(lambda: d.name() == "TableScene", 30)
    d.step(30)
    d.shot("table-back-after-away")
    return back


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("role", choices=["host", "join"])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--meet", type=Path, required=True)
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    a.meet.mkdir(parents=True, exist_ok=True)
    d = Driver(a.role, a.out, a.meet)
    (host if a.role == "host" else join)(d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
