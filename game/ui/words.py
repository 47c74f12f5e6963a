"""Player-facing words shared by the table and How to play: what each card does, team names."""

from __future__ import annotations

from game.cards import EQ, label

ACTION_HELP = {
    5: "View 1: look at one face-down card in any campsite, or at the deck top, in secret.",
    6: "View 2: look at two face-down cards (any campsites) or the top one or two deck cards, in secret.",
    7: "Flip 1: turn one face-down card face up for everyone, or show everyone the deck top.",
    8: "Flip 2: turn two face-down cards face up, or show the deck top (or top two).",
    9: "Discard 2: throw two cards from any campsites or the deck top onto the pile; "
    "then the 9 joins your campsite at one end.",
    10: "Discard 1: throw one card from any campsite, or the deck top, onto the discard pile.",
    11: "Swap 2: exchange two cards in different campsites (or one with the deck top), unseen.",
    12: "View 2 + swap: look at any two cards, then decide whether to exchange them.",
    13: "Give 13: place the 13 face up at either end of any campsite, yours or another's.",
}
NO_ACTION = "No action: keep it by replacing, or discard it."

BOT_NAMES = ["Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Ivy"]


def article(value: int) -> str:
    """The article said before a card's name: "an" for the cards read with a vowel sound
    (8 "eight", 11 "eleven", = "equals"), "a" for every other card."""
    return "an" if label(value) in ("8", "11", "=") else "a"


def a_card(value: int | None) -> str:
    """A card in words with its article ("a 7", "an 8", "an ="), or "a card" when hidden.
    The one place articles are chosen: the log, the prompts and the banners all use it."""
    if value is None:
        return "a card"
    return f"{article(value)} {label(value)}"


def plural(count: int, word: str) -> str:
    """'1 card', '3 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def action_help(value: int) -> str:
    return ACTION_HELP.get(value, NO_ACTION) if value != EQ else "= matches any card. " + NO_ACTION
