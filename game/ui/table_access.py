"""What the learning scenes read of the table scene, in one place.

The guided game, the hint check of the self-test and their tests drive the real table;
this module is the one spot that knows the table's parts by name (its turn machine, its
sidebar, its messages), so a change of the table's insides is one edit here.
"""

from __future__ import annotations

import pygame


def _turn(table):
    return getattr(table, "turn", None) if not isinstance(getattr(table, "turn", None), int) else None


def player_ready(table) -> bool:
    """The player may act now (its turn has come and no animation runs)."""
    if hasattr(table, "my_turn"):
        return table.my_turn()
    return table.mode is not None and not table.timeline.busy


def waiting_click(table) -> bool:
    """The table waits for a click (or Enter) before it goes on (a card seen in secret)."""
    return bool(table.timeline.waiting_click)


def submit(table, decision) -> None:
    """The player's decision through the table's own door (refused moves are said there)."""
    turn = _turn(table)
    if turn is not None and hasattr(turn, "try_decide"):
        turn.try_decide(decision)
    else:
        table.try_decide(decision)


def prompt(table) -> str:
    turn = _turn(table)
    return turn.prompt if turn is not None and hasattr(turn, "prompt") else table.prompt


def warning(table) -> str:
    messages = getattr(table, "messages", None)
    return messages.warning if messages is not None else table.warning


def sidebar_rect(table) -> pygame.Rect:
    board = getattr(table, "board", None)
    return board.layout.sidebar if board is not None else table.layout.sidebar


def sidebar_buttons(table) -> list:
    sidebar = getattr(table, "sidebar", None)
    return sidebar.buttons if sidebar is not None and hasattr(sidebar, "buttons") else table.side_buttons


def hint_key() -> pygame.event.Event:
    """The key event that asks the table for a hint (the I key, typed as ?: either works)."""
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="?")


def hint_shown(table) -> str | None:
    """The hint sentence the table shows now, if any."""
    text = prompt(table)
    first = text.split("\n")[0]
    return first if first.startswith("Hint:") else None
