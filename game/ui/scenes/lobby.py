"""The lobby of a networked table: every seat with its camper (here or away), its bot, or
open; who hosts; the code to share, with this computer's addresses and the invitation (and
a Copy button) when the table is hosted here. Click an open seat to sit there; the host
starts the game (open seats get bots); Leave gives the seat up. When the game starts (or
is under way, on a resumed seat) the table opens; after a game the table comes back here.
Who watches the table, and the buttons about watching, are the audience panel's
(game/ui/table/audience_panel.py); a watcher sees this lobby too, without seats to take.
"""

from __future__ import annotations

import pygame

from game.net.invite import Invite
from game.rules.cards import team_of
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, panel, px
from game.ui.table.audience_panel import AudiencePanel
from game.ui.table.connect import copy_text
from game.ui.table.review_together import show_if_asked
from game.ui.table.teams import TeamLook

ROW = 44


class LobbyScene(Scene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.copied = ""
        self.start_button = Button(
            "Start the game (Enter)", self.start, pygame.K_RETURN, size=22, primary=True
        )
        self.copy_button = Button("Copy the invitation (C)", self.copy, pygame.K_c, size=18)
        self.leave_button = Button("Leave (Esc)", self.leave, pygame.K_ESCAPE, size=20)
        self.sit_buttons: dict[int, Button] = {}
        self.audience = AudiencePanel(session)
        if session.watcher:
            self.leave_button.label = "Stop watching (Esc)"

    # ---- what the player does ---------------------------------------------------------------
    def invite(self) -> Invite | None:
        s = self.session
        if s.port is None or not s.code:
            return None
        return Invite((s.addresses or ["127.0.0.1"])[0], s.port, s.code)

    def copy(self) -> None:
        invite = self.invite()
        if invite is not None:
            self.copied = "Copied." if copy_text(str(invite)) else "No clipboard here: read it out instead."

    def start(self) -> None:
        if self.session.is_host:
            self.session.start()

    def leave(self) -> None:
        self.session.leave()
        self.app.show("menu")

    def _sit(self, seat: int):
        return lambda: self.session.sit(seat)

    # ---- the frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        s = self.session
        s.pump()
        if show_if_asked(self.app, s):
            return
        if s.playing and s.started:
            s.resynced = False
            self.app.show("net_table", s, fresh=s.ver == 0)

    def handle_event(self, e: pygame.event.Event) -> None:
        buttons = [self.leave_button, *self.sit_buttons.values(), *self.audience.buttons()]
        if self.session.is_host:
            buttons.append(self.start_button)
        if self.invite() is not None:
            buttons.append(self.copy_button)
        for b in buttons:
            if b.handle_event(e):
                return

    # ---- drawing -------------------------------------------------------------------------------
    def status_line(self) -> tuple[str, tuple]:
        s = self.session
        if s.status == "failed":
            return f"Could not {'watch' if s.watcher else 'take a seat'}: {s.why}", skin.DANGER
        if s.watcher and s.seats and s.status == "connected":
            if s.record is not None and not s.started:
                return "You watch this table. The game is over: the host may start another.", skin.INK
            host = s.seat_names()[s.host_seat]
            return f"You watch this table: the game shows here when {host} starts it.", skin.INK
        if s.status in ("connecting", "reconnecting", "waiting") or not s.seats:
            return ("Reconnecting…" if s.token else "Connecting…"), skin.MUTED
        if s.record is not None and not s.started:
            return "The game is over. The host may start another.", skin.INK
        if s.is_host:
            return "You host this table: start when everyone is seated.", skin.INK
        host = s.seat_names()[s.host_seat] if s.seats else "the host"
        return f"Waiting for {host} to start the game.", skin.INK

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        s = self.session
        cx = w // 2
        y = px(20)
        title = f"Table {s.code}" if s.code else "A table of friends"
        draw_text(surface, title, (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(72)
        line, colour = self.status_line()
        draw_text(surface, line, (cx, y), 18, colour, anchor="midtop")
        self.audience.draw_line(surface, (cx, y + px(20)))
        y += px(40)
        y = self.draw_seats(surface, cx, y)
        if self.invite() is not None:
            self.draw_share(surface, cx, y + px(16))
        buttons = [self.leave_button] + ([self.start_button] if s.is_host and s.seats else [])
        buttons += self.audience.buttons()
        for b in buttons:
            b.fit()
        x = cx - (sum(b.rect.w for b in buttons) + px(16) * (len(buttons) - 1)) // 2
        for b in buttons:
            b.rect.midleft = (x, h - px(40))
            x += b.rect.w + px(16)
            b.draw(surface)

    def draw_seats(self, surface: pygame.Surface, cx: int, y: int) -> int:
        s = self.session
        names = s.seat_names() if s.seats else []
        box = pygame.Rect(cx - px(330), y, px(660), px(ROW) * len(names) + px(16))
        if names:
            panel(surface, box, 200)
        buttons: dict[int, Button] = {}
        for seat, info in enumerate(s.seats):
            ry = y + px(8) + seat * px(ROW)
            team = team_of(seat, s.campers)
            pygame.draw.rect(
                surface, self.seat_colour(seat), (box.x + px(14), ry + px(10), px(8), px(22)), border_radius=3
            )
            side = ("solo", "duo")[team] if s.campers == 3 else f"team {'AB'[team]}"
            label = f"Seat {seat + 1} · {side}"
            draw_text(surface, label, (box.x + px(32), ry + px(10)), 16, skin.MUTED)
            who, tint = self.seat_words(seat, info, names[seat])
            draw_text(surface, who, (box.x + px(190), ry + px(9)), 19, tint)
            if info.kind == "open" and not s.started and s.seat is not None:
                b = self.sit_buttons.get(seat) or Button("Sit here", self._sit(seat), None, size=15)
                b.fit(10)
                b.rect.midright = (box.right - px(12), ry + px(20))
                b.draw(surface)
                buttons[seat] = b
        self.sit_buttons = buttons
        return box.bottom

    def seat_colour(self, seat: int) -> tuple:
        """The colour the table will give `seat`'s team: the player's own team blue, as at
        every table of the game (so a camper of team B does not change colour at the start)."""
        return TeamLook(self.session.campers, self.session.seat).seat_colour(seat)

    def seat_words(self, seat: int, info, name: str) -> tuple[str, tuple]:
        s = self.session
        tags = []
        if seat == s.host_seat and info.kind == "human":
            tags.append("hosts")
        if seat == s.seat:
            tags.append("you")
        if info.kind == "human":
            if not info.connected:
                tags.append(f"away, a {info.stand_in} bot plays" if info.stand_in else "away")
            words = name + (f" ({', '.join(tags)})" if tags else "")
            return words, skin.INK if info.connected else skin.DANGER
        if info.kind == "bot" or s.started:
            return f"{name}, a {info.level} bot", skin.MUTED
        return f"open: a {info.level} bot if nobody sits", skin.MUTED

    def draw_share(self, surface: pygame.Surface, cx: int, y: int) -> None:
        s = self.session
        invite = self.invite()
        box = pygame.Rect(cx - px(330), y, px(660), px(150))
        panel(surface, box, 200)
        x = box.x + px(16)
        draw_text(surface, "Share with your friends", (x, box.y + px(10)), 20, skin.ACCENT, "display")
        draw_text(
            surface,
            f"Code {s.code}",
            (box.right - px(16), box.y + px(10)),
            24,
            skin.INK,
            "display",
            "topright",
        )
        addresses = ", ".join(f"{a}:{s.port}" for a in s.addresses)
        draw_text(surface, f"Addresses: {addresses}", (x, box.y + px(46)), 16, skin.INK)
        draw_text(surface, f"Invitation: {invite}", (x, box.y + px(70)), 16, skin.INK)
        self.copy_button.fit()
        self.copy_button.rect.bottomleft = (x, box.bottom - px(10))
        self.copy_button.draw(surface)
        if self.copied:
            draw_text(
                surface,
                self.copied,
                (self.copy_button.rect.right + px(12), self.copy_button.rect.y + px(8)),
                16,
                skin.GOOD,
            )
