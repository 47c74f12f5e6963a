"""What each team wears at one table: colour, shape and name.

At a table of the player's own (alone with bots) the player's team always wears the first
look (blue, a disc), whatever its number in the core: in the 3-camper game the player may be
the duo (team 1) or the solo (team 0), and the colour must not change between modes. At a
table friends share (and a watched one) the colours are the table's, the same on every
screen, so that "the blue team" means one team to everyone who talks about it: the team of
seat 1 (the core's team 0) is blue.
Wherever both teams are listed (the sidebar, the round's summary, the score sheets) they come
in one order, `order()`: the player's team first (the duo before the solo for a duo camper).
"""

from __future__ import annotations

import pygame

from game.lang import pgettext
from game.rules.cards import team_of
from game.ui import skin

from .seen_marks import team_mark


def team_name(look: int) -> str:
    """A team's name: look 0 "Blue team", 1 "Orange team"; at 3 campers 2 "Solo", 3 "Duo"."""
    if look == 0:
        return pgettext("team", "Blue team")
    if look == 1:
        return pgettext("team", "Orange team")
    return pgettext("team", "Solo") if look == 2 else pgettext("team", "Duo")


def short_team_name(name: str) -> str:
    """A team's name for a narrow column ("Blue", "Orange", "Solo", "Duo"), from its full name."""
    for look, short in ((0, pgettext("team, short", "Blue")), (1, pgettext("team, short", "Orange"))):
        if name == team_name(look):
            return short
    return name.removesuffix(" team")


class TeamLook:
    """Colours, marks and names of the two teams at a table of `campers`, seen by `human`."""

    def __init__(self, campers: int, human: int | None, shared: bool = False) -> None:
        mine = team_of(human, campers) if human is not None else 0
        self.campers = campers
        self.mine = mine  # the player's team (team 0 when nobody plays here)
        worn = 0 if shared else mine  # the team wearing the first look
        self.index = {worn: 0, 1 - worn: 1}  # team -> look (0 = blue, a disc)

    @property
    def names(self) -> tuple[str, str]:
        """The two teams' names (the core's numbers), in the current language."""
        if self.campers == 3:
            return (team_name(2), team_name(3))
        return (team_name(self.index[0]), team_name(self.index[1]))

    def order(self) -> tuple[int, int]:
        """The two teams (the core's numbers) as every list shows them: the player's first."""
        return (self.mine, 1 - self.mine)

    def look(self, team: int) -> int:
        return self.index[team]

    def colour(self, team: int) -> tuple:
        return skin.TEAM[self.index[team]]

    def seat_colour(self, seat: int) -> tuple:
        return self.colour(team_of(seat, self.campers))

    def name(self, team: int) -> str:
        return self.names[team]

    def mark(self, team: int, size: int) -> pygame.Surface:
        """The team's mark (colour and shape) as drawn before names and scores."""
        return team_mark(self.index[team], size)
