"""Learn by playing: the guided first game on the real table, with a coach beside it.

The table is the game's own `TableScene`, given the tutorial's `Coach` (game/learn/tutorial.py):
the coach words the prompt, refuses other moves with the lesson's words and plays the
scripted bots. Over the sidebar this scene shows the progress marker (lesson and step),
why the move is a good one, and what the last move showed. Q leaves at any moment; when
the Scram is scored, a last panel says how the round ended and offers a real game.
"""

from __future__ import annotations

import pygame

from game.files.firstrun import mark_tutorial
from game.learn.tutorial import LESSONS, SEATS, Coach, lesson_of
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, panel, px, row_of, wrap
from game.ui.table.access import sidebar_buttons, sidebar_rect


class TutorialScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        if app.persist:
            note = mark_tutorial()
            if note:
                app.messages.append(note)
        game = Coach.new_game()
        self.coach = Coach(game)
        me = (app.settings.player_name or "You").strip() or "You"
        players = [me, *SEATS[1:]]
        self.table = app.build("table", game, players, [None] * 4, 0, fresh=True, coach=self.coach)
        self.done = False
        self.leave_button = Button("Leave the lesson (Q)", self.leave, pygame.K_q, size=15)
        self.end_buttons = [
            Button("Play a real game (Enter)", self.real_game, pygame.K_RETURN, size=22, primary=True),
            Button("Menu (Esc)", self.leave, pygame.K_ESCAPE, size=22),
        ]

    # ---- the flow -------------------------------------------------------------------
    def leave(self) -> None:
        self.table.close()
        self.app.show("menu")

    def real_game(self) -> None:
        self.table.close()
        self.app.show("menu")
        self.app.open("new_game")

    def on_quit(self) -> None:
        self.table.close()

    def on_top(self) -> None:
        self.table.on_top()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    def update(self, dt: float) -> None:
        if self.done:
            return
        if self.coach.finished and not self.table.timeline.busy:
            self.done = True
            if self.app.persist:
                note = mark_tutorial(finished=True)
                if note:
                    self.app.messages.append(note)
            return
        self.table.update(dt)

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.done:
            for b in self.end_buttons:
                if b.handle_event(e):
                    return
            return
        if self.leave_button.handle_event(e):
            return
        self.table.handle_event(e)

    # ---- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self.draw_coach(surface)
        if self.done:
            self.draw_end(surface)

    def coach_rect(self) -> pygame.Rect:
        """Over the sidebar's log, between the scores and the sidebar's buttons."""
        sb = sidebar_rect(self.table)
        top = sb.y + int(sb.h * 0.28)
        bottom = min(b.rect.y for b in sidebar_buttons(self.table)) - px(10)
        return pygame.Rect(sb.x + px(6), top, sb.w - px(12), max(px(160), bottom - top))

    def draw_coach(self, surface: pygame.Surface) -> None:
        r = self.coach_rect()
        pygame.draw.rect(surface, skin.PANEL, r, border_radius=px(12))  # opaque: the log is under it
        pygame.draw.rect(surface, skin.ACCENT, r, 2, border_radius=px(12))
        x, w = r.x + px(12), r.w - px(24)
        done, total, title = self.coach.progress()
        y = r.y + px(10)
        draw_text(surface, "Learn by playing", (x, y), 18, skin.ACCENT, "display")
        y += px(28)
        # the progress marker: a dot per lesson, filled as far as the player got, and a bar
        n, _lesson = lesson_of(min(done, total - 1))
        gap = w / len(LESSONS)
        for k in range(len(LESSONS)):
            c = (int(x + gap * (k + 0.5)), y + px(6))
            color = skin.GOOD if k < n or self.coach.finished else (skin.ACCENT if k == n else skin.BUTTON)
            pygame.draw.circle(surface, color, c, px(6))
        y += px(18)
        bar = pygame.Rect(x, y, w, px(6))
        pygame.draw.rect(surface, skin.BUTTON, bar, border_radius=px(3))
        share = 1.0 if self.coach.finished else done / total
        pygame.draw.rect(surface, skin.GOOD, (x, y, int(w * share), px(6)), border_radius=px(3))
        y += px(14)
        for line in wrap(title, 15, w):
            draw_text(surface, line, (x, y), 15, skin.INK)
            y += px(19)
        y += px(6)
        bottom = r.bottom - px(40)
        if self.done:  # what the round taught, lesson by lesson
            draw_text(surface, "You learned:", (x, y), 15, skin.ACCENT)
            y += px(20)
            for lesson in LESSONS:
                for line in wrap("• " + lesson.title, 14, w):
                    if y + px(18) <= r.bottom - px(8):
                        draw_text(surface, line, (x, y), 14, skin.INK)
                    y += px(18)
            return
        for text, color in ((self.coach.why(), skin.INK), (self.coach.note, skin.HIGHLIGHT)):
            for line in wrap(text, 15, w) if text else []:
                if y + px(19) > bottom:
                    break
                draw_text(surface, line, (x, y), 15, color)
                y += px(19)
            y += px(8)
        if not self.done:
            self.leave_button.fit(10)
            self.leave_button.rect.midbottom = (r.centerx, r.bottom - px(8))
            self.leave_button.draw(surface)

    def draw_end(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - px(60), px(720)), px(300))
        box.center = (w // 2 - sidebar_rect(self.table).w // 2, h // 2)
        panel(surface, box, 240)
        pygame.draw.rect(surface, skin.ACCENT, box, 2, border_radius=px(12))
        y = box.y + px(18)
        draw_text(
            surface, "Your Scram won the round!", (box.centerx, y), 34, skin.ACCENT, "display", "midtop"
        )
        y += px(56)
        for line in wrap(self.coach.closing_words(), 18, box.w - px(48)):
            draw_text(surface, line, (box.centerx, y), 18, skin.INK, anchor="midtop")
            y += px(24)
        row_of(self.end_buttons, (box.centerx, box.bottom - px(36)))
        for b in self.end_buttons:
            b.draw(surface)
