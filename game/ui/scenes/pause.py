"""The pause overlay over the table (Esc): resume, How to play, Settings, save and leave."""

from __future__ import annotations

import pygame

from game.lang import _, speech
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, darken, draw_text, panel, px


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        # "(saved)" only where a save is written (not the guided game, not a watched one)
        self.kept = getattr(table.session, "saver", None) is not None
        self.here = table.session.local  # a networked game goes on while this is open
        self.buttons = [
            Button("", self.app.pop, pygame.K_ESCAPE, size=22, primary=True),
            Button("", self.help, pygame.K_h, size=22),
            Button("", self.settings, None, size=22),
            Button("", self.leave, pygame.K_q, size=22),
        ]
        self.spoken = -1  # the language's version the labels are in
        self.label()

    def label(self) -> None:
        """The buttons' words in the current language (again after a switch in Settings)."""
        self.spoken = speech.version
        if not self.here:
            leave = _("Leave the table")
        else:
            leave = _("Leave to menu (saved)") if self.kept else _("Leave to menu")
        words = [_("Resume (Esc)"), _("How to play (H)"), _("Settings"), leave]
        for b, label in zip(self.buttons, words, strict=True):
            b.label = label

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
        if self.spoken != speech.version:
            self.label()
        w, h = surface.get_size()
        darken(surface, 110)  # the paused table, darkened behind the panel
        # as wide as the longest label needs (German runs a third longer than English)
        inner = max(px(300), *(b.fit().rect.w for b in self.buttons))
        box = pygame.Rect(0, 0, inner + px(80), px(330))
        box.center = (w // 2, h // 2)
        panel(surface, box, 240)
        draw_text(
            surface,
            _("Paused") if self.here else _("The game goes on"),
            (box.centerx, box.y + px(18)),
            34,
            skin.ACCENT,
            "display",
            anchor="midtop",
        )
        y = box.y + px(80)
        for b in self.buttons:  # one under the other, as wide as the widest
            b.fit()
            b.rect.w = inner
            b.rect.midtop = (box.centerx, y)
            y += b.rect.h + px(12)
        for b in self.buttons:
            b.draw(surface)
