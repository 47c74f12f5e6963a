"""The statistics screen: per mode and bot level, and a chart of the last games' margins.

Each row is one mode (3 as duo, 3 as solo, 4, 6) and bot level: games, wins, win %, rounds
won, Scrams declared and how many worked, the average recorded round score, the current and
best winning streak, and hints used. Under it, the margin of each of the last 30 games as a
bar from a rope line: won above, lost below. R resets everything after a confirmation.
"""

from __future__ import annotations

import pygame

from game.files.stats import Group, Stats, load_stats, reset_stats
from game.lang import N_, _, ngettext, pgettext, speech
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, line_step, panel, px, row_of, wrap

MODE_NAMES = {
    # TRANSLATORS: a row of the statistics: three campers, the player in the team of two
    "3-duo": N_("3, in the duo"),
    # TRANSLATORS: a row of the statistics: three campers, the player alone against two
    "3-solo": N_("3, solo"),
    "4": N_("4 campers"),
    "6": N_("6 campers"),
}
COLUMNS = (
    N_("Games"),
    N_("Wins"),
    N_("Win %"),
    N_("Rounds won"),
    # TRANSLATORS: a column: Scrams declared, and in brackets how many of them worked
    N_("Scrams (ok)"),
    # TRANSLATORS: a column: the average recorded score of a round
    N_("Avg round"),
    # TRANSLATORS: a column: the current winning streak, and in brackets the best one
    N_("Streak (best)"),
    N_("Hints"),
)


def mode_name(mode: str) -> str:
    """A statistics row's mode in the current language (the mode's key if it is unknown)."""
    return _(MODE_NAMES[mode]) if mode in MODE_NAMES else mode


def bots_name(level: str) -> str:
    """The bots' level of a statistics row: a level's name, or the bots' mix."""
    if level == "mixed":
        return pgettext("bot level", "mixed")
    if level == "default":
        return pgettext("bot level", "default")
    return pgettext("bot level", level)  # the names New game gives the levels (or the key)


def cells(g: Group) -> tuple[str, ...]:
    return (
        str(g.games),
        str(g.wins),
        # TRANSLATORS: a share of games won; French writes "{pct} %"
        _("{pct}%", pct=format(g.win_pct, ".0f")),
        # TRANSLATORS: rounds won out of rounds played
        _("{won} of {rounds}", won=g.rounds_won, rounds=g.rounds),
        f"{g.scrams} ({g.scrams_ok})",
        f"{g.avg_round_score:.1f}",
        f"{g.streak} ({g.best_streak})",
        str(g.hints),
    )


class StatsScene(Scene):
    def __init__(self, app, stats: Stats | None = None, path=None) -> None:
        super().__init__(app)
        self.path = path
        self.note = None  # what happened to a damaged file, said on this screen too
        if stats is None:
            stats, self.note = load_stats(path)
            if self.note:
                app.messages.append(self.note)
        self.stats = stats
        self.confirming = False
        self.reset_button = Button("", self.ask_reset, pygame.K_r, size=18)
        self.back_button = Button("", self.close, pygame.K_ESCAPE, size=18, primary=True)
        self.yes = Button("", self.reset, pygame.K_y, size=18)
        self.yes.danger = True
        self.no = Button("", self.cancel, pygame.K_n, size=18, primary=True)
        self.spoken = -1  # the language's version the labels are in
        self.label()

    def label(self) -> None:
        """The buttons' words in the current language (again after a switch)."""
        self.spoken = speech.version
        self.reset_button.label = _("Reset statistics (R)")
        self.back_button.label = _("Back (Esc)")
        self.yes.label = _("Yes, reset (Y)")
        self.no.label = _("No (N)")

    @property
    def buttons(self) -> list[Button]:
        return [self.yes, self.no] if self.confirming else [self.reset_button, self.back_button]

    def ask_reset(self) -> None:
        if self.stats.groups:
            self.confirming = True

    def cancel(self) -> None:
        self.confirming = False

    def reset(self) -> None:
        note = reset_stats(self.path)
        if note:
            self.app.messages.append(note)
        self.stats = Stats()
        self.note = None
        self.confirming = False

    def close(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.show("menu")

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.confirming and e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.cancel()
            return
        for b in self.buttons:
            if b.handle_event(e):
                return

    # ---- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.spoken != speech.version:
            self.label()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, _("Statistics"), (cx, px(14)), 44, skin.ACCENT, "display", anchor="midtop")
        box_w = min(w - px(40), px(1100))
        table = pygame.Rect(cx - box_w // 2, px(76), box_w, int(h * 0.45))
        self.draw_table(surface, table)
        # the chart ends above the buttons and the reset question, as tall as the text size makes them
        below = (
            px(86)
            + max(0, line_step(44, "text", 18) - px(44))
            + max(0, self.buttons[0].fit().rect.h - px(34))
        )
        chart = pygame.Rect(table.x, table.bottom + px(12), box_w, h - table.bottom - below)
        self.draw_chart(surface, chart)
        row_of(self.buttons, (cx, h - px(30)))
        if self.confirming:  # the question just above the buttons, however tall the text size makes them
            draw_text(
                surface,
                _("Reset every statistic? This cannot be undone (kept games stay)."),
                (cx, min(h - px(74), self.buttons[0].rect.y - px(2) - skin.line_height("text", px(18)))),
                18,
                skin.DANGER,
                anchor="midtop",
            )
        for b in self.buttons:
            b.draw(surface)

    def draw_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        panel(surface, rect, 215)
        inner = rect.inflate(-px(24), -px(16))
        rows = self.stats.rows()
        names = [self._row_name(mode, level) for mode, level, _g in rows]
        # the first column as wide as its longest name (German's modes run long), at least 190
        font = skin.font("text", px(16))
        widest = max((font.size(n)[0] for n in [_("Mode · bots"), _("All games"), *names]), default=0)
        first = min(max(px(190), widest + px(12)), inner.w // 3)
        col_w = (inner.w - first) / len(COLUMNS)
        y = inner.y
        draw_text(surface, _("Mode · bots"), (inner.x, y), 16, skin.MUTED)
        # a heading takes two lines (more at a large text size) rather than lose a word
        heads = [
            wrap(_(name), 15, int(col_w) - px(4))[: 2 if skin.text_scale() == 1 else None] for name in COLUMNS
        ]
        step = skin.line_height("text", px(15))  # lines as far apart as they are tall
        for k, lines in enumerate(heads):  # a long heading takes two lines, not its neighbour's room
            x = inner.x + first + int(col_w * (k + 0.5))
            for j, line in enumerate(lines):
                draw_text(surface, line, (x, y + j * step), 15, skin.MUTED, anchor="midtop")
        y += line_step(28, "text", 15, 4) + step * (max(len(lines) for lines in heads) - 1)
        if not rows:
            draw_text(
                surface,
                _("No games yet: finish a game and it counts here."),
                (inner.x, y + px(8)),
                18,
                skin.INK,
            )
            for k, line in enumerate(wrap(self.note, 16, inner.w)[:3] if self.note else []):
                draw_text(
                    surface,
                    line,
                    (inner.x, y + px(8) + line_step(32, "text", 18) + k * line_step(22, "text", 16)),
                    16,
                    skin.DANGER,
                )
            return
        each = line_step(24, "text", 16)  # a row's step: its line's height at a large text size
        room = max(1, (inner.bottom - y - px(30)) // each)
        for (_mode, _level, g), name in zip(rows[:room], names, strict=False):
            self._row(surface, inner, first, col_w, y, name, g, skin.INK)
            y += each
        pygame.draw.line(surface, skin.MUTED, (inner.x, y + px(2)), (inner.right, y + px(2)), 1)
        self._row(surface, inner, first, col_w, y + px(6), _("All games"), self.stats.total, skin.ACCENT)

    @staticmethod
    def _row_name(mode: str, level: str) -> str:
        # TRANSLATORS: a statistics row's name: the table ("4 campers") and the bots' level
        return _("{mode} · {bots}", mode=mode_name(mode), bots=bots_name(level))

    def _row(self, surface, inner, first, col_w, y, name, g, color) -> None:
        draw_text(surface, name, (inner.x, y), 16, color)
        texts = cells(g)
        # the figures in the largest size (16 down to 12) that keeps each in its column
        size = next(
            (
                z
                for z in range(16, 11, -1)
                if all(skin.font("text", px(z)).size(t)[0] < col_w - px(6) for t in texts)
            ),
            12,
        )
        for k, text in enumerate(texts):
            x = inner.x + first + int(col_w * (k + 0.5))
            draw_text(surface, text, (x, y), size, color, anchor="midtop")

    @staticmethod
    def chart_title(count: int) -> str:
        """The chart's heading: how many games it shows, as one sentence."""
        if count == 1:
            return _("The last game: by how much you won (up) or lost (down)")
        return ngettext(
            "The last {n} game: by how much you won (up) or lost (down)",
            "The last {n} games: by how much you won (up) or lost (down)",
            count,
        )

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last games' margins: a bar up (green, a win) or down (red, a loss) from a rope."""
        if rect.h < px(60):
            return
        panel(surface, rect, 200)
        recent = self.stats.recent
        draw_text(
            surface,
            self.chart_title(len(recent)),
            (rect.x + px(14), rect.y + px(8)),
            16,
            skin.MUTED,
        )
        if not recent:
            return
        # the bars' room: under the heading, with a number's height above and below it
        top = (
            rect.y + px(8) + skin.line_height("text", px(16)) + max(px(18), line_step(16, "text", 12) + px(2))
        )
        area = pygame.Rect(rect.x + px(20), top, rect.w - px(40), rect.bottom - px(20) - top)
        if area.h < px(20):
            return
        mid = area.centery
        # the rope: a dashed line, as a tent's guy line across the cloth
        for x in range(area.x, area.right, px(12)):
            pygame.draw.line(surface, skin.INK, (x, mid), (min(x + px(7), area.right), mid), 2)
        top = max(1, max(abs(r["margin"]) for r in recent))
        slot = area.w / 30
        bar_w = max(4, int(slot * 0.62))
        for k, r in enumerate(recent):
            m = r["margin"]
            hgt = max(px(3), int(abs(m) / top * (area.h / 2 - px(4))))
            x = int(area.x + slot * k + (slot - bar_w) / 2)
            bar = pygame.Rect(x, mid - hgt if m >= 0 else mid, bar_w, hgt)
            color = skin.GOOD if r["won"] else skin.DANGER
            pygame.draw.rect(surface, color, bar, border_radius=max(2, bar_w // 4))
            pygame.draw.rect(surface, skin.INK, bar, 1, border_radius=max(2, bar_w // 4))
            if slot > max(
                px(26), skin.font("text", px(12)).size("+40")[0] + px(2)
            ):  # its figure fits its slot
                ty = bar.top - line_step(16, "text", 12) if m >= 0 else bar.bottom + px(2)
                draw_text(surface, f"{m:+d}", (bar.centerx, ty), 12, skin.INK, anchor="midtop")
