"""The pieces of the table's sentences that are translated as pieces: a card with its article
("a 7", "eine 7"), a place in a campsite ("your 2nd card", "la 2e carte de Bea"), an ordinal,
a list ("your 1st card and Cal's 2nd card") and the clauses an action card's line is made of
("looked at {cards}"). Every whole sentence around them is one msgid with named placeholders
(game/seat/narration.py); these pieces are what those placeholders are filled with.

A clause is said with the subject's person: "You used a 6: looked at ..." and "Bea used a 6:
looked at ..." are the same English, but Polish or French conjugate the verb, so each clause
has a msgid for "you" and one for another camper (told apart by its context)."""

from __future__ import annotations

from collections.abc import Callable

from game.lang import pgettext
from game.rules.cards import label


class Remade(str):
    """A line made by `make` (a call of the translations), that can be made again in the
    language spoken now (`again()`): a hint's line in the log, after a switch of language."""

    def __new__(cls, make: Callable[[], str]) -> Remade:
        line = super().__new__(cls, make())
        line.make = make
        return line

    def __reduce__(self) -> tuple:
        return (str, (str(self),))  # copied or sent elsewhere: the words alone

    def again(self) -> str:
        return Remade(self.make)


YOU = "you"
OTHER = "other"


def level_words(level: str) -> str:
    """A bot's level as the table names it ("ranger", "bot" when the level is unknown), in
    the current language (New game's words for the levels)."""
    if level == "bot":
        return pgettext("bot level", "bot")
    return pgettext("bot level", level)


def ordinal(n: int) -> str:
    """ "1st", "2nd", "12th", "23rd" (a card's place in a campsite), in the current language."""
    if n == 1:
        return pgettext("the place of a card in a campsite", "1st")
    if 10 <= n % 100 <= 20:
        return pgettext("the place of a card in a campsite", "{n}th", n=n)
    tail = n % 10
    if tail == 1:
        return pgettext("the place of a card in a campsite", "{n}st", n=n)
    if tail == 2:
        return pgettext("the place of a card in a campsite", "{n}nd", n=n)
    if tail == 3:
        return pgettext("the place of a card in a campsite", "{n}rd", n=n)
    return pgettext("the place of a card in a campsite", "{n}th", n=n)


def a_card(value: int | None) -> str:
    """A card in words with its article ("a 7", "an 8", "an ="), or "a card" when hidden."""
    if value is None:
        return pgettext("a hidden card, as the object of a sentence", "a card")
    if label(value) in ("8", "11", "="):  # read with a vowel sound: "eight", "eleven", "equals"
        return pgettext("a card's value with its article", "an {card}", card=label(value))
    return pgettext("a card's value with its article", "a {card}", card=label(value))


def listing(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    first = (
        pgettext("a list", "{items}, {item}", items=items[0], item=items[1]) if len(items) > 2 else items[0]
    )
    for item in items[2:-1]:
        first = pgettext("a list", "{items}, {item}", items=first, item=item)
    return pgettext("a list", "{first} and {last}", first=first, last=items[-1])


def card_of(whose: str, n: int, name: str = "") -> str:
    """A card by its place: `whose` "your", "your own" (yours, and you act: Polish says
    "swoją", not "twoją"), "their" (the actor's own) or "name" (`name`'s)."""
    nth = ordinal(n)
    if whose == "your own":
        return pgettext("a card by its place, yours while you act", "your {nth} card", nth=nth)
    if whose == "your":
        return pgettext("a card by its place", "your {nth} card", nth=nth)
    if whose == "their":
        return pgettext("a card by its place", "their {nth} card", nth=nth)
    return pgettext("a card by its place", "{name}'s {nth} card", name=name, nth=nth)


def deck_card(position: int) -> str:
    if position == 0:
        return pgettext("a card by its place", "the deck top")
    return pgettext("a card by its place", "the deck's 2nd card")


def with_value(card: str, value: str) -> str:
    """ "your 2nd card (a 7)": a card by its place and what it is."""
    return pgettext("a card by its place, and what it is", "{card} ({value})", card=card, value=value)


def clause(kind: str, person: str, **fields: str) -> str:
    """One effect of an action card, its verb agreeing with `person` (YOU or OTHER)."""
    if person == YOU:
        return _YOU_SAID[kind](fields)
    return _OTHER_SAID[kind](fields)


_YOU_SAID = {
    "look": lambda f: pgettext("what you did with an action card", "looked at {cards}", **f),
    "flip": lambda f: pgettext("what you did with an action card", "flipped {cards}", **f),
    "discard": lambda f: pgettext("what you did with an action card", "discarded {cards}", **f),
    "swap": lambda f: pgettext("what you did with an action card", "swapped {first} with {second}", **f),
    "place left your": lambda f: pgettext(
        "what you did with an action card", "placed the {card} at the left end of your campsite", **f
    ),
    "place right your": lambda f: pgettext(
        "what you did with an action card", "placed the {card} at the right end of your campsite", **f
    ),
    "give you": lambda f: pgettext("what you did with an action card", "gave the {card} to you ({end})", **f),
    "give": lambda f: pgettext("what you did with an action card", "gave the {card} to {name} ({end})", **f),
}

_OTHER_SAID = {
    "look": lambda f: pgettext("what another camper did with an action card", "looked at {cards}", **f),
    "flip": lambda f: pgettext("what another camper did with an action card", "flipped {cards}", **f),
    "discard": lambda f: pgettext("what another camper did with an action card", "discarded {cards}", **f),
    "swap": lambda f: pgettext(
        "what another camper did with an action card", "swapped {first} with {second}", **f
    ),
    "place left your": lambda f: pgettext(
        "what another camper did with an action card",
        "placed the {card} at the left end of your campsite",
        **f,
    ),
    "place right your": lambda f: pgettext(
        "what another camper did with an action card",
        "placed the {card} at the right end of your campsite",
        **f,
    ),
    "place left their": lambda f: pgettext(
        "what another camper did with an action card",
        "placed the {card} at the left end of their campsite",
        **f,
    ),
    "place right their": lambda f: pgettext(
        "what another camper did with an action card",
        "placed the {card} at the right end of their campsite",
        **f,
    ),
    "give you": lambda f: pgettext(
        "what another camper did with an action card", "gave the {card} to you ({end})", **f
    ),
    "give": lambda f: pgettext(
        "what another camper did with an action card", "gave the {card} to {name} ({end})", **f
    ),
}
_YOU_SAID["place left their"] = _YOU_SAID["place left your"]  # your own campsite is yours
_YOU_SAID["place right their"] = _YOU_SAID["place right your"]


def end_of(end: str) -> str:
    """ "left end" or "right end" of a campsite."""
    return (
        pgettext("an end of a campsite", "left end")
        if end == "left"
        else pgettext("an end of a campsite", "right end")
    )
