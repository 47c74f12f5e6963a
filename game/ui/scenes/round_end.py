"""The end of a round: every card revealed one by one while each camper's sum counts up,
then the team totals, the Scram bonus (or zero) explained, and the score sheet.

An overlay on the table: it turns the board's cards (`board.reveal`) and shows the sums on
the board; the sidebar is covered by the round's summary, and the sidebar's totals change
only when the count is done (`sidebar.record_round`), never before.
"""

from __future__ import annotations

import pygame

from game.lang import _, speech
from game.rules import OVER
from game.rules.cards import EQ, team_of
from game.rules.events import RoundScored
from game.ui import skin
from game.ui.kit.focus_ring import ALL_KEYS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, line_step, px, wrap
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
        self.button = Button("", self.next, pygame.K_RETURN, size=20, primary=True)
        self.button.visible = False
        # a way out at any moment, even between rounds: the pause, whose Leave saves the game
        self.menu_button = Button("", table.open_pause, pygame.K_ESCAPE, size=16)
        self.spoken = -1  # the language's version the words are in
        self.label()
        mine = team_of(table.human, n) if table.human is not None else None
        rec = self.scored.recorded
        if mine is not None and rec[mine] != rec[1 - mine]:
            app.play("round_won" if rec[mine] < rec[1 - mine] else "round_lost")

    def label(self) -> None:
        """The buttons and the explanation in the current language (again after a switch)."""
        self.spoken = speech.version
        label = _("See the result (Enter)") if self.over else _("Next round (Enter)")
        if getattr(self.table.session, "watcher", False) and not self.over:
            label = _("Watch the next round (Enter)")  # the campers play it: a watcher only follows
        if self.lesson_over:
            label = _("What you learned (Enter)")
        self.button.label = label
        self.menu_button.label = _("Menu (Esc)")
        self.explain = self._explain()
        if self.lesson_over:  # the guided game says the rule behind the numbers too
            rule = _(
                "The rule: the team that declares Scram records 0 if its total is lower than or "
                "equal to the other team's, else its total + 10; the other team records its total."
            )
            # TRANSLATORS: two sentences: what happened this round, then the rule behind it
            self.explain = _("{what} {rule}", what=self.explain, rule=rule)

    def _explain(self) -> str:
        sc = self.scored
        t = self.table
        names = t.teams
        if sc.scram is None:
            a, b = t.look.order()
            return _(
                "No Scram this round: each team records its total ({team} {total}, {other} {other_total}).",
                team=names[a],
                total=sc.team_totals[a],
                other=names[b],
                other_total=sc.team_totals[b],
            )
        team = team_of(sc.scram, t.n)
        mine, theirs = sc.team_totals[team], sc.team_totals[1 - team]
        fields = {"team": names[team], "total": mine, "other_total": theirs}
        if sc.scram == t.human and t.narrator.who(sc.scram) == "You":  # the player, not a stand-in
            if mine <= theirs:
                return _(
                    "You declared Scram and {team}'s {total} is not higher than {other_total}: "
                    "{team} records 0!",
                    **fields,
                )
            return _(
                "You declared Scram but {team}'s {total} is higher than {other_total}: "
                "{team} records {total} + 10 = {recorded}.",
                recorded=mine + 10,
                **fields,
            )
        who = t.narrator.who(sc.scram)
        if mine <= theirs:
            return _(
                "{name} declared Scram and {team}'s {total} is not higher than {other_total}: "
                "{team} records 0!",
                name=who,
                **fields,
            )
        return _(
            "{name} declared Scram but {team}'s {total} is higher than {other_total}: "
            "{team} records {total} + 10 = {recorded}.",
            name=who,
            recorded=mine + 10,
            **fields,
        )

    def spoken_words(self) -> list[str]:
        """Said as the round's end comes up (the count needs no waiting by ear): every camper's
        cards and points, the teams' totals, what the Scram did, and the way on."""
        words = self.table.speech.words
        return [*words.reveal(self.scored, self.table.n), self.explain, self.button.label]

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
        for _delay, s, amount in due:
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

    @property
    def pad_keys(self) -> frozenset:
        """The pad's focus once the count-up is done (until then A skips it, as Enter does)."""
        return ALL_KEYS if self.done else frozenset()

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

    def _team_scores(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """Each team's total and its campers' points, the player's team first; the y below."""
        t = self.table
        for team in t.look.order():  # the sidebar's order: the player's team first
            total = self.scored.team_totals[team]
            said = _("{team}: {total}", team=t.teams[team], total=total)
            for line in wrap(said, 20, w, "display"):  # one line, or two at a large text size
                draw_text(surface, line, (x, y), 20, t.look.colour(team), "display")
                # an accented capital ("Équipe") stands above the face's own line
                y += max(line_step(26, "display", 20), skin.line_height("display", px(20)))
            members = [s for s in range(t.n) if team_of(s, t.n) == team]
            # TRANSLATORS: a camper and the points of their campsite, "Bea 12"
            scores = [
                _("{name} {points}", name=t.players[s], points=self.scored.camper_scores[s]) for s in members
            ]
            parts = ", ".join(scores)
            for line in wrap(parts, 15, w - px(8)):
                draw_text(surface, line, (x + px(8), y), 15, skin.MUTED)
                y += line_step(20, "text", 15)
            y += px(4)
        return y

    def draw(self, surface: pygame.Surface) -> None:
        if self.spoken != speech.version:
            self.label()
        t = self.table
        sb = self.board.layout.sidebar
        surface.fill(skin.PANEL, sb)
        x, y, w = sb.x + px(16), sb.y + px(14), sb.w - px(32)
        heading = _("Round {round} is over", round=self.scored.round)
        size = 26  # a size that steps down until the heading fits the sidebar (long languages)
        while size > 16 and skin.font("display", px(size)).size(heading)[0] > w:
            size -= 2
        draw_text(surface, heading, (x, y), size, skin.ACCENT, "display")
        y += line_step(40, "display", size)
        self.menu_button.fit()
        self.menu_button.rect.w = w
        self.menu_button.rect.midbottom = (sb.centerx, sb.bottom - px(16))
        self.menu_button.draw(surface)
        if not self.done:
            draw_text(surface, _("Counting the campsites…"), (x, y), 18, skin.INK)
            return
        y = self._team_scores(surface, x, y, w)
        y += px(4)
        for line in wrap(self.explain, 16, w):
            draw_text(surface, line, (x, y), 16, skin.INK)
            y += line_step(20, "text", 16)
        y += px(12)
        rec = self.scored.recorded
        for team in t.look.order():  # a long language's line takes two, not the sidebar's edge
            said = _("{team} records {points}", team=t.teams[team], points=rec[team])
            for line in wrap(said, 18, w):
                draw_text(surface, line, (x, y), 18, t.look.colour(team))
                y += max(px(24), skin.line_height("text", px(18)))
        y += px(10)
        self.button.fit()
        self.button.rect.w = w
        self.button.rect.midbottom = (sb.centerx, self.menu_button.rect.y - px(8))
        self.button.draw(surface)
        if t.auto:
            draw_text(
                surface,
                _("(going on by itself)"),
                (sb.centerx, self.button.rect.y - px(8)),
                14,
                skin.MUTED,
                anchor="midbottom",
            )
        self._sheet(
            surface, x, y, w, self.button.rect.y - px(8) - (line_step(20, "text", 14) if t.auto else 0)
        )

    def _sheet(self, surface: pygame.Surface, x: int, y: int, w: int, limit: int) -> None:
        """The score sheet above `limit`: every round, or at a large text size the rounds
        played, then the totals alone, then none, as the room allows."""
        g, t = self.game, self.table
        line = line_step(24, "display", 18)  # the sheet's rows at its size (16)
        for rounds in (g.rounds, len(g.scores), 0) if skin.text_scale() > 1 else (g.rounds,):
            if skin.text_scale() == 1 or y + (rounds + 2) * line + 4 <= limit:
                draw_score_sheet(
                    surface,
                    (x, y),
                    w,
                    g.scores,
                    g.totals,
                    t.teams,
                    rounds,
                    16,
                    (t.look.colour(0), t.look.colour(1)),
                    t.look.order(),
                )
                return
