"""The sidebar: round, team totals, the rounds so far, whose turn, the log, and two buttons.

It shows only what the table has shown: it never reads the live game. The animator feeds
it as its steps play (`tell`, `turn`, `dealt`, `scram`), and the round end gives it the
round's scores when its reveal has counted them (`record_round`), so a total never
changes before the cards that make it are turned: the sheet never tells a result ahead of the table.
"""

from __future__ import annotations

import pygame

from game.lang import _, ngettext, pgettext, speech
from game.seat.narration import said_again
from game.ui import skin
from game.ui.kit.widgets import Button, draw_text, fit_text, line_step, look_key, px, wrap

from .teams import TeamLook, short_team_name

LOG_KEEP = 500


class Sidebar:
    def __init__(self, look: TeamLook, names: list[str], human: int | None, rounds: int) -> None:
        self.look = look
        self.names = names
        self.human = human
        self.rounds = rounds
        self.round = 1  # a table opens on its first round, before the deal is shown
        self.totals = [0, 0]
        self.scores: list[tuple[int, int]] = []
        self.turn: int | None = None
        self.scram: int | None = None
        self.log: list[str] = []
        self.scroll = 0
        self.buttons: list[Button] = []
        self.below_log = 0  # room kept between the log and the buttons (the lesson panel's)
        self.log_top = px(180)  # where the log's first line was drawn (from the panel's top)
        self._key: tuple | None = None
        self._img: pygame.Surface | None = None

    # ---- fed by the table as it shows things ---------------------------------------------
    def restore(self, round_no: int, scores: list, totals: list) -> None:
        """A continued game: the rounds already counted (shown before it was closed)."""
        self.round = round_no
        self.scores = [tuple(s) for s in scores]
        self.totals = list(totals)

    def dealt(self, round_no: int) -> None:
        self.round = round_no
        self.scram = None

    def set_turn(self, seat: int | None) -> None:
        self.turn = seat

    def set_scram(self, seat: int | None) -> None:
        self.scram = seat

    def record_round(self, recorded: tuple[int, int]) -> None:
        """The round end has counted a round: its row and the totals appear now."""
        self.scores.append(tuple(recorded))
        self.totals = [self.totals[0] + recorded[0], self.totals[1] + recorded[1]]

    def tell(self, line: str, new: bool = True) -> None:
        """Add a line to the log (`new` False: it replaces the latest entry, which it grows)."""
        if new or not self.log:
            self.log.append(line)
            self.scroll = 0
            if len(self.log) > LOG_KEEP:
                del self.log[:100]
        else:
            self.log[-1] = line

    def retell(self) -> None:
        """The language changed: each line that can be told again is told in the new one."""
        self.log = [said_again(line) for line in self.log]

    def tell_once(self, line: str) -> None:
        """Add a line to the log unless it is the latest already (a hint asked for twice)."""
        if not self.log or self.log[-1] != line:
            self.tell(line)

    def keep_room(self, height: int) -> None:
        """Keep `height` pixels free above the buttons: the log ends above them."""
        self.below_log = max(0, int(height))

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(len(self.log) - 1, self.scroll + lines))

    # ---- where it is and what it draws -----------------------------------------------------
    def place_buttons(self, area: pygame.Rect) -> None:
        y = area.bottom - px(12)
        for b in reversed(self.buttons):
            b.fit()
            b.rect.w = area.w - px(32)
            b.rect.midbottom = (area.centerx, y)
            y = b.rect.y - px(8)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self.draw_panel(surface, area)
        self.draw_buttons(surface)

    def panel_key(self, area: pygame.Rect) -> tuple:
        """Everything the panel shows, as a key (the panel is drawn again when it changes:
        wrapping the log at every frame is too slow)."""
        key = (area.size, self.buttons[0].rect.y if self.buttons else 0, self.round, tuple(self.totals))
        key += (tuple(self.scores), self.turn, self.scram, len(self.log), self.log[-1] if self.log else "")
        return key + (self.scroll, look_key(), self.below_log, speech.version)

    def draw_panel(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The panel's text (cached until its key changes), without the buttons."""
        key = self.panel_key(area)
        if key != self._key or self._img is None:
            self._key = key
            if self._img is None or self._img.get_size() != area.size:
                self._img = pygame.Surface(area.size).convert()
            bottom = (self.buttons[0].rect.y - area.y - px(10)) if self.buttons else area.h
            bottom -= self.below_log
            self.render(self._img, bottom)
        surface.blit(self._img, area)

    def button_areas(self) -> list[pygame.Rect]:
        return [b.rect.inflate(4, 4) for b in self.buttons if b.visible]

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def render(self, surface: pygame.Surface, bottom: int) -> None:
        """The sidebar's text on `surface` (the sidebar's size), the log down to `bottom`."""
        sb = surface.get_rect()
        surface.fill(skin.PANEL)
        x, y, right = sb.x + px(16), sb.y + px(12), sb.right - px(16)
        draw_text(
            surface,
            _("Round {round} of {rounds}", round=self.round, rounds=self.rounds),
            (x, y),
            24,
            skin.INK,
            "display",
        )
        y += line_step(34, "display", 24)
        mark = round(px(12) * skin.text_scale())  # the team's shape grows with its name
        line_h, name_x = line_step(24, "text", 18), x + mark + px(4)
        for t in self.look.order():  # the player's team first
            surface.blit(self.look.mark(t, mark), (x, y + line_h // 2 - mark // 2))
            points = ngettext("{n} pt", "{n} pts", self.totals[t])
            words = self.team_words(t, right - skin.font("display", px(20)).size(points)[0] - px(10) - name_x)
            if words.endswith("…"):  # large text: the name whole on its line, the points under it
                draw_text(surface, self.team_words(t, right - name_x), (name_x, y), 18, skin.INK)
                y += line_h
            else:
                draw_text(surface, words, (name_x, y), 18, skin.INK)
            draw_text(surface, points, (right, y), 20, skin.INK, "display", anchor="topright")
            y += line_h
        if self.scores:
            first, second = self.look.order()
            rows = "  ".join(
                pgettext(
                    "a round's scores, short",
                    "R{round}: {first}/{second}",
                    round=i + 1,
                    first=s[first],
                    second=s[second],
                )
                for i, s in enumerate(self.scores)
            )
            for line in wrap(rows, 14, right - x):
                draw_text(surface, line, (x, y), 14, skin.MUTED)
                y += line_step(20, "text", 14)
        if self.turn is not None:
            draw_text(surface, self.turn_words(right - x), (x, y + px(4)), 18, skin.ACCENT)
        y += line_step(30, "text", 18) + (px(4) if skin.text_scale() > 1 else 0)  # under the turn's line
        pygame.draw.line(surface, (60, 70, 76), (x, y), (right, y))
        y += px(8)
        if self.scroll:
            heading = ngettext(
                "Log (scroll)  ({n} newer below)", "Log (scroll)  ({n} newer below)", self.scroll
            )
        else:
            heading = _("Log (scroll)")
        draw_text(surface, heading, (x, y), 14, skin.MUTED)
        y += line_step(20, "text", 14)
        self.log_top = y
        self._render_log(surface, x, y, right, bottom)

    def turn_words(self, room: int) -> str:
        """Whose turn, in `room` pixels: "Your turn", "Bea's turn (last turns)"; a long name
        gives way (cut with "…"), the words around it stay whole."""
        last = self.scram is not None
        if self.turn == self.human:
            return _("Your turn (last turns)") if last else _("Your turn")
        name = self.names[self.turn]

        def said(who: str) -> str:
            return _("{name}'s turn (last turns)", name=who) if last else _("{name}'s turn", name=who)

        font = skin.font("text", px(18))
        room_for_name = room - (font.size(said(name))[0] - font.size(name)[0])
        return said(fit_text(name, 18, room_for_name))

    def team_words(self, team: int, room: int) -> str:
        """A team's name in its score line, in `room` pixels beside its points: "Blue team
        (you)", else "Blue (you)", else "Blue" (the player's team is the first line), never
        run into the points."""
        name = self.look.name(team)
        short = short_team_name(name)
        font = skin.font("text", px(18))
        if self.human is None or self.look.look(team) != 0:
            options = [name, short]
        else:
            # the short name alone before a cut one: the player's team is the first line anyway
            options = [_("{team} (you)", team=name), _("{team} (you)", team=short), short]
        return next((o for o in options if font.size(o)[0] <= room), fit_text(options[-1], 18, room))

    def _render_log(self, surface: pygame.Surface, x: int, y: int, right: int, bottom: int) -> None:
        """Newest at the bottom; the wheel scrolls back in time; no entry cut in half at the top."""
        lines: list[str] = []
        end = len(self.log) - self.scroll
        for entry in self.log[max(0, end - 40) : end]:
            for k, part in enumerate(wrap(entry, 15, right - x - px(6))):
                lines.append(("  " if k else "") + part)
        each = line_step(18, "text", 15)
        room = max(0, (bottom - y) // each)
        shown = lines[-room:] if room else []
        while shown and shown[0].startswith("  ") and len(shown) < len(lines):
            shown = shown[1:]
        for line in shown:
            draw_text(surface, line, (x, y), 15, skin.INK)
            y += each
