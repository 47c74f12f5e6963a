"""Host a table: its size, the host's seat, and a bot level for each team's seats nobody
takes (friends who join take open seats; at the start the rest get bots). The bots play at
the pace the settings choose. Enter starts the table server in this game and opens the
lobby, which shows the code and the addresses to share."""

from __future__ import annotations

import pygame

from game.rules.cards import team_of
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, px
from game.ui.table.bots import bot_levels
from game.ui.table.connect import host_table, player_name
from game.ui.table.teams import TeamLook

SIZES = [(4, "4 campers (2 vs 2)"), (6, "6 campers (3 vs 3)"), (3, "3 campers (duo vs solo)")]


class HostTableScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = bot_levels()
        top = self.levels[-1]
        self.size = 0
        self.seat = 0
        self.team_level = [top, top]  # the bots' level on team 0 and on team 1
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
        return f"Seat {seat + 1} of {n}"  # the host's team is blue wherever they sit

    def team_words(self) -> list[tuple[int, str]]:
        """The two teams (the core's numbers) with their names, the host's first: named as
        the lobby and the table name them (the player's own team is always the blue one)."""
        if self.campers == 3:
            return [(0, "the solo's side"), (1, "the duo's side")]
        look = TeamLook(self.campers, self.seat)
        return [(t, look.name(t) + (" (yours)" if look.look(t) == 0 else "")) for t in look.order()]

    def go(self) -> None:
        n = self.campers
        levels = [self.team_level[team_of(s, n)] for s in range(n)]
        host_table(self.app, n, self.seat, levels, self.app.settings.bot_pace, player_name(self.app))

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in [*self.size_buttons, self.seat_button, *self.level_buttons, self.go_button, self.back]:
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        x0 = cx - px(300)
        y = max(px(20), h // 2 - px(280))
        draw_text(surface, "Host a table", (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(84)
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
        self.back.fit()
        self.go_button.fit()
        self.back.rect.midright = (cx - px(10), h - px(40))
        self.go_button.rect.midleft = (cx + px(10), h - px(40))
        self.back.draw(surface)
        self.go_button.draw(surface)
