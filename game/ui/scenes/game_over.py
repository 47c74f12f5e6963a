"""Game over: who won (or the critters, on a perfect tie), the winners' last campsites as a
fan of cards, the score sheet of every round camper by camper, and what next. Unless the
player's team lost, a little party (game_over_party.py): confetti and hopping critters."""

from __future__ import annotations

import pygame

from game.lang import _, speech
from game.rules.cards import team_of
from game.rules.events import RoundScored
from game.rules.record import parse_record
from game.seat.keeping import finish_game
from game.seat.review_together import show_if_asked
from game.seat.start import start_game
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, px, row_of, ui_scale, wrap
from game.ui.table.access import hints_used
from game.ui.table.scoresheet import draw_camper_sheet, sheet_height

from .game_over_party import Celebration

CRITTERS = (13, 7, 0, 5, 11)  # the fan shown when nobody won
WATCH_SECONDS, WATCH_SECONDS_MIN = 3.0, 2.0  # a watched game's result stands (speed-scaled, at least)


class GameOverScene(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        g = table.game
        self.game = g
        n = g.campers
        w = g.winner
        human = table.human
        self.rounds = [e for e in g.events if type(e) is RoundScored]
        won = None if w == "nobody" or human is None else team_of(human, n) == w
        self.won = won
        if w == "nobody":
            self.fan = CRITTERS
        else:
            last = self.rounds[-1].campsites if self.rounds else ()
            cards = [v for s in range(n) if team_of(s, n) == w for v in last[s]] if last else []
            self.fan = tuple(sorted(cards)[:7]) or CRITTERS
        if won is not None:
            app.play("game_won" if won else "game_lost")
        self.party_time = won is not False  # no confetti for the player's own defeat
        self.party: Celebration | None = None
        # Kept for Past games and counted in the statistics, unless the app writes no files
        # (the self-test), the game was watched, or the player only watched a friends' table.
        watched = getattr(getattr(table, "session", None), "watcher", False)
        keep = getattr(app, "persist", False) and not getattr(table, "auto", False) and not watched
        facts = (table.game, table.players, table.levels, table.human, hints_used(table))
        self.record, notes = finish_game(*facts, keep=keep)
        app.messages.extend(notes)
        # A networked table goes back to its lobby, or is left (a table without a session is
        # a local one's stand-in, as tests build it).
        self.here = here = getattr(getattr(table, "session", None), "local", True)
        self.buttons = [
            Button("", self.again, pygame.K_RETURN, size=22, primary=True),
            Button("", self.review, pygame.K_r, size=22),
            Button("", self.menu, pygame.K_ESCAPE, size=22),
        ]
        session = getattr(table, "session", None)
        self.together = None
        if not here and session.human is not None:  # a camper of a networked table
            self.together = Button("", session.audience.review_open, pygame.K_t, size=22)
            self.buttons.insert(2, self.together)
        self.wait = 0.0
        self.spoken = -1  # the language's version the words are in
        self.label()

    def label(self) -> None:
        """The title, the line under it and the buttons in the current language (again
        after a switch)."""
        self.spoken = speech.version
        self.title, self.sub = self._result()
        again, review, leave = self.buttons[0], self.buttons[1], self.buttons[-1]
        again.label = _("Play again (Enter)") if self.here else _("Back to the lobby (Enter)")
        review.label = _("Review (R)")
        leave.label = _("Menu (Esc)") if self.here else _("Leave the table (Esc)")
        if self.together is not None:
            self.together.label = _("Review together (T)")

    def spoken_words(self) -> list[str]:
        """Said as the result comes up: who won, the totals, and the ways on with their keys."""
        return [self.title, self.sub, ", ".join(b.label for b in self.buttons)]

    def _result(self) -> tuple[str, str]:
        """The title (who won) and the sentence under it (the totals, and a tie's reason)."""
        g, t = self.game, self.table
        n, w = g.campers, g.winner
        if w == "nobody":
            return _("The critters win!"), _("Both teams tied in every round: nobody outscored the critters.")
        name = t.teams[w]
        if self.won:
            title = _("You win!") if n == 3 and t.human == 0 else _("Your team wins!")
        else:
            title = _("{team} wins", team=name)
        members = ", ".join(t.players[s] for s in range(n) if team_of(s, n) == w)
        sub = _(
            "{team} ({members}) ends with {total} against {other}.",
            team=name,
            members=members,
            total=g.totals[w],
            other=g.totals[1 - w],
        )
        if g.totals[w] == g.totals[1 - w]:
            # TRANSLATORS: two sentences: the totals, then why the winner won a tie
            sub = _("{totals} {tie_break}", totals=sub, tie_break=self._tie_break(w))
        return title, sub

    def review(self) -> None:
        self.app.open("review", parse_record(self.record), title=_("Review: this game"))

    def _tie_break(self, winner: int) -> str:
        """Why the winner won a tie in the totals (R-GAME-2, R-GAME-3)."""
        if self.game.campers == 3:
            return _("A tie goes to the solo.")
        for k in range(len(self.game.scores) - 1, -1, -1):
            a, b = self.game.scores[k]
            if a != b:
                return _("A tie: the lower score of round {round} decides.", round=k + 1)
        return ""

    def again(self) -> None:
        t = self.table
        if not self.here:
            self.app.show("lobby", t.session)
            return
        start_game(self.app, t.game.campers, t.human, t.players, t.levels, seed=None, auto=t.auto)

    def menu(self) -> None:
        if not self.here:
            self.table.session.leave()
        self.app.show("menu")

    def handle_event(self, e: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return

    def celebration(self, size: tuple[int, int]) -> Celebration | None:
        """The party, made for the window's size the first time the screen is drawn."""
        if self.party is None and self.party_time:
            colors = [*skin.TEAM, skin.ACCENT, skin.GOOD, skin.HIGHLIGHT, (240, 130, 170)]
            still = self.app.settings.reduced_motion
            self.party = Celebration(size, colors, len(self.fan), still, seed=self.game.seed)
        return self.party

    def update(self, dt: float) -> None:
        if self.party is not None:
            self.party.update(dt)
        if not self.here:  # a networked table: the review together, or the next game, may come
            session = self.table.session
            session.pump()
            if not show_if_asked(self.app, session) and session.started and session.playing:
                self.app.show("lobby", session)  # which opens the table
        if self.table.auto:
            if getattr(self.app, "exit_when_over", False):  # the self-test: done
                self.app.result = self.game.winner
                self.app.running = False
                return
            # a watched game's result stands a moment before the next game, at any speed
            # (at instant speed it was never drawn, so a watcher never saw who won)
            self.wait += dt
            if self.wait > max(WATCH_SECONDS_MIN, WATCH_SECONDS * self.app.settings.time_factor):
                self.again()

    def draw(self, surface: pygame.Surface) -> None:
        if self.spoken != speech.version:
            self.label()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        party = self.celebration((w, h))
        if party is not None:
            party.draw(surface, ui_scale())  # behind the words and the cards
        cx = w // 2
        t = self.table
        g = self.game
        sheet_w = min(w - px(80), px(760))
        sub_lines = wrap(self.sub, 20, w - px(80))
        legend = _("Each round's lower recorded score is green. S beside a sum: that camper declared Scram.")
        sheet_h = sheet_height(g.rounds)
        fan_h = px(120)
        # an accented capital ("É", "Ż") stands a few pixels above the face's own line
        title_h = max(px(76), skin.line_height("display", px(60)))
        total = fan_h + title_h + len(sub_lines) * px(26) + px(24) + sheet_h + px(34) + px(70)
        y = max(px(12), (h - total) // 2)
        cw = px(58)
        k0 = (len(self.fan) - 1) / 2
        for k, v in enumerate(self.fan):
            img = skin.turned_card(v, cw, round((k0 - k) * 8))
            hop = party.lift(k, px(22)) if party is not None else 0
            r = img.get_rect(center=(cx + (k - k0) * px(46), y + px(52) + abs(k - k0) * px(6) - hop))
            surface.blit(img, r)
        y += fan_h
        draw_text(surface, self.title, (cx, y), 60, skin.ACCENT, "display", anchor="midtop")
        y += title_h
        for line in sub_lines:
            draw_text(surface, line, (cx, y), 20, skin.INK, anchor="midtop")
            y += px(26)
        y += px(24)
        sheet = pygame.Rect(cx - sheet_w // 2, y, sheet_w, sheet_h)
        draw_camper_sheet(
            surface, sheet, self.rounds, g.rounds, t.players, t.teams, g.totals, t.human, t.look
        )
        y = sheet.bottom + px(10)
        draw_text(surface, legend, (cx, y), 15, skin.MUTED, anchor="midtop")
        row_of(self.buttons, (cx, y + px(62)))
        for b in self.buttons:
            b.draw(surface)
