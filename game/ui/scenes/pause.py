"""The pause overlay over the table (Esc): resume, How to play, Settings, save and leave."""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, column_of, darken, draw_text, panel, px


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        # "(saved)" only where a save is written (not the guided game, not a watched one)
        kept = getattr(table.session, "saver", None) is not None
        leave = "Leave to menu (saved)" if kept else "Leave to menu"
        self.here = table.session.local  # a networked game goes on while this is open
        if not self.here:
            leave = "Leave the table"
        self.buttons = [
            Button("Resume (Esc)", self.app.pop, pygame.K_ESCAPE, size=22, primary=True),
            Button("How to play (H)", self.help, pygame.K_h, size=22),
            Button("Settings", self.settings, None, size=22),
            Button(leave, self.leave, pygame.K_q, size=22),
        ]

    def help(self) -> None:
        self.app.open("help")

    def settings(self) -> None:
        self.app.open("settings")

    def leave(self) -> None:
        if not self.here:
            self.table.ask_leave()
            return
        self.table.save()
        self.table.close()
        self.app.show("menu")

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return

    def on_quit(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        darken(surface, 110)  # the paused table, darkened behind the panel
        box = pygame.Rect(0, 0, px(380), px(330))
        box.center = (w // 2, h // 2)
        panel(surface, box, 240)
        draw_text(
            surface,
            "Paused" if self.here else "The game goes on",
            (box.centerx, box.y + px(18)),
            34,
            skin.ACCENT,
            "display",
            anchor="midtop",
        )
        column_of(self.buttons, (box.centerx, box.y + px(80)), 300)
        for b in self.buttons:
            b.draw(surface)
