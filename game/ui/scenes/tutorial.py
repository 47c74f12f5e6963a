"""Learn by playing: a guided game on the real table, with a coach beside it.

The table is the game's own `TableScene`, given the tutorial's `Coach` (game/learn/tutorial.py):
the coach words the prompt, refuses other moves with the lesson's words and plays the
scripted bots. Over the sidebar this scene shows the progress marker (lesson and step),
why the move is a good one, and what the last move showed. Q leaves at any moment. The
first course ends when its Scram is scored: a last panel says how the round ended and
offers a real game or the second course, "More action cards" (the 5, 8, 9 and 11, throwing
a card away, the deck as a target), which ends after the player's last step.
"""

from __future__ import annotations

import pygame

from game.files.firstrun import mark_tutorial, tutorial_state
from game.learn.tutorial import COURSES, FIRST, Coach
from game.ui import skin
from game.ui.kit.focus_ring import ALL_KEYS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, panel, px, row_of, wrap
from game.ui.table.access import (
    end_turns,
    keep_sidebar_room,
    round_end_seen,
    sidebar_buttons,
    sidebar_log_top,
    sidebar_rect,
)

LOG_LINES = 5  # the log lines the lesson panel leaves readable above it
LOG_LINES_MIN = 3  # ... or, while the lesson's words need the room, at least these


class TutorialScene(Scene):
    def __init__(self, app, course: str = "first") -> None:
        super().__init__(app)
        self.course = COURSES.get(course, FIRST)
        if not tutorial_state()[0]:
            # The lesson shows the memory aid; the first games after it keep it on, as the
            # player learned the table with it and would miss it. Settings switches it off.
            app.settings.memory_aid = True
            app.save_settings()
        if app.persist:
            note = mark_tutorial()
            if note:
                app.messages.append(note)
        game = Coach.new_game(self.course)
        self.coach = Coach(game, self.course)
        me = (app.settings.player_name or "You").strip() or "You"
        players = [me, *self.course.seats[1:]]
        self.table = app.build("table", game, players, [None] * 4, 0, fresh=True, coach=self.coach)
        self.done = False
        self.leave_button = Button("Leave the lesson (Q)", self.leave, pygame.K_q, size=15)
        self.end_buttons = [
            Button("Play a real game (Enter)", self.real_game, pygame.K_RETURN, size=22, primary=True),
            Button("Menu (Esc)", self.leave, pygame.K_ESCAPE, size=22),
        ]
        if self.course is FIRST:  # the cards the first game only told of, played: told is not learned
            self.end_buttons.insert(1, Button("More action cards (M)", self.more, pygame.K_m, size=22))

    # ---- the flow -------------------------------------------------------------------
    def leave(self) -> None:
        self.table.close()
        self.app.show("menu")

    def more(self) -> None:
        """The second guided game: the 5, 8, 9 and 11, throwing away, the deck as a target."""
        self.table.close()
        self.app.show("tutorial", "more")

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
        ended = round_end_seen(self.table) if self.course.to_the_end else not self.table.timeline.busy
        if self.coach.finished and ended and self.app.top is self:
            self.done = True  # the real round end has revealed and counted the cards
            if not self.course.to_the_end:
                end_turns(self.table)  # the lesson stops here: nobody's turn goes on
            if self.app.persist:
                note = mark_tutorial(finished=True)
                if note:
                    self.app.messages.append(note)
            return
        self.table.update(dt)

    @property
    def pad_keys(self) -> frozenset:
        """The pad's focus on the end panel; during the lesson the table's own focus."""
        return ALL_KEYS if self.done else frozenset()

    def focus_targets(self) -> list[Button]:
        return [*self.end_buttons, *sidebar_buttons(self.table)]

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.done:  # the end panel's buttons, and the sidebar's, which stay live
            for b in [*self.end_buttons, *sidebar_buttons(self.table)]:
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

    def coach_lines(self, w: int) -> list[tuple[str, int, tuple]]:
        """The panel's words under its progress marker: (line, size, colour)."""
        done, total, title = self.coach.progress()
        out = [(line, 15, skin.INK) for line in wrap(title, 15, w)]
        if self.done:  # what the round taught, lesson by lesson (the titles without their asides)
            out.append(("You learned:", 15, skin.ACCENT))
            titles = [lesson.title.split(" (")[0] for lesson in self.course.lessons]
            out += [(line, 14, skin.INK) for title in titles for line in wrap("• " + title, 14, w)]
            return out
        board = self.table.board  # what the table shows, not what the game already knows
        why = self.coach.why(board.turn_seat, board.scram_seat)
        for text, color in ((why, skin.INK), (self.coach.note, skin.HIGHLIGHT)):
            out += [(line, 15, color) for line in (wrap(text, 15, w) if text else [])]
        return out

    def coach_rect(self) -> pygame.Rect:
        """Above the sidebar's buttons, as tall as its words; the log keeps the room above
        it (at least LOG_LINES lines of it), so neither covers the other and both stay readable."""
        sb = sidebar_rect(self.table)
        bottom = min(b.rect.y for b in sidebar_buttons(self.table)) - px(10)
        w = sb.w - px(12)
        need = px(10 + 28 + 18 + 14 + 6) + sum(px(size + 4) for _, size, _ in self.coach_lines(w - px(24)))
        need += px(8) if self.done else px(48)  # a margin, or the Leave button
        # the log keeps its lines above the panel while the lesson goes on; once it is over,
        # what was learned may take the log's room
        log_top = sb.y + sidebar_log_top(self.table)
        highest = log_top + (0 if self.done else LOG_LINES * px(18))
        if bottom - need < highest and not self.done:  # long words: the log gives up two lines
            highest = log_top + LOG_LINES_MIN * px(18)
        top = max(highest, bottom - need)
        return pygame.Rect(sb.x + px(6), top, w, bottom - top)

    def panel_lines(self, r: pygame.Rect) -> tuple[list, list]:
        """The panel's words that fit the panel `r` under its marker, and those cut (none,
        the tests check, at every moment of the lessons)."""
        y = r.y + px(10 + 28 + 18 + 20)
        bottom = r.bottom - (px(8) if self.done else px(48))
        lines = self.coach_lines(r.w - px(24))
        for k, (_line, size, _color) in enumerate(lines):
            if y + px(size + 4) > bottom:
                return lines[:k], lines[k:]
            y += px(size + 4)
        return lines, []

    def draw_coach(self, surface: pygame.Surface) -> None:
        r = self.coach_rect()
        keep_sidebar_room(self.table, r.h + px(10))
        pygame.draw.rect(surface, skin.PANEL, r, border_radius=px(12))
        pygame.draw.rect(surface, skin.ACCENT, r, 2, border_radius=px(12))
        x, w = r.x + px(12), r.w - px(24)
        done, total, _title = self.coach.progress()
        y = r.y + px(10)
        draw_text(surface, self.course.title, (x, y), 18, skin.ACCENT, "display")
        y += px(28)
        # the progress marker: a dot per lesson, filled as far as the player got, and a bar
        lessons = self.course.lessons
        n, _lesson = self.course.lesson_of(min(done, total - 1))
        gap = w / len(lessons)
        for k in range(len(lessons)):
            c = (int(x + gap * (k + 0.5)), y + px(6))
            color = skin.GOOD if k < n or self.coach.finished else (skin.ACCENT if k == n else skin.BUTTON)
            pygame.draw.circle(surface, color, c, px(6))
        y += px(18)
        bar = pygame.Rect(x, y, w, px(6))
        pygame.draw.rect(surface, skin.BUTTON, bar, border_radius=px(3))
        share = 1.0 if self.coach.finished else done / total
        pygame.draw.rect(surface, skin.GOOD, (x, y, int(w * share), px(6)), border_radius=px(3))
        y += px(20)
        shown, _cut = self.panel_lines(r)
        for line, size, color in shown:
            draw_text(surface, line, (x, y), size, color)
            y += px(size + 4)
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
        title = "Your Scram won the round!" if self.course.to_the_end else "Every action card played!"
        draw_text(surface, title, (box.centerx, y), 34, skin.ACCENT, "display", "midtop")
        y += px(56)
        for line in wrap(self.coach.closing_words(), 18, box.w - px(48)):
            draw_text(surface, line, (box.centerx, y), 18, skin.INK, anchor="midtop")
            y += px(24)
        row_of(self.end_buttons, (box.centerx, box.bottom - px(36)))
        for b in self.end_buttons:
            b.draw(surface)
