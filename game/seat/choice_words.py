"""The words and small rules of the player's choice during a turn: what may start it, and
the cards chosen for a replacement (kept with one of the player's own first)."""

from __future__ import annotations

from game.lang import _, ngettext
from game.rules.cards import EQ, label
from game.rules.decisions import DRAW, SCRAM, TAKE
from game.rules.state import penalty_count
from game.rules.view import SeatView

from .phrases import listing, ordinal
from .words import is_you


def start_options(view: SeatView, keys: bool = True) -> str:
    """What may start this turn, only what is legal: "draw a card (D), take the 7 from the
    discard pile (T), or declare Scram (S)"."""
    opts = []
    if view.why_illegal(DRAW) is None:
        opts.append(_("draw a card (D)") if keys else _("draw a card"))
    if view.why_illegal(TAKE) is None and view.discard:
        top = label(view.discard[-1])
        if keys:
            opts.append(_("take the {card} from the discard pile (T)", card=top))
        else:
            opts.append(_("take the {card} from the discard pile", card=top))
    if view.why_illegal(SCRAM) is None:
        opts.append(_("declare Scram (S)") if keys else _("declare Scram"))
    if len(opts) <= 1:
        return "".join(opts)
    return _("{choices}, or {last}", choices=", ".join(opts[:-1]), last=opts[-1])


def start_prompt(view: SeatView) -> str:
    return _("Your turn: {choices}.", choices=start_options(view))


def own_first(chosen: list[tuple], human: int) -> list[tuple]:
    """A replacement's cards with one of the player's own first (R-REPL-1: the kept card goes
    to the first card's place, which must be in the player's campsite); the order otherwise."""
    if not chosen or chosen[0][0] == human:
        return chosen
    mine = next((t for t in chosen if t[0] == human), None)
    return chosen if mine is None else [mine, *(t for t in chosen if t != mine)]


def chosen_words(chosen: list[tuple], human: int | None, names: list[str]) -> str:
    """The cards chosen, short, by owner in the order chosen: "your 1st and 3rd, Cal's 2nd"."""
    owners: dict[int, list[str]] = {}
    for seat, slot in chosen:
        owners.setdefault(seat, []).append(ordinal(slot + 1))
    parts = []
    for seat, places in owners.items():
        nths = listing(places) if len(places) < 3 else ", ".join(places)
        if seat == human or is_you(names[seat]):
            parts.append(_("your {places}", places=nths))
        else:
            parts.append(_("{name}'s {places}", name=names[seat], places=nths))
    return ", ".join(parts)


def wont_match(view: SeatView, chosen: list[tuple]) -> str | None:
    """A replacement that cannot match, judged from public facts only (the face-up cards
    chosen): "won't match: +2 cards", or None while it still may."""
    if len(chosen) < 2:
        return None
    shown = {view.campsites[s][i][0] for s, i in chosen if view.campsites[s][i][1]}
    numbered = {v for v in shown if v != EQ}
    if len(numbered) < 2:
        return None
    extra = penalty_count(len(numbered))
    hidden = any(not view.campsites[s][i][1] for s, i in chosen)  # may add values
    if not extra:
        return _("won't match: the cards stay face up")
    if hidden:
        return ngettext("won't match: +{n} card or more", "won't match: +{n} cards or more", extra)
    return ngettext("won't match: +{n} card", "won't match: +{n} cards", extra)
