"""Host a table: where (this computer, or a table server the player names), its size, the
host's seat, and a bot level for each team's seats nobody takes (friends who join take open
seats; at the start the rest get bots). The bots play at the pace the settings choose.
Enter starts the table server in this game (and asks the home router to open its port), or
creates the table at the server named; then the lobby shows the invitation to share."""

from __future__ import annotations

import pygame

from game.files.settings import SERVER_LIMIT
from game.lang import N_, _, pgettext
from game.rules.cards import team_of
from game.seat.bots import bot_levels
from game.seat.invite import InviteError, parse_server
from game.seat.level_words import level_name
from game.ui import skin
from game.ui.kit.letter_picker import ADDRESS_LETTERS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, TextField, draw_text, fit_text, px, wrap
from game.ui.table.connect import host_on_server, host_table, player_name
from game.ui.table.teams import TeamLook

SIZES = [(4, N_("4 campers (2 vs 2)")), (6, N_("6 campers (3 vs 3)")), (3, N_("3 campers (duo vs solo)"))]
PLACES = (N_("This computer"), N_("A server"))
HERE_HINT = N_("The game asks your router to open the port, for friends on other networks.")
SERVER_HINT = N_("The server's address, as its operator gives it: wss://HOST/ or HOST:PORT.")
PACE_WORDS = {
    "instant": N_("The bots play at once (Settings)."),
    "brisk": N_("The bots play at the brisk pace (Settings)."),
    "normal": N_("The bots play at the normal pace (Settings)."),
    "relaxed": N_("The bots play at the relaxed pace (Settings)."),
}


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
            Button(_(label), self._place(i == 1), None, size=18) for i, label in enumerate(PLACES)
        ]
        self.address = TextField(app.settings.host_server, SERVER_LIMIT, width=430)
        self.address.placeholder = _("wss://HOST/ or HOST:PORT")
        self.address.letters = ADDRESS_LETTERS  # what a pad's letter picker offers
        self.problem = ""
        self.size_buttons = [
            Button(_(label), self._pick(i), None, size=18) for i, (_n, label) in enumerate(SIZES)
        ]
        self.seat_button = Button("", self.next_seat, pygame.K_s, size=18)
        self.level_buttons = [Button("", self._cycle(t), None, size=18) for t in (0, 1)]
        self.go_button = Button("", self.go, pygame.K_RETURN, size=24, primary=True)
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=20)

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
            return _("Seat 1: the solo") if seat == 0 else _("Seat {seat}: the duo", seat=seat + 1)
        return _("Seat {seat} of {n}", seat=seat + 1, n=n)  # seat 1's team is blue on every friend's screen

    def team_words(self) -> list[tuple[int, str]]:
        """The two teams (the core's numbers) with their names, the host's first: named as
        the lobby and the table name them (the table's colours: seat 1's team is the blue one)."""
        if self.campers == 3:
            return [(0, _("the solo's side")), (1, _("the duo's side"))]
        look = TeamLook(self.campers, self.seat, shared=True)
        return [
            (t, _("{team} (yours)", team=look.name(t)) if t == look.mine else look.name(t))
            for t in look.order()
        ]

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
            self.problem = str(e)
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

    def words(self) -> None:
        """The buttons' words in the language spoken now (at every frame)."""
        for b, label in zip(self.place_buttons, PLACES, strict=True):
            b.label = _(label)
        for b, (_n, label) in zip(self.size_buttons, SIZES, strict=True):
            b.label = _(label)
        self.address.placeholder = _("wss://HOST/ or HOST:PORT")
        self.go_button.label = _("Create the table (Enter)") if self.on_server else _("Host (Enter)")
        self.back.label = _("Back (Esc)")

    def draw(self, surface: pygame.Surface) -> None:
        self.words()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        x0 = cx - px(300)
        y = max(px(16), h // 2 - px(320))
        draw_text(surface, _("Host a table"), (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(74)
        y = self.draw_place(surface, x0, y)
        draw_text(surface, pgettext("the table's size", "Table"), (x0, y), 22, skin.INK, "display")
        y += px(34)
        for i, b in enumerate(self.size_buttons):
            b.fit()
            b.rect.w = px(196)
            b.rect.topleft = (x0 + i * px(204), y)
            b.glow = b.primary = i == self.size
            b.draw(surface)
        y += px(62)
        draw_text(surface, _("Your seat"), (x0, y + px(8)), 18, skin.INK)
        self.seat_button.label = _("{seat} (S)", seat=self.seat_words(self.seat))
        self.seat_button.fit()
        self.seat_button.rect.topleft = (x0 + px(170), y)
        self.seat_button.draw(surface)
        y += px(56)
        draw_text(surface, _("Bots in the seats nobody takes"), (x0, y), 22, skin.INK, "display")
        y += px(34)
        for k, (t, name) in enumerate(self.team_words()):
            b = self.level_buttons[t]
            b.label = level_name(self.team_level[t])
            b.fit()
            # the team's words and its level's button in a column of 300: the words smaller
            # while a long language needs it, the button after them
            size, col = 18, x0 + k * px(310)
            while size > 13 and skin.font("text", px(size)).size(name)[0] + px(12) + b.rect.w > px(300):
                size -= 1
            draw_text(surface, name, (col, y + px(8)), size, skin.INK)
            b.rect.topleft = (col + max(px(170), skin.font("text", px(size)).size(name)[0] + px(12)), y)
            b.draw(surface)
        y += px(56)
        pace = self.app.settings.bot_pace
        paced = PACE_WORDS.get(pace)
        said = _(paced) if paced else _("The bots play at the {pace} pace (Settings).", pace=pace)
        draw_text(surface, said, (x0, y), 16, skin.MUTED)
        y += px(22)
        draw_text(
            surface, _("Friends see you as {name}.", name=player_name(self.app)), (x0, y), 16, skin.MUTED
        )
        self.back.fit()
        self.go_button.fit()
        self.back.rect.midright = (cx - px(10), h - px(40))
        self.go_button.rect.midleft = (cx + px(10), h - px(40))
        self.back.draw(surface)
        self.go_button.draw(surface)

    def draw_place(self, surface: pygame.Surface, x0: int, y: int) -> int:
        """Host on: this computer or a server (its address field); the next y."""
        draw_text(surface, _("Host on"), (x0, y + px(8)), 18, skin.INK)
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
            else (_(SERVER_HINT) if self.on_server else _(HERE_HINT), skin.MUTED)
        )
        # under the address field, or across the form when it is too long for that (two lines at most)
        x = x0 + px(170) if self.on_server else x0
        if skin.font("text", px(16)).size(line)[0] > x0 + px(600) - x:
            x = x0
        lines = wrap(line, 16, px(600))
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), 16, px(600))]
        for n, text in enumerate(lines):
            draw_text(surface, text, (x, y + n * px(22)), 16, colour)
        return y + px(36) + px(22) * (len(lines) - 1)
