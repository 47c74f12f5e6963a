"""Unit tests of the table's plain parts: long rows shrink their cards, the narration of
events, reduced motion's sprites, and the bots at the table (each level a real bot, thinking
in a worker process, a bot that cannot be built reported)."""

from __future__ import annotations

import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)


def test_long_rows_shrink_their_cards_before_overlapping():
    from game.ui.table.layout import SHRINK, Layout

    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        for campers in (3, 4, 6):
            lay = Layout(size, campers, 0)
            for seat, s in lay.seats.items():
                dealt = 8 if campers == 3 and seat == 0 else 5
                x0, _, w = lay.slot(seat, 0, dealt)
                x1, _, _ = lay.slot(seat, 1, dealt)
                assert w == s.card_w and x1 - x0 > w  # a dealt row: full-size cards, apart
                for count in (dealt + 2, dealt + 8):
                    xs = [lay.slot(seat, i, count) for i in range(count)]
                    w = xs[0][2]
                    assert SHRINK * s.card_w - 1e-6 <= w <= s.card_w
                    assert xs[0][0] - w / 2 >= s.cards.x - 1  # every card inside the box
                    assert xs[-1][0] + w / 2 <= s.cards.right + 1
                    steps = {round(b[0] - a[0], 3) for a, b in zip(xs, xs[1:], strict=False)}
                    assert len(steps) == 1  # evenly spaced
            # Campsites never overlap each other, nor the piles in the middle.
            boxes = [s.box for s in lay.seats.values()]
            for i, a in enumerate(boxes):
                assert not any(a.colliderect(b) for b in boxes[i + 1 :])
                assert not a.colliderect(lay.deck_rect()) and not a.colliderect(lay.discard_rect())


def test_reduced_motion_sprites_stay_flat_and_cross_fade():
    from game.ui.table.draw_state import DrawState
    from game.ui.table.sprites import CardSprite

    sp = CardSprite(7, False, 100, 100, 60, drawing=DrawState(calm=True))
    sp.set_lift(1.0, 0.3)
    sp.hop(0.7, 0.6)
    assert sp.lift == 0.0 and not sp.tweens
    sp.flip(True, 0.4, 0.1)
    seen = []
    for _ in range(40):
        sp.update(0.02)
        seen.append((sp.squeeze, sp.fade, sp.up))
    assert all(squeeze == 1.0 for squeeze, _, _ in seen)  # never narrowed to its edge
    assert any(0 < fade < 1 and up for _, fade, up in seen)  # the new face fades in
    assert sp.up and sp.fade == 1.0 and sp.old_face == (False, 7) and not sp.tweens
    normal = CardSprite(7, False, 100, 100, 60, drawing=DrawState(calm=False))
    normal.flip(True, 0.4)
    normal.update(0.1)
    assert normal.squeeze < 1.0 and normal.fade == 1.0
