"""The end of a round: every card revealed one by one while each camper's sum counts up,
then the team totals, the Scram bonus (or zero) explained, and the score sheet.

An overlay on the table: it turns the board's cards (`board.reveal`) and shows the sums on
the board; the sidebar is covered by the round's summary, and the sidebar's totals change
only when the count is done (`sidebar.record_round`), never before.
"""

from __future__ import annotations

import pygame

from game.rules import OVER
from game.rules.cards import EQ, team_of
from game.rules.events import RoundScored
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, px, wrap
from game.ui.table.scoresheet import draw_score_sheet


def _contribution(value: int, row: tuple) -> int:
    """What one card adds to its camper's score (an `=` counts as the lowest number)."""
    if value != EQ:
        return value
    numbered = [v for v in row if v != EQ]
    return min(numbered) if numbered else 0


class RoundEndScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        g = table.session.view()  # scores and totals as the round left them
        self.game = g
        self.board = table.board
        seen = table.session.seen()  # the table's one event log
        self.scored = table.last_scored or next(e for e in reversed(seen) if type(e) is RoundScored)
        n = g.campers
        order = [(table.board.viewer + k) % n for k in range(n)]
        # each card in turn; a camper with no card left is counted in its turn too (None)
        self.queue = [
            (s, i, v) for s in order for i, v in (list(enumerate(self.scored.campsites[s])) or [(None, None)])
        ]
        # only the campers being counted or counted show a sum: no "0 pts" before their turn
        self.sums: dict[int, int] = {}
        self.adding: list[list] = []  # [seconds until its face shows, camper, points]
        self.board.show_sums({})
        self.timer = 0.4 * table.pace.factor
        self.done = False
        self.wait = 0.0
        self.over = g.phase == OVER
        # the guided game ends with this round: its reveal, then the lesson's last words
        self.lesson_over = bool(getattr(table.coach, "finished", False))
        label = "See the result (Enter)" if self.over else "Next round (Enter)"
        if getattr(table.session, "watcher", False) and not self.over:
            label = "Watch the next round (Enter)"  # the campers play it: a watcher only follows
        if self.lesson_over:
            label = "What you learned (Enter)"
        self.button = Button(label, self.next, pygame.K_RETURN, size=20, primary=True)
        self.button.visible = False
        # a way out at any moment, even between rounds: the pause, whose Leave saves the game
        self.menu_button = Button("Menu (Esc)", table.open_pause, pygame.K_ESCAPE, size=16)
        self.explain = self._explain()
        if self.lesson_over:  # the guided game says the rule behind the numbers too
            self.explain += (
                " The rule: the team that declares Scram records 0 if its total is lower than or "
                "equal to the other team's, else its total + 10; the other team records its total."
            )
        mine = team_of(table.human, n) if table.human is not None else None
        rec = self.scored.recorded
        if mine is not None and rec[mine] != rec[1 - mine]:
            app.play("round_won" if rec[mine] < rec[1 - mine] else "round_lost")

    def _explain(self) -> str:
        sc = self.scored
        t = self.table
        names = t.teams
        if sc.scram is None:
            a, b = t.look.order()
            each = f"{names[a]} {sc.team_totals[a]}, {names[b]} {sc.team_totals[b]}"
            return f"No Scram this round: each team records its total ({each})."
        team = team_of(sc.scram, t.n)
        mine, theirs = sc.team_totals[team], sc.team_totals[1 - team]
        who = t.narrator.who(sc.scram)
        if mine <= theirs:
            return (
                f"{who} declared Scram and {names[team]}'s {mine} is not higher than {theirs}: "
                f"{names[team]} records 0!"
            )
        return (
            f"{who} declared Scram but {names[team]}'s {mine} is higher than {theirs}: "
            f"{names[team]} records {mine} + 10 = {mine + 10}."
        )

    def update(self, dt: float) -> None:
        t = self.table
        self.board.update(dt)
        t.messages.update(dt)
        if not self.done:
            self._add_shown(dt)  # the cards turned before this frame (their flips ran above)
            self.timer -= dt
            step = 0.11 * t.pace.factor
            while self.timer <= 0 and self.queue:
                s, i, v = self.queue.pop(0)
                self.sums.setdefault(s, 0)
                if i is None:  # an empty campsite: 0, shown in its turn
                    self.board.show_sums(dict(self.sums))
                    continue
                flip = t.pace.time(0.25)
                turned = self.board.reveal((s, i), v, flip)
                if turned and step > 0:
                    self.app.play("flip")
                # the card counts once its face shows (half-way through its flip), not before
                points = _contribution(v, self.scored.campsites[s])
                self.adding.append([flip / 2 if turned else 0.0, s, points])
                self.timer += step
            self._add_shown(0.0)  # the cards that were face up already
            if not self.queue and not self.adding:
                self.done = True
                self.button.visible = True
                self.board.show_sums(dict(enumerate(self.scored.camper_scores)))
                t.sidebar.record_round(self.scored.recorded)  # the totals change now, not before
        elif t.auto:
            self.wait += dt
            if self.wait >= max(0.0, 2.5 * t.pace.factor):
                self.next()

    def _add_shown(self, dt: float) -> None:
        """Add to the sums the cards whose faces now show."""
        for item in self.adding:
            item[0] -= dt
        due = [item for item in self.adding if item[0] <= 0]
        self.adding = [item for item in self.adding if item[0] > 0]
        for _, s, amount in due:
            self.sums[s] += amount
        self.board.show_sums(dict(self.sums))

    def next(self) -> None:
        t = self.table
        self.board.show_sums(None)
        if self.lesson_over:
            self.app.pop()  # the guided game's own end panel follows (scenes/tutorial.py)
        elif self.over:
            t.finish()
        else:
            self.app.pop()
            t.next_round()

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_h, pygame.K_F1):
            self.table.open_help()
            return
        if self.menu_button.handle_event(e):
            return
        if not self.done:
            # A click or Enter skips the count-up.
            if e.type == pygame.MOUSEBUTTONDOWN or (e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN):
                self.timer = -1e9
            return
        self.button.handle_event(e)
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.next()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        sb = self.board.layout.sidebar
        surface.fill(skin.PANEL, sb)
        x, y, w = sb.x + px(16), sb.y + px(14), sb.w - px(32)
        g = self.game
        draw_text(surface, f"Round {self.scored.round} is over", (x, y), 26, skin.ACCENT, "display")
        y += px(40)
        self.menu_button.fit()
        self.menu_button.rect.w = w
        self.menu_button.rect.midbottom = (sb.centerx, sb.bottom - px(16))
        self.menu_button.draw(surface)
        if not self.done:
            draw_text(surface, "Counting the campsites…", (x, y), 18, skin.INK)
            return
        for team in t.look.order():  # the sidebar's order: the player's team first
            total = self.scored.team_totals[team]
            draw_text(surface, f"{t.teams[team]}: {total}", (x, y), 20, t.look.colour(team), "display")
            y += px(26)
            members = [s for s in range(t.n) if team_of(s, t.n) == team]
            parts = ", ".join(f"{t.players[s]} {self.scored.camper_scores[s]}" for s in members)
            for line in wrap(parts, 15, w - px(8)):
                draw_text(surface, line, (x + px(8), y), 15, skin.MUTED)
                y += px(20)
            y += px(4)
        y += px(4)
        for line in wrap(self.explain, 16, w):
            draw_text(surface, line, (x, y), 16, skin.INK)
            y += px(20)
        y += px(12)
        rec = self.scored.recorded
        for team in t.look.order():
            draw_text(surface, f"{t.teams[team]} records {rec[team]}", (x, y), 18, t.look.colour(team))
            y += px(24)
        y += px(10)
        y = draw_score_sheet(
            surface,
            (x, y),
            w,
            g.scores,
            g.totals,
            t.teams,
            g.rounds,
            16,
            (t.look.colour(0), t.look.colour(1)),
            t.look.order(),
        )
        self.button.fit()
        self.button.rect.w = w
        self.button.rect.midbottom = (sb.centerx, self.menu_button.rect.y - px(8))
        self.button.draw(surface)
        if t.auto:
            draw_text(
                surface,
                "(going on by itself)",
                (sb.centerx, self.button.rect.y - px(8)),
                14,
                skin.MUTED,
                anchor="midbottom",
            )
