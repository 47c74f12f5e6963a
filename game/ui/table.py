"""The table scene: campsites, piles, the log, bots' turns and the player's turn.

The game state lives in the core (`Game`); this scene shows it through card sprites.
Every decision goes through `game.apply`, and the events it returns (filtered for the
player's seat) are queued on the timeline by `animate.py` as card movements. Input waits
while the timeline runs; once it is idle the sprites are checked against the seat's view
(`sync`), so the picture always ends exactly where the core says.
"""

from __future__ import annotations

import time
from concurrent.futures import Future

import pygame

from game.cards import ACTION_NAMES, label, team_of
from game.decisions import DECK_TOP, DISCARD, DRAW, KEEP, SCRAM, SWAP, TAKE, Act, Replace
from game.events import RoundDealt, for_seat
from game.saves import SaveWriter

from . import skin
from .animate import Animator
from .bots import BotTable
from .layout import Layout
from .narrate import Narrator, a_card, ordinal
from .scene import Scene
from .sprites import CardSprite, set_reduced_motion, set_seat_teams, team_mark
from .tween import Timeline
from .widgets import Button, draw_text, panel, px, row_of, wrap
from .words import action_help, team_names

LEGAL = skin.HIGHLIGHT
CHOSEN = skin.SELECTED
# Reduced motion: slides take this share of their normal time (pauses keep theirs).
CALM_SLIDE = 0.6


class TableScene(Scene):
    def __init__(
        self,
        app,
        game,
        players: list[str],
        levels: list[str | None],
        human: int | None,
        fresh: bool = True,
        auto: bool = False,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.players, self.levels, self.human = players, levels, human
        self.viewer = human if human is not None else 0
        self.auto = auto  # round ends and game over move on by themselves (watch, self-test)
        self.n = game.campers
        self.narrator = Narrator(players, human)
        self.teams = team_names(self.n)
        set_seat_teams({s: team_of(s, self.n) for s in range(self.n)})
        self.layout = Layout(app.size, self.n, self.viewer)
        self.timeline = Timeline()
        self.rows: list[list[CardSprite | None]] = [[] for _ in range(self.n)]
        self.pile: list[CardSprite] = []  # discard pile sprites, top last
        self.flying: list[CardSprite] = []  # deck cards out for a moment (views, flips, swaps)
        self.hands: dict[int, CardSprite] = {}
        self.deck_count = 0
        self.turn_seat = game.turn
        self.log: list[str] = []
        self.log_scroll = 0
        self.narration = ""
        self.warning = ""
        self.warning_t = 0.0
        self.banner = ""
        self.banner_t = 0.0
        self.banner_low = False  # shown above the player's row instead of mid-table
        self.mouse = (0, 0)
        # Keyboard choice of cards: the item under the focus ring (as `hit` names things),
        # and whether the ring shows (after a focus key; a click hides it again).
        self.focus: tuple | str | None = None
        self.keyboard = False
        self.bots = BotTable(self.n, levels, [s for s in range(self.n) if s != human], game.seed)
        self.saver = SaveWriter() if human is not None else None  # a watched game is not saved
        self.pending: Future | None = None
        self.think = 0.0
        self.mode: str | None = None
        self.sel: list[tuple] = []
        self.end = "right"
        self.give_seat: int | None = None
        self.glow: dict[tuple, tuple] = {}
        self.deck_glow = self.discard_glow = False
        self.buttons: list[Button] = []
        self.prompt = ""
        self.view = game.view(self.viewer)
        self.dirty = False
        self.round_end_open = False
        self.sums: dict[int, int] | None = None  # camper sums shown during the round end
        self.finished = False
        self.twelve_seen: list[str] = []
        self.acts: list = []
        self.need = 0
        self.scram_button = Button("SCRAM!", lambda: self.try_decide(SCRAM), pygame.K_s, size=22)
        self.scram_button.danger = True
        self.side_buttons = [
            Button("How to play (H)", self.open_help, pygame.K_h, size=16),
            Button("Menu (Esc)", self.open_pause, None, size=16),
        ]
        self.anim = Animator(self)
        self._side_key: tuple | None = None  # what the cached sidebar shows
        self._side_img: pygame.Surface | None = None
        self.calm_shown = self.calm  # the reduced-motion setting the sprites were made for
        set_reduced_motion(self.calm)
        if fresh:
            self.bots.observe(list(game.events))
            self.feed(list(game.events))
        else:
            self.bots.observe(list(game.events))
            # The story of this round so far, as it was told before the game was closed.
            events = list(game.events)
            dealt = max((i for i, e in enumerate(events) if type(e) is RoundDealt), default=0)
            self.log = self.narrator.lines([for_seat(e, self.viewer) for e in events[dealt:]])
            self.log.append(f"Game restored: round {game.round} of {game.rounds}.")
            self.narration = self.log[-1]
            self.sync()
        self._place_side_buttons()

    # ---- helpers ------------------------------------------------------------------
    @property
    def factor(self) -> float:
        return self.app.settings.time_factor

    @property
    def calm(self) -> bool:
        """Reduced motion is on."""
        return self.app.settings.reduced_motion

    def dur(self, seconds: float) -> float:
        """A duration scaled by the speed setting (0 when instant)."""
        return seconds * self.factor

    def slide(self, seconds: float) -> float:
        """A card slide's duration: the speed setting, and shorter with reduced motion."""
        return self.dur(seconds) * (CALM_SLIDE if self.calm else 1.0)

    def team_color(self, seat: int) -> tuple:
        return skin.TEAM[team_of(seat, self.n)]

    def name(self, seat: int) -> str:
        return self.players[seat]

    def warn(self, message: str) -> None:
        self.warning = message[0].upper() + message[1:] if message else ""
        self.warning_t = 4.0

    def say(self, message: str) -> None:
        """Show `message` on the narration bar (not in the log)."""
        self.narration = message

    def tell(self, line: str, new: bool = True) -> None:
        """Show a line of the game's story on the narration bar and in the log.

        `new` False: the line grows the log's latest entry (an action card's effects join
        its line as their animations come) instead of adding one.
        """
        if new or not self.log:
            self.log.append(line)
            self.log_scroll = 0
            if len(self.log) > 500:
                del self.log[:100]
        else:
            self.log[-1] = line
        self.narration = line

    # ---- feeding the core's events to the timeline ----------------------------------
    def feed(self, events: list) -> None:
        """Queue the animations of `events`; their lines are told as the timeline reaches them."""
        mine = [for_seat(e, self.viewer) for e in events]
        self.anim.queue(mine, self.narrator.steps(mine))
        self.dirty = True

    def decide(self, decision) -> None:
        """Apply a decision (the player's or a bot's), save, and animate what it did."""
        self.mode = None
        self.buttons = []
        self.glow = {}
        self.deck_glow = self.discard_glow = False  # nothing is clickable while the cards move
        self.scram_button.glow = False
        self.sel = []
        self.warning_t = 0.0  # a refusal is old news once a decision is taken
        for row in self.rows:  # the chosen cards, raised while choosing, settle again
            for sp in row:
                if sp is not None and sp.lift > 0:
                    sp.set_lift(0.0, self.dur(0.2))
        events = self.game.apply(decision)
        self.bots.observe(events)
        self.feed(events)
        self.save()

    def try_decide(self, decision) -> None:
        if self.mode is None:
            return
        reason = self.view.why_illegal(decision)
        if reason is not None:
            self.warn(reason)
            self.app.play("click")
            return
        self.app.play("click")
        self.decide(decision)

    def save(self) -> None:
        if self.saver is None:
            return
        if self.game.phase == "over":
            self.saver.delete()
        else:
            self.saver.save(self.game, self.players, self.levels, self.human)

    def on_quit(self) -> None:
        self.save()
        self.close()

    def close(self) -> None:
        """The table is left: the bots stop, and the last save is on disk before we go on."""
        self.bots.close()
        if self.saver is not None:
            self.saver.close()

    # ---- keeping sprites true to the view ---------------------------------------------
    def sync(self) -> None:
        """Set every sprite to what the view says (after the animations, or on restore)."""
        v = self.game.view(self.viewer)
        self.view = v
        revealing = v.phase in ("round_over", "over")
        lay = self.layout
        for s in range(self.n):
            want = v.campsites[s]
            row = [sp for sp in self.rows[s] if sp is not None]
            if len(row) != len(want):
                row = [CardSprite(None, False, *lay.slot(s, i, len(want))) for i in range(len(want))]
            for sp, (value, up, known) in zip(row, want, strict=True):
                sp.value = value
                sp.peek = False
                if sp.lift and not sp.tweens:
                    sp.lift = 0.0
                if not revealing:
                    sp.up = up
                    sp.known = 0 if up else known
            self.rows[s] = row
            self.place_row(s, 0)
        self.deck_count = v.deck_size
        if not v.discard:
            self.pile = []
        else:
            if not self.pile:
                self.pile = [CardSprite(v.discard[-1], True, *self.layout.discard_pos, lay.pile_w)]
            top = self.pile[-1]
            top.value, top.up = v.discard[-1], True
            self.pile = self.pile[-3:]
            for sp in self.pile:
                sp.move(*lay.discard_pos, lay.pile_w, 0)
                sp.lift = 0
        # Only a drawn card is held: in the 12's exchange decision the core still names the
        # 12 as drawn, but it already lies on the discard pile (shown there, not in a hand).
        if v.phase == "drawn" and v.turn is not None:
            t = v.turn
            sp = self.hands.get(t) or CardSprite(None, False, *lay.seat_hand(t))
            sp.value = v.drawn
            sp.up = v.drawn is not None and (t == self.viewer or v.drawn_source == "discard")
            sp.move(*lay.seat_hand(t), 0)
            sp.set_lift(1.0 if t == self.viewer else 0.3, 0)
            self.hands = {t: sp}
        else:
            self.hands = {}
        self.flying = []
        self.turn_seat = v.turn

    def place_row(self, seat: int, dur: float, delay: float = 0.0) -> None:
        row = self.rows[seat]
        count = len(row)
        for i, sp in enumerate(row):
            if sp is None:
                continue
            x, y, w = self.layout.slot(seat, i, count)
            if (abs(sp.x - x) > 0.5 or abs(sp.y - y) > 0.5 or abs(sp.w - w) > 0.5) or sp.moving:
                sp.move(x, y, w, dur, delay)

    def compact(self, dur: float) -> None:
        """Close the holes left by cards that went away (the rest slide together)."""
        for s in range(self.n):
            if any(sp is None for sp in self.rows[s]):
                self.rows[s] = [sp for sp in self.rows[s] if sp is not None]
                self.place_row(s, dur)

    def sprite_at(self, target: tuple) -> CardSprite | None:
        s, i = target
        if 0 <= s < self.n and 0 <= i < len(self.rows[s]):
            return self.rows[s][i]
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.n, self.viewer)
        for s in range(self.n):
            self.place_row(s, 0)
        for seat, sp in self.hands.items():
            sp.move(*self.layout.seat_hand(seat), 0)
        for sp in self.pile:
            sp.move(*self.layout.discard_pos, self.layout.pile_w, 0)
        self._place_side_buttons()
        if self.mode:
            self._layout_buttons()

    def _place_side_buttons(self) -> None:
        sb = self.layout.sidebar
        y = sb.bottom - px(12)
        for b in reversed(self.side_buttons):
            b.fit()
            b.rect.w = sb.w - px(32)
            b.rect.midbottom = (sb.centerx, y)
            y = b.rect.y - px(8)
        r = self.layout.scram_rect
        self.scram_button.fit(8)
        self.scram_button.rect.h = max(self.scram_button.rect.h, r.h)
        self.scram_button.rect.center = r.center

    # ---- the frame ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.calm != self.calm_shown:  # changed in Settings (over this table)
            self.motion_changed()
        self.update_sprites(dt)
        self.timeline.update(dt)
        if self.warning_t > 0:
            self.warning_t -= dt
        if self.saver is not None and self.saver.notes:
            self.warn(self.saver.notes.pop())
        if self.banner_t > 0:
            self.banner_t -= dt
        if self.timeline.busy or self.finished:
            return
        if self.dirty:
            self.sync()
            self.dirty = False
        phase = self.game.phase
        if phase in ("round_over", "over"):
            if not self.round_end_open:
                self.round_end_open = True
                self.app.open("round_end", self)
            return
        seat = self.game.turn
        if seat == self.human:
            if self.mode is None:
                self.enter_mode()
            return
        self.update_bot(seat, dt)

    def motion_changed(self) -> None:
        """Reduced motion was switched: lower raised cards, or raise them again."""
        self.calm_shown = self.calm
        set_reduced_motion(self.calm)
        if self.calm:
            sprites = [sp for row in self.rows for sp in row if sp is not None]
            for sp in [*sprites, *self.pile, *self.hands.values(), *self.flying]:
                sp.set_lift(0.0, 0)
        elif not self.timeline.busy:
            self.sync()
            if self.mode is not None:
                self._update_glow()

    def update_sprites(self, dt: float) -> None:
        for row in self.rows:
            for sp in row:
                if sp is not None and sp.tweens:
                    sp.update(dt)
        for sp in self.pile:
            if sp.tweens:
                sp.update(dt)
        for sp in self.hands.values():
            if sp.tweens:
                sp.update(dt)
        for sp in self.flying:
            if sp.tweens:
                sp.update(dt)

    def update_bot(self, seat: int, dt: float) -> None:
        if self.pending is None:
            self.pending = self.bots.ask(seat, self.game.view(seat))
            self.think = 0.0
        self.think += dt
        if not self.pending.done():
            # Let the bot thread have the GIL now: a frame loop that never sleeps (instant
            # speed, the self-test) would otherwise starve it for hundreds of frames.
            time.sleep(0)
        pace = self.app.settings.pace_seconds
        if self.game.phase != "start":
            pace *= 0.6  # the second step of a turn: a shorter moment
        if self.pending.done() and self.think >= pace:
            decision = self.pending.result()
            self.pending = None
            self.decide(decision)

    # ---- the player's turn ----------------------------------------------------------
    def enter_mode(self) -> None:
        v = self.game.view(self.human)
        self.view = v
        self.sel = []
        self.end = "right"
        self.give_seat = None
        phase = v.phase
        if phase == "start":
            self.mode = "start"
            self.app.play("your_turn")  # the chime: the player's turn has come
            top = label(v.discard[-1]) if v.discard else None
            take = f", take the {top} from the discard pile (T)" if top else ""
            self.prompt = f"Your turn: draw a card (D){take}, or Scram (S)."
            self.deck_glow = v.why_illegal(DRAW) is None
            self.discard_glow = v.why_illegal(TAKE) is None
        elif phase == "drawn":
            self.mode = "choose"
            self.prompt = f"You hold {'an' if label(v.drawn) in ('8', '11') else 'a'} {label(v.drawn)}. "
            if v.drawn_source == "deck":
                self.prompt += action_help(v.drawn)
            else:
                self.prompt += "Taken from the discard pile, it must be kept: click a card of yours."
        elif phase == "twelve":
            self.mode = "twelve"
            pair = list(v.twelve or ())
            self.sel = pair  # the two cards stand raised and ringed while the player decides
            seen = self.twelve_seen or [self.seen_words(t) for t in pair]
            self.prompt = f"You saw {' and '.join(seen) or 'the two cards'}. Swap them (W) or leave them (L)?"
        self._layout_buttons()
        self._update_glow()

    def seen_words(self, t: tuple) -> str:
        """A card the player knows, in words: "a 7 (Bea's 2nd card)" (a restored game has no
        record of the view's words, only of what the player knows)."""
        v = self.view
        value = v.deck_known.get(t[1]) if t[0] == "deck" else v.campsites[t[0]][t[1]][0]
        return f"{a_card(value)} ({self.narrator.target(t)})"

    def _layout_buttons(self) -> None:
        v = self.view
        mode = self.mode
        bs: list[Button] = []
        if mode == "choose":
            discard = Button("Discard (X)", lambda: self.try_decide(DISCARD), pygame.K_x)
            discard.enabled = v.why_illegal(DISCARD) is None
            discard.why = v.why_illegal(DISCARD)
            act_name = ACTION_NAMES.get(v.drawn, "")
            act = Button(f"Use: {act_name} (A)" if act_name else "Use action (A)", self.start_act, pygame.K_a)
            act.enabled = bool(v.legal_acts())
            if v.drawn_source != "deck":
                act.why = "a card taken from the discard pile cannot be played for its action"
            else:
                act.why = "cards 1–4 and = have no action"
            keep = Button("Keep (K)", self.start_replace, pygame.K_k, primary=True)
            keep.enabled = bool(v.campsites[self.human])
            keep.why = "your campsite is empty: discard the card or play it"
            bs = [discard, act, keep]
        elif mode == "replace":
            confirm = Button("Confirm (Enter)", self.confirm_replace, pygame.K_RETURN, primary=True)
            confirm.enabled = bool(self.sel)
            confirm.why = "click a card of your campsite first"
            end = Button(f"If no match: add at the {self.end} (E)", self.toggle_end, pygame.K_e)
            cancel = Button("Cancel (Esc)", self.cancel, pygame.K_ESCAPE)
            bs = [confirm, end, cancel]
        elif mode in ("act", "give"):
            bs = [Button("Cancel (Esc)", self.cancel, pygame.K_ESCAPE)]
        elif mode == "act_end":
            bs = [
                Button("Left end (L)", lambda: self.finish_act("left"), pygame.K_LEFT),
                Button("Right end (R)", lambda: self.finish_act("right"), pygame.K_RIGHT),
                Button("Cancel (Esc)", self.cancel, pygame.K_ESCAPE),
            ]
            bs[0].key, bs[1].key = pygame.K_l, pygame.K_r
        elif mode == "twelve":
            bs = [
                Button("Swap them (W)", lambda: self.try_decide(SWAP), pygame.K_w, primary=True),
                Button("Leave them (L)", lambda: self.try_decide(KEEP), pygame.K_l),
            ]
        self.buttons = bs
        p = self.layout.prompt
        row_of(bs, (p.centerx, p.centery + px(4)))
        scram_ok = mode == "start" and v.why_illegal(SCRAM) is None
        self.scram_button.enabled = scram_ok
        self.scram_button.glow = scram_ok
        self.scram_button.why = (
            v.why_illegal(SCRAM) if mode == "start" else "Scram is declared at the start of a turn"
        )

    def _update_glow(self) -> None:
        v = self.view
        g: dict[tuple, tuple] = {}
        me = self.human
        if self.mode in ("choose", "replace"):
            if not self.sel:
                if self.mode == "replace" or v.drawn_source == "discard":
                    for i in range(len(v.campsites[me])):
                        g[(me, i)] = LEGAL
            else:
                for t in v.replacement_partners():
                    if t not in self.sel:
                        g[t] = LEGAL
        elif self.mode == "act":
            for t in self._act_candidates():
                if t[0] != "deck":
                    g[t] = LEGAL
        elif self.mode == "give":
            for s in range(self.n):
                for i in range(len(v.campsites[s])):
                    g[(s, i)] = LEGAL
        for t in self.sel:
            if t[0] != "deck":
                g[t] = CHOSEN
        self.glow = g
        if self.mode == "act":
            self.deck_glow = any(t[0] == "deck" for t in self._act_candidates())
        elif self.mode != "start":
            self.deck_glow = False
        if self.mode != "start":
            self.discard_glow = False
        # Chosen cards rise a little so the selection reads at a glance.
        for s in range(self.n):
            for i, sp in enumerate(self.rows[s]):
                if sp is not None:
                    want = 0.45 if (s, i) in self.sel else 0.0
                    if sp.lift != want:
                        sp.set_lift(want, self.dur(0.12))

    def _act_candidates(self) -> list[tuple]:
        """Targets that can join the current selection in some legal act."""
        chosen = set(self.sel)
        out = set()
        for a in self.acts:
            ts = set(a.targets)
            if chosen <= ts:
                out |= ts - chosen
        return sorted(out, key=lambda t: (t[0] == "deck", t))

    # -- choices
    def start_replace(self) -> None:
        self.mode = "replace"
        self.sel = []
        self.prompt = "Keep it: click the card of your campsite it replaces (then any matching cards)."
        self._layout_buttons()
        self._update_glow()

    def start_act(self) -> None:
        v = self.view
        self.acts = v.legal_acts()
        value = v.drawn
        if value == 13:
            self.mode = "give"
            self.prompt = "Give the 13: click any camper's campsite (yours too)."
        elif value == 11 and self.acts and not self.acts[0].targets:
            self.warn("no two cards can be swapped: the 11 is played with no effect")
            self.try_decide(Act(()))
            return
        else:
            self.mode = "act"
            need = len(self.acts[0].targets) if self.acts else 0
            self.need = need
            self.prompt = f"{ACTION_NAMES[value]}: choose {need} target{'s' if need != 1 else ''}"
            self.prompt += (
                " (cards that glow, or the deck)." if self.deck_glow_possible() else " (cards that glow)."
            )
        self._layout_buttons()
        self._update_glow()

    def deck_glow_possible(self) -> bool:
        return any(t[0] == "deck" for a in self.acts for t in a.targets)

    def cancel(self) -> None:
        self.mode = "choose"
        self.sel = []
        self.give_seat = None
        self.enter_mode()

    def toggle_end(self) -> None:
        self.end = "left" if self.end == "right" else "right"
        self._layout_buttons()

    def confirm_replace(self) -> None:
        if self.sel:
            self.try_decide(Replace(tuple(self.sel), self.end))

    def finish_act(self, end: str) -> None:
        if self.give_seat is not None:
            self.try_decide(Act((), end, self.give_seat))
        else:
            self.try_decide(Act(tuple(self.sel), end))

    def click_target(self, t: tuple) -> None:
        """The player clicked a campsite card or the deck (`t` a target)."""
        mode = self.mode
        v = self.view
        if mode == "choose":
            if t[0] == self.human:
                self.start_replace()
                self.click_target(t)
            elif t[0] == "deck":
                self.warn("you already hold a card: discard it, use it, or keep it")
            else:
                self.warn("to keep the card, click a card of your own campsite first")
            return
        if mode == "replace":
            if t[0] == "deck":
                self.warn("only campsite cards can be replaced, not deck cards")
                return
            if t in self.sel:
                self.sel = [] if t == self.sel[0] else [x for x in self.sel if x != t]
            else:
                reason = v.why_illegal(Replace(tuple(self.sel) + (t,), self.end))
                if reason:
                    self.warn(reason)
                    return
                self.sel.append(t)
            self.prompt = (
                "Add cards that match (yours or a teammate's), then Confirm (Enter)."
                if self.sel
                else "Click the card of your campsite it replaces."
            )
            self.app.play("click")
            self._layout_buttons()
            self._update_glow()
            return
        if mode == "act":
            if t[0] == "deck" and ("deck", 0) in self.sel:
                t = ("deck", 1) if ("deck", 1) not in self.sel else t
            if t in self.sel:
                self.sel.remove(t)
            elif t in self._act_candidates():
                self.sel.append(t)
            else:
                reason = v.why_illegal(Act(tuple(self.sel) + (t,)))
                value = v.drawn
                if reason is None or reason.startswith(f"a {value} takes"):
                    reason = f"that card cannot be used with this {value} now"
                self.warn(reason)
                return
            self.app.play("click")
            if len(self.sel) == self.need:
                if v.drawn == 9:
                    self.mode = "act_end"
                    self.prompt = "Where does the 9 go in your campsite?"
                    self._layout_buttons()
                else:
                    self.try_decide(Act(tuple(self.sel)))
                    return
            self._update_glow()
            return
        if mode == "give":
            seat = t[0] if t[0] != "deck" else None
            if seat is None:
                self.warn("a 13 must be given to a camper at the table")
                return
            self.give_seat = seat
            self.mode = "act_end"
            who = "your" if seat == self.human else f"{self.name(seat)}'s"
            self.prompt = f"Which end of {who} campsite gets the 13?"
            self._layout_buttons()
            self._update_glow()
            return
        if mode == "start":
            if t[0] == "deck":
                self.try_decide(DRAW)
            else:
                self.warn("start your turn: draw (D), take the discard top (T), or declare Scram (S)")
            return
        if mode == "twelve":
            self.warn("decide first: swap the two cards you saw, or leave them")

    def hit(self, pos: tuple[int, int]) -> tuple | str | None:
        """What is under `pos`: a campsite target, a seat box ("seat", s), "deck" or "discard"."""
        for s in range(self.n):
            row = self.rows[s]
            for i in range(len(row) - 1, -1, -1):
                sp = row[i]
                if sp is not None and sp.rect().collidepoint(pos):
                    return (s, i)
        if self.layout.deck_rect().collidepoint(pos):
            return "deck"
        if self.layout.discard_rect().inflate(8, 8).collidepoint(pos):
            return "discard"
        for s, seat in self.layout.seats.items():
            if seat.box.collidepoint(pos):
                return ("seat", s)
        return None

    # ---- events ---------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            for b in [*self.buttons, self.scram_button, *self.side_buttons]:
                b.handle_event(e)
            return
        if e.type == pygame.MOUSEWHEEL:
            if self.layout.sidebar.collidepoint(self.mouse):
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + e.y))
            return
        if e.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return
        if e.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False  # the mouse is in use: the keyboard's ring steps aside
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_h, pygame.K_F1):
            self.open_help()
            return
        if self.timeline.waiting_click:
            if e.type == pygame.MOUSEBUTTONDOWN or e.key in (
                pygame.K_RETURN,
                pygame.K_SPACE,
                pygame.K_KP_ENTER,
            ):
                self.timeline.click()
                return
        for b in self.side_buttons:
            if b.handle_event(e):
                return
        if (
            e.type == pygame.KEYDOWN
            and e.key == pygame.K_ESCAPE
            and self.mode
            not in (
                "replace",
                "act",
                "give",
                "act_end",
            )
        ):
            self.open_pause()
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button != 1:
            return
        mine = self.mode is not None and not self.timeline.busy
        if not mine:
            if e.type == pygame.MOUSEBUTTONDOWN and self.hit(e.pos) is not None and not self.finished:
                if self.game.turn is not None and self.game.turn != self.human:
                    self.warn(f"wait: it is {self.name(self.game.turn)}'s turn")
            return
        if e.type == pygame.KEYDOWN and self.focus_key(e):
            return
        for b in self.buttons:
            if b.handle_event(e, self.warn):
                return
        if self.mode == "start":
            if self.scram_button.handle_event(e, self.warn):
                return
            if e.type == pygame.KEYDOWN:
                if e.key == pygame.K_d:
                    self.try_decide(DRAW)
                elif e.key == pygame.K_t:
                    self.try_decide(TAKE)
                return
        elif self.scram_button.rect.collidepoint(getattr(e, "pos", (-1, -1))):
            self.warn(self.scram_button.why or "")
            return
        if e.type != pygame.MOUSEBUTTONDOWN:
            return
        what = self.hit(e.pos)
        if what is not None:
            self.activate(what)

    def activate(self, what: tuple | str) -> None:
        """Act on a table item (as `hit` names it): a click and the keyboard's Space both come here."""
        if what == "deck":
            if self.mode == "start":
                self.try_decide(DRAW)
            else:
                self.click_target(DECK_TOP)
        elif what == "discard":
            if self.mode == "start":
                self.try_decide(TAKE)
            else:
                self.warn("the discard pile can only be taken at the start of your turn")
        elif what[0] == "seat":
            if self.mode == "give":
                self.click_target((what[1], 0))
        else:
            self.click_target(what)

    # ---- choosing cards with the keyboard -----------------------------------------------
    def focus_items(self) -> list[tuple | str]:
        """What the focus ring may stand on now: the items a click would use, in Tab order.

        The player's own row first, then the other seats clockwise, then the piles. Chosen
        cards stay in the list, so the keyboard can unchoose them as a click does.
        """
        if self.mode is None or self.timeline.busy or self.human is None:
            return []
        items: list[tuple | str] = []
        if self.mode == "start":
            items = [x for x, ok in (("deck", self.deck_glow), ("discard", self.discard_glow)) if ok]
        elif self.mode == "choose":
            if self.view.campsites[self.human]:
                items = [(self.human, i) for i in range(len(self.rows[self.human]))]
        elif self.mode in ("replace", "act"):
            items = [t for t in self.glow if t[0] != "deck"]
            if self.mode == "act" and (self.deck_glow or any(t[0] == "deck" for t in self.sel)):
                items.append("deck")
        elif self.mode == "give":
            items = [(s, 0) if self.rows[s] else ("seat", s) for s in range(self.n)]
        order = {s: (s - self.human) % self.n for s in range(self.n)}

        def rank(x: tuple | str) -> tuple:
            if isinstance(x, str):
                return (self.n + 1, x)
            if x[0] == "seat":
                return (order[x[1]], -1)
            return (order[x[0]], x[1])

        return sorted(items, key=rank)

    def item_rect(self, item: tuple | str) -> pygame.Rect | None:
        """Where a focusable item is on screen (None if it has no sprite now)."""
        if item == "deck":
            return self.layout.deck_rect()
        if item == "discard":
            return self.layout.discard_rect()
        if item[0] == "seat":
            return self.layout.seats[item[1]].box
        sp = self.sprite_at(item)
        return sp.rect() if sp is not None else None

    def current_focus(self) -> tuple | str | None:
        """The focused item, or where the focus goes when its item is gone (the nearest one)."""
        items = self.focus_items()
        if not items:
            return None
        if self.focus in items:
            return self.focus
        old = self.item_rect(self.focus) if self.focus is not None else None
        if old is None:
            return items[0]

        def distance(x: tuple | str) -> float:
            r = self.item_rect(x)
            if r is None:
                return float("inf")
            return (r.centerx - old.centerx) ** 2 + (r.centery - old.centery) ** 2

        return min(items, key=distance)

    def focus_key(self, e: pygame.event.Event) -> bool:
        """Arrows and Tab move the focus ring, Space (or Enter) chooses; True if `e` was one."""
        k = e.key
        moves = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }
        choose = k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if k not in moves and k != pygame.K_TAB and not choose:
            return False
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and any(
            b.key == pygame.K_RETURN and b.enabled for b in self.buttons
        ):
            return False  # Enter confirms a complete choice, as its button says
        items = self.focus_items()
        if not items:
            return False
        here = self.current_focus()
        if not self.keyboard:
            # The first key only shows the ring, where it stands: nothing is chosen unseen.
            self.keyboard = True
            self.focus = here
            return True
        if choose:
            self.focus = here
            self.activate(here)
            return True
        if k == pygame.K_TAB:
            step = -1 if getattr(e, "mod", 0) & pygame.KMOD_SHIFT else 1
            self.focus = items[(items.index(here) + step) % len(items)]
        else:
            self.focus = self._toward(here, items, moves[k])
        self.app.play("click")
        return True

    def _toward(self, here: tuple | str, items: list, direction: tuple[int, int]) -> tuple | str:
        """The item nearest to `here` in `direction` (mostly straight ahead), or `here`."""
        r = self.item_rect(here)
        if r is None:
            return items[0]
        dx, dy = direction
        best, best_cost = here, float("inf")
        for x in items:
            o = self.item_rect(x)
            if x == here or o is None:
                continue
            vx, vy = o.centerx - r.centerx, o.centery - r.centery
            ahead = vx * dx + vy * dy
            if ahead <= 4:
                continue
            aside = abs(vx * dy - vy * dx)
            cost = ahead + 2 * aside  # a card in line beats a nearer one off to the side
            if cost < best_cost:
                best, best_cost = x, cost
        return best

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The keyboard's focus ring: thick, in the text colour, with a dark halo.

        Light ink stays apart from the mint of legal cards, the yellow of chosen ones and the
        accent of the seat whose turn it is, and the halo keeps it clear on any card or felt.
        """
        if not self.keyboard:
            return
        item = self.current_focus()
        r = self.item_rect(item) if item is not None else None
        if r is None:
            return
        ring = r.inflate(20, 20)
        pygame.draw.rect(surface, skin.PANEL, ring.inflate(8, 8), 10, border_radius=16)
        pygame.draw.rect(surface, skin.INK, ring, 4, border_radius=12)

    def open_help(self) -> None:
        self.app.open("help")

    def open_pause(self) -> None:
        self.app.open("pause", self)

    # ---- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(skin.table_background(lay.size), (0, 0))
        for s in range(self.n):
            self.draw_seat(surface, s)
        self.draw_piles(surface)
        aid = self.app.settings.memory_aid
        for s in range(self.n):
            room = lay.raise_room(s)
            for i, sp in enumerate(self.rows[s]):
                if sp is None:
                    continue
                sp.room = room  # raised, it keeps clear of the row's name
                if sp.lift <= 0.01:
                    sp.draw(surface, aid, self.viewer, self.glow.get((s, i)))
        # Raised cards above the others.
        for s in range(self.n):
            for i, sp in enumerate(self.rows[s]):
                if sp is not None and sp.lift > 0.01:
                    sp.draw(surface, aid, self.viewer, self.glow.get((s, i)))
        for sp in self.flying:
            sp.draw(surface, aid, self.viewer)
        for sp in self.hands.values():
            sp.draw(surface, aid, self.viewer)
        self.draw_focus(surface)
        self.draw_prompt(surface)
        self.draw_narration(surface)
        self.draw_sidebar(surface)
        if self.banner_t > 0 and self.banner and self.sums is None:
            if self.banner_low:  # over the prompt, clear of the cards moving in the middle
                img = skin.text(self.banner, "display", px(40), skin.DANGER)
                r = img.get_rect(midbottom=lay.prompt.midbottom)
            else:
                img = skin.text(self.banner, "display", px(64), skin.ACCENT)
                r = img.get_rect(center=lay.table.center)
            panel(surface, r.inflate(px(60), px(24)), 215)
            surface.blit(img, r)

    def draw_seat(self, surface: pygame.Surface, s: int) -> None:
        color = self.team_color(s)
        turn = s == self.turn_seat and self.game.phase not in ("round_over", "over")
        name = self.name(s) + (" (you)" if s == self.human and self.name(s) != "You" else "")
        name_img = skin.text(name, "display", px(18), skin.INK)
        infos = self.seat_info(s)
        want = px(18) + name_img.get_width() + px(10) + skin.text(infos[0], "text", px(14), color).get_width()
        thinking = turn and s != self.human and self.pending is not None
        tail = skin.text("thinking...", "text", px(14), skin.ACCENT).get_width() + px(10)
        if thinking:
            want += tail
        count = len([x for x in self.rows[s] if x is not None])
        box = self.layout.row_frame(s, count, want)
        if turn:
            pygame.draw.rect(surface, skin.ACCENT, box.inflate(4, 4), 2, border_radius=10)
        # The team's mark (colour and shape, as on the eye marks) before the name.
        mark = team_mark(team_of(s, self.n), px(12))
        r = name_img.get_rect(topleft=(box.x + px(22), box.y + px(2)))
        surface.blit(mark, mark.get_rect(midleft=(box.x + px(6), r.centery + px(1))))
        surface.blit(name_img, r)
        if self.sums is not None and s in self.sums:
            # The round end: the camper's sum replaces the card count.
            img = skin.text(f"= {self.sums[s]}", "display", px(24), skin.ACCENT)
            rr = img.get_rect(midleft=(r.right + px(12), r.centery))
            panel(surface, rr.inflate(px(14), 2), 210)
            surface.blit(img, rr)
            return
        room = box.right - r.right - px(10)
        x = r.right + px(10)
        if thinking:
            dots = "thinking" + "." * (1 + int(self.think * 3) % 3)
            if tail < room:
                draw_text(surface, dots, (box.right - tail + px(4), box.y + px(5)), 14, skin.ACCENT)
                room -= tail
        for info in infos:  # the longest that fits
            if skin.text(info, "text", px(14), color).get_width() <= room:
                draw_text(surface, info, (x, box.y + px(5)), 14, color)
                break

    def seat_info(self, s: int) -> list[str]:
        """What the label tells after a camper's name, longest first (a narrow seat takes a
        shorter one): team, number of cards, and whether it declared Scram."""
        count = len([x for x in self.rows[s] if x is not None])
        cards = f"{count} card{'s' if count != 1 else ''}"
        scram = " · SCRAM" if s == self.game.scram else ""
        team = self.teams[team_of(s, self.n)]
        return [f"{team} · {cards}{scram}", f"{cards}{scram}", scram.strip(" ·"), ""]

    def draw_piles(self, surface: pygame.Surface) -> None:
        lay = self.layout
        dr = lay.deck_rect()
        back = skin.card_back(lay.pile_w)
        if self.deck_count > 0:  # the stack's edge below the top card
            for k in range(min(6, self.deck_count // 8 + 1), 0, -1):
                surface.blit(back, dr.move(k * 1.5, k * 1.5))
        # Halos over the stack's edge, under its top card (all round it, not hidden).
        halo = skin.card_glow(lay.pile_w, LEGAL)
        spread = (halo.get_width() - lay.pile_w) // 2
        if self.deck_glow:
            surface.blit(halo, (dr.x - spread, dr.y - spread))
        chosen = sum(1 for t in self.sel if t[0] == "deck")
        for k in range(chosen, 0, -1):  # one deck card chosen: a halo; both: a wider one round it
            big = skin.card_glow(round(lay.pile_w * (1 + 0.16 * (k - 1))), CHOSEN)
            surface.blit(big, big.get_rect(center=dr.center))
        if self.deck_count > 0:
            surface.blit(back, dr)
        else:
            pygame.draw.rect(surface, (255, 255, 255), dr, 1, border_radius=8)
        draw_text(surface, "Deck", (dr.centerx, dr.bottom + px(8)), 16, skin.INK, anchor="midtop")
        badge = lay.deck_badge()
        surface.blit(skin.count_badge(self.deck_count, badge.w), badge)
        known = self.view.deck_known.get(0) if self.view.deck_size else None
        if known is not None and self.viewer is not None and self.app.settings.memory_aid:
            draw_text(
                surface, f"top: {label(known)}", (dr.centerx, dr.y - 4), 14, skin.MUTED, anchor="midbottom"
            )
        pr = lay.discard_rect()
        if self.discard_glow:
            surface.blit(halo, (pr.x - spread, pr.y - spread))
        if not self.pile:
            pygame.draw.rect(surface, (255, 255, 255), pr, 1, border_radius=8)
        for sp in self.pile:
            sp.draw(surface)
        draw_text(surface, "Discard", (pr.centerx, pr.bottom + px(8)), 16, skin.INK, anchor="midtop")
        if self.mode == "start" and not self.timeline.busy:
            self.scram_button.draw(surface)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        if self.mode is None or self.timeline.busy:
            if self.timeline.waiting_click:
                p = self.layout.prompt
                draw_text(
                    surface,
                    "Click anywhere (or Enter) to turn the card back.",
                    p.center,
                    18,
                    skin.ACCENT,
                    anchor="center",
                )
            return
        p = self.layout.prompt
        lines = wrap(self.prompt, 17, p.w)
        step = px(20)
        y = p.y - step * len(lines)  # clear of the buttons below
        for line in lines:
            img = skin.text(line, "text", px(17), skin.INK)
            r = img.get_rect(midtop=(p.centerx, y))
            panel(surface, r.inflate(px(16), 4), 170)
            surface.blit(img, r)
            y += step
        for b in self.buttons:
            b.draw(surface)

    def draw_narration(self, surface: pygame.Surface) -> None:
        r = self.layout.narration
        surface.fill((14, 20, 22), r)
        if self.warning_t > 0 and self.warning:
            text, color = self.warning, skin.DANGER
        else:
            text, color = self.narration, skin.INK
        lines = wrap(text, 18, r.w - px(24))
        if len(lines) > 1:  # too long for the bar: a smaller size, then an ellipsis
            lines = wrap(text, 15, r.w - px(24))
            size = 15
            line = lines[0] if len(lines) == 1 else lines[0].rstrip(",.:;") + "…"
        else:
            size, line = 18, lines[0]
        draw_text(surface, line, (r.x + px(12), r.centery), size, color, anchor="midleft")

    def draw_sidebar(self, surface: pygame.Surface) -> None:
        """The sidebar: round, scores, whose turn, the log (drawn again only when one of
        them changes: wrapping the log at every frame is too slow), then its buttons."""
        lay = self.layout
        g = self.game
        key = (
            lay.sidebar.size,
            self.side_buttons[0].rect.y,
            g.round,
            tuple(g.totals),
            tuple(g.scores),
            self.turn_seat,
            g.phase,
            g.scram,
            len(self.log),
            self.log[-1] if self.log else "",
            self.log_scroll,
        )
        if key != self._side_key:
            self._side_key = key
            if self._side_img is None or self._side_img.get_size() != lay.sidebar.size:
                self._side_img = pygame.Surface(lay.sidebar.size).convert()
            self.render_sidebar(self._side_img)
        surface.blit(self._side_img, lay.sidebar)
        for b in self.side_buttons:
            b.draw(surface)

    def render_sidebar(self, surface: pygame.Surface) -> None:
        """Draw the sidebar's text on `surface`, a surface of the sidebar's size."""
        sb = surface.get_rect()
        surface.fill(skin.PANEL)
        x = sb.x + px(16)
        y = sb.y + px(12)
        right = sb.right - px(16)
        g = self.game
        draw_text(surface, f"Round {g.round} of {g.rounds}", (x, y), 24, skin.INK, "display")
        y += px(34)
        for t in (0, 1):
            mark = ""
            if self.human is not None and team_of(self.human, self.n) == t:
                mark = " (you)"
            surface.blit(team_mark(t, px(12)), (x, y + px(5)))
            draw_text(surface, self.teams[t] + mark, (x + px(16), y), 18, skin.INK)
            draw_text(surface, str(g.totals[t]), (right, y), 20, skin.INK, "display", anchor="topright")
            y += px(24)
        if g.scores:
            rounds = "  ".join(f"R{i + 1}: {a}/{b}" for i, (a, b) in enumerate(g.scores))
            for line in wrap(rounds, 14, right - x):
                draw_text(surface, line, (x, y), 14, skin.MUTED)
                y += px(20)
        turn = self.turn_seat
        if turn is not None and g.phase not in ("round_over", "over"):
            who = "Your turn" if turn == self.human else f"{self.name(turn)}'s turn"
            if g.scram is not None:
                who += " (last turns)"
            draw_text(surface, who, (x, y + px(4)), 18, skin.ACCENT)
        y += px(30)
        pygame.draw.line(surface, (60, 70, 76), (x, y), (right, y))
        y += px(8)
        more = f"  ({self.log_scroll} newer below)" if self.log_scroll else ""
        draw_text(surface, "Log (scroll)" + more, (x, y), 14, skin.MUTED)
        y += px(20)
        bottom = self.side_buttons[0].rect.y - self.layout.sidebar.y - px(10)
        # Newest at the bottom; wheel scrolls back in time.
        lines: list[str] = []
        end = len(self.log) - self.log_scroll
        for entry in self.log[max(0, end - 40) : end]:
            for k, part in enumerate(wrap(entry, 15, right - x - px(6))):
                lines.append(("  " if k else "") + part)
        step = px(18)
        room = max(0, (bottom - y) // step)
        shown = lines[-room:] if room else []
        while shown and shown[0].startswith("  ") and len(shown) < len(lines):
            shown = shown[1:]  # no entry cut in half at the top: it starts whole, or not at all
        for line in shown:
            draw_text(surface, line, (x, y), 15, skin.INK)
            y += step

    # ---- rounds -----------------------------------------------------------------------
    def next_round(self) -> None:
        self.sums = None
        self.round_end_open = False
        events = self.game.next_round()
        self.bots.observe(events)
        self.feed(events)
        self.save()


def seat_word(narrator: Narrator, t: tuple) -> str:
    return narrator.target(t)


__all__ = ["TableScene", "ordinal"]
