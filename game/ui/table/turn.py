"""The player's turn as a small machine: typed modes that turn clicks and keys into one
decision, checked with the seat view's `why_illegal` before it is taken.

START (draw, take, Scram) → CHOOSE (the drawn card: discard, use, keep) → REPLACE (the
cards it replaces) or ACT (an action's targets) or GIVE (a 13's camper) → ACT_END (a 9's or
13's end) ; TWELVE (swap the two viewed cards or leave them). The machine owns its
selection, its prompt and its buttons; the board shows what it says may be chosen (`glow`).

Hooks for a guided game and for hints (both optional, both small):
- `coach`: a `game.seat.coach.Coach` (refuses a legal decision with a one-line reason shown
  to the player, gives the instruction shown instead of the normal prompt, is told by the
  table what each decision did, events as the player's seat sees them, once shown).
- `hint`: a callable `hint(view, seen_events) -> (decision, sentence)`; when given, a
  "Hint (?)" button (and the ? key) shows the sentence and highlights the suggested cards.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import pygame

from game.lang import _, pgettext
from game.rules import DRAWN, START, TWELVE
from game.rules.cards import label
from game.rules.decisions import DECK_TOP, DRAW, KEEP, SCRAM, SWAP, TAKE, Act, Replace
from game.rules.view import SeatView
from game.seat import turn_words as words
from game.seat.choice_words import own_first, start_options, start_prompt, wont_match
from game.seat.coach import Coach
from game.seat.hint_follow import HINT_THINKING, HintFn, TurnHint
from game.seat.modes import PICKING as PICKING  # re-exported: the table scene reads it
from game.seat.modes import Mode
from game.seat.narration import Narrator
from game.seat.reasons import reason_words
from game.seat.words import a_card
from game.ui import skin
from game.ui.kit.widgets import Button

from .turn_buttons import choose_buttons


class TurnMachine:
    """The player's (`human`) choices during its turn; `decide(d)` takes a legal decision."""

    def __init__(
        self,
        human: int,
        narrator: Narrator,
        decide: Callable[[object], None],
        warn: Callable[[str], None],
        sound: Callable[[str], None],
        coach: Coach | None = None,
        hint: HintFn | None = None,
        seen: Callable[[], list] | None = None,
        off_frame: Callable[..., Future] | None = None,
    ) -> None:
        self.human = human
        self.narrator = narrator
        self._decide, self.warn, self.sound = decide, warn, sound
        self.coach, self.seen = coach, seen or (lambda: [])
        # Hints think on the bots' worker (`off_frame(fn, *args) -> Future`) so the frame
        # never waits for the search; without one (tests), they think at once.
        self.hints = TurnHint(hint, off_frame)
        self.mode: Mode | None = None
        self.view: SeatView | None = None
        self.sel: list[tuple] = []
        self.end = "right"
        self.give_seat: int | None = None
        self.acts: list[Act] = []
        self.need = 0
        self._say: Callable[[], str] = str
        self.prompt_kind = ""  # "hint" while the prompt shows a hint, "thinking" while it comes
        self.buttons: list[Button] = []
        # TRANSLATORS: the big button that declares Scram (the glossary keeps "Scram!")
        self.scram = Button(pgettext("button", "SCRAM!"), lambda: self.try_decide(SCRAM), pygame.K_s, size=22)
        self.scram.danger = True

    @property
    def prompt(self) -> str:
        """The prompt in the current language (made again at each reading: a language switch
        changes it at once)."""
        return self._say()

    @prompt.setter
    def prompt(self, said: str | Callable[[], str]) -> None:
        self._say = said if callable(said) else (lambda: said)
        self.prompt_kind = ""

    def relabel(self) -> None:
        """The language changed: the buttons' words anew (the prompt is made as it is read)."""
        if self.mode is not None:
            self._buttons()

    # ---- entering and leaving ----------------------------------------------------------------
    def enter(self, view: SeatView, seen_words: list[str] | None = None) -> None:
        """The player's decision is due in `view` (its phase picks the mode)."""
        self.view = view
        self.sel, self.end, self.give_seat = [], "right", None
        self.hints.forget()
        if view.phase == START:
            self.mode = Mode.START
            self.prompt = lambda: start_prompt(view)
        elif view.phase == DRAWN:
            self.mode = Mode.CHOOSE
            self.prompt = lambda: words.drawn_prompt(view)
        elif view.phase == TWELVE:
            self.mode = Mode.TWELVE
            pair = list(view.twelve or ())
            self.sel = pair  # the two cards stand raised and ringed while the player decides
            self.prompt = lambda: self.twelve_prompt(pair, seen_words)
        if self.coach is not None:
            coached = self.coach.prompt(view)
            if coached:
                self.prompt = coached
        self._buttons()

    def leave(self) -> None:
        """A decision is taken: nothing is clickable while the cards move."""
        self.mode = None
        self.buttons = []
        self.sel = []
        self.hints.hinted = ()

    def twelve_prompt(self, pair: list[tuple], seen_words: list[str] | None) -> str:
        return words.twelve_prompt(seen_words or [self.seen_words(t) for t in pair])

    def seen_words(self, t: tuple) -> str:
        """A card the player knows, in words: "a 7 (Bea's 2nd card)"."""
        v = self.view
        value = v.deck_known.get(t[1]) if t[0] == "deck" else v.campsites[t[0]][t[1]][0]
        return _("{card} ({place})", card=a_card(value), place=self.narrator.target(t))

    # ---- deciding ------------------------------------------------------------------------------
    def try_decide(self, decision) -> bool:
        """Take `decision` if it is legal (and the coach lets it); else say why not."""
        if self.mode is None:
            return False
        reason = self.view.why_illegal(decision)
        if reason is None and self.coach is not None:
            reason = self.coach.why_not(decision)
        if reason is not None:
            self.warn(reason_words(reason))
            self.sound("click")
            return False
        self.sound("click")
        self.leave()
        self._decide(decision)
        return True

    def enter_words(self) -> str:
        """What Enter says when it has nothing to do while a card is held: the legal choices only."""
        keys = [b.key for b in self.buttons if b.enabled]
        return words.no_default([k for k in (pygame.K_x, pygame.K_a, pygame.K_k) if k in keys])

    # ---- the modes' steps ----------------------------------------------------------------------
    def start_replace(self) -> None:
        self.mode = Mode.REPLACE
        self.sel = []
        self.prompt = lambda: _(
            "Keep it: click the card of your campsite it replaces (then any matching cards)."
        )
        self._buttons()

    def start_act(self) -> None:
        v = self.view
        # A fresh choice of targets: a hint followed again, or after the player had chosen
        # some, clicks its own, and a click on a chosen target takes it back.
        self.sel, self.give_seat = [], None
        self.acts = v.legal_acts()
        value = v.drawn
        if value == 13:
            self.mode = Mode.GIVE
            self.prompt = lambda: _("Give the 13: click any camper's campsite (yours too).")
        elif value == 11 and self.acts and not self.acts[0].targets:
            self.warn(_("no two cards can be swapped: the 11 is played with no effect"))
            self.try_decide(Act(()))
            return
        else:
            self.mode = Mode.ACT
            self.need = len(self.acts[0].targets) if self.acts else 0
            deck = any(t[0] == "deck" for a in self.acts for t in a.targets)
            self.prompt = lambda: self.targets_prompt(value, deck)
        self._buttons()

    def targets_prompt(self, value: int, deck: bool) -> str:
        return words.targets_prompt(value, self.need, deck)

    def cancel(self) -> None:
        self.enter(self.view)

    def toggle_end(self) -> None:
        self.end = "left" if self.end == "right" else "right"
        self._buttons()

    def confirm_replace(self) -> None:
        if self.sel:
            self.try_decide(Replace(tuple(self.sel), self.end))

    def finish_act(self, end: str) -> None:
        if self.give_seat is not None:
            self.try_decide(Act((), end, self.give_seat))
        else:
            self.try_decide(Act(tuple(self.sel), end))

    def wont_match(self) -> str | None:
        """ "won't match: +2 cards" for a replacement that cannot match, else None."""
        return wont_match(self.view, self.sel) if self.mode is Mode.REPLACE else None

    def click_target(self, t: tuple) -> None:
        """The player clicked a campsite card or the deck (`t` a target)."""
        handler = {
            Mode.CHOOSE: self._click_choose,
            Mode.REPLACE: self._click_replace,
            Mode.ACT: self._click_act,
            Mode.GIVE: self._click_give,
            Mode.START: self._click_start,
            Mode.TWELVE: lambda t: self.warn(_("decide first: swap the two cards you saw, or leave them")),
        }.get(self.mode)
        if handler is not None:
            handler(t)

    def _click_start(self, t: tuple) -> None:
        if t[0] == "deck":
            self.try_decide(DRAW)
        else:
            self.warn(_("start your turn: {choices}", choices=start_options(self.view, keys=True)))

    def _click_choose(self, t: tuple) -> None:
        if t[0] == self.human:
            self.start_replace()
            self._click_replace(t)
        elif t[0] == "deck":
            self.warn(_("you already hold a card: discard it, use it, or keep it"))
        else:
            self.warn(_("to keep the card, click a card of your own campsite first"))

    def _click_replace(self, t: tuple) -> None:
        if t[0] == "deck":
            self.warn(_("only campsite cards can be replaced, not deck cards"))
            return
        if t in self.sel:  # that card only leaves the choice; the rest stays chosen
            self.sel = own_first([x for x in self.sel if x != t], self.human)
        else:
            chosen = own_first([*self.sel, t], self.human) if t[0] == self.human else [*self.sel, t]
            reason = self.view.why_illegal(Replace(tuple(chosen), self.end))
            if reason:
                self.warn(reason_words(reason))
                return
            self.sel = chosen
        self.prompt = self.replace_prompt
        self.sound("click")
        self._buttons()

    def replace_prompt(self) -> str:
        """What is chosen so far, and what comes next: the prompt always says the choice."""
        return words.replace_prompt(self.sel, self.human, self.narrator.names)

    def _click_act(self, t: tuple) -> None:
        v = self.view
        if t[0] == "deck" and DECK_TOP in self.sel:
            t = ("deck", 1) if ("deck", 1) not in self.sel else t
        if t in self.sel:
            self.sel.remove(t)
        elif t in self.act_candidates():
            self.sel.append(t)
        else:
            reason = v.why_illegal(Act(tuple(self.sel) + (t,)))
            if reason is None or reason.startswith(f"a {v.drawn} takes"):
                reason = _("that card cannot be used with this {card} now", card=label(v.drawn))
            self.warn(reason_words(reason))
            return
        self.sound("click")
        if len(self.sel) == self.need:
            if v.drawn == 9:
                self.mode = Mode.ACT_END
                self.prompt = lambda: _("Where does the 9 go in your campsite?")
                self._buttons()
            else:
                self.try_decide(Act(tuple(self.sel)))

    def _click_give(self, t: tuple) -> None:
        if t[0] == "deck":
            self.warn(_("a 13 must be given to a camper at the table"))
            return
        self.give_seat = t[0]
        self.mode = Mode.ACT_END
        seat, names = t[0], self.narrator.names
        self.prompt = lambda: words.give_end_prompt(seat, self.human, names)
        self._buttons()

    def activate(self, what: tuple | str) -> None:
        """Act on a table item (as the board's `hit` names it): a click or the keyboard's Space."""
        if what == "deck":
            if self.mode is Mode.START:
                self.try_decide(DRAW)
            else:
                self.click_target(DECK_TOP)
        elif what == "discard":
            if self.mode is Mode.START:
                self.try_decide(TAKE)
            else:
                self.warn(_("the discard pile can only be taken at the start of your turn"))
        elif what[0] == "seat":
            if self.mode is Mode.GIVE:
                self.click_target((what[1], 0))
        else:
            self.click_target(what)

    def key(self, e: pygame.event.Event) -> bool:
        """The mode's letter keys (buttons, D, T, ?); True if `e` was one."""
        if self.hints.fn is not None and getattr(e, "unicode", "") == "?":
            # a pad's Y again takes the hint shown, as Enter does (its A chooses the ring's item)
            if not (getattr(e, "pad", False) and self.follow_hint()):
                self.show_hint()
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.follow_hint():
                return True
            default = self.default_button()
            if default is not None and default.key != pygame.K_RETURN:
                default.on_click()
                return True
            if default is None and self.mode is Mode.CHOOSE:
                self.warn(self.enter_words())
                return True
        for b in self.buttons:
            if b.handle_event(e, self.warn):
                return True
        if self.mode is Mode.START:
            if self.scram.handle_event(e, self.warn):
                return True
            if e.key == pygame.K_d:
                self.try_decide(DRAW)
                return True
            if e.key == pygame.K_t:
                self.try_decide(TAKE)
                return True
        return False

    # ---- the hint (its state is `hints`, game/seat/hint_follow.py) ------------------------------
    @property
    def hint_job(self):
        """The hint on its way, if any (tests wait for it)."""
        return self.hints.job

    def show_hint(self) -> None:
        """Ask for a hint on the current view; it shows when `poll_hint` finds it ready."""
        if self.mode is not None and self.hints.ask(self.view, self.seen()):
            self.prompt = lambda: _(HINT_THINKING)
            self.prompt_kind = "thinking"

    def poll_hint(self) -> bool:
        """Show a finished hint (once per frame from the table); True when the prompt changed."""
        shown = self.hints.poll(self.mode, self.view)
        if shown is None:
            return False
        self.prompt, decided = shown
        self.prompt_kind = "hint" if decided else ""
        if decided and self.mode in (Mode.CHOOSE, Mode.TWELVE):
            self._buttons()  # the hinted choice becomes the default
        return True

    def follow_hint(self) -> bool:
        """Enter after a hint takes it as far as Enter can: a replacement opens Keep with its cards
        chosen, an action chooses its targets (its end the default); the rest is decided."""
        if not self.hints.can_follow(self.mode):
            return False
        d = self.hints.take()
        if type(d) is Replace:
            self.start_replace()
            self.sel, self.end = own_first(list(d.cards), self.human), d.end
            self.prompt = self.replace_prompt
            self._buttons()
        elif type(d) is Act:
            self.start_act()
            self.hints.end = d.end
            if self.mode is Mode.GIVE:
                self._click_give((d.seat, 0))
            elif self.mode is Mode.ACT:
                for target in d.targets:
                    if self.mode is Mode.ACT:
                        self._click_act(target)
            if self.mode is Mode.ACT_END:
                self._buttons()
        else:
            self.try_decide(d)
        return True

    # ---- what the board shows ------------------------------------------------------------------
    def default_button(self):
        """The button Enter presses now: Confirm when complete, or the hinted choice (it glows)."""
        for b in self.buttons:
            if b.enabled and b.visible and (b.key == pygame.K_RETURN or b.glow):
                return b
        return None

    def act_candidates(self) -> list[tuple]:
        """Targets that can join the current selection in some legal act."""
        chosen = set(self.sel)
        out = set()
        for a in self.acts:
            ts = set(a.targets)
            if chosen <= ts:
                out |= ts - chosen
        return sorted(out, key=lambda t: (t[0] == "deck", t))

    def glow(self, n: int) -> tuple[dict, bool, bool, int]:
        """(card -> ring colour, deck glows, discard glows, deck cards chosen) for the board."""
        v, me, g = self.view, self.human, {}
        deck = discard = False
        if self.mode in (Mode.CHOOSE, Mode.REPLACE):
            if not self.sel:
                if self.mode is Mode.REPLACE or v.drawn_source == "discard":
                    g = {(me, i): skin.HIGHLIGHT for i in range(len(v.campsites[me]))}
            else:
                g = {t: skin.HIGHLIGHT for t in v.replacement_partners() if t not in self.sel}
        elif self.mode is Mode.ACT:
            g = {t: skin.HIGHLIGHT for t in self.act_candidates() if t[0] != "deck"}
            deck = any(t[0] == "deck" for t in self.act_candidates())
        elif self.mode is Mode.GIVE:
            g = {(s, i): skin.HIGHLIGHT for s in range(n) for i in range(len(v.campsites[s]))}
        elif self.mode is Mode.START:
            deck, discard = v.why_illegal(DRAW) is None, v.why_illegal(TAKE) is None
        for t in self.sel:
            if t[0] != "deck":
                g[t] = skin.SELECTED
        for t in self.hints.hinted:
            if isinstance(t, tuple):
                g[t] = skin.ACCENT
        deck = deck or "deck" in self.hints.hinted
        discard = discard or "discard" in self.hints.hinted
        return g, deck, discard, sum(1 for t in self.sel if t[0] == "deck")

    def focus_items(self, n: int, row_len: Callable[[int], int]) -> list[tuple | str]:
        """What the focus ring may stand on now, in Tab order: the player's row, the other
        seats clockwise, then the piles. Chosen cards stay, so keys can unchoose them."""
        if self.mode is None:
            return []
        glow, deck, discard, _ = self.glow(n)
        items: list[tuple | str] = []
        if self.mode is Mode.START:
            items = [x for x, ok in (("deck", deck), ("discard", discard)) if ok]
        elif self.mode is Mode.CHOOSE:
            items = [(self.human, i) for i in range(row_len(self.human))]
        elif self.mode in (Mode.REPLACE, Mode.ACT):
            items = [t for t in glow if t[0] != "deck"]
            if self.mode is Mode.ACT and (deck or any(t[0] == "deck" for t in self.sel)):
                items.append("deck")
        elif self.mode is Mode.GIVE:
            items = [(s, 0) if row_len(s) else ("seat", s) for s in range(n)]
        order = {s: (s - self.human) % n for s in range(n)}

        def rank(x: tuple | str) -> tuple:
            if isinstance(x, str):
                return (n + 1, x)
            return (order[x[1]], -1) if x[0] == "seat" else (order[x[0]], x[1])

        return sorted(items, key=rank)

    # ---- buttons ---------------------------------------------------------------------------------
    def _buttons(self) -> None:
        v, mode = self.view, self.mode
        bs: list[Button] = []
        if mode is Mode.CHOOSE:
            bs = self._choose_buttons()
        elif mode is Mode.REPLACE:
            confirm = Button(_("Confirm (Enter)"), self.confirm_replace, pygame.K_RETURN, primary=True)
            confirm.enabled = bool(self.sel)
            confirm.why = _("click a card of your campsite first")
            ends = (_("If no match: left end (E)"), _("If no match: right end (E)"))
            end = Button(ends[0] if self.end == "left" else ends[1], self.toggle_end, pygame.K_e)
            end.variants = ends  # one width
            bs = [confirm, end, Button(_("Cancel (Esc)"), self.cancel, pygame.K_ESCAPE)]
        elif mode in (Mode.ACT, Mode.GIVE):
            bs = [Button(_("Cancel (Esc)"), self.cancel, pygame.K_ESCAPE)]
        elif mode is Mode.ACT_END:
            left = Button(_("Left end (L)"), lambda: self.finish_act("left"), pygame.K_l)
            right = Button(_("Right end (R)"), lambda: self.finish_act("right"), pygame.K_r)
            hinted_end = {"left": left, "right": right}.get(self.hints.end or "")
            if hinted_end is not None:  # a followed hint's end: Enter takes it
                hinted_end.primary = hinted_end.glow = True
            bs = [left, right, Button(_("Cancel (Esc)"), self.cancel, pygame.K_ESCAPE)]
        elif mode is Mode.TWELVE:
            swap = Button(_("Swap them (W)"), lambda: self.try_decide(SWAP), pygame.K_w, primary=True)
            keep = Button(_("Leave them (L)"), lambda: self.try_decide(KEEP), pygame.K_l)
            hinted = {SWAP: swap, KEEP: keep}.get(self.hints.decision)
            if hinted is not None:  # the hinted choice glows; Enter takes it
                swap.primary = False
                hinted.primary = hinted.glow = True
            bs = [swap, keep]
        if self.hints.fn is not None and mode is not None:
            bs.append(Button(_("Hint (?)"), self.show_hint, None))
        for b in bs:
            b.size = 18
        self.buttons = bs
        scram_why = v.why_illegal(SCRAM) if v is not None else None
        self.scram.label = pgettext("button", "SCRAM!")  # in the language spoken now
        self.scram.enabled = self.scram.glow = mode is Mode.START and scram_why is None
        self.scram.visible = mode is Mode.START and scram_why is None
        if mode is Mode.START:
            self.scram.why = reason_words(scram_why) if scram_why else None
        else:
            self.scram.why = _("Scram is declared at the start of a turn")

    def _choose_buttons(self) -> list[Button]:
        return choose_buttons(self)
