"""The buttons of a drawn card (throw away, play, keep), in the current language, with the
reasons a disabled one gives; the turn machine (turn.py) makes them again at a switch."""

from __future__ import annotations

import pygame

from game.lang import _
from game.rules.cards import ACTION_NAMES
from game.rules.decisions import DISCARD, Act, Replace
from game.seat.reasons import reason_words
from game.ui.kit.widgets import Button


def play_labels() -> tuple[str, ...]:
    """Every label the Play button can have, in the current language: it takes the widest
    one's width, so it never moves."""
    return tuple(_("Play: {action} (A)", action=_(name)) for name in sorted(set(ACTION_NAMES.values())))


def choose_buttons(turn) -> list[Button]:
    """Throw away, play, keep: none is the default (Enter picks nothing) unless a hint
    chose one, which then glows and takes Enter: no card is thrown by accident."""
    v = turn.view
    discard = Button(_("Throw away (X)"), lambda: turn.try_decide(DISCARD), pygame.K_x)
    why = v.why_illegal(DISCARD)
    discard.why = reason_words(why) if why else None
    discard.enabled = why is None
    name = ACTION_NAMES.get(v.drawn, "")
    act = Button(
        _("Play: {action} (A)", action=_(name)) if name else _("Play its action (A)"),
        turn.start_act,
        pygame.K_a,
    )
    act.variants = play_labels()  # as wide on every turn, whatever the card
    act.enabled = bool(v.legal_acts())
    if v.drawn_source != "deck":
        act.why = _("a card taken from the discard pile cannot be played for its action")
    else:
        act.why = _("cards 1–4 and = have no action")
    keep = Button(_("Keep (K)"), turn.start_replace, pygame.K_k)
    keep.enabled = bool(v.campsites[turn.human])
    keep.why = _("your campsite is empty: throw the card away or play it")
    hinted = turn.hints.decision
    picked = {Replace: keep, Act: act}.get(type(hinted), discard if hinted == DISCARD else None)
    if picked is not None and picked.enabled:  # it glows; the prompt says Enter follows
        picked.primary = picked.glow = True
    return [discard, act, keep]
