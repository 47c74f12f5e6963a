"""The player's hint at the table: asked for (thinking off the frame), shown, and what
Enter may follow of it.

`TurnHint` is held by the turn machine (game/ui/table/turn.py, `turn.hints`): it owns the
hint's job, the suggested decision, its sentence, the cards it names and the end a followed
9 or 13 takes; the machine asks it, shows its words in the prompt, and follows it with its
own moves (choosing the hinted cards, opening Keep) when Enter is pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from game.lang import N_, _, speech
from game.rules import SeatView
from game.rules.decisions import DISCARD, KEEP, SCRAM, SWAP, Act, Draw, Replace, Take

from .modes import Mode

HINT_THINKING = N_("Hint: thinking…")  # the prompt while a hint is on its way (translated where shown)

HintFn = Callable[[SeatView, list], tuple]  # hint(view, seen_events) -> (decision, sentence)


def hint_in_language(code: str, view: SeatView, events: list, seed: int, names: list[str]) -> tuple:
    """The top level's decision and its sentence in the language `code` (run on the bots'
    worker, which speaks what it was last told: the player's language is told with each hint)."""
    from ai.hint import best_decision

    if speech.code != code:
        speech.switch(code)
    return best_decision(view, events, seed, names)


class TurnHint:
    """One table's hint: `fn` thinks it (None: the table gives no hints), on `off_frame`
    (`run(fn, *args) -> Future`, the bots' worker) or at once when that is None (tests)."""

    def __init__(self, fn: HintFn | None, off_frame: Callable[..., Future] | None = None) -> None:
        self.fn, self.off_frame = fn, off_frame
        self.job: Future | None = None
        self.asked_view: SeatView | None = None  # the view the pending hint was asked for
        self.decision = None  # the suggested decision (Enter follows it)
        self.sentence = ""
        self.hinted: tuple = ()  # the suggested decision's cards (and deck, pile), highlighted
        self.end: str | None = None  # a followed hint's end for a 9 or a 13 (Enter picks it)

    def forget(self) -> None:
        """A new moment of the turn: the last hint no longer applies."""
        self.decision, self.end, self.hinted = None, None, ()

    def ask(self, view: SeatView, seen: list) -> bool:
        """Ask for a hint on `view`; True when it thinks off the frame (the prompt says so).
        It shows when `poll` finds it ready (never here)."""
        if self.fn is None or self.job is not None:
            return False
        self.asked_view = view
        if self.off_frame is None:
            self.job = Future()
            self.job.set_result(self.fn(view, seen))
            return False
        self.job = self.off_frame(self.fn, view, list(seen))
        return True

    def poll(self, mode: Mode | None, view: SeatView | None) -> tuple[Callable[[], str], bool] | None:
        """A finished hint for the turn at `mode` and `view`: the prompt to show (made in the
        language of the moment it is read), and whether a decision came with it; None while
        nothing changed (or the turn moved on)."""
        job = self.job
        if job is None or not job.done():
            return None
        self.job = None
        self.sentence = ""
        if mode is None or view is not self.asked_view:
            return None  # the turn moved on while the hint was thinking
        try:
            decision, sentence = job.result()
        except Exception:  # a hint must never stop the game
            return (lambda: _("Hint: none this time.")), False
        self.decision, self.sentence = decision, sentence
        cards = getattr(decision, "cards", None) or getattr(decision, "targets", None) or ()
        self.hinted = (
            tuple(cards)
            + (("deck",) if type(decision) is Draw else ())
            + (("discard",) if type(decision) is Take else ())
        )
        follows = self.can_follow(mode)
        if follows:
            return (lambda: _("Hint (Enter follows it): {hint}", hint=sentence)), True
        return (lambda: _("Hint: {hint}", hint=sentence)), True

    def can_follow(self, mode: Mode | None) -> bool:
        """Whether Enter can take the hinted decision from `mode`."""
        d = self.decision
        if d is None or mode is None:
            return False
        if mode is Mode.START:
            return type(d) in (Draw, Take) or d == SCRAM
        if mode is Mode.TWELVE:
            return d in (SWAP, KEEP)
        return type(d) in (Replace, Act) or (mode is Mode.CHOOSE and d == DISCARD)

    def take(self):
        """The hinted decision, once followed (no longer suggested)."""
        d = self.decision
        self.decision, self.hinted = None, ()
        return d
