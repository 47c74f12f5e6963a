"""What a turn asks of a guided game's coach (game/learn/tutorial.py is one): refuse a legal
decision with a reason, say the instruction instead of the normal prompt, be told what each
decision did once the table has shown it. The turn machine (game/ui/table/turn.py) and the
table scene take any object that answers these."""

from __future__ import annotations

from typing import Protocol

from game.rules import SeatView


class Coach(Protocol):
    def why_not(self, decision) -> str | None: ...
    def prompt(self, view: SeatView) -> str | None: ...
    def on_events(self, events: list) -> None: ...
