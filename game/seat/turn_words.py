"""The prompts of the player's turn, in the current language: what the player holds, what to
choose next, what was chosen. The turn machine (game/ui/table/turn.py) keeps which of these
it shows and makes it again each time it is read, so a language switch changes it at once."""

from __future__ import annotations

from game.lang import _, ngettext
from game.rules.cards import ACTION_NAMES
from game.rules.view import SeatView

from .choice_words import chosen_words
from .phrases import a_card, listing
from .words import action_help, is_you

KEY_X, KEY_A, KEY_K = 120, 97, 107  # pygame's K_x, K_a, K_k (the seat never imports pygame)


def drawn_prompt(view: SeatView) -> str:
    """ "You hold a 7. Flip 1: turn one face-down card ..." (a card from the deck), or the
    taken card that must be kept."""
    card = a_card(view.drawn)
    if view.drawn_source == "deck":
        return _("You hold {card}. {help}", card=card, help=action_help(view.drawn))
    return _(
        "You hold {card}. Taken from the discard pile, it must be kept: click a card of yours.", card=card
    )


def twelve_prompt(seen: list[str]) -> str:
    if not seen:
        return _("You saw the two cards. Swap them (W) or leave them (L)?")
    return _("You saw {cards}. Swap them (W) or leave them (L)?", cards=listing(seen))


def targets_prompt(value: int, need: int, deck: bool) -> str:
    """ "Flip 2: choose 2 targets (cards that glow)." """
    action = _(ACTION_NAMES[value])
    if deck:
        return ngettext(
            "{action}: choose {n} target (cards that glow, or the deck).",
            "{action}: choose {n} targets (cards that glow, or the deck).",
            need,
            action=action,
        )
    return ngettext(
        "{action}: choose {n} target (cards that glow).",
        "{action}: choose {n} targets (cards that glow).",
        need,
        action=action,
    )


def replace_prompt(chosen: list[tuple], human: int, names: list[str]) -> str:
    """What is chosen so far, and what comes next: the prompt always says the choice."""
    if not chosen:
        return _("Click the card of your campsite it replaces.")
    cards = chosen_words(chosen, human, names)
    if chosen[0][0] != human:
        return _("Chosen: {cards}. Now click the card of your campsite it replaces.", cards=cards)
    return _("Chosen: {cards}. Add cards that match, or Confirm (Enter).", cards=cards)


def give_end_prompt(seat: int, human: int | None, names: list[str]) -> str:
    if seat == human or is_you(names[seat]):
        return _("Which end of your campsite gets the 13?")
    return _("Which end of {name}'s campsite gets the 13?", name=names[seat])


def no_default(keys: list[int]) -> str:
    """What Enter says when it has nothing to do while a card is held: the legal choices
    only (`keys` the enabled buttons' keys among X, A and K)."""
    named = {KEY_X: _("throw it away (X)"), KEY_A: _("play it (A)"), KEY_K: _("keep it (K)")}
    legal = [named[k] for k in keys if k in named]
    if not legal:
        return _("no default here")
    if len(legal) == 1:
        return _("no default here: {choice}", choice=legal[0])
    return _("no default here: {choices} or {last}", choices=", ".join(legal[:-1]), last=legal[-1])
