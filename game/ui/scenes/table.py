"""The table scene: it joins the parts of the table and runs the turns.

The game lives behind a session (game/seat/session.py): a local one holds the `Game`,
the bots and the save; a remote one holds the connection to a table server. The scene hands
it every decision (the player's, from its turn machine, or a local bot's) and gives the
events, as the player's seat sees them, to the animator, which plays them on the board;
decisions taken elsewhere (a server's moves) come from `session.next_step()`. The parts,
one owner each:
- `Board` (board.py): the cards, where everything is, hit-testing, drawing the table;
- `TurnMachine` (turn.py): the player's turn, clicks and keys into a legal decision;
- `Sidebar` (sidebar.py): round, scores and log, fed only as the animations show things;
- `TableInput` (table_input.py): what the mouse and the keys do; `Focus` (focus.py): the
  keyboard's ring; `PromptBar` (prompt.py): the question and its
  buttons; `Messages` (messages.py): the narration bar and banners.
Input waits while the timeline runs; when it is idle the board is set to the seat's view
(`place_all`), so the picture always ends where the core says.

Hooks (see turn.py): `coach` (refuses decisions with a reason, supplies the prompt, is told
every decision's events) and `hint` (a "Hint (?)" button on the player's turn).
"""

from __future__ import annotations

import pygame

from game.lang import _, ngettext, speech
from game.rules import START, TWELVE
from game.rules import events as ev
from game.rules.events import for_seat
from game.rules.state import Game
from game.seat.local_session import LocalSession
from game.seat.narration import Narrator, said_again
from game.seat.phrases import Remade, level_words
from game.seat.session import Session
from game.seat.words import is_you
from game.ui.kit.backdrop import Backdrop
from game.ui.kit.focus_ring import ALL_KEYS
from game.ui.kit.prompts import pad_prompts
from game.ui.kit.scene import Scene
from game.ui.kit.tween import WAIT_CLICK, Timeline
from game.ui.kit.widgets import Button
from game.ui.table.access import hints_used
from game.ui.table.animator import Animator, Pace
from game.ui.table.board import Board
from game.ui.table.draw_state import DrawState
from game.ui.table.focus import Focus
from game.ui.table.focus_targets import FocusTargets
from game.ui.table.messages import Messages
from game.ui.table.net_marks import NetMarks
from game.ui.table.picture import TablePicture
from game.ui.table.prompt import PromptBar
from game.ui.table.sidebar import Sidebar
from game.ui.table.spoken import TableSpeech
from game.ui.table.table_input import TableInput
from game.ui.table.teams import TeamLook
from game.ui.table.tooltip import Tooltip
from game.ui.table.turn import Coach, HintFn, TurnMachine
from game.ui.table.watch_marks import WatchMarks


class TableScene(Scene):
    def __init__(
        self,
        app,
        game: Game | Session,
        players: list[str] | None = None,
        levels: list[str | None] | None = None,
        human: int | None = None,
        fresh: bool = True,
        auto: bool = False,
        coach: Coach | None = None,
        hint: HintFn | None = None,
    ) -> None:
        """A table for `game`: a local `Game` (with who sits where), or any `Session`."""
        super().__init__(app)
        if isinstance(game, Game):
            game = self._local_session(game, list(players or ()), list(levels or ()), human, coach)
        self.session = session = game
        self.players, self.levels, self.human = session.players, session.levels, session.human
        players, human = self.players, self.human
        self.viewer = session.viewer
        self.auto = auto  # round ends and game over move on by themselves (watch, self-test)
        self.n = session.campers
        self.narrator = Narrator(players, human)
        self.look = TeamLook(self.n, human, shared=not session.local)  # friends: the table's colours
        # (a watcher of the public table, PUBLIC = -1, sees it from seat 0's side)
        # The cards' drawing state (reduced motion, the peek badges), this table's alone.
        self.drawing = DrawState(calm=app.settings.reduced_motion)
        self.board = Board(app.size, self.n, max(self.viewer, 0), human, players, self.look, self.drawing)
        if not session.local:  # the seats friends play (a person has no level)
            self.board.people = frozenset(s for s, lv in enumerate(self.levels or ()) if lv is None)
        self.timeline = Timeline()
        self.pace = Pace(lambda: app.settings.time_factor, lambda: app.settings.reduced_motion)
        self.messages = Messages()
        marks = WatchMarks if session.watcher else NetMarks
        self.net = None if session.local else marks(session, self.board, self.ask_leave)
        self.sidebar = self._sidebar()
        self.anim = Animator(self.board, self.timeline, self.pace, self, self.narrator)
        self.anim.mine_view_waits = not auto
        self.coach = coach
        self.turn = None
        if human is not None:
            self.turn = self._player_turn(human, coach, hint)
        self.dirty = False
        self.round_end_open = False
        self.finished = False
        self.last_scored: ev.RoundScored | None = None
        self.mouse = (0, 0)
        self._compose()
        if fresh:
            self.feed(session.seen())
        else:
            self._restore()
        self.sidebar.place_buttons(self.board.layout.sidebar)
        self._tell_bot_problems()
        self.spoken = speech.version  # the language the words were made in

    def _compose(self) -> None:
        """The parts that paint, take input and speak for this table, each holding the scene."""
        self.focus = Focus()
        self.targets = FocusTargets(self)  # what the focus may stand on (focus_targets.py)
        self.prompt_bar = PromptBar()
        self.pad_words = pad_prompts()  # the prompt names the pad's buttons (kit/prompts.py)
        self.tooltip = Tooltip()  # who has seen the card under the mouse
        self.backdrop = Backdrop()  # what stays still, drawn once (see draw)
        self.picture = TablePicture(self)  # how a frame is drawn
        self.input = TableInput(self)  # what the mouse and the keys do
        self.speech = TableSpeech(self)  # the table said aloud, and its query keys

    @property
    def teams(self) -> tuple[str, str]:
        """The teams' names in the current language."""
        return self.look.names

    def _sidebar(self) -> Sidebar:
        sidebar = Sidebar(self.look, self.players, self.human, self.session.rounds)
        sidebar.buttons = [
            Button(_("How to play (H)"), self.open_help, pygame.K_h, size=16),
            Button(_("Menu (Esc)"), self.open_pause, None, size=16),
        ]
        if self.net is not None:  # reactions, away marks, the connection (a networked table)
            sidebar.buttons[:0] = self.net.buttons()
        return sidebar

    def _local_session(
        self, game: Game, players: list, levels: list, human: int | None, coach
    ) -> LocalSession:
        """A game played here; the save counts the hints the player asked this table for."""
        return LocalSession(game, players, levels, human, coach, hints=lambda: hints_used(self))

    def _tell_bot_problems(self) -> None:
        """A bot that could not be built (a save names a level this version lacks) is said on
        the table, in the log and as a notice, not only on stderr (which a windowed game lacks)."""
        problems = self.session.problems
        for problem in problems:
            self.sidebar.tell(problem)
        if problems:
            if len(problems) > 1:
                more = len(problems) - 1
                said = ngettext(
                    "{problem} (and {n} more: see the log)",
                    "{problem} (and {n} more: see the log)",
                    more,
                    problem=problems[0],
                )
            else:
                said = problems[0]
            self.messages.notice(said)

    def _player_turn(self, human: int, coach: Coach | None, hint: HintFn | None) -> TurnMachine:
        return TurnMachine(
            human,
            self.narrator,
            self.decide,
            self.warn,
            self.app.play,
            coach,
            hint,
            self.session.seen,
            # hints think on the bots' worker (a friends' table's on a thread of the hint's own)
            off_frame=self.session.off_frame or getattr(hint, "run", None),
        )

    @property
    def game(self) -> Game | None:
        """The local game (tests and the learning scenes read it); a networked table has its
        game only once it is over (replayed from the server's record)."""
        return self.session.game

    def _restore(self) -> None:
        """A continued game: the board as the view says, the round's story so far in the log."""
        g = self.session.view()
        counted = g.scores[:-1] if self.session.between_rounds else g.scores
        totals = [sum(s[t] for s in counted) for t in (0, 1)]
        self.sidebar.restore(g.round, counted, totals)
        events = self.session.seen()
        dealt = max((i for i, e in enumerate(events) if type(e) is ev.RoundDealt), default=0)
        # a networked seat's stand-in played while the player was away: told as its moves
        spans = [(a - dealt, b - dealt) for a, b in self.session.stood_in if a >= dealt]
        level = self.session.stand_in_level
        for line in self.narrator.lines_with_stand_in(events[dealt:], spans, level):
            self.sidebar.tell(line)
        said = self.session.restored_words()  # a watcher's: whose cards now
        if not said and spans:
            said = _(
                "Game restored: round {round} of {rounds}. "
                "Your stand-in ({level}) played for you meanwhile: see the log.",
                round=g.round,
                rounds=g.rounds,
                level=level_words(level),
            )
        self.tell(
            said or _("Game restored: round {round} of {rounds}.", round=g.round, rounds=g.rounds), True
        )
        self.last_scored = next((e for e in reversed(events) if type(e) is ev.RoundScored), None)
        self.board.place_all(g)
        self.sidebar.set_turn(self.board.turn_seat)
        self.sidebar.set_scram(g.scram)

    # ---- the stage the animator plays on (see animate.Stage) ------------------------------------
    def tell(self, line: str, new: bool = True) -> None:
        self.sidebar.tell(line, new)
        self.messages.say(line)
        self.speech.tell(line, new)

    def say(self, line: str) -> None:
        self.messages.say(line)
        self.speech.tell(line)

    def banner(self, text: str, seconds: float, low: bool) -> None:
        self.messages.show_banner(text, seconds, low)

    def play(self, sound: str) -> None:
        self.app.play(sound)

    def shown(self, event) -> None:
        kind = type(event)
        if kind in (ev.RoundDealt, ev.RoundScored):
            self.messages.end_banners()  # a round's SCRAM! never stands over the next round's deal
        if kind is ev.RoundDealt:
            self.sidebar.dealt(event.round)
        elif kind is ev.TurnBegan:
            self.sidebar.set_turn(event.seat)
        elif kind is ev.ScramDeclared:
            self.sidebar.set_scram(event.seat)
        elif kind is ev.RoundScored:
            self.sidebar.set_turn(None)
            self.last_scored = event

    def warn(self, message: str) -> None:
        self.messages.warn(message)
        self.app.say(message)

    def spoken_words(self) -> list[str]:
        return self.speech.spoken_words()

    # ---- decisions ------------------------------------------------------------------------------
    def feed(self, events: list) -> None:
        """Queue the animations of `events`; their lines are told as the timeline reaches them."""
        mine = [for_seat(e, self.viewer) for e in events]  # (a session's own are so already)
        self.anim.queue(mine, self.narrator.steps(mine))
        if self.coach is not None:  # told once the table has shown them, never ahead of the cards
            coach = self.coach
            self.timeline.add(lambda: coach.on_events(mine) or 0.0)
        self.dirty = True

    def decide(self, decision) -> None:
        """Take a decision (the player's or a local bot's) and animate what it did (a remote
        session's answer comes back as a step)."""
        seat = self.session.turn
        self.messages.clear_warning()  # a refusal is old news once a decision is taken
        self.board.show_choice({}, False, False, 0)
        self.board.lift_chosen([], self.pace.time(0.2))
        events = self.session.decide(decision)
        if events:
            self.played(seat, events)

    def played(self, seat: int, events: list) -> None:
        """Animate a decision `seat` took; a beat (or a click) between the others' turns."""
        self.feed(events)
        ended = any(type(e) in (ev.TurnBegan, ev.RoundScored) for e in events)
        if ended and seat != self.human:
            self.timeline.pause(self.pace.time(0.5))  # a beat between turns
            wait = self.app.settings.wait_after_bots and self.session.local
            if wait and not self.auto and self.human is not None:
                self.timeline.add(lambda: self._wait_for_player(seat))

    def _wait_for_player(self, seat: int) -> float:
        if self.session.turn == self.human:
            return 0.0  # the player's own turn waits for the player anyway: no extra click
        name = self.players[seat]
        if is_you(name):
            self.anim.waiting_text = _("Your turn is over: click (or Enter) to go on.")
        else:
            self.anim.waiting_text = _("{name}'s turn is over: click (or Enter) to go on.", name=name)
        return WAIT_CLICK

    def save(self) -> None:
        self.session.save()

    def on_quit(self) -> None:
        self.save()
        self.close()

    def close(self) -> None:
        """The table is left: the bots stop, and the last save is on disk before we go on."""
        self.session.close()

    def finish(self) -> None:
        """The game is over and its result is shown next."""
        self.finished = True
        self.session.finish()
        self.app.show("game_over", self)

    def next_round(self) -> None:
        self.round_end_open = False
        self.feed(self.session.next_round())

    # ---- the frame --------------------------------------------------------------------------------
    def relabel(self) -> None:
        """The language changed (Settings over the table): the buttons, the prompt and the
        log's narrated lines anew."""
        self.spoken = speech.version
        help_button, menu_button = self.sidebar.buttons[-2:]
        help_button.label, menu_button.label = _("How to play (H)"), _("Menu (Esc)")
        if self.net is not None:
            self.net.relabel()
        self.sidebar.place_buttons(self.board.layout.sidebar)
        self.sidebar.retell()
        self.messages.narration = said_again(self.messages.narration)
        if self.turn is not None:
            self.turn.relabel()
            self.refresh()

    def update(self, dt: float) -> None:
        if self.spoken != speech.version:
            self.relabel()
        self.session.pump()  # what the network brought (a local session has nothing)
        self.speech.update()  # the prompt, the focus ring's item, a waiting click: said as they change
        if self.net is not None:  # the log ends above the reactions' row while it is open
            self.sidebar.keep_room(self.net.log_room())
        if self.session.resynced:  # back after missing moves: drawn afresh
            self.session.resynced = False
            self.app.show("net_table", self.session, fresh=False)
            return
        if self.pace.calm != self.drawing.calm:  # changed in Settings (over this table)
            self.motion_changed()
        if self.pad_words != pad_prompts():  # a pad or the keys took over: the prompt names them
            self.pad_words = pad_prompts()
            self.refresh()
        # the guided game always shows what the player saw: a learner needs the marks
        aid = self.app.settings.memory_aid or self.coach is not None
        # a watcher who follows a seat sees what that seat knows
        following = self.session.follows is not None
        self.board.memory_aid = (aid and self.human is not None) or following
        self.board.update(dt)
        self.timeline.update(dt)
        self.messages.update(dt)
        if self.session.notes:
            self.warn(self.session.notes.pop())
        if self.timeline.busy or self.finished:
            return
        step = self.session.next_step()  # a decision taken elsewhere (a server's move)
        if step is not None:
            self.played(step.by, list(step.events))
            return
        if self.dirty:
            self.board.place_all(self.session.view())
            self.dirty = False
        if self.session.between_rounds:
            if not self.round_end_open:
                self.round_end_open = True
                self.app.open("round_end", self)
            return
        seat = self.session.turn
        if seat == self.human:
            if self.session.waiting:
                return  # the player's decision is on its way to the server
            if self.turn.mode is None:
                self.enter_turn()
            if not self.input.replay_queued() and self.turn.poll_hint():
                if self.turn.hints.sentence:  # the whole hint in the log, to read again
                    sentence = self.turn.hints.sentence
                    self.sidebar.tell_once(Remade(lambda: _("Hint: {hint}", hint=sentence)))
                self.refresh()
            return
        self.update_bot(seat, dt)

    def enter_turn(self) -> None:
        view = self.session.view()
        if view.phase == START:
            self.app.play("your_turn")  # the chime: the player's turn has come
            self.app.call_back()  # and the window flashes if it is behind others
            self.messages.end_banners()  # no banner of a move gone by stands over the prompt
        self.turn.enter(view, self.anim.seen_words if view.phase == TWELVE else None)
        self.refresh()

    def refresh(self) -> None:
        """Show the turn machine's state: what glows, what is raised, the prompt and buttons."""
        t = self.turn
        if t is None or t.mode is None:
            return
        self.board.show_choice(*t.glow(self.n))
        self.board.lift_chosen(t.sel, self.pace.time(0.12), self.hovered_card())
        hand = self.board.held(self.human)
        hand_rect = hand.rect() if hand is not None else None
        words = (t.prompt, t.buttons, t.wont_match() or "", hand_rect)
        self.prompt_bar.layout(self.board.layout, *words, ring=True)  # the pad's A: the ring's item
        lay = self.board.layout
        t.scram.fit(8)
        t.scram.rect = lay.place_scram(t.scram.rect.size)

    def motion_changed(self) -> None:
        """Reduced motion was switched: lower raised cards, or raise them again."""
        self.drawing.calm = self.pace.calm
        if self.drawing.calm:
            for sp in self.board.all_cards():
                sp.set_lift(0.0, 0)
        elif not self.timeline.busy:
            self.board.place_all(self.session.view())
            self.refresh()

    def update_bot(self, seat: int, dt: float) -> None:
        """Another seat decides: a local bot (or the guided game's script) at the table's
        pace; a remote seat's decision comes as a step."""
        # The speed setting slows the bots too: their moment to think scales with it.
        pace = self.app.settings.pace_seconds * self.pace.factor
        thinking, decision = self.session.bot_step(seat, dt, pace)
        self.board.set_thinking(thinking)
        if decision is not None:
            self.board.set_thinking(0.0)
            self.decide(decision)

    def resize(self, size: tuple[int, int]) -> None:
        self.backdrop.forget()
        self.board.resize(size)
        self.sidebar.place_buttons(self.board.layout.sidebar)
        self.refresh()

    def open_help(self) -> None:
        self.app.open("help")

    def open_pause(self) -> None:
        self.app.open("pause", self)

    def ask_leave(self) -> None:
        """Leave a networked table, once the player has read what it means."""
        s = self.session
        if s.watcher:
            again = _("You can watch again with the code.")
            return self.app.open(
                "confirm", _("Stop watching?"), again, _("Stop"), self.leave_table, _("Stay")
            )
        if s.playing and s.port is not None:
            detail = _(
                "A bot takes your seat for the rest of the game. "
                "You host this table: leaving closes it for everyone."
            )
        elif s.playing:
            detail = _("A bot takes your seat for the rest of the game.")
        elif s.port is not None:
            detail = _("Your seat opens again. You host this table: leaving closes it for everyone.")
        else:
            detail = _("Your seat opens again.")
        self.app.open("confirm", _("Leave the table?"), detail, _("Leave"), self.leave_table, _("Stay"))

    def leave_table(self) -> None:
        self.session.leave()
        self.app.show("menu")

    # ---- the picture (picture.py) ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.picture.draw(surface)

    def hovered(self) -> tuple | str | None:
        return self.picture.hovered()

    def hovered_card(self) -> tuple | None:
        return self.picture.hovered_card()

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Every text box on the table now (board, prompt, Scram), for the layout check."""
        return self.picture.text_boxes()

    # ---- input --------------------------------------------------------------------------------------
    def my_turn(self) -> bool:
        return self.turn is not None and self.turn.mode is not None and not self.timeline.busy

    def handle_event(self, e: pygame.event.Event) -> None:
        self.input.handle(e)

    @property
    def pad_keys(self) -> frozenset:
        """The keys the app's pad focus takes here (focus_ring.py): a watcher's, over the
        sidebar's buttons; a camper's table keeps its own focus (`focus`), prompt buttons in."""
        return ALL_KEYS if self.human is None else frozenset()

    def focus_targets(self) -> list:
        return list(self.sidebar.buttons)


__all__ = ["TableScene"]
