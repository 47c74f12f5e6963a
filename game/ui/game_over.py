"""Game over: who won (or the critters, on a perfect tie), the score sheet, and what next."""

from __future__ import annotations

import pygame

from game.cards import team_of

from . import skin
from .scene import Scene
from .scoresheet import draw_score_sheet
from .widgets import Button, draw_text, row_of


class GameOverScene(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        g = table.game
        self.game = g
        n = g.campers
        w = g.winner
        human = table.human
        if w == "nobody":
            self.title = "The critters win!"
            self.sub = "Both teams tied in every round: nobody outscored the critters."
            won = None
        else:
            name = table.teams[w]
            if human is not None:
                won = team_of(human, n) == w
                self.title = (
                    ("You win!" if n == 3 and human == 0 else "Your team wins!") if won else f"{name} wins"
                )
            else:
                won = None
                self.title = f"{name} wins"
            members = ", ".join(table.players[s] for s in range(n) if team_of(s, n) == w)
            self.sub = f"{name} ({members}) ends with {g.totals[w]} against {g.totals[1 - w]}."
        if won is not None:
            app.play("game_won" if won else "game_lost")
        self.buttons = [
            Button("Play again (Enter)", self.again, pygame.K_RETURN, size=22, primary=True),
            Button("Menu (Esc)", self.menu, pygame.K_ESCAPE, size=22),
        ]
        self.wait = 0.0

    def again(self) -> None:
        from .new_game import start_game

        t = self.table
        start_game(self.app, t.game.campers, t.human, t.players, t.levels, seed=None, auto=t.auto)

    def menu(self) -> None:
        from .menu import MenuScene

        self.app.replace(MenuScene(self.app))

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return

    def update(self, dt: float) -> None:
        if self.table.auto:
            self.wait += dt
            if self.wait > 3.0 * self.app.settings.time_factor or self.app.settings.time_factor == 0:
                if getattr(self.app, "exit_when_over", False):
                    self.app.result = self.game.winner
                    self.app.running = False
                    return
                if self.wait > 3.0 * self.app.settings.time_factor:
                    self.again()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, self.title, (cx, int(h * 0.12)), 60, skin.ACCENT, "display", anchor="midtop")
        draw_text(surface, self.sub, (cx, int(h * 0.12) + 84), 20, skin.INK, anchor="midtop")
        g = self.game
        sheet_w = 460
        y = draw_score_sheet(
            surface,
            (cx - sheet_w // 2, int(h * 0.32)),
            sheet_w,
            g.scores,
            g.totals,
            self.table.teams,
            g.rounds,
            22,
        )
        row_of(self.buttons, (cx, y + 50))
        for b in self.buttons:
            b.draw(surface)
