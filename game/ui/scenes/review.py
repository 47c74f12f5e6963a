"""The review of a game: step through it decision by decision, as everyone or one seat saw it.

Left, the table of the frame (every campsite as a row, the piles and the card in hand);
right, the round's log up to this point and the score sheet of the rounds played. Keys:
Left/Right step, Home/End, Page Up/Down (or 1-9) jump to a round, Space plays at the chosen
speed (+/-), V changes whose eyes the cards are seen with, Esc closes. The board of a frame
is drawn once and kept, so stepping costs one blit per frame.

Together (a networked table's last game, `together`: game/seat/review_together.py) the
position is the table's: the one who leads moves it for everyone, L takes the lead, A
reviews alone from here on (Esc too, before closing); whose eyes and the speed stay each
player's own.
"""

from __future__ import annotations

import pygame

from game.lang import N_, _, pgettext, speech
from game.learn.review import Review
from game.rules.cards import team_of
from game.seat.narration import Narrator
from game.seat.review_together import STARTED_WORDS
from game.seat.words import is_you
from game.ui import skin
from game.ui.kit.focus_ring import SIDEWAYS_FREE
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, fit_text, panel, px, row_of, wrap
from game.ui.table.scoresheet import draw_camper_sheet, sheet_height
from game.ui.table.teams import TeamLook

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # decisions per second when playing


SUMS_LINE, PILE_LABEL = 24, 20  # px above the piles (the round's sums) and below (labels)


def pile_place(cw: int, pile_h: int) -> tuple[int, int]:
    """The piles' card width (no wider than the rows' `cw`) and top, so that they sit
    between the line of the round's sums and their labels within `pile_h`."""
    top, label = px(SUMS_LINE), px(PILE_LABEL)
    cw = max(1, min(cw, int((pile_h - top - label) * 5 / 7)))
    return cw, top + (pile_h - top - label - skin.card_height(cw)) // 2


class ReviewScene(Scene):
    pad_keys = SIDEWAYS_FREE  # left and right step the review, as on the keyboard

    def __init__(
        self, app, record, players=None, levels=None, human=None, title: str = "", together=None
    ) -> None:
        super().__init__(app)
        self.together = together  # the review together's link, or None (alone)
        self.notice = ""
        extra = getattr(record, "extra", {}) or {}
        self.review = Review(record)
        n = record.campers
        self.n = n
        unnamed = [_("Camper {n}", n=s + 1) for s in range(n)]
        self.players = list(players or extra.get("players") or unnamed)
        if len(self.players) != n or not all(isinstance(p, str) for p in self.players):
            self.players = unnamed
        h = human if human is not None else extra.get("human")
        self.human = h if type(h) is int and 0 <= h < n else None
        self.look = TeamLook(n, self.human, shared=together is not None)
        self.title = title or _("Review")
        self.pos = 0
        self.seat: int | None = None  # None: every card face up
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self._board: tuple | None = None  # (key, surface)
        self._side: tuple | None = None
        self._sheet: tuple | None = None
        self._lines: dict = {}
        self.buttons = [
            Button("", self.back, pygame.K_LEFT, size=17),
            Button("", self.toggle_play, pygame.K_SPACE, size=17, primary=True),
            Button("", self.forward, pygame.K_RIGHT, size=17),
            Button("", self.next_round, pygame.K_PAGEDOWN, size=17),
            Button("", self.cycle_view, pygame.K_v, size=17),
            Button("", self.cycle_speed, None, size=17),
            Button("", self.close, pygame.K_ESCAPE, size=17),
        ]
        if together is not None:
            self.buttons[-1:-1] = [
                Button("", together.take_lead, pygame.K_l, size=17),
                Button("", self.alone, pygame.K_a, size=17),
            ]
        self.spoken = speech.version
        self._relabel()

    # ---- moving through the game ------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.review) - 1

    def go(self, k: int) -> None:
        k = max(0, min(self.last, k))
        if self.together is not None and not self.together.go(k):
            self.playing = False
            self.notice = N_("The one who leads moves the review: press L to take the lead.")
            return
        self.pos = k
        if self.pos == self.last:
            self.playing = False
        self._relabel()

    def forward(self) -> None:
        self.go(self.pos + 1)

    def back(self) -> None:
        self.playing = False
        self.go(self.pos - 1)

    def jump_round(self, r: int) -> None:
        self.go(self.review.round_start(r))

    def next_round(self) -> None:
        r = self.review.frames[self.pos].round
        self.go(self.review.round_start(r + 1) if r < self.review.rounds else self.last)

    def prev_round(self) -> None:
        f = self.review.frames[self.pos]
        start = self.review.round_start(f.round)
        self.go(start if self.pos > start else self.review.round_start(max(1, f.round - 1)))

    def toggle_play(self) -> None:
        if self.pos >= self.last:
            self.pos = 0
        self.playing = not self.playing
        self.clock = 0.0
        self._relabel()

    def faster(self, step: int = 1) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self._relabel()

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._relabel()

    def cycle_view(self) -> None:
        order = [None, *range(self.n)]
        self.seat = order[(order.index(self.seat) + 1) % len(order)]
        self._relabel()

    def alone(self) -> None:
        if self.together is not None:
            self.together.leave()
            self.notice = self.together.ended
            self._relabel()

    def close(self) -> None:
        if self.together is not None:
            self.together.leave()
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.show("menu")

    @property
    def teams(self) -> tuple[str, str]:
        """The teams' names in the current language."""
        return self.look.names

    def _relabel(self) -> None:
        """The buttons' words as things stand, in the current language."""
        self.spoken = speech.version
        b = self.buttons
        b[0].label, b[2].label, b[3].label = _("< Back"), _("Next >"), _("Round (PgDn)")
        b[-1].label = _("Close (Esc)")
        if self.together is not None:
            b[6].label, b[7].label = _("Take the lead (L)"), _("Review alone (A)")
        b[1].label = _("Pause (Space)") if self.playing else _("Play (Space)")
        if self.seat is None:
            b[4].label = _("Cards: all (V)")
        elif self.seat == self.human:
            b[4].label = _("Cards: you (V)")
        else:
            b[4].label = _("Cards: {name} (V)", name=self.players[self.seat])
        speed = f"{SPEEDS[self.speed]:g}"
        b[5].label = _("Speed {speed}x (+/-)", speed=speed)
        b[0].enabled = self.pos > 0
        b[2].enabled = b[3].enabled = self.pos < self.last
        t = self.together
        for extra in b[6:-1]:  # Take the lead, Review alone: while it is together
            extra.visible = t is not None and t.active
        if t is not None and t.active:
            b[6].visible = not t.leading

    # ---- scene --------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN:
            keys = {
                pygame.K_HOME: lambda: self.go(0),
                pygame.K_END: lambda: self.go(self.last),
                pygame.K_PAGEUP: self.prev_round,
                pygame.K_PLUS: self.faster,
                pygame.K_EQUALS: self.faster,
                pygame.K_KP_PLUS: self.faster,
                pygame.K_MINUS: lambda: self.faster(-1),
                pygame.K_KP_MINUS: lambda: self.faster(-1),
            }
            if e.key in keys:
                keys[e.key]()
                return
            if pygame.K_1 <= e.key <= pygame.K_9 and e.key - pygame.K_0 <= self.review.rounds:
                self.jump_round(e.key - pygame.K_0)
                return
        for b in self.buttons:
            if b.handle_event(e):
                return

    def update(self, dt: float) -> None:
        if self.together is not None:
            self._follow_lead()
        if not self.playing:
            return
        self.clock += dt
        step = 1.0 / SPEEDS[self.speed]
        while self.clock >= step and self.playing:
            self.clock -= step
            self.forward()

    def _follow_lead(self) -> None:
        """Where the one who leads has moved the review (and whether it is still together)."""
        t = self.together
        was = t.active, t.leading
        pos = t.pump()
        if pos is not None and pos != self.pos:
            self.pos = max(0, min(self.last, pos))
            self.playing = self.playing and t.leading
        if not t.active and was[0]:
            self.notice = t.ended
            if t.ended == STARTED_WORDS:
                self.close()
                return
        if (t.active, t.leading) != was or pos is not None:
            self._relabel()

    # ---- words ----------------------------------------------------------------------
    def log_lines(self) -> list[str]:
        key = (self.pos, self.seat, speech.version)
        if key not in self._lines:
            narrator = Narrator(self.players, self.seat)
            self._lines = {key: narrator.lines(self.review.events_as(self.pos, self.seat))}
        return self._lines[key]

    def status(self) -> str:
        f = self.review.frames[self.pos]
        total = len(self.review.record.actions)
        at = {
            "round": f.round,
            "rounds": self.review.game.rounds,
            "decision": f.decisions,
            "decisions": total,
        }
        if f.ended:
            return _(
                "Round {round} of {rounds} · decision {decision} of {decisions} · the round is scored", **at
            )
        if f.actor is None:
            return _("Round {round} of {rounds} · decision {decision} of {decisions} · the deal", **at)
        name = self.players[f.actor]
        if f.actor == self.human and is_you(name):
            return _("Round {round} of {rounds} · decision {decision} of {decisions} · you decided", **at)
        return _(
            "Round {round} of {rounds} · decision {decision} of {decisions} · {name} decided", name=name, **at
        )

    # ---- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.spoken != speech.version:  # the language changed: the words anew
            self._relabel()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        # six campers' score sheet has eight columns: a wider side, the rows have room to spare
        side_w = max(px(300), int(w * 0.3)) if self.n < 6 else max(px(380), int(w * 0.36))
        if skin.text_scale() > 1:  # the score sheet's heads at a large text size: a wider side
            side_w = min(int(w * 0.42), round(side_w * min(1.3, skin.text_scale())))
        room = w - side_w - px(30) - px(4)  # the title and status end where the side panel begins
        size = next((k for k in (26, 23, 20) if skin.font("display", px(k)).size(self.title)[0] <= room), 20)
        title = fit_text(self.title, size, room, "display")
        top = px(10) + (px(26) - px(size)) // 2
        draw_text(surface, title, (px(16), top), size, skin.ACCENT, "display")
        # below the title's accents ("Ŕ", "Ą" stand above the face's own line)
        status_y, foot = max(px(40), top + skin.line_height("display", px(size))), px(70)
        if skin.text_scale() > 1:  # large text: the buttons' row taller
            foot = max(foot, self.buttons[0].rect.h + px(24))
        board_top = px(58)
        if skin.text_scale() > 1:  # the board under the status line's larger words
            board_top = max(board_top, status_y + skin.line_height("text", px(16)) + px(2))
        board = pygame.Rect(px(12), board_top, w - side_w - px(30), h - board_top - foot)
        status = self.status()  # a large text size: smaller before it is cut
        fits = (k for k in (16, 15, 14, 13) if skin.font("text", px(k)).size(status)[0] <= room)
        status_size = next(fits, 13) if skin.text_scale() > 1 else 16
        draw_text(surface, fit_text(status, status_size, room), (px(16), status_y), status_size, skin.INK)
        if self.together is not None:  # between the board and the buttons
            t = self.together
            notice = _(self.notice) if self.notice else ""
            line = _("{review} · {notice}", review=t.words(), notice=notice) if notice else t.words()
            if not t.active:  # alone: why, said once
                line = notice or t.words()
            draw_text(surface, fit_text(line, 15, w - px(32)), (px(16), h - px(72)), 15, skin.ACCENT)
        key = (self.pos, self.seat, board.size, speech.version)
        if self._board is None or self._board[0] != key:
            # drawn on a copy of the cloth behind it: an opaque surface blits fast
            img = skin.table_background((w, h)).subsurface(board.clip(surface.get_rect())).copy()
            self.draw_board(img)
            self._board = (key, img)
        surface.blit(self._board[1], board.topleft)
        side = pygame.Rect(w - side_w - px(12), px(12), side_w, h - px(24) - px(70))
        key = (self.pos, self.seat, side.size)
        if self._side is None or self._side[0] != key:  # the log and the sheet: once per stop
            img = skin.table_background((w, h)).subsurface(side.clip(surface.get_rect())).copy()
            self.draw_side(img, img.get_rect())
            self._side = (key, img)
        surface.blit(self._side[1], side.topleft)
        row_of(self.buttons, (w // 2, h - px(34)), gap=8, room=w - px(16))
        for b in self.buttons:
            b.draw(surface)

    def draw_board(self, img: pygame.Surface) -> None:
        """The table of this frame: piles on top, then every campsite as a row."""
        f = self.review.frames[self.pos]
        rows = self.review.cards(self.pos, self.seat)
        w, h = img.get_size()
        longest = max(8, *(len(r) for r in rows))
        pile_h = int(h * 0.2)
        row_h = (h - pile_h) // self.n
        name_w = px(110)
        if skin.text_scale() > 1:  # large text: the names' column as wide as its words (a quarter at most)
            words = [*self.players, *self.teams]
            widest = max(skin.font("text", px(16)).size(x)[0] for x in words)
            name_w = max(name_w, min(w // 3, widest + px(14)))
        cw = int(min((w - name_w) / (longest * 1.08), (row_h - px(6)) / 1.4, px(80)))
        view = f.game.view(self.seat)
        self.draw_piles(img, view, cw, name_w, pile_h)
        self.draw_rows(img, view, rows, cw, name_w, pile_h, row_h)
        if f.ended and f.scored:
            scored = f.scored[-1]
            sums = ", ".join(
                _("{name} {sum}", name=self.players[s], sum=scored.camper_scores[s]) for s in range(self.n)
            )
            words = _("Round {round}: camper sums {sums}", round=scored.round, sums=sums)
            draw_text(img, words, (name_w, px(4)), 15, skin.ACCENT)

    def draw_piles(self, img: pygame.Surface, view, cw: int, name_w: int, pile_h: int) -> None:
        """The deck, the discard top and the card in hand, between the line of the round's
        sums above them and their labels below (the rows' cards may be larger than fits)."""
        cw, y = pile_place(cw, pile_h)
        ch = skin.card_height(cw)
        x = name_w
        if view.deck_size:
            img.blit(skin.card_back(cw), (x, y))
        deck, discard = _("Deck {n}", n=view.deck_size), pgettext("the label under the pile", "Discard")
        font = skin.font("text", px(14))
        # the piles stand apart enough for their labels side by side never to meet
        step = max(int(cw * 1.3), (font.size(deck)[0] + font.size(discard)[0]) // 2 + px(10))
        draw_text(img, deck, (x + cw // 2, y + ch + px(2)), 14, skin.INK, anchor="midtop")
        x += step
        if view.discard:
            img.blit(skin.card_face(view.discard[-1], cw), (x, y))
        draw_text(img, discard, (x + cw // 2, y + ch + px(2)), 14, skin.INK, anchor="midtop")
        if view.phase == "drawn" and view.turn is not None:
            half = (font.size(discard)[0] + font.size(holds(self.players[view.turn]))[0]) // 2
            large = skin.text_scale() > 1  # a large text size: its label clear of the discard pile's
            x += max(int(cw * 1.6), half + px(10) if large else 0)
            held = view.drawn
            img.blit(skin.card_face(held, cw) if held is not None else skin.card_back(cw), (x, y))
            draw_text(
                img,
                holds(self.players[view.turn]),
                (x + cw // 2, y + ch + px(2)),
                14,
                skin.INK,
                anchor="midtop",
            )

    def draw_rows(self, img, view, rows, cw: int, name_w: int, pile_h: int, row_h: int) -> None:
        """Every campsite as a row, its camper's name in the team colour on the left."""
        f = self.review.frames[self.pos]
        w = img.get_width()
        ch = skin.card_height(cw)
        for s in range(self.n):
            top = pile_h + s * row_h
            t = team_of(s, self.n)
            turn = view.turn == s and not f.ended
            if turn:
                pygame.draw.rect(
                    img, skin.ACCENT, (0, top + px(2), w, row_h - px(4)), px(2), border_radius=px(8)
                )
            name = self.players[s]
            if s == self.human and name.lower() != "you":
                name = _("{name} (you)", name=name)
            step = skin.line_height("text", px(16)) if skin.text_scale() > 1 else px(20)
            lines = wrap(name, 16, name_w - px(12))[:2]
            for k, line in enumerate(lines):
                draw_text(img, line, (px(8), top + px(6) + k * step), 16, self.look.colour(t))
            team_y = top + px(48) if skin.text_scale() == 1 else top + px(8) + len(lines) * step
            draw_text(img, self.teams[t], (px(8), team_y), 13, skin.MUTED)
            cy = top + (row_h - ch) // 2
            for i, (v, up, _known) in enumerate(rows[s]):
                cx = name_w + int(i * cw * 1.08)
                if v is None:
                    img.blit(skin.card_back(cw), (cx, cy))
                    continue
                img.blit(skin.card_face(v, cw), (cx, cy))
                if not up:  # a face-down card shown by the review: a dark edge says so
                    pygame.draw.rect(
                        img, (20, 30, 40), (cx, cy, cw, ch), max(2, cw // 14), border_radius=max(3, cw // 10)
                    )

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        f = self.review.frames[self.pos]
        sheet_h = sheet_height(self.review.game.rounds)
        log_rect = pygame.Rect(rect.x, rect.y, rect.w, max(px(120), rect.h - sheet_h - px(10)))
        panel(surface, log_rect, 215)
        draw_text(
            surface,
            _("Round {round}: the log", round=f.round),
            (log_rect.x + px(12), log_rect.y + px(8)),
            17,
            skin.ACCENT,
        )
        lines: list[str] = []
        for entry in self.log_lines():
            lines += wrap(entry, 15, log_rect.w - px(24))
        large = skin.text_scale() > 1  # large text: its lines as far apart as they are tall
        step = skin.line_height("text", px(15)) if large else px(19)
        head = px(10) + skin.line_height("text", px(17)) if large else px(34)
        room = (log_rect.h - head - px(6)) // step
        y = log_rect.y + head
        shown = lines[-room:] if room > 0 else []
        for k, line in enumerate(shown):
            color = skin.INK if k >= len(shown) - 2 else skin.MUTED
            draw_text(surface, line, (log_rect.x + px(12), y), 15, color)
            y += step
        sheet = pygame.Rect(rect.x, rect.bottom - sheet_h, rect.w, sheet_h)
        if sheet.top > log_rect.bottom:
            key = (len(f.scored), sheet.size, speech.version)
            if self._sheet is None or self._sheet[0] != key:  # it changes once a round
                img = surface.subsurface(sheet).copy()
                totals = [sum(e.recorded[t] for e in f.scored) for t in (0, 1)]
                rounds = self.review.game.rounds
                args = (list(f.scored), rounds, self.players, self.teams, totals, self.human, self.look)
                draw_camper_sheet(img, img.get_rect(), *args)
                self._sheet = (key, img)
            surface.blit(self._sheet[1], sheet)


def holds(name: str) -> str:
    """The words under the card a camper holds: "Bea holds", "You hold"."""
    return _("You hold") if is_you(name) else _("{name} holds", name=name)


def open_review_file(app, path) -> str | None:
    """Open the review of a record file on top of the stack; if it cannot be, a one-line
    reason that does not name the file (the caller names it, quoted)."""
    from pathlib import Path

    from game.files.records import read_record
    from game.rules.errors import RecordError
    from game.rules.record import ReplayError

    try:
        record = read_record(path)
        app.open("review", record, title=_("Review: {file}", file=Path(path).name))
    except (RecordError, ReplayError) as e:
        return str(e)
    return None
