"""A bot level's name in the language spoken now: the lobby, the host form and a seat's
away line say "ranger bot" in the player's words (the same catalog entries as New game's)."""

from __future__ import annotations

from game.lang import pgettext


def level_name(level: str) -> str:
    """`level` ("greenhorn" ... "trailblazer", "random") in the current language; a level this
    version does not know (a newer server's) as the server named it."""
    names = {
        "greenhorn": pgettext("bot level", "greenhorn"),
        "scout": pgettext("bot level", "scout"),
        "ranger": pgettext("bot level", "ranger"),
        "trailblazer": pgettext("bot level", "trailblazer"),
        "random": pgettext("bot level", "random"),
    }
    return names.get(level, level)
