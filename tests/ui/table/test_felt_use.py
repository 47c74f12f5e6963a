"""The 3-camper table seen by a duo camper uses the felt: the solo's row of eight spans the
top and the partner's row stands beside the piles, so their cards are bigger than when the two
rows shared the top, and the rows cover more of the table. Each camper's held card stays clear
of the other rows and of the piles. (The figures: `python -m bench.felt_use`.)"""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.ui.kit.widgets import set_ui_scale
from game.ui.table.layout import Layout, dealt

SIZES = ((1024, 640), (1280, 720), (1280, 800), (1920, 1080))


def rows_share(lay: Layout) -> float:
    """The share of the table covered by the dealt rows as drawn (name line and cards)."""
    frames = [lay.row_frame(s, dealt(s, lay.campers)) for s in lay.seats]
    return sum(f.w * f.h for f in frames) / (lay.table.w * lay.table.h)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("duo", (1, 2))
def test_a_duo_campers_table_covers_more_of_the_felt(size, duo):
    set_ui_scale(size)
    try:
        lay = Layout(size, 3, duo)
        # side by side at the top the others' cards were 84 px tall at 1280x720 and the rows
        # covered 34 % of the table; now the solo's are half as tall again
        scale = min(size[1] / 720, size[0] / 1280)
        solo, partner = lay.seats[0], lay.seats[3 - duo]
        assert 1.4 * solo.card_w >= 120 * scale
        assert 1.4 * partner.card_w >= 88 * scale
        assert rows_share(lay) >= 0.43
        assert solo.box.y < partner.box.y < lay.seats[duo].box.y  # the solo above, the partner between
    finally:
        set_ui_scale((1280, 720))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("campers", "bottom"), ((3, 0), (3, 1), (3, 2), (4, 0), (6, 0)))
def test_a_held_card_stays_clear_of_the_rows_and_the_piles(size, campers, bottom):
    set_ui_scale(size)
    try:
        lay = Layout(size, campers, bottom)
        piles = lay.deck_rect().union(lay.discard_rect()).union(lay.deck_badge())
        for seat in lay.seats:
            if seat == bottom:
                continue
            x, y, w = lay.seat_hand(seat)
            card = pygame.Rect(0, 0, w, round(1.4 * w))
            card.center = (round(x), round(y))
            assert lay.table.contains(card)
            assert not card.colliderect(piles), (seat, card, piles)
            others = [st.box for s, st in lay.seats.items() if s != seat]
            assert card.collidelist(others) < 0, (seat, card)
            assert w >= 0.6 * lay.seats[seat].card_w  # held at a readable size
    finally:
        set_ui_scale((1280, 720))
