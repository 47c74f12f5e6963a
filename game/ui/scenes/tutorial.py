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
from game.files.settings import Settings
from game.lang import _, pgettext
from game.learn.tutorial import COURSES, FIRST, Coach
from game.ui import skin
from game.ui.kit.focus_ring import ALL_KEYS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, fit_text, panel, px, row_of, wrap
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
TEXT_SIZES = (15, 14, 13, 12)  # the panel's text, smaller only while long words need it


def line_step(size: int) -> int:
    """From one line of the panel's text to the next (the font's own line height at least:
    accented capitals stand taller)."""
    return max(px(size + 4), skin.line_height("text", px(size)))


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
        kept = (app.settings.player_name or "").strip()
        # the default name in the player's language ("Du", "Vous"); a name of their own as it is
        me = kept if kept and kept != Settings.player_name else pgettext("player name", "You")
        players = [me, *self.course.seats[1:]]
        self.table = app.build("table", game, players, [None] * 4, 0, fresh=True, coach=self.coach)
        self.done = False
        # the labels are set where drawn (the language may change in the pause's Settings)
        self.leave_button = Button("", self.leave, pygame.K_q, size=15)
        self.end_buttons = [
            Button("", self.real_game, pygame.K_RETURN, size=22, primary=True),
            Button("", self.leave, pygame.K_ESCAPE, size=22),
        ]
        if self.course is FIRST:  # the cards the first game only told of, played: told is not learned
            self.end_buttons.insert(1, Button("", self.more, pygame.K_m, size=22))
        self.label_buttons()

    def label_buttons(self) -> None:
        """The buttons' words in the language spoken now."""
        self.leave_button.label = _("Leave the lesson (Q)")
        labels = [_("Play a real game (Enter)"), _("Menu (Esc)")]
        if self.course is FIRST:
            labels.insert(1, _("More action cards (M)"))
        for b, label in zip(self.end_buttons, labels, strict=True):
            b.label = label

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
        self.label_buttons()
        self.table.draw(surface)
        self.draw_coach(surface)
        if self.done:
            self.draw_end(surface)

    def coach_lines(self, w: int, size: int = 15) -> list[tuple[str, int, tuple]]:
        """The panel's words under its progress marker: (line, size, colour)."""
        done, total, title = self.coach.progress()
        out = [(line, size, skin.INK) for line in wrap(title, size, w)]
        if self.done:  # what the round taught, lesson by lesson (the titles without their asides)
            out.append((_("You learned:"), size, skin.ACCENT))
            titles = [_(lesson.title).split(" (")[0] for lesson in self.course.lessons]
            out += [
                (line, size - 1, skin.INK) for title in titles for line in wrap("• " + title, size - 1, w)
            ]
            return out
        board = self.table.board  # what the table shows, not what the game already knows
        why = self.coach.why(board.turn_seat, board.scram_seat)
        for text, color in ((why, skin.INK), (self.coach.note, skin.HIGHLIGHT)):
            out += [(line, size, color) for line in (wrap(text, size, w) if text else [])]
        return out

    def text_size(self) -> int:
        """The panel's text size: 15, or smaller (down to 12) while a long language's words
        would not fit it otherwise."""
        for size in TEXT_SIZES:
            if not self.panel_lines(self.coach_rect(size), size)[1]:
                return size
        return TEXT_SIZES[-1]

    def coach_rect(self, size: int | None = None) -> pygame.Rect:
        """Above the sidebar's buttons, as tall as its words; the log keeps the room above
        it (at least LOG_LINES lines of it), so neither covers the other and both stay readable."""
        size = size or self.text_size()
        sb = sidebar_rect(self.table)
        bottom = min(b.rect.y for b in sidebar_buttons(self.table)) - px(10)
        w = sb.w - px(12)
        lines = self.coach_lines(w - px(24), size)
        need = px(10 + 28 + 18 + 14 + 6) + sum(line_step(s) for _, s, _ in lines)
        need += px(8) if self.done else px(48)  # a margin, or the Leave button
        # the log keeps its lines above the panel while the lesson goes on; once it is over,
        # what was learned may take the log's room
        log_top = sb.y + sidebar_log_top(self.table)
        highest = log_top + (0 if self.done else LOG_LINES * px(18))
        if bottom - need < highest and not self.done:  # long words: the log gives up two lines
            highest = log_top + LOG_LINES_MIN * px(18)
        top = max(highest, bottom - need)
        return pygame.Rect(sb.x + px(6), top, w, bottom - top)

    def panel_lines(self, r: pygame.Rect, size: int | None = None) -> tuple[list, list]:
        """The panel's words that fit the panel `r` under its marker, and those cut (none,
        the tests check, at every moment of the lessons)."""
        y = r.y + px(10 + 28 + 18 + 20)
        bottom = r.bottom - (px(8) if self.done else px(48))
        lines = self.coach_lines(r.w - px(24), size or self.text_size())
        for k, (_line, s, _color) in enumerate(lines):
            if y + line_step(s) > bottom:
                return lines[:k], lines[k:]
            y += line_step(s)
        return lines, []

    def draw_coach(self, surface: pygame.Surface) -> None:
        r = self.coach_rect()
        keep_sidebar_room(self.table, r.h + px(10))
        pygame.draw.rect(surface, skin.PANEL, r, border_radius=px(12))
        pygame.draw.rect(surface, skin.ACCENT, r, 2, border_radius=px(12))
        x, w = r.x + px(12), r.w - px(24)
        done, total, _title = self.coach.progress()
        y = r.y + px(10)
        title = _(self.course.title)
        size = next((n for n in range(18, 12, -1) if skin.font("display", px(n)).size(title)[0] <= w), 12)
        draw_text(surface, title, (x, y), size, skin.ACCENT, "display")
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
            y += line_step(size)
        if not self.done:
            self.leave_button.fit(10)
            self.leave_button.rect.midbottom = (r.centerx, r.bottom - px(8))
            self.leave_button.draw(surface)

    def end_words(self, width: int) -> tuple[int, list[str]]:
        """The last panel's closing words wrapped to `width`, in the largest size (18 down to
        14) that keeps them to five lines (a long language says more)."""
        words = self.coach.closing_words()
        for size in range(18, 13, -1):
            lines = wrap(words, size, width)
            if len(lines) <= 5:
                break
        return size, lines

    def end_rect(self, surface_size: tuple[int, int]) -> pygame.Rect:
        """The last panel: as tall as its words and its row of buttons, centred over the table."""
        w, h = surface_size
        box = pygame.Rect(0, 0, min(w - px(60), px(720)), px(300))
        size, lines = self.end_words(box.w - px(48))
        box.h = max(px(300), px(18 + 56 + 16 + 72) + len(lines) * px(size + 6))
        box.center = (w // 2 - sidebar_rect(self.table).w // 2, h // 2)
        return box

    def place_end_buttons(self, box: pygame.Rect) -> None:
        """The buttons in a row at the panel's foot, their words smaller until the row fits."""
        for size in range(22, 13, -1):
            for b in self.end_buttons:
                b.size = size
            row_of(self.end_buttons, (box.centerx, box.bottom - px(36)))
            shown = [b for b in self.end_buttons if b.visible]
            if shown[-1].rect.right - shown[0].rect.x <= box.w - px(24):
                return

    def draw_end(self, surface: pygame.Surface) -> None:
        box = self.end_rect(surface.get_size())
        panel(surface, box, 240)
        pygame.draw.rect(surface, skin.ACCENT, box, 2, border_radius=px(12))
        y = box.y + px(18)
        title = _("Your Scram won the round!") if self.course.to_the_end else _("Every action card played!")
        draw_text(
            surface,
            fit_text(title, 34, box.w - px(24), "display"),
            (box.centerx, y),
            34,
            skin.ACCENT,
            "display",
            "midtop",
        )
        y += px(56)
        size, lines = self.end_words(box.w - px(48))
        for line in lines:
            draw_text(surface, line, (box.centerx, y), size, skin.INK, anchor="midtop")
            y += px(size + 6)
        self.place_end_buttons(box)
        for b in self.end_buttons:
            b.draw(surface)
