"""Settings: animation speed, bot pace, volume and mute, the turn chime and window flash,
fullscreen, memory aid, reduced motion. Every change is saved at once."""

from __future__ import annotations

import pygame

from game.files.settings import PACES, SPEEDS
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, px


def step_volume(volume: float, steps: int) -> float:
    """The volume `steps` steps of 10% up (or down), held between 0 and 100%: at 100% a step
    up stays there (it never wraps round to silence)."""
    return min(1.0, max(0.0, round(volume * 10 + steps) / 10))


# The scales' values from the slowest to the fastest: a click steps to the next faster one
# (after the fastest, back to the slowest); the arrows beside the value step either way and
# stop at the ends, so the list never reads "normal, relaxed, instant, brisk".
SPEED_ORDER = tuple(sorted(SPEEDS, key=SPEEDS.__getitem__, reverse=True))  # slow ... instant
PACE_ORDER = tuple(sorted(PACES, key=PACES.__getitem__, reverse=True))  # relaxed ... instant


def _next(options: tuple, current) -> object:
    i = options.index(current) if current in options else -1
    return options[(i + 1) % len(options)]


def step_scale(options: tuple, current, steps: int) -> object:
    """The value `steps` places along `options` from `current`, held at the ends."""
    i = options.index(current) if current in options else 0
    return options[min(len(options) - 1, max(0, i + steps))]


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
            ("Volume", lambda: f"{round(s.volume * 100)}%", None, "- and + (keys too): 10% a step."),
            ("Sound", lambda: "muted" if s.muted else "on", self.toggle_mute, ""),
            (
                "Turn chime",
                lambda: "on" if s.turn_chime else "off",
                self.toggle_chime,
                "A chime when your turn comes (at the volume above).",
            ),
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
            (
                "Window flash",
                lambda: "on" if s.turn_flash else "off",
                self.toggle_flash,
                "The window flashes at your turn if it is not in front.",
            ),
        ]
        self.buttons = [Button("", fn or (lambda: None), None, size=20) for _, _, fn, _ in self.items]
        self.volume_row = next(k for k, item in enumerate(self.items) if item[2] is None)
        self.quieter = Button("-", lambda: self.change_volume(-1), pygame.K_MINUS, size=20)
        self.louder = Button("+", lambda: self.change_volume(1), pygame.K_EQUALS, size=20)
        # the scales' arrows: slower on the left, faster on the right (no keys: - and + are the volume's)
        self.steppers = {
            0: (
                Button("‹", lambda: self.step_speed(-1), None, size=20),
                Button("›", lambda: self.step_speed(1), None, size=20),
            ),
            1: (
                Button("‹", lambda: self.step_pace(-1), None, size=20),
                Button("›", lambda: self.step_pace(1), None, size=20),
            ),
        }
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=22, primary=True)

    def _changed(self) -> None:
        self.app.apply_sound()
        self.app.save_settings()
        self.app.play("click")

    def cycle_speed(self) -> None:
        self.app.settings.speed = _next(SPEED_ORDER, self.app.settings.speed)
        self._changed()

    def cycle_pace(self) -> None:
        self.app.settings.bot_pace = _next(PACE_ORDER, self.app.settings.bot_pace)
        self._changed()

    def step_speed(self, steps: int) -> None:
        self.app.settings.speed = step_scale(SPEED_ORDER, self.app.settings.speed, steps)
        self._changed()

    def step_pace(self, steps: int) -> None:
        self.app.settings.bot_pace = step_scale(PACE_ORDER, self.app.settings.bot_pace, steps)
        self._changed()

    def change_volume(self, steps: int) -> None:
        self.app.settings.volume = step_volume(self.app.settings.volume, steps)
        self._changed()

    def toggle_mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self._changed()

    def toggle_chime(self) -> None:
        self.app.settings.turn_chime = not self.app.settings.turn_chime
        self._changed()
        if self.app.settings.turn_chime:
            self.app.play("your_turn")  # what it sounds like

    def toggle_aid(self) -> None:
        self.app.settings.memory_aid = not self.app.settings.memory_aid
        self._changed()

    def toggle_motion(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self._changed()

    def toggle_wait(self) -> None:
        self.app.settings.wait_after_bots = not self.app.settings.wait_after_bots
        self._changed()

    def toggle_flash(self) -> None:
        self.app.settings.turn_flash = not self.app.settings.turn_flash
        self._changed()

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_KP_MINUS):
            self.change_volume(-1 if e.key == pygame.K_KP_MINUS else 1)
            return
        volume = self.buttons[self.volume_row]
        arrows = [b for pair in self.steppers.values() for b in pair]
        for b in [*arrows, *self.buttons, self.quieter, self.louder, self.back]:
            if b is not volume and b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        row = min(px(56), (h - px(30 + 90 + 70)) // len(self.items))  # a small window: closer rows
        total = px(90 + 70) + row * len(self.items)
        top = max(px(30), (h - total) // 2)
        draw_text(surface, "Settings", (cx, top), 48, skin.ACCENT, "display", anchor="midtop")
        x0 = cx - px(330)
        y = top + px(90)
        for k, ((label, value, _, hint), b) in enumerate(zip(self.items, self.buttons, strict=True)):
            draw_text(surface, label, (x0, y + px(8)), 22, skin.INK)
            b.label = str(value())
            b.fit()
            b.rect.w = px(160)
            b.rect.topleft = (x0 + px(230), y)
            if k == self.volume_row:  # - 70% +: the value between its two steps
                self.draw_volume(surface, b)
            elif k in self.steppers:  # ‹ normal ›: the value between a slower and a faster step
                self.draw_scale(surface, b, *self.steppers[k], SPEED_ORDER if k == 0 else PACE_ORDER, value())
            else:
                b.draw(surface)
            if hint:
                draw_text(surface, hint, (x0 + px(410), y + px(11)), 15, skin.MUTED)
            y += row
        self.back.fit()
        self.back.rect.midtop = (cx, y + px(20))
        self.back.draw(surface)

    def draw_scale(
        self, surface: pygame.Surface, value: Button, slower: Button, faster: Button, order: tuple, now: str
    ) -> None:
        """A scale's row: its value (a click: the next faster one), an arrow each side."""
        row = value.rect.copy()
        for arrow in (slower, faster):
            arrow.fit(6)
            arrow.rect.size = (row.h, row.h)
        slower.rect.topleft = row.topleft
        faster.rect.topright = row.topright
        value.rect = pygame.Rect(
            slower.rect.right + px(2), row.y, faster.rect.x - slower.rect.right - px(4), row.h
        )
        slower.enabled = now != order[0]
        faster.enabled = now != order[-1]
        for b in (value, slower, faster):
            b.draw(surface)

    def draw_volume(self, surface: pygame.Surface, value: Button) -> None:
        row = value.rect
        for b in (self.quieter, self.louder):
            b.fit(10)
            b.rect.size = (row.h, row.h)
        self.quieter.rect.topleft = row.topleft
        self.louder.rect.topright = row.topright
        self.quieter.enabled = self.app.settings.volume > 0
        self.louder.enabled = self.app.settings.volume < 1
        self.quieter.draw(surface)
        self.louder.draw(surface)
        draw_text(surface, value.label, row.center, 20, skin.INK, anchor="center")
