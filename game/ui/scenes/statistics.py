"""The statistics screen: per mode and bot level, and a chart of the last games' margins.

Each row is one mode (3 as duo, 3 as solo, 4, 6) and bot level: games, wins, win %, rounds
won, Scrams declared and how many worked, the average recorded round score, the current and
best winning streak, and hints used. Under it, the margin of each of the last 30 games as a
bar from a rope line: won above, lost below. R resets everything after a confirmation.
"""

from __future__ import annotations

import pygame

from game.files.stats import Group, Stats, load_stats, reset_stats
from game.seat.words import the_last
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, panel, px, row_of, wrap

MODE_NAMES = {"3-duo": "3, in the duo", "3-solo": "3, solo", "4": "4 campers", "6": "6 campers"}
COLUMNS = ("Games", "Wins", "Win %", "Rounds won", "Scrams (ok)", "Avg round", "Streak (best)", "Hints")


def cells(g: Group) -> tuple[str, ...]:
    return (
        str(g.games),
        str(g.wins),
        f"{g.win_pct:.0f}%",
        f"{g.rounds_won} of {g.rounds}",
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
        self.reset_button = Button("Reset statistics (R)", self.ask_reset, pygame.K_r, size=18)
        self.back_button = Button("Back (Esc)", self.close, pygame.K_ESCAPE, size=18, primary=True)
        self.yes = Button("Yes, reset (Y)", self.reset, pygame.K_y, size=18)
        self.yes.danger = True
        self.no = Button("No (N)", self.cancel, pygame.K_n, size=18, primary=True)

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
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, "Statistics", (cx, px(14)), 44, skin.ACCENT, "display", anchor="midtop")
        box_w = min(w - px(40), px(1100))
        table = pygame.Rect(cx - box_w // 2, px(76), box_w, int(h * 0.45))
        self.draw_table(surface, table)
        chart = pygame.Rect(table.x, table.bottom + px(12), box_w, h - table.bottom - px(86))
        self.draw_chart(surface, chart)
        if self.confirming:
            draw_text(
                surface,
                "Reset every statistic? This cannot be undone (kept games stay).",
                (cx, h - px(74)),
                18,
                skin.DANGER,
                anchor="midtop",
            )
        row_of(self.buttons, (cx, h - px(30)))
        for b in self.buttons:
            b.draw(surface)

    def draw_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        panel(surface, rect, 215)
        inner = rect.inflate(-px(24), -px(16))
        first = px(190)
        col_w = (inner.w - first) / len(COLUMNS)
        y = inner.y
        draw_text(surface, "Mode · bots", (inner.x, y), 16, skin.MUTED)
        for k, name in enumerate(COLUMNS):
            x = inner.x + first + int(col_w * (k + 0.5))
            draw_text(surface, name, (x, y), 15, skin.MUTED, anchor="midtop")
        y += px(28)
        rows = self.stats.rows()
        if not rows:
            draw_text(
                surface, "No games yet: finish a game and it counts here.", (inner.x, y + px(8)), 18, skin.INK
            )
            for k, line in enumerate(wrap(self.note, 16, inner.w)[:3] if self.note else []):
                draw_text(surface, line, (inner.x, y + px(40 + 22 * k)), 16, skin.DANGER)
            return
        room = max(1, (inner.bottom - y - px(30)) // px(24))
        for mode, level, g in rows[:room]:
            self._row(surface, inner, first, col_w, y, f"{MODE_NAMES.get(mode, mode)} · {level}", g, skin.INK)
            y += px(24)
        pygame.draw.line(surface, skin.MUTED, (inner.x, y + px(2)), (inner.right, y + px(2)), 1)
        self._row(surface, inner, first, col_w, y + px(6), "All games", self.stats.total, skin.ACCENT)

    def _row(self, surface, inner, first, col_w, y, name, g, color) -> None:
        draw_text(surface, name, (inner.x, y), 16, color)
        for k, text in enumerate(cells(g)):
            x = inner.x + first + int(col_w * (k + 0.5))
            draw_text(surface, text, (x, y), 16, color, anchor="midtop")

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The last games' margins: a bar up (green, a win) or down (red, a loss) from a rope."""
        if rect.h < px(60):
            return
        panel(surface, rect, 200)
        recent = self.stats.recent
        draw_text(
            surface,
            f"{the_last(len(recent), 'game')}: by how much you won (up) or lost (down)",
            (rect.x + px(14), rect.y + px(8)),
            16,
            skin.MUTED,
        )
        if not recent:
            return
        area = rect.inflate(-px(40), -px(50)).move(0, px(12))
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
            if slot > px(26):
                ty = bar.top - px(16) if m >= 0 else bar.bottom + px(2)
                draw_text(surface, f"{m:+d}", (bar.centerx, ty), 12, skin.INK, anchor="midtop")
