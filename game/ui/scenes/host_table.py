"""Host a table: where (this computer, or a table server the player names), its size, the
host's seat, and a bot level for each team's seats nobody takes (friends who join take open
seats; at the start the rest get bots). The bots play at the pace the settings choose.
Enter starts the table server in this game (and asks the home router to open its port), or
creates the table at the server named; then the lobby shows the invitation to share."""

from __future__ import annotations

import pygame

from game.files.settings import SERVER_LIMIT
from game.rules.cards import team_of
from game.seat.bots import bot_levels
from game.seat.invite import InviteError, parse_server
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, TextField, draw_text, px
from game.ui.table.connect import host_on_server, host_table, player_name
from game.ui.table.teams import TeamLook

SIZES = [(4, "4 campers (2 vs 2)"), (6, "6 campers (3 vs 3)"), (3, "3 campers (duo vs solo)")]
PLACES = ("This computer", "A server")
HERE_HINT = "The game asks your router to open the port, for friends on other networks."
SERVER_HINT = "The server's address, as its operator gives it: wss://HOST/ or HOST:PORT."


class HostTableScene(Scene):
    # Laid out for text at 100 % for now: a larger text size shows here at 100 % (the kit's
    # app wears it for the screen on top), never over its neighbours.
    text_limit = 100

    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = bot_levels()
        top = self.levels[-1]
        self.size = 0
        self.seat = 0
        self.team_level = [top, top]  # the bots' level on team 0 and on team 1
        self.on_server = False  # Host on: this computer (False) or a server
        self.place_buttons = [
            Button(label, self._place(i == 1), None, size=18) for i, label in enumerate(PLACES)
        ]
        self.address = TextField(app.settings.host_server, SERVER_LIMIT, width=430)
        self.address.placeholder = "wss://HOST/ or HOST:PORT"
        self.problem = ""
        self.size_buttons = [
            Button(label, self._pick(i), None, size=18) for i, (_, label) in enumerate(SIZES)
        ]
        self.seat_button = Button("", self.next_seat, pygame.K_s, size=18)
        self.level_buttons = [Button("", self._cycle(t), None, size=18) for t in (0, 1)]
        self.go_button = Button("Host (Enter)", self.go, pygame.K_RETURN, size=24, primary=True)
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=20)

    @property
    def campers(self) -> int:
        return SIZES[self.size][0]

    def _pick(self, i: int):
        def pick() -> None:
            self.size = i
            self.seat = min(self.seat, self.campers - 1)

        return pick

    def _place(self, server: bool):
        def place() -> None:
            self.on_server = server
            self.address.focused = server and not self.address.value
            self.problem = ""

        return place

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % self.campers

    def _cycle(self, team: int):
        def cycle() -> None:
            lv = self.team_level[team]
            self.team_level[team] = self.levels[(self.levels.index(lv) + 1) % len(self.levels)]

        return cycle

    def seat_words(self, seat: int) -> str:
        n = self.campers
        if n == 3:
            return "Seat 1: the solo" if seat == 0 else f"Seat {seat + 1}: the duo"
        return f"Seat {seat + 1} of {n}"  # seat 1's team is blue on every friend's screen

    def team_words(self) -> list[tuple[int, str]]:
        """The two teams (the core's numbers) with their names, the host's first: named as
        the lobby and the table name them (the table's colours: seat 1's team is the blue one)."""
        if self.campers == 3:
            return [(0, "the solo's side"), (1, "the duo's side")]
        look = TeamLook(self.campers, self.seat, shared=True)
        return [(t, look.name(t) + (" (yours)" if t == look.mine else "")) for t in look.order()]

    def go(self) -> None:
        n = self.campers
        levels = [self.team_level[team_of(s, n)] for s in range(n)]
        pace, name = self.app.settings.bot_pace, player_name(self.app)
        if not self.on_server:
            host_table(self.app, n, self.seat, levels, pace, name)
            return
        try:
            server = parse_server(self.address.value)
        except InviteError as e:
            self.problem = str(e).capitalize() + "."
            self.address.focused = True
            return
        if self.address.value != self.app.settings.host_server:
            self.app.settings.host_server = self.address.value
            self.app.save_settings()
        host_on_server(self.app, server, n, self.seat, levels, pace, name)

    def handle_event(self, e: pygame.event.Event) -> None:
        typing = self.on_server and self.address.focused
        if self.on_server and self.address.handle_event(e):
            if e.type != pygame.KEYDOWN or e.key not in (pygame.K_RETURN, pygame.K_ESCAPE):
                self.problem = ""
                return
        if typing and e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.address.focused = False  # Esc leaves the field first, then the screen
            return
        buttons = [*self.place_buttons, *self.size_buttons, *self.level_buttons, self.go_button, self.back]
        if not typing or e.type != pygame.KEYDOWN:  # S is a letter of an address being typed
            buttons.append(self.seat_button)
        for b in buttons:
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        x0 = cx - px(300)
        y = max(px(16), h // 2 - px(320))
        draw_text(surface, "Host a table", (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(74)
        y = self.draw_place(surface, x0, y)
        draw_text(surface, "Table", (x0, y), 22, skin.INK, "display")
        y += px(34)
        for i, b in enumerate(self.size_buttons):
            b.fit()
            b.rect.w = px(196)
            b.rect.topleft = (x0 + i * px(204), y)
            b.glow = b.primary = i == self.size
            b.draw(surface)
        y += px(62)
        draw_text(surface, "Your seat", (x0, y + px(8)), 18, skin.INK)
        self.seat_button.label = self.seat_words(self.seat) + " (S)"
        self.seat_button.fit()
        self.seat_button.rect.topleft = (x0 + px(170), y)
        self.seat_button.draw(surface)
        y += px(56)
        draw_text(surface, "Bots in the seats nobody takes", (x0, y), 22, skin.INK, "display")
        y += px(34)
        for k, (t, name) in enumerate(self.team_words()):
            draw_text(surface, name, (x0 + k * px(310), y + px(8)), 18, skin.INK)
            b = self.level_buttons[t]
            b.label = self.team_level[t]
            b.fit()
            b.rect.topleft = (x0 + k * px(310) + px(170), y)
            b.draw(surface)
        y += px(56)
        pace = self.app.settings.bot_pace
        draw_text(surface, f"The bots play at the {pace} pace (Settings).", (x0, y), 16, skin.MUTED)
        y += px(22)
        draw_text(surface, f"Friends see you as {player_name(self.app)}.", (x0, y), 16, skin.MUTED)
        self.go_button.label = "Create the table (Enter)" if self.on_server else "Host (Enter)"
        self.back.fit()
        self.go_button.fit()
        self.back.rect.midright = (cx - px(10), h - px(40))
        self.go_button.rect.midleft = (cx + px(10), h - px(40))
        self.back.draw(surface)
        self.go_button.draw(surface)

    def draw_place(self, surface: pygame.Surface, x0: int, y: int) -> int:
        """Host on: this computer or a server (its address field); the next y."""
        draw_text(surface, "Host on", (x0, y + px(8)), 18, skin.INK)
        x = x0 + px(170)
        for i, b in enumerate(self.place_buttons):
            b.fit()
            b.rect.topleft = (x, y)
            b.glow = b.primary = (i == 1) == self.on_server
            b.draw(surface)
            x = b.rect.right + px(8)
        y += px(50)
        if self.on_server:
            self.address.rect.topleft = (x0 + px(170), y)
            self.address.draw(surface)
            y += px(42)
        line, colour = (
            (self.problem, skin.DANGER)
            if self.problem
            else (SERVER_HINT if self.on_server else HERE_HINT, skin.MUTED)
        )
        draw_text(surface, line, (x0 + px(170) if self.on_server else x0, y), 16, colour)
        return y + px(36)
