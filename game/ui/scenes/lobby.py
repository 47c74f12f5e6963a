"""The lobby of a networked table: every seat with its camper (here or away), its bot, or
open; who hosts; the code to share, with the invitation (and a Copy button) when this game
created the table: hosted here, with this computer's addresses and the port the home
router opened (or the one sentence on what to do when it did not); or at a server, with
its address. Click an open seat to sit there; the host
starts the game (open seats get bots); Leave gives the seat up. When the game starts (or
is under way, on a resumed seat) the table opens; after a game the table comes back here.
Who watches the table, and the buttons about watching, are the audience panel's
(game/ui/table/audience_panel.py); a watcher sees this lobby too, without seats to take.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from game.lang import _, pgettext
from game.rules.cards import team_of
from game.seat.invite import Invite
from game.seat.level_words import level_name
from game.seat.review_together import show_if_asked
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, fit_text, panel, px, row_of, wrap
from game.ui.table.audience_panel import AudiencePanel
from game.ui.table.connect import copy_text
from game.ui.table.teams import TeamLook

ROW = 44
COPIED, NO_CLIPBOARD = "copied", "no clipboard"  # what the last copy did


class LobbyScene(Scene):
    # Laid out for text at 100 % for now: a larger text size shows here at 100 % (the kit's
    # app wears it for the screen on top), never over its neighbours.
    text_limit = 100

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.copied = ""
        self.copied_invite = ""  # the invitation last copied (a new one, e.g. the router's, is not)
        # S, not Enter: a stray Enter would start the game with bots in the seats of friends
        # still on their way
        self.start_button = Button("", self.start, pygame.K_s, size=22, primary=True)
        self.copy_button = Button("", self.copy, pygame.K_c, size=18)
        self.leave_button = Button("", self.leave, pygame.K_ESCAPE, size=20)
        self.sit_buttons: dict[int, Button] = {}
        self.audience = AudiencePanel(session)
        self.words()
        self.share_rect: pygame.Rect | None = None  # where the share box was last drawn

    def words(self) -> None:
        """The buttons' words in the language spoken now (at every frame: a switch shows at once)."""
        self.start_button.label = _("Start the game (S)")
        self.copy_button.label = self.copy_label()
        self.leave_button.label = _("Stop watching (Esc)") if self.session.watcher else _("Leave (Esc)")
        for b in self.sit_buttons.values():
            b.label = _("Sit here")

    # ---- what the player does ---------------------------------------------------------------
    def invite(self) -> Invite | None:
        """The invitation to share: at the server the table was created on; for a table
        hosted here, at the router's public address once it opened the port, else on this
        network."""
        s = self.session
        if not s.code:
            return None
        if s.server is not None:
            return replace(s.server, code=s.code)
        if s.port is None:
            return None
        if s.public is not None:
            return Invite(s.public[0], s.public[1], s.code)
        return Invite((s.addresses or ["127.0.0.1"])[0], s.port, s.code)

    def home_only(self) -> bool:
        """The invitation works on this network only: a table hosted here whose port the
        router has not opened (still asking, or it could not)."""
        s = self.session
        return s.server is None and s.public is None

    def copy_label(self) -> str:
        """The Copy button's words: what a copy holds, and where it works."""
        if self.copied == COPIED and self.copied_invite != str(self.invite()):
            self.copied = ""  # the invitation changed since (the router opened the port)
        copied = self.copied == COPIED
        if self.home_only():
            return _("Copied for this network (C)") if copied else _("Copy for this network (C)")
        return _("Copied (C)") if copied else _("Copy the invitation (C)")

    def invitation_line(self) -> str:
        """The invitation as the share box shows it (where it works: the Copy button's words)."""
        return _("Invitation: {invite}", invite=self.invite())

    def copy(self) -> None:
        invite = self.invite()
        if invite is not None:
            self.copied_invite = str(invite)
            self.copied = COPIED if copy_text(str(invite)) else NO_CLIPBOARD

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

    def focus_targets(self) -> list[Button]:
        """The buttons live now (the pad's focus goes over them: kit/focus_ring.py)."""
        buttons = [self.leave_button, *self.sit_buttons.values(), *self.audience.buttons()]
        if self.session.is_host:
            buttons.append(self.start_button)
        if self.invite() is not None:
            buttons.append(self.copy_button)
        return buttons

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in self.focus_targets():
            if b.handle_event(e):
                return

    # ---- drawing -------------------------------------------------------------------------------
    def status_line(self) -> tuple[str, tuple]:
        s = self.session
        if s.status == "failed":
            if s.watcher:
                return _("Could not watch the table. {why}", why=s.why), skin.DANGER
            return _("Could not take a seat. {why}", why=s.why), skin.DANGER
        if s.watcher and s.seats and s.status == "connected":
            if s.record is not None and not s.started:
                return _("You watch this table. The game is over: the host may start another."), skin.INK
            host = s.seat_names()[s.host_seat]
            return _("You watch this table: the game shows here when {host} starts it.", host=host), skin.INK
        if s.status in ("connecting", "reconnecting", "waiting") or not s.seats:
            return (_("Reconnecting…") if s.token else _("Connecting…")), skin.MUTED
        if s.record is not None and not s.started:
            return _("The game is over. The host may start another."), skin.INK
        if s.is_host:
            return _("You host this table: start when everyone is seated."), skin.INK
        host = _fit_name(s.seat_names()[s.host_seat], lambda name: name, px(400), 18)
        return _("Waiting for {host} to start the game.", host=host), skin.INK

    def draw(self, surface: pygame.Surface) -> None:
        self.words()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        s = self.session
        cx = w // 2
        y = px(20)
        title = _("Table {code}", code=s.code) if s.code else _("A table of friends")
        draw_text(surface, title, (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(72)
        line, colour = self.status_line()
        # (a refusal names the server's address and why: it may take two lines or three)
        said = wrap(line, 18, min(w - px(48), px(960)))
        for n, text in enumerate(said):
            step = draw_text(surface, text, (cx, y), 18, colour, anchor="midtop").h
            y += step if n < len(said) - 1 else 0
        self.audience.draw_line(surface, (cx, y + px(20)))
        y += px(40)
        row = px(ROW)
        lines = self.share_lines() if self.invite() is not None else None
        if lines is not None and s.seats:  # a short window: the seats' rows give up some height
            room = h - px(70) - y - px(32) - self.share_height(lines)
            row = max(px(36), min(row, room // len(s.seats)))
        y = self.draw_seats(surface, cx, y, row)
        self.share_rect = None if lines is None else self.draw_share(surface, cx, y + px(16), lines)
        buttons = [self.leave_button] + ([self.start_button] if s.is_host and s.seats else [])
        buttons += self.audience.buttons()
        row_of(buttons, (cx, h - px(40)), gap=16, room=surface.get_width() - px(16))
        for b in buttons:
            b.draw(surface)

    def draw_seats(self, surface: pygame.Surface, cx: int, y: int, row: int | None = None) -> int:
        """The seats' panel from `y`, `row` pixels a seat; its bottom."""
        s = self.session
        row = row or px(ROW)
        names = s.seat_names() if s.seats else []
        box = pygame.Rect(cx - px(330), y, px(660), row * len(names) + px(16))
        if names:
            panel(surface, box, 200)
        buttons: dict[int, Button] = {}
        labels = [self.seat_label(seat) for seat in range(len(s.seats))]
        # the names' column starts after the longest seat label (a long language's too)
        font = skin.font("text", px(16))
        who_x = box.x + px(32) + max([px(158), *(font.size(t)[0] + px(14) for t in labels)])
        for seat, info in enumerate(s.seats):
            mid = y + px(8) + seat * row + row // 2
            pygame.draw.rect(
                surface,
                self.seat_colour(seat),
                (box.x + px(14), mid - px(11), px(8), px(22)),
                border_radius=3,
            )
            # the teams as the table names them: the player's own is always blue
            draw_text(surface, labels[seat], (box.x + px(32), mid - px(12)), 16, skin.MUTED)
            room = box.right - px(12) - who_x
            if info.kind == "open" and not s.started and s.seat is not None:
                b = self.sit_buttons.get(seat) or Button(_("Sit here"), self._sit(seat), None, size=15)
                b.fit(10)
                b.rect.midright = (box.right - px(12), mid - px(2))
                b.draw(surface)
                buttons[seat] = b
                room = b.rect.x - px(10) - who_x
            who, tint = self.seat_words(seat, info, names[seat], room)
            draw_text(surface, who, (who_x, mid - px(13)), 19, tint)
        self.sit_buttons = buttons
        return box.bottom

    def seat_label(self, seat: int) -> str:
        """ "Seat 2 · Orange team": the seat and its team as the table names it (the player's
        own is always blue)."""
        team = self.look().name(team_of(seat, self.session.campers))
        return _("Seat {seat} · {team}", seat=seat + 1, team=team)

    def look(self) -> TeamLook:
        return TeamLook(self.session.campers, self.session.seat, shared=True)

    def seat_colour(self, seat: int) -> tuple:
        """The colour the table will give `seat`'s team: the table's colours, the same on every
        friend's screen (so a camper does not change colour at the start)."""
        return self.look().seat_colour(seat)

    def seat_words(self, seat: int, info, name: str, room: int = 10_000) -> tuple[str, tuple]:
        """Who sits at `seat`, in `room` pixels: a long name is cut, what follows it stays."""
        s = self.session
        tags = []
        if seat == s.host_seat and info.kind == "human":
            tags.append(pgettext("a seat's camper", "hosts"))
        if seat == s.seat:
            tags.append(pgettext("a seat's camper", "you"))
        level = level_name(info.level)
        if info.kind == "human":
            away = info.away_words(time.monotonic())
            if away:
                away_now = away.replace(" · ", ": ", 1) if info.due_at or info.stand_in else None
                tags.append(away_now or pgettext("a seat's camper", "away"))
            if not tags:
                return _fit_name(name, lambda n: n, room), skin.INK if info.connected else skin.DANGER
            tagged = ", ".join(tags)
            words = _fit_name(name, lambda n: _("{name} ({tags})", name=n, tags=tagged), room)
            return words, skin.INK if info.connected else skin.DANGER
        if info.kind == "bot" or s.started:
            return _fit_name(
                name, lambda n: _("{name}, a {level} bot", name=n, level=level), room
            ), skin.MUTED
        return fit_text(_("open: a {level} bot if nobody sits", level=level), 19, room), skin.MUTED

    def share_lines(self) -> list[tuple[str, tuple]]:
        """What the share box says above the invitation: where friends connect, and for a
        table hosted here whether the router opened the port (or what to do); a copy that
        found no clipboard."""
        s = self.session
        if s.server is not None:
            where = s.server.url.removesuffix("/")
            return [
                (_("Hosted on the server {where}: friends join there with the code.", where=where), skin.INK)
            ]
        places = ", ".join(f"{a}:{s.port}" for a in s.addresses)
        lines = [(_("On this network: {addresses}", addresses=places), skin.INK)]
        if s.portmap == "asking":
            lines.append((_("Over the internet: asking your router to open the port…"), skin.MUTED))
        elif s.public is not None:
            public = f"{s.public[0]}:{s.public[1]}"
            lines.append(
                (_("Over the internet: {address} (your router opened it)", address=public), skin.INK)
            )
        elif s.portmap == "failed":
            lines += [(line, skin.MUTED) for line in wrap(s.portmap_advice, 16, px(628))]
        if self.copied == NO_CLIPBOARD:
            lines.append((_("No clipboard here: read the invitation out instead."), skin.DANGER))
        return lines

    def share_height(self, lines: list) -> int:
        return px(94) + px(22) * len(lines) + (px(30) if self.stacked() else 0)

    def stacked(self) -> bool:
        """The invitation and its Copy button do not fit one line: the invitation goes above it."""
        self.copy_button.label = self.copy_label()
        self.copy_button.fit()
        wide = skin.font("text", px(18)).size(self.invitation_line())[0]
        return wide + self.copy_button.rect.w + px(44) > px(660)

    def draw_share(self, surface: pygame.Surface, cx: int, y: int, lines: list) -> pygame.Rect:
        """The share box: the code, where friends connect (`lines`), the invitation and its
        Copy button; its rectangle."""
        s = self.session
        box = pygame.Rect(cx - px(330), y, px(660), self.share_height(lines))
        panel(surface, box, 200)
        x = box.x + px(16)
        draw_text(surface, _("Share with your friends"), (x, box.y + px(10)), 20, skin.ACCENT, "display")
        draw_text(
            surface,
            _("Code {code}", code=s.code),
            (box.right - px(16), box.y + px(10)),
            24,
            skin.INK,
            "display",
            "topright",
        )
        ly = box.y + px(46)
        for line, colour in lines:
            draw_text(surface, line, (x, ly), 16, colour)
            ly += px(22)
        stacked = self.stacked()
        self.copy_button.rect.bottomright = (box.right - px(12), box.bottom - px(10))
        self.copy_button.draw(surface)
        at = (x, ly + px(12)) if stacked else (x, self.copy_button.rect.centery)
        draw_text(surface, self.invitation_line(), at, 18, skin.INK, "text", "midleft")
        return box


def _fit_name(name: str, words, room: int, size: int = 19) -> str:
    """`words(name)` in `room` pixels: the name is cut (with an ellipsis), never the words
    round it (a whole sentence of the catalog, its name where the language puts it)."""
    rest_w = skin.font("text", px(size)).size(words(""))[0]
    return words(fit_text(name, size, room - rest_w))
