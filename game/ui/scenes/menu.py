"""The title screen: Continue (the default when a game is saved), New game (which asks before
it discards a saved game), Learn by playing (the default on the very first start), More
action cards (the second lesson: the 5, 8, 9 and 11 played), Play with
friends, How to play, Past games, Statistics, Settings, About, Quit: always in that order,
each with its own letter key, Enter taking the highlighted one."""

from __future__ import annotations

import pygame

from game.files.firstrun import tutorial_state
from game.files.saves import has_save, load_save
from game.files.table_seats import waiting_seats
from game.lang import _, ngettext, pgettext, speech
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, column_of, draw_text, px, wrap


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.spoken = -1  # the language's version the buttons' words are in
        self.build()

    def update(self, dt: float) -> None:
        if self.app.frames > 1:  # not before the first frame is shown (start-up time)
            skin.warm_cards(1)  # the cards' art, a picture a frame: a table then opens at once

    def build(self) -> None:
        """The choices, always in one order and each with its own key, so the hands learn them:
        Continue (only when a game is saved), New game, Learn by playing, then the rest.
        Enter also takes the highlighted one: Continue when a game is saved, the lesson on
        the very first start, else New game; its label says so ("New game (N or Enter)")."""
        # a seat kept at a networked table (the game stopped mid-game): the menu says it waits
        self.waiting = waiting_seats() if self.app.persist else []
        started, note = tutorial_state()
        if note:  # its file was damaged and set aside: say so, as for every file
            self.app.messages.append(note)
        saved = has_save()
        self.spoken = speech.version
        # the choices' names, each translated whole; the key stays the same in every language
        bs = [Button(pgettext("menu", "Continue"), self.resume, pygame.K_c, size=24)] if saved else []
        new = Button(pgettext("menu", "New game"), self.new_game, pygame.K_n, size=24)
        learn = Button(pgettext("menu", "Learn by playing"), self.learn, pygame.K_l, size=24)
        # the second lesson: the 5, 8, 9, 11
        more = Button(pgettext("menu", "More action cards"), self.learn_more, pygame.K_m, size=24)
        bs += [new, learn, more, *self._more()]
        default = bs[0] if saved else (new if started else learn)
        for b in bs:
            b.label = self.keyed(b, b is default)
        default.primary = True
        bs[-1].pad_key = False  # Quit: a pad's B (Esc) does not quit from the menu
        self.default = default
        self.buttons = bs

    @staticmethod
    def keyed(button: Button, default: bool) -> str:
        """A choice's label with its key: "New game (N)", or "New game (N or Enter)"."""
        key = "Esc" if button.key == pygame.K_ESCAPE else pygame.key.name(button.key).upper()
        if default:
            # TRANSLATORS: a menu choice and its keys: "New game (N or Enter)"
            return _("{choice} ({key} or Enter)", choice=button.label, key=key)
        # TRANSLATORS: a menu choice and its key: "New game (N)"
        return _("{choice} ({key})", choice=button.label, key=key)

    def _more(self) -> list[Button]:
        return [
            Button(
                pgettext("menu", "Play with friends"), lambda: self.app.open("friends"), pygame.K_f, size=24
            ),
            Button(pgettext("menu", "How to play"), self.help, pygame.K_h, size=24),
            Button(pgettext("menu", "Past games"), lambda: self.app.open("past_games"), pygame.K_g, size=24),
            Button(pgettext("menu", "Statistics"), lambda: self.app.open("stats"), pygame.K_t, size=24),
            Button(pgettext("menu", "Settings"), self.settings, pygame.K_s, size=24),
            Button(pgettext("menu", "About"), self.about, pygame.K_a, size=24),
            Button(pgettext("menu", "Quit"), self.app.quit, pygame.K_ESCAPE, size=24),
        ]

    def learn(self) -> None:
        self.app.open("tutorial")

    def learn_more(self) -> None:
        self.app.open("tutorial", "more")

    def on_top(self) -> None:
        self.build()

    def new_game(self) -> None:
        if not has_save():
            self.app.open("new_game")
            return
        self.app.open(
            "confirm",
            _("Discard your game?"),
            _("The game in progress is lost when a new one starts."),
            _("Discard it"),
            lambda: self.app.open("new_game"),
        )

    def resume(self) -> None:
        saved, note = load_save()
        if note:
            self.app.messages.append(note)
        if saved is None:
            self.build()
            return
        table = (saved.game, saved.players, saved.levels, saved.human)
        self.app.show("table", *table, fresh=False, hints_used=saved.hints)

    def help(self) -> None:
        self.app.open("help")

    def settings(self) -> None:
        self.app.open("settings")

    def about(self) -> None:
        self.app.open("about")

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and getattr(e, "pad", False):
            return  # a pad's B backs out of screens: one press too many must not quit (Quit: A on it)
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.default.on_click()
            return
        for b in self.buttons:
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        if self.spoken != speech.version:  # the language changed (Settings): the words anew
            self.build()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        # Two columns: the ways to play on the left, the rest on the right. They end above the
        # window's bottom (and the notes there); the title and fan sit above them, moving up
        # in a short window.
        notes = [line for note in self.app.messages[-3:] for line in wrap(note, 16, w - 40)]
        seat = self.waiting_line()
        if seat:
            notes.insert(0, seat)
        bottom = h - px(16) - (len(notes) * px(20) + px(10) if notes else 0)
        half = (len(self.buttons) + 1) // 2  # the taller, left column sets the height
        for gap in (12, 6, 0):  # the buttons come closer before the title is crowded
            height = sum(b.fit().rect.h for b in self.buttons[:half]) + px(gap) * (half - 1)
            column = min(max(int(h * 0.52), int(h * 0.1) + px(270)), bottom - height)
            if column >= px(8) + px(270):
                break
        top = max(px(8), min(int(h * 0.1), column - px(270)))
        draw_text(surface, "Scram!", (cx, top), 96, skin.ACCENT, "display", anchor="midtop")
        draw_text(
            surface, _("Critters vs. Campers"), (cx, top + px(110)), 28, skin.INK, "display", anchor="midtop"
        )
        # A fan of cards under the title.
        cw = px(64)
        for k, v in enumerate((13, 7, 0, 5, 11)):
            img = skin.turned_card(v, cw, (2 - k) * 9)
            r = img.get_rect(center=(cx + (k - 2) * px(52), top + px(200) + abs(k - 2) * px(8)))
            surface.blit(img, r)
        # the columns as wide as the longest label needs (320 design pixels in English)
        need = max(b.fit().rect.w for b in self.buttons) * 100 / max(1, px(100)) + 16
        col_w = min(max(320, round(need)), round((w - px(40)) * 100 / max(1, px(100)) / 2))
        column_of(self.buttons[:half], (cx - px(col_w // 2 + 10), column), col_w, gap)
        column_of(self.buttons[half:], (cx + px(col_w // 2 + 10), column), col_w, gap)
        for b in self.buttons:
            b.draw(surface)
        y = h - px(16)
        for line in reversed(notes):
            colour = skin.ACCENT if line == seat else skin.DANGER
            draw_text(surface, line, (cx, y), 16, colour, anchor="midbottom")
            y -= px(20)

    def waiting_line(self) -> str:
        """The line that says a seat at a networked table waits for the player, if one does."""
        if not self.waiting:
            return ""
        code = self.waiting[0].code
        if len(self.waiting) == 1:
            return _(
                "Your seat at table {code} is waiting: Play with friends (F), then Return (R).", code=code
            )
        return ngettext(
            "Your seat at table {code} (and {n} more) is waiting: Play with friends (F), then Return (R).",
            "Your seat at table {code} (and {n} more) is waiting: Play with friends (F), then Return (R).",
            len(self.waiting) - 1,
            code=code,
        )
