"""The table's drawing state: what every card of one table is drawn with.

One object, one owner: the table scene makes it (reduced motion from the settings) and hands
it to the board, which fills in the campers' marks and gives it to every card sprite it
makes. Nothing of it lives in a module, so two tables (a test's, a screenshot tour's, the
next game's) never share or inherit one another's marks or motion.

The interface scale is not here: it belongs to the window, the kit's `px` reads it for every
widget of every scene, and the app is its one writer (`game.ui.kit.widgets.set_ui_scale`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .seen_marks import SeatMarks


@dataclass
class DrawState:
    """`calm`: reduced motion as the sprites show it (no lifting, hopping or narrowing flips;
    the scene sets it at its start and when the setting changes). `marks`: who is who on
    the peek badges (set by the board from the campers' names and teams)."""

    calm: bool = False
    marks: SeatMarks = field(default_factory=SeatMarks)
