"""What the learning scenes read of the table scene, in one place.

The guided game, the hint check of the self-test and their tests drive the real table;
this module is the one spot that knows the table's parts by name (its turn machine, its
sidebar, its messages, its board's layout), so a change of the table's insides is one
edit here.
"""

from __future__ import annotations

import pygame

from game.seat import keeping


def player_ready(table) -> bool:
    """The player may act now (its turn has come and no animation runs)."""
    return table.my_turn()


def waiting_click(table) -> bool:
    """The table waits for a click (or Enter) before it goes on (a card seen in secret)."""
    return bool(table.timeline.waiting_click)


def round_end_seen(table) -> bool:
    """The round's end was shown (its reveal, its count) on this table."""
    return bool(table.round_end_open)


def end_turns(table) -> None:
    """No camper's turn is shown any more (a lesson that stops mid-round has ended)."""
    table.board.set_turn(None)
    table.sidebar.set_turn(None)


def submit(table, decision) -> bool:
    """The player's decision through the turn machine's own door (a refusal is said there)."""
    return table.turn.try_decide(decision)


def prompt(table) -> str:
    return table.turn.prompt


def warning(table) -> str:
    return table.messages.warning


def sidebar_rect(table) -> pygame.Rect:
    return table.board.layout.sidebar


def sidebar_log_top(table) -> int:
    """How far below the sidebar's top its log begins."""
    return table.sidebar.log_top


def keep_sidebar_room(table, height: int) -> None:
    """Keep `height` pixels above the sidebar's buttons free of the log (a panel goes there)."""
    table.sidebar.keep_room(height)


def sidebar_buttons(table) -> list:
    return table.sidebar.buttons


def hint_provider(table):
    """The table's hint provider (game/ui/table/hints.py `Hints`), or None."""
    turn = getattr(table, "turn", None)
    return turn.hints.fn if turn is not None else None


def hints_used(table) -> int:
    """Hints the player asked for at this table (its hint provider counts them)."""
    return keeping.hints_used(hint_provider(table))


def hint_key() -> pygame.event.Event:
    """The key event that asks the table for a hint (typed ?)."""
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")


def hint_shown(table) -> str | None:
    """The hint sentence the table shows now, if any (not while it is still thinking)."""
    turn = getattr(table, "turn", None)
    if turn is None or turn.prompt_kind != "hint":
        return None
    return prompt(table).split("\n")[0]
