"""Past games: the kept games, newest first; review one, or export its record file.

Up/Down (or the mouse wheel) choose a game, Enter or a click opens its review, E writes
its record to the documents folder (the note says where), Esc goes back. The list is a
`kept_games.Listing`: it opens at once however many games are kept, reads the rows it
shows, and reads the rest a few milliseconds a frame (the corner says how far it is).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.files import kept_games as archive
from game.files.records import read_record
from game.lang import _, ngettext, speech
from game.rules.errors import RecordError
from game.rules.record import ReplayError
from game.ui import skin
from game.ui.kit.focus_ring import UP_DOWN_FREE
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, line_step, panel, px, row_of, wrap


class PastGamesScene(Scene):
    pad_keys = UP_DOWN_FREE  # up and down move through the list, as on the keyboard

    def __init__(self, app, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.games = archive.Listing(folder)
        self.note = ""
        self.sel = 0
        self.top = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.buttons = [
            Button("", self.open_review, pygame.K_RETURN, size=18, primary=True),
            Button("", self.export, pygame.K_e, size=18),
            Button("", self.close, pygame.K_ESCAPE, size=18),
        ]
        self.spoken = -1  # the language's version the labels are in
        self._enable()

    def label(self) -> None:
        """The buttons' words in the current language (again after a switch)."""
        self.spoken = speech.version
        words = [_("Review (Enter)"), _("Export (E)"), _("Back (Esc)")]
        for b, word in zip(self.buttons, words, strict=True):
            b.label = word

    def _enable(self) -> None:
        if self.spoken != speech.version:
            self.label()
        for b in self.buttons[:2]:
            b.enabled = len(self.games) > 0
            b.why = _("No kept games yet.")

    READ_SHARE = 0.006  # seconds of a frame given to reading the list's files ahead

    def update(self, dt: float) -> None:
        if not self.games.done:
            self.games.read_some(self.READ_SHARE)
        if self.games.notes and not self.note:  # the first file set aside, said once
            more = len(self.games.notes) - 1
            first = self.games.notes[0]
            self.note = (
                ngettext("{note} ({n} more set aside.)", "{note} ({n} more set aside.)", more, note=first)
                if more
                else first
            )
        self.sel = max(0, min(self.sel, len(self.games) - 1))
        self._enable()

    def close(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.show("menu")

    def _chosen(self) -> archive.KeptGame | None:
        """The game the cursor is on (None when the list is empty, or got shorter)."""
        try:
            return self.games[self.sel]
        except IndexError:
            return None

    def open_review(self) -> None:
        g = self._chosen()
        if g is None:
            return
        try:
            record = read_record(g.path)
            self.app.open("review", record, g.players, g.levels, g.human, title=g.title())
        except (RecordError, ReplayError) as e:
            self.note = _("This game cannot be reviewed: {why}", why=e)

    def export(self) -> None:
        g = self._chosen()
        if g is None:
            return
        dest = archive.export_dir() / f"scram-{g.path.stem}.json"
        note = archive.export(g.path, dest)
        self.note = note or _("Saved as {path}", path=dest)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_DOWN):
            self.move(-1 if e.key == pygame.K_UP else 1)
            return
        if e.type == pygame.MOUSEWHEEL:
            self.move(-e.y)
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for rect, k in self.rows:
                if rect.collidepoint(e.pos):
                    if k == self.sel:
                        self.open_review()
                    self.sel = k
                    return
        for b in self.buttons:
            if b.handle_event(e, self._refused):
                return

    def _refused(self, why: str) -> None:
        self.note = why

    def move(self, step: int) -> None:
        if len(self.games):
            self.sel = max(0, min(len(self.games) - 1, self.sel + step))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        if self.spoken != speech.version:
            self.label()
        draw_text(surface, _("Past games"), (cx, px(14)), 44, skin.ACCENT, "display", anchor="midtop")
        box = pygame.Rect(0, 0, min(w - px(40), px(900)), h - px(190))
        box.midtop = (cx, px(78))
        panel(surface, box, 215)
        inner = box.inflate(-px(24), -px(20))
        self.rows = []
        if not self.games:
            empty = _("No kept games yet: every finished game is kept here.")
            draw_text(surface, empty, inner.topleft, 18, skin.INK)
        line = line_step(30, "text", 18, 4)  # a game's row: taller at a large text size
        room = max(1, inner.h // line)
        self.top = min(max(self.top, self.sel - room + 1), self.sel)
        for k in range(self.top, self.top + room):
            if k >= len(self.games):  # reading a row may set a bad file aside: the list is shorter
                break
            title = self.games.title(k)
            r = pygame.Rect(inner.x, inner.y + (k - self.top) * line, inner.w, line - px(4))
            if k == self.sel:
                pygame.draw.rect(surface, skin.BUTTON_HOVER, r, border_radius=px(6))
                pygame.draw.rect(surface, skin.ACCENT, r, 2, border_radius=px(6))
            draw_text(surface, title, (r.x + px(10), r.centery), 18, skin.INK, anchor="midleft")
            self.rows.append((r, k))
        if not self.games.done:  # the sign of progress: files still to read
            draw_text(
                surface,
                _(
                    "Reading the kept games: {done} of {total}",
                    done=format(self.games.read_count, ","),
                    total=format(len(self.games), ","),
                ),
                (box.x, box.bottom + px(4)),
                14,
                skin.MUTED,
            )
        if len(self.games) > room:
            draw_text(
                surface,
                # TRANSLATORS: the chosen game's place in the list, "12 of 3,400"
                _("{at} of {total}", at=format(self.sel + 1, ","), total=format(len(self.games), ",")),
                (box.right, box.bottom + px(4)),
                14,
                skin.MUTED,
                anchor="topright",
            )
        row_of(self.buttons, (cx, h - px(34)))
        if self.note:  # two lines at most, between the list and the buttons (all at a large text size)
            lines = wrap(self.note, 15, w - px(40))[: 2 if skin.text_scale() == 1 else None]
            each = line_step(18, "text", 15)
            bottom = min(h - px(84) + each, self.buttons[0].rect.y - px(2))
            for k, line in enumerate(lines):
                draw_text(
                    surface, line, (cx, bottom - (len(lines) - k) * each), 15, skin.MUTED, anchor="midtop"
                )
        for b in self.buttons:
            b.draw(surface)
