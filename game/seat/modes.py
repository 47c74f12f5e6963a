"""The modes of the player's turn (the turn machine, game/ui/table/turn.py): what a click or a
key means at each moment."""

from __future__ import annotations

from enum import Enum, auto


class Mode(Enum):
    START = auto()
    CHOOSE = auto()
    REPLACE = auto()
    ACT = auto()
    GIVE = auto()
    ACT_END = auto()
    TWELVE = auto()


PICKING = (Mode.REPLACE, Mode.ACT, Mode.GIVE, Mode.ACT_END)  # Esc cancels these
