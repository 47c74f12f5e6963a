"""The player's hints at the table: asking for one (thinking off the frame), showing it, and
following it with Enter (issue 36, point 7). A mixin of the turn machine (turn.py): it works
on the machine's own fields (its view, mode, selection and prompt).
"""

from __future__ import annotations

from concurrent.futures import Future

from game.rules.decisions import DISCARD, KEEP, SCRAM, SWAP, Act, Draw, Replace, Take

from .choice_words import own_first
from .modes import Mode

HINT_THINKING = "Hint: thinking…"  # the prompt while a hint is on its way


class HintFollowing:
    """The hint half of `TurnMachine`."""

    def show_hint(self) -> None:
        """Ask for a hint on the current view; it shows when `poll_hint` finds it ready."""
        if self.hint_fn is None or self.mode is None or self.hint_job is not None:
            return
        self.hint_view = self.view
        if self.off_frame is None:
            self.hint_job = Future()
            self.hint_job.set_result(self.hint_fn(self.view, self.seen()))
        else:
            self.hint_job = self.off_frame(self.hint_fn, self.view, list(self.seen()))
            self.prompt = HINT_THINKING
        # shown by the table's next `poll_hint`, never here: the table tells the hint in the
        # log and lays the prompt out again when that poll says the prompt changed

    def poll_hint(self) -> bool:
        """Show a finished hint (once per frame from the table); True when the prompt changed."""
        job = self.hint_job
        if job is None or not job.done():
            return False
        self.hint_job = None
        self.hint_sentence = ""
        if self.mode is None or self.view is not self.hint_view:
            return False  # the turn moved on while the hint was thinking
        try:
            decision, sentence = job.result()
        except Exception:  # a hint must never stop the game
            self.prompt = "Hint: none this time."
            return True
        self.hint_decision = decision
        self.hint_sentence = sentence
        follows = self.can_follow_hint()
        self.prompt = f"Hint{' (Enter follows it)' if follows else ''}: {sentence}"
        if self.mode in (Mode.CHOOSE, Mode.TWELVE):
            self._buttons()  # the hinted choice becomes the default
        cards = getattr(decision, "cards", None) or getattr(decision, "targets", None) or ()
        self.hinted = (
            tuple(cards)
            + (("deck",) if type(decision) is Draw else ())
            + (("discard",) if type(decision) is Take else ())
        )
        return True

    def can_follow_hint(self) -> bool:
        """Whether Enter can take the hinted decision from here (issue 36, point 7)."""
        d, mode = self.hint_decision, self.mode
        if d is None or mode is None:
            return False
        if mode is Mode.START:
            return type(d) in (Draw, Take) or d == SCRAM
        if mode is Mode.TWELVE:
            return d in (SWAP, KEEP)
        return type(d) in (Replace, Act) or (mode is Mode.CHOOSE and d == DISCARD)

    def follow_hint(self) -> bool:
        """Enter after a hint: take the hinted decision as far as Enter can. A replacement
        opens Keep with the hinted cards chosen (Enter again confirms it); an action chooses
        its hinted targets (a 9's or a 13's end is then the default); the rest is decided."""
        if not self.can_follow_hint():
            return False
        d = self.hint_decision
        self.hint_decision, self.hinted = None, ()
        if type(d) is Replace:
            self.start_replace()
            self.sel, self.end = own_first(list(d.cards), self.human), d.end
            self.prompt = self.replace_prompt()
            self._buttons()
            return True
        if type(d) is Act:
            self.start_act()
            self.hint_end = d.end
            if self.mode is Mode.GIVE:
                self._click_give((d.seat, 0))
            elif self.mode is Mode.ACT:
                for t in d.targets:
                    if self.mode is Mode.ACT:
                        self._click_act(t)
            if self.mode is Mode.ACT_END:
                self._buttons()
            return True
        self.try_decide(d)
        return True
