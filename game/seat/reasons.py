"""The rules core's reasons a decision is refused, said in the player's language.

The core (game/rules/legality.py) answers `why_illegal` in English and imports nothing of
the translation runtime; the seat says that reason to the player through this table, the
core's own sentences marked for the catalog here. A reason this table does not know (a
newer core's, or one only a program sends) is said as the core wrote it."""

from __future__ import annotations

import re

from game.lang import N_, _, ngettext

_KNOWN = frozenset(
    (
        N_("the draw deck is empty"),
        N_("the discard pile is empty"),
        N_("a camper with no cards in its campsite may not take from the discard pile"),
        N_("Scram has already been declared this round"),
        N_("Scram needs 2 or fewer cards in your campsite"),
        N_("at the start of a turn you draw, take the discard top, or declare Scram"),
        N_("a card taken from the discard pile can only be kept by replacing"),
        N_("a card taken from the discard pile cannot be played for its action"),
        N_("cards 1–4 and = have no action"),
        N_("you hold a card: discard it, play it for its action, or keep it by replacing"),
        N_("after a 12's views, decide: swap or keep"),
        N_("the round is over"),
        N_("the game is over"),
        N_("choose at least one card to replace"),
        N_("only campsite cards can be replaced, not deck cards"),
        N_("the first card replaced must be in your own campsite"),
        N_("you may not replace an opponent's card"),
        N_("the same card is chosen twice"),
        N_("a 13 must be given to a camper at the table"),
        N_("the targets must be different cards"),
        N_("deck positions used must be the top, or the top two"),
        N_("an 11 needs two cards to exchange"),
        N_("an 11 exchanges exactly two cards"),
        N_("an 11 exchanges a campsite card with the deck top, not two deck cards"),
        N_("an 11 may only use the deck top"),
        N_("an 11 exchanges cards in two different campsites"),
    )
)

_FACE_DOWN = re.compile(r"a (\d+) can only be used on face-down cards or the deck")
_TAKES = re.compile(r"a (\d+) takes (\d+) targets? here")


def reason_words(reason: str) -> str:
    """`reason` (the core's English) in the current language."""
    if reason in _KNOWN:
        return _(reason)
    m = _FACE_DOWN.fullmatch(reason)
    if m:
        return _("a {card} can only be used on face-down cards or the deck", card=m[1])
    m = _TAKES.fullmatch(reason)
    if m:
        return ngettext(
            "a {card} takes {n} target here", "a {card} takes {n} targets here", int(m[2]), card=m[1]
        )
    return reason
