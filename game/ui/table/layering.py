"""The order the board draws its cards in, and what each card is doing (for that order and
for the layering check of tests/ui/table/test_ui_layering.py).

A card is, at any moment, one of:
- "rest": lying still in a row or on the discard pile (raised or not);
- "held": in a camper's hand, or a deck card shown for a moment, not moving;
- "along": sliding along its own row (the row closes up, or makes room);
- "waiting": about to leave where it lies (a slide whose delay has not run out: the deal);
- "travel": on its way from one place to another (hand, deck, pile, another row).

The board draws them in that order (`RANK`), so a card in motion or in a hand is never
drawn under a card lying still, and a card coming into a row passes over the row's cards
making room for it, never under them, so it is seen arriving. The deck's count is drawn over
all of them.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from .sprites import CardSprite

RANK = {"rest": 0, "held": 1, "along": 2, "waiting": 3, "travel": 4}


class Board(Protocol):
    """What the order reads of the board (board.Board)."""

    rows: list[list[CardSprite | None]]
    pile: list[CardSprite]
    hands: dict[int, CardSprite]
    flying: list[CardSprite]

    def is_moving(self, sp: CardSprite) -> bool: ...
    def row_area(self, seat: int) -> pygame.Rect: ...


def motion_kinds(board: Board) -> dict[int, str]:
    """What each card on the board is doing (by id), as the module says."""
    kinds: dict[int, str] = {}
    for seat, row in enumerate(board.rows):
        for sp in row:
            if sp is not None:
                kinds[id(sp)] = _kind(board, sp, board.row_area(seat))
    for sp in board.pile:
        kinds[id(sp)] = _kind(board, sp, None)
    for sp in [*board.hands.values(), *board.flying]:
        kinds[id(sp)] = _kind(board, sp, None) if sp.tweens and board.is_moving(sp) else "held"
    return kinds


def _kind(board: Board, sp: CardSprite, row: pygame.Rect | None) -> str:
    """`row`: where the card's row lies (None: the card belongs to no row)."""
    if not sp.tweens or not board.is_moving(sp):
        return "rest"
    moves = {t.attr: t for t in sp.tweens if t.attr in ("x", "y")}
    if not any(t.begun for t in moves.values()):
        return "waiting"
    return "along" if row is not None and sliding_along(sp, row) else "travel"


def sliding_along(sp: CardSprite, row: pygame.Rect) -> bool:
    """Whether the card's slide began in `row` (where its row lies), not elsewhere."""
    moves = {t.attr: t for t in sp.tweens if t.attr in ("x", "y")}
    x0 = moves["x"].start if "x" in moves else sp.x
    y0 = moves["y"].start if "y" in moves else sp.y
    return row.left <= x0 <= row.right and abs(y0 - row.centery) <= 0.35 * sp.w


def draw_order(board: Board, cards: list[CardSprite]) -> list[list[CardSprite]]:
    """The board's cards in drawing order, in five layers: the pile at rest, row cards at
    rest lying flat, row cards at rest raised, held and shown cards at rest, and every card
    in motion (sliding along its row, then waiting to leave, then travelling)."""
    kinds = motion_kinds(board)
    moving = sorted(
        (sp for sp in cards if kinds[id(sp)] not in ("rest", "held")), key=lambda sp: RANK[kinds[id(sp)]]
    )
    rows = [sp for row in board.rows for sp in row if sp is not None and kinds[id(sp)] == "rest"]
    # A raised card stays in its row's order where the next card overlaps it (a long row):
    # brought to the top it would cover that card's marks and value, which the player reads.
    on_top = [sp for sp in rows if sp.lift > 0.01 and sp.strip is None]
    return [
        [sp for sp in board.pile if kinds[id(sp)] == "rest"],
        [sp for sp in rows if not any(sp is t for t in on_top)],
        on_top,
        [sp for sp in [*board.hands.values(), *board.flying] if kinds[id(sp)] == "held"],
        moving,
    ]
