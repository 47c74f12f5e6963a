"""Settings: the language, animation speed, bot pace, volume and mute, the turn chime and
window flash, fullscreen, memory aid, reduced motion, speech, the text size and high contrast.
Every change is saved at once; a new language, text size or look shows at once, on this screen
and every other (no restart).

The rows are laid out from their words: the labels' column is as wide as its longest label
and the help lines wrap in the room left, so a language longer than English still fits."""

from __future__ import annotations

import pygame

from game.files.settings import PACES, SPEEDS, TEXT_SIZES
from game.lang import N_, _, pgettext
from game.lang.languages import PSEUDO
from game.lang.phrases import LANGUAGE, LANGUAGE_HELP, language_options
from game.ui import skin
from game.ui.kit import looks
from game.ui.kit.language import switch_language, system_language
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, fit_text, mark_drawn, px, wrap

HINT_SIZE = 15


def step_volume(volume: float, steps: int) -> float:
    """The volume `steps` steps of 10% up (or down), held between 0 and 100%: at 100% a step
    up stays there (it never wraps round to silence)."""
    return min(1.0, max(0.0, round(volume * 10 + steps) / 10))


# The scales' values from the slowest to the fastest: a click steps to the next faster one
# (after the fastest, back to the slowest); the arrows beside the value step either way and
# stop at the ends, so the list never reads "normal, relaxed, instant, brisk".
SPEED_ORDER = tuple(sorted(SPEEDS, key=SPEEDS.__getitem__, reverse=True))  # slow ... instant
PACE_ORDER = tuple(sorted(PACES, key=PACES.__getitem__, reverse=True))  # relaxed ... instant


# The switches' help lines (marked for the catalogs; translated where drawn).
CHIME_HELP = N_("A chime when your turn comes (at the volume above).")
AID_HELP = N_("Show faintly the values of face-down cards you have seen.")
MOTION_HELP = N_("Cards stay flat and change face in place; slides are shorter.")
WAIT_HELP = N_("After each bot's turn, the table waits for your click.")
FLASH_HELP = N_("The window flashes at your turn if it is not in front.")
SPEECH_HELP = N_("The game speaks through your screen reader or the system's voice.")
TEXT_HELP = N_("The words on every screen, larger.")
CONTRAST_HELP = N_("Light words on black, black values on white cards.")


def _next(options: tuple, current) -> object:
    i = options.index(current) if current in options else -1
    return options[(i + 1) % len(options)]


def step_scale(options: tuple, current, steps: int) -> object:
    """The value `steps` places along `options` from `current`, held at the ends."""
    i = options.index(current) if current in options else 0
    return options[min(len(options) - 1, max(0, i + steps))]


def speed_name(speed: str) -> str:
    """An animation speed's name in the current language."""
    names = {
        "instant": pgettext("animation speed", "instant"),
        "fast": pgettext("animation speed", "fast"),
        "normal": pgettext("animation speed", "normal"),
        "slow": pgettext("animation speed", "slow"),
    }
    return names.get(speed, speed)


def pace_name(pace: str) -> str:
    """A bot pace's name in the current language."""
    names = {
        "instant": pgettext("bot pace", "instant"),
        "brisk": pgettext("bot pace", "brisk"),
        "normal": pgettext("bot pace", "normal"),
        "relaxed": pgettext("bot pace", "relaxed"),
    }
    return names.get(pace, pace)


def on_off(value: bool) -> str:
    """ "on" or "off", for a setting's switch."""
    return pgettext("setting", "on") if value else pgettext("setting", "off")


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.items = self.rows()
        self.buttons = [Button("", fn or (lambda: None), None, size=20) for _l, _v, fn, _h in self.items]
        self.volume_row = next(k for k, item in enumerate(self.items) if item[2] is None)
        self.quieter = Button("-", lambda: self.change_volume(-1), pygame.K_MINUS, size=20)
        self.louder = Button("+", lambda: self.change_volume(1), pygame.K_EQUALS, size=20)
        # the scales' arrows: slower on the left, faster on the right (no keys: - and + are the
        # volume's); the language's arrows go up and down its list
        self.language_row, self.speed_row, self.pace_row = 0, 1, 2
        self.steppers = {
            self.language_row: (
                Button("‹", lambda: self.step_language(-1), None, size=20),
                Button("›", lambda: self.step_language(1), None, size=20),
            ),
            self.speed_row: (
                Button("‹", lambda: self.step_speed(-1), None, size=20),
                Button("›", lambda: self.step_speed(1), None, size=20),
            ),
            self.pace_row: (
                Button("‹", lambda: self.step_pace(-1), None, size=20),
                Button("›", lambda: self.step_pace(1), None, size=20),
            ),
        }
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=22, primary=True)
        self.system = system_language()  # what "as the system" speaks, asked once

    def rows(self) -> list[tuple]:
        """(label, its value now, what a click does, the help line) for each row: the words
        are translated when drawn, so a change of language shows at once."""
        s = self.app.settings
        return [
            (lambda: _(LANGUAGE), self.language_name, self.cycle_language, lambda: _(LANGUAGE_HELP)),
            (
                lambda: _("Animation speed"),
                lambda: speed_name(s.speed),
                self.cycle_speed,
                lambda: _("How fast cards move (instant: no animation)."),
            ),
            (
                lambda: _("Bot pace"),
                lambda: pace_name(s.bot_pace),
                self.cycle_pace,
                lambda: _("How long a bot thinks before each move."),
            ),
            (
                lambda: _("Volume"),
                lambda: _("{percent}%", percent=round(s.volume * 100)),
                None,
                lambda: _("- and + (keys too): 10% a step."),
            ),
            (
                lambda: _("Sound"),
                lambda: pgettext("sound", "muted") if s.muted else pgettext("sound", "on"),
                self.toggle_mute,
                lambda: "",
            ),
            self.switch(lambda: _("Turn chime"), "turn_chime", lambda: _(CHIME_HELP), self.toggle_chime),
            self.switch(lambda: _("Fullscreen (F11)"), "fullscreen", lambda: "", self.app.toggle_fullscreen),
            self.switch(lambda: _("Memory aid"), "memory_aid", lambda: _(AID_HELP)),
            self.switch(lambda: _("Reduced motion"), "reduced_motion", lambda: _(MOTION_HELP)),
            self.switch(lambda: _("Wait after bots"), "wait_after_bots", lambda: _(WAIT_HELP)),
            self.switch(lambda: _("Window flash"), "turn_flash", lambda: _(FLASH_HELP)),
            self.switch(lambda: _("Speech (F4)"), "speech", lambda: _(SPEECH_HELP), self.toggle_speech),
            *self.look_rows(),
        ]

    def look_rows(self) -> list[tuple]:
        """The text size and high contrast: worn at once by every screen (kit/looks.py)."""
        s = self.app.settings

        def size_help() -> str:
            return looks.text_size_note(s.text_size, self.app.size) or _(TEXT_HELP)

        return [
            (
                lambda: _("Text size"),
                self.text_size_value,
                self.cycle_text_size,
                size_help,
            ),
            (
                lambda: _("High contrast"),
                lambda: on_off(s.theme == "high_contrast"),
                self.toggle_contrast,
                lambda: _(CONTRAST_HELP),
            ),
        ]

    def text_size_value(self) -> str:
        """The text size chosen, and the one shown where the window is too small for it."""
        chosen = self.app.settings.text_size
        shown = looks.shown_text_size(chosen, self.app.size)
        if shown == chosen:
            return _("{percent}%", percent=chosen)
        # TRANSLATORS: the text size chosen and the one this window shows, "200% (150% here)"
        return _(
            "{chosen} ({shown} here)",
            chosen=_("{percent}%", percent=chosen),
            shown=_("{percent}%", percent=shown),
        )

    def cycle_text_size(self) -> None:
        self.app.settings.text_size = _next(TEXT_SIZES, self.app.settings.text_size)
        looks.change(self.app)
        self.app.play("click")

    def toggle_contrast(self) -> None:
        s = self.app.settings
        s.theme = "standard" if s.theme == "high_contrast" else "high_contrast"
        looks.change(self.app)
        self.app.play("click")

    def switch(self, label, name: str, help_line, action=None) -> tuple:
        """A row that turns the setting `name` on and off (`action`: what else a click does)."""
        settings = self.app.settings
        return (
            label,
            lambda: on_off(getattr(settings, name)),
            action or (lambda: self.flip(name)),
            help_line,
        )

    def flip(self, name: str) -> None:
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        self._changed()

    # ---- the language ---------------------------------------------------------------------
    def language_choices(self) -> list[tuple[str, str]]:
        """(value kept, name shown) for each choice; the pseudo-locale only when it is on."""
        return language_options(self.system, pseudo=self.app.settings.language == PSEUDO)

    def language_name(self) -> str:
        kept = self.app.settings.language
        for value, name in self.language_choices():
            if value == kept:
                return name
        return kept  # a language this version lacks, kept as the file says

    def language_values(self) -> tuple[str, ...]:
        return tuple(value for value, _name in self.language_choices())

    def cycle_language(self) -> None:
        self.set_language(_next(self.language_values(), self.app.settings.language))

    def step_language(self, steps: int) -> None:
        self.set_language(step_scale(self.language_values(), self.app.settings.language, steps))

    def set_language(self, code: str) -> None:
        switch_language(self.app, code)
        self.app.play("click")

    # ---- the other rows -------------------------------------------------------------------
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

    def toggle_speech(self) -> None:
        """As F4 does: on (said), or off; kept in the settings."""
        self.app.speech.toggle()  # "Speech on." said (the row shows it)
        self._changed()

    def toggle_chime(self) -> None:
        self.flip("turn_chime")
        if self.app.settings.turn_chime:
            self.app.play("your_turn")  # what it sounds like

    # ---- the pad (kit/focus_ring.py): up and down go row by row, left and right change ------
    def focus_targets(self) -> list[Button]:
        return [*self.buttons, self.back]

    def focus_default(self) -> Button:
        return self.buttons[0]

    def focus_sideways(self, target: Button, steps: int) -> bool:
        """Left or right on a row's value: a scale's step that way, else what a click does."""
        row = next((k for k, b in enumerate(self.buttons) if b is target), None)
        if row is None:
            return False
        if row == self.volume_row:
            self.change_volume(steps)
        elif row in self.steppers:
            arrow = self.steppers[row][steps > 0]
            if arrow.enabled:
                arrow.on_click()
        else:
            target.on_click()
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_KP_MINUS):
            self.change_volume(-1 if e.key == pygame.K_KP_MINUS else 1)
            return
        volume = self.buttons[self.volume_row]
        arrows = [b for pair in self.steppers.values() for b in pair]
        for b in [*arrows, *self.buttons, self.quieter, self.louder, self.back]:
            if b is not volume and b.handle_event(e):
                return

    def columns(self, w: int) -> tuple[int, int, int, int]:
        """Where the labels, the values and the help lines start, and the help lines' width:
        the labels' column as wide as the longest label in this language, the help lines
        wrapped in what is left of the window."""
        label_font = skin.font("text", px(22))
        value_font = skin.font("text", px(20))
        label_w = max(label_font.size(label())[0] for label, *_rest in self.items) + px(20)
        values = [name for _v, name in self.language_choices()]
        values += [value() for _l, value, *_rest in self.items]
        value_w = max(px(160), max(value_font.size(v)[0] for v in values) + 2 * px(20) + 2 * px(36))
        hint_w = min(px(420), w - px(32) - label_w - value_w - px(20))
        x0 = max(px(16), (w - (label_w + value_w + px(20) + hint_w)) // 2)
        return x0, x0 + label_w, x0 + label_w + value_w + px(20), hint_w

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        margin, title_h, back_h = self.frame(h)
        row = min(px(56), (h - margin - title_h - back_h) // len(self.items))  # a small window: closer rows
        total = title_h + back_h + row * len(self.items)
        top = max(margin, (h - total) // 2)
        draw_text(surface, _("Settings"), (cx, top), 48, skin.ACCENT, "display", anchor="midtop")
        x0, x_value, x_hint, hint_w = self.columns(w)
        y = top + title_h
        for k, ((label, value, _fn, hint), b) in enumerate(zip(self.items, self.buttons, strict=True)):
            b.name = label()  # said with its value when it takes the focus ("Speech (F4): on")
            b.label = str(value())
            b.fit()
            b.rect.size = (x_hint - px(20) - x_value, min(b.rect.h, row - 1))  # apart at any text size
            b.rect.topleft = (x_value, y)
            draw_text(surface, label(), (x0, b.rect.centery), 22, skin.INK, anchor="midleft")
            if k == self.volume_row:  # - 70% +: the value between its two steps
                self.draw_volume(surface, b)
            elif k in self.steppers:  # ‹ normal ›: the value between a slower and a faster step
                self.draw_scale(surface, b, *self.steppers[k], self.order(k), self.now(k))
            else:
                b.draw(surface)
            size, lines = self.hint_lines(hint(), hint_w, row)
            line_h = skin.line_height("text", px(size))
            hy = y + b.rect.h // 2 - len(lines) * line_h // 2
            for line in lines:
                draw_text(surface, line, (x_hint, hy), size, skin.MUTED)
                hy += line_h
            y += row
        self.back.label = _("Back (Esc)")
        self.back.fit()
        self.back.rect.midtop = (cx, min(y + px(20), h - px(4) - self.back.rect.h))  # in the window
        self.back.draw(surface)

    def frame(self, h: int) -> tuple[int, int, int]:
        """The room above the title, the title's and the Back button's: the usual ones, or
        at a large text size in a short window the least that keeps the rows as tall as
        their words (the title then just above the rows, Back just below them)."""
        usual = (px(24), px(90), px(70))
        if (h - sum(usual)) // len(self.items) >= skin.line_height("text", px(22)):
            return usual
        return px(8), skin.line_height("display", px(48)) + px(4), skin.line_height("text", px(22)) + px(16)

    @staticmethod
    def hint_lines(hint: str, width: int, row: int) -> tuple[int, list[str]]:
        """A help line wrapped to `width`, in the largest size whose lines fit in a row."""
        if not hint:
            return HINT_SIZE, []
        for size in range(HINT_SIZE, HINT_SIZE - 5, -1):
            lines = wrap(hint, size, width)
            if len(lines) * skin.line_height("text", px(size)) <= row:
                return size, lines
        if skin.text_scale() > 1:  # large text: a help line is shown whole or not at all
            return size, []
        room = max(1, row // skin.line_height("text", px(size)))  # what fits, the rest cut short
        if len(lines) > room:
            lines = lines[: room - 1] + [fit_text(" ".join(lines[room - 1 :]), size, width)]
        return size, lines

    def order(self, row: int) -> tuple:
        if row == self.language_row:
            return self.language_values()
        return SPEED_ORDER if row == self.speed_row else PACE_ORDER

    def now(self, row: int) -> str:
        s = self.app.settings
        if row == self.language_row:
            return s.language
        return s.speed if row == self.speed_row else s.bot_pace

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
        mark_drawn(value)  # the row's value, where the pad's focus stands on this row
        draw_text(surface, value.label, row.center, 20, skin.INK, anchor="center")
