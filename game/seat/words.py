"""Player-facing words shared by the table, the review, the statistics and How to play: what
each card does, team names, and the one source of person and number ("You start", "Bea
starts", "your card", "Bea's card", "1 game", "2 games") that the log, the review and the
statistics use. A camper named "You" is the player addressed as you wherever a sentence is
built with a name: "You hold", "your 4th card", never "You holds" or "You's"."""

from __future__ import annotations

from game.lang import N_, _
from game.rules.cards import ACTIONS, EQ, label

from . import phrases

ACTION_HELP = {v: f"{a.name}: {a.words}" for v, a in ACTIONS.items()}  # English, from the core's one table
NO_ACTION = N_("No action: keep it by replacing, or throw it away.")

BOT_NAMES = ["Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Ivy"]


def article(value: int) -> str:
    """The article said before a card's name: "an" for the cards read with a vowel sound
    (8 "eight", 11 "eleven", = "equals"), "a" for every other card."""
    return "an" if label(value) in ("8", "11", "=") else "a"


def a_card(value: int | None) -> str:
    """A card in words with its article ("a 7", "an 8", "an ="), or "a card" when hidden, in
    the current language. The one place articles are chosen: the log, the prompts and the
    banners all use it."""
    return phrases.a_card(value)


def plural(count: int, word: str) -> str:
    """'1 card', '3 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def is_you(subject: str) -> bool:
    """Whether `subject` is the player addressed as "you" (the player's own name may be "You")."""
    return subject.strip().lower() == "you"


def verb(subject: str, base: str) -> str:
    """`base` agreeing with `subject`: "start" for you, "starts" for Bea; "has", "goes"."""
    if is_you(subject):
        return base
    if base == "have":
        return "has"
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def someone(name: str) -> str:
    """Another person's name as this player is shown it: one who calls themselves "You" is
    quoted (“You”), so no sentence tells their moves or their cards as the player's."""
    return f"“{name}”" if is_you(name) else name


def possessive(name: str) -> str:
    """A camper's possessive: "your" for the player addressed as you (whose name may be
    "You": never "You's"), "Bea's" for anyone else. Mid-sentence; a sentence that begins
    with it says `capital(possessive(name))`."""
    return "your" if is_you(name) else f"{name}'s"


def capital(text: str) -> str:
    """`text` with its first letter capital, the rest untouched ("McKay's", not "Mckay's")."""
    return text[:1].upper() + text[1:]


def says(subject: str, base: str) -> str:
    """The subject and its verb: "You start", "Bea starts"."""
    return f"{subject} {verb(subject, base)}"


def the_last(count: int, word: str) -> str:
    """ "The last game", "The last 5 games"."""
    return f"The last {word}" if count == 1 else f"The last {plural(count, word)}"


def action_help(value: int) -> str:
    """What the card `value` does, in the current language: "Flip 1: turn one face-down ..."."""
    action = ACTIONS.get(value)
    if action is not None:
        return _("{name}: {words}", name=_(action.name), words=_(action.words))
    if value == EQ:
        return _("= matches any card. No action: keep it by replacing, or throw it away.")
    return _(NO_ACTION)


def seen_by_words(seen: list[int], human: int | None, names: list[str]) -> str:
    """Who has seen a face-down card, for its tooltip: "Seen by you and Bea"."""
    others = phrases.listing([names[s] for s in seen if s != human])
    if human in seen:
        return _("Seen by you and {names}", names=others) if others else _("Seen by you")
    return _("Seen by {names}", names=others)
