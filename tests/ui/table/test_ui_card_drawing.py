"""Unit tests of how cards and sheets are laid out on the table: a raised card clear of its
row's name, small cards keeping their design, the deck badge, cards that grow with the
window, and the score sheet's and the review's columns (the card pictures themselves are
tested in tests/ui/skin/test_ui_skin.py)."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)


def _window() -> None:
    """A window for convert_alpha() (the skin's surfaces are made for the display)."""
    import pygame

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


SIZES = ((1024, 640), (1280, 720), (1920, 1080))


def test_a_raised_card_keeps_clear_of_its_rows_name():
    from game.ui import skin
    from game.ui.kit import widgets
    from game.ui.table.draw_state import DrawState
    from game.ui.table.layout import Layout
    from game.ui.table.sprites import CardSprite

    _window()
    try:
        for size in SIZES:
            widgets.set_ui_scale(size)
            px = widgets.px
            name_h = skin.text("You (you)", "display", px(18), skin.INK).get_height()
            for campers in (3, 4, 6):
                lay = Layout(size, campers, 0)
                for seat, s in lay.seats.items():
                    top, bottom = lay.raise_room(seat)
                    assert top >= s.box.y + px(2) + name_h * 0.9  # the name line (as drawn) stays above
                    x, y, w = lay.slot(seat, 0, 5)
                    sp = CardSprite(7, True, x, y, w, drawing=DrawState())
                    sp.room = (top, bottom)
                    for lift in (0.3, 0.45, 1.0):  # chosen, flipped, viewed
                        sp.lift = lift
                        r = sp.rect()
                        assert r.top >= min(top, y - 0.7 * w - 1)
                        assert r.bottom <= max(bottom, y + 0.7 * w + 1)
                        assert r.height > round(w * 1.4)  # still raised: bigger than at rest
                    sp.move(x, y - 300, None, 0.5)  # on its way elsewhere (a swap): rises freely
                    sp.update(0.25)
                    assert sp.rect().top < top
    finally:
        widgets.set_ui_scale((1280, 720))


def test_a_small_card_keeps_its_design_while_raised_and_turning(monkeypatch):
    from game.ui import skin
    from game.ui.table.draw_state import DrawState
    from game.ui.table.sprites import CardSprite

    _window()
    asked = []
    real = skin.card_face

    def spy(value, width, small=None):
        asked.append((width, small))
        return real(value, width, small)

    monkeypatch.setattr(skin, "card_face", spy)
    surface = pygame.Surface((400, 400))
    w = skin.SMALL_CARD - 10
    sp = CardSprite(5, True, 200, 200, w, drawing=DrawState())
    sp.set_lift(1.0, 0.3)  # grows past SMALL_CARD
    sp.flip(True, 0.3)
    for _ in range(20):
        sp.update(0.02)
        sp.draw(surface)
    assert max(width for width, _ in asked) >= skin.SMALL_CARD
    assert {small for _, small in asked} == {True}  # never the design with words
    big = CardSprite(5, True, 200, 200, skin.SMALL_CARD + 10, drawing=DrawState())
    asked.clear()
    big.draw(surface)
    assert asked == [(skin.SMALL_CARD + 10, False)]


def test_the_deck_badge_sits_on_the_deck_clear_of_the_scram_button():
    from game.ui.table.layout import Layout

    for size in SIZES:
        for campers in (3, 4, 6):
            lay = Layout(size, campers, 0)
            badge, deck = lay.deck_badge(), lay.deck_rect()
            assert deck.collidepoint(badge.center) and badge.w >= 22
            assert not badge.colliderect(lay.scram_rect)


def test_cards_grow_with_the_window_where_there_is_room():
    """At 1920×1080 (as at every size) a bot's row gets the height its
    cards need, its name right above them; the room it leaves goes to the middle, whose piles
    then grow to the player's card size (3 campers, whose player's row grows too); the
    4-camper top row spans the width the side rows leave it (85 % of the player's cards)."""
    from game.ui import skin
    from game.ui.kit import widgets
    from game.ui.table.layout import OTHERS_MAX, Layout

    _window()
    try:
        widgets.set_ui_scale((1920, 1080))
        for campers, human in ((3, 0), (3, 1), (4, 0), (6, 0)):
            lay = Layout((1920, 1080), campers, human)
            me = lay.seats[human]
            for seat, s in lay.seats.items():
                top_of_cards = s.cards.centery - 0.7 * s.card_w
                room = max(widgets.px(8), skin.glow_spread(s.card_w) + widgets.px(2))  # for a halo
                assert top_of_cards - (s.box.y + lay.label_h) <= room + 1, (campers, seat)
                assert seat == human or s.card_w <= me.card_w * OTHERS_MAX
            assert lay.pile_w >= int(0.85 * me.card_w) or lay.pile_w >= lay.zone.w / 5.2 - 1
            if campers == 3 and human == 0:
                assert lay.pile_w == me.card_w and lay.deck_rect().bottom < lay.prompt.top
            if campers == 3 and human:  # the piles share the band with the partner's row
                assert lay.pile_w >= int(0.85 * me.card_w) and lay.deck_rect().bottom < lay.prompt.top
            if campers == 4:
                top = lay.seats[(human + 2) % 4]
                assert top.card_w == int(me.card_w * OTHERS_MAX)  # 140 px, was 128
        duo = Layout((1920, 1080), 3, 1)
        # the solo's row spans the top and the partner's stands beside the piles: the others'
        # cards were 90 px wide side by side at the top
        assert duo.seats[1].card_w >= 160 and duo.pile_w >= 140
        assert duo.seats[0].card_w >= 135 and duo.seats[2].card_w >= 100
    finally:
        widgets.set_ui_scale((1280, 720))


@pytest.mark.parametrize("width", [14, 22, 30, 44, 80])
@pytest.mark.parametrize("text", ["0", "27", "145"])
def test_a_scram_sum_stays_inside_its_score_sheet_column_and_always_has_its_s(width, text, monkeypatch):
    """The S of the camper who declared Scram never reaches the next column: beside the sum,
    both smaller in a narrow column (6 campers in the review's sidebar had 'S' over the
    neighbour's number); and there is always an S (the review's pill once had
    none, and the legend's "a sum on yellow" read as the orange team's yellow column)."""
    from game.ui import skin
    from game.ui.kit.widgets import px
    from game.ui.table.scoresheet import camper_cell

    written: list[str] = []
    real = skin.text
    monkeypatch.setattr(skin, "text", lambda t, *a: written.append(t) or real(t, *a))
    surface = pygame.Surface((400, 60))
    cx, cw = 200, px(width)
    plain = camper_cell(surface, text, False, cx, cw, 10)
    written.clear()
    drawn = camper_cell(surface, text, True, cx, cw, 10)
    assert "S" in written and text in written
    column = pygame.Rect(cx - cw // 2, 0, cw, 60)
    if column.w >= plain.w + px(16):  # a column with room for a sum and a small S
        assert column.left <= drawn.left and drawn.right <= column.right, (drawn, column)


@pytest.mark.parametrize("pile_h", [90, 128, 144, 216])
@pytest.mark.parametrize("cw", [40, 64, 80])
def test_the_reviews_piles_sit_between_the_round_sums_and_their_labels(cw, pile_h):
    """At 1280x720 with 4 campers the rows' cards were taller than the piles' band: the deck
    covered the line of the round's sums and the row below covered 'Deck N'."""
    from game.ui import skin
    from game.ui.kit.widgets import px
    from game.ui.scenes.review import PILE_LABEL, SUMS_LINE, pile_place

    width, top = pile_place(cw, pile_h)
    assert width <= cw and top >= px(SUMS_LINE)
    assert top + skin.card_height(width) + px(PILE_LABEL) <= pile_h
