"""Settings: animation speed, bot pace, volume and mute, fullscreen, memory aid, reduced
motion. Every change is saved at once."""

from __future__ import annotations

import pygame

from game.settings import PACES, SPEEDS

from . import skin
from .scene import Scene
from .widgets import Button, draw_text, px


def _next(options: list, current) -> object:
    i = options.index(current) if current in options else -1
    return options[(i + 1) % len(options)]


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, Button, str]] = []
        s = app.settings
        self.items = [
            (
                "Animation speed",
                lambda: s.speed,
                self.cycle_speed,
                "How fast cards move (instant: no animation).",
            ),
            ("Bot pace", lambda: s.bot_pace, self.cycle_pace, "How long a bot thinks before each move."),
            ("Volume", lambda: f"{round(s.volume * 100)}%", self.cycle_volume, "Click to step by 10%."),
            ("Sound", lambda: "muted" if s.muted else "on", self.toggle_mute, ""),
            ("Fullscreen (F11)", lambda: "on" if s.fullscreen else "off", self.app.toggle_fullscreen, ""),
            (
                "Memory aid",
                lambda: "on" if s.memory_aid else "off",
                self.toggle_aid,
                "Show faintly the values of face-down cards you have seen.",
            ),
            (
                "Reduced motion",
                lambda: "on" if s.reduced_motion else "off",
                self.toggle_motion,
                "Cards stay flat and change face in place; slides are shorter.",
            ),
            (
                "Wait after bots",
                lambda: "on" if s.wait_after_bots else "off",
                self.toggle_wait,
                "After each bot's turn, the table waits for your click.",
            ),
        ]
        self.buttons = [Button("", fn, None, size=20) for _, _, fn, _ in self.items]
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=22, primary=True)

    def _changed(self) -> None:
        self.app.apply_sound()
        self.app.save_settings()
        self.app.play("click")

    def cycle_speed(self) -> None:
        self.app.settings.speed = _next(list(SPEEDS), self.app.settings.speed)
        self._changed()

    def cycle_pace(self) -> None:
        self.app.settings.bot_pace = _next(list(PACES), self.app.settings.bot_pace)
        self._changed()

    def cycle_volume(self) -> None:
        v = round(self.app.settings.volume * 10) + 1
        self.app.settings.volume = 0.0 if v > 10 else v / 10
        self._changed()

    def toggle_mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self._changed()

    def toggle_aid(self) -> None:
        self.app.settings.memory_aid = not self.app.settings.memory_aid
        self._changed()

    def toggle_motion(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self._changed()

    def toggle_wait(self) -> None:
        self.app.settings.wait_after_bots = not self.app.settings.wait_after_bots
        self._changed()

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in [*self.buttons, self.back]:
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        total = px(90 + 56 * len(self.items) + 70)
        top = max(px(30), (h - total) // 2)
        draw_text(surface, "Settings", (cx, top), 48, skin.ACCENT, "display", anchor="midtop")
        x0 = cx - px(330)
        y = top + px(90)
        for (label, value, _, hint), b in zip(self.items, self.buttons, strict=True):
            draw_text(surface, label, (x0, y + px(8)), 22, skin.INK)
            b.label = str(value())
            b.fit()
            b.rect.w = px(160)
            b.rect.topleft = (x0 + px(230), y)
            b.draw(surface)
            if hint:
                draw_text(surface, hint, (x0 + px(410), y + px(11)), 15, skin.MUTED)
            y += px(56)
        self.back.fit()
        self.back.rect.midtop = (cx, y + px(20))
        self.back.draw(surface)
