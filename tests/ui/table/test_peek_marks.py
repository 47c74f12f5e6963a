"""Peek marks a person can read (R-INFO-1): one badge per camper who saw
a face-down card, its team's shape and colour with the camper's initial, always; never
smaller than the floor, never on another mark or on the memory aid's value, always inside
the part of the card in view; and they turn with their card."""

from __future__ import annotations

import itertools

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.rules.cards import campsite_layout
from game.ui import skin
from game.ui.kit.widgets import px, set_ui_scale
from game.ui.table import seen_marks, sprites
from game.ui.table.draw_state import DrawState
from game.ui.table.layout import Layout

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
TABLES = [(3, 0), (3, 1), (4, 0), (6, 0)]


MARKS = seen_marks.SeatMarks({s: (s % 2, "YBCDEF"[s]) for s in range(6)})  # a table's marks


def face_down(value: int, w: float, known: int) -> sprites.CardSprite:
    """A face-down card of that table, at (200, 150)."""
    return sprites.CardSprite(value, False, 200, 150, w, known=known, drawing=DrawState(marks=MARKS))


@pytest.fixture(autouse=True)
def window():
    pygame.display.set_mode((10, 10))
    yield
    set_ui_scale((1280, 720))


def masks(campers: int):
    """Every set of campers (at least one) who may have seen a card."""
    for k in range(1, campers + 1):
        for seats in itertools.combinations(range(campers), k):
            yield sum(1 << s for s in seats)


def card_cases():
    """(window, campers, seat, row length, card width, step to the next card): every seat of
    every table at every size, dealt and grown by penalties."""
    for size in SIZES:
        set_ui_scale(size)
        for campers, bottom in TABLES:
            lay = Layout(size, campers, bottom)
            for seat in range(campers):
                dealt = sum(campsite_layout(seat, campers))
                for count in (dealt, dealt + 3):
                    x0, _, w = lay.slot(seat, 0, count)
                    x1, _, _ = lay.slot(seat, 1, count)
                    yield size, campers, seat, count, dealt, w, x1 - x0


def test_every_mark_is_legible_apart_and_in_view_at_every_size_and_seat():
    """Badges at least MIN_MARK design px tall, none on another, none on the value, all
    inside the card's part in view; on a dealt row one badge per camper who saw the card
    (the player's own is the memory aid's value when that is shown)."""
    checked = 0
    for size, campers, seat, count, dealt, w, step in card_cases():
        set_ui_scale(size)
        r = pygame.Rect(0, 0, round(w), round(w * 1.4))
        r.topleft = (100, 100)
        strip = None if step >= w else int(step)
        seen = r.copy()
        if strip is not None:
            seen.w = strip
        for known in masks(campers):
            for value in (None, 12):
                spots = MARKS.places(r, known, 0, value, strip)
                rects = [spot for _, spot in spots]
                where = (size, campers, seat, count, bin(known), value)
                assert all(seen.contains(x) for x in rects), where
                assert all(not a.colliderect(b) for a, b in itertools.combinations(rects, 2)), where
                assert all(x.h >= px(seen_marks.MIN_MARK) for x in rects), where
                kinds = [kind for (kind, _), _ in spots]
                if value is not None:
                    assert "value" in kinds, where
                if count == dealt:  # one mark per camper, each by name
                    who = {what for (kind, what), _ in spots if kind == "seat"}
                    want = {s for s in range(campers) if known >> s & 1} - ({0} if value else set())
                    assert who == want and "more" not in kinds, where
                checked += 1
    assert checked > 5000


def test_a_badge_has_its_teams_shape_and_its_campers_initial_at_every_size():
    for size in SIZES:
        set_ui_scale(size)
        for height in (px(seen_marks.MIN_MARK), px(20), px(seen_marks.MAX_MARK)):
            disc, square = MARKS.seat_tag(2, height), MARKS.seat_tag(1, height)
            corner = (max(1, round(height * 0.1)),) * 2
            # without colour: the disc's corners are empty, the square's are filled
            assert disc.get_at(corner).a == 0 and square.get_at(corner).a == 255
            plain = seen_marks.team_mark(0, height)
            tags = [MARKS.seat_tag(s, height) for s in range(6)]
            # every badge carries its letter (differs from the bare shape and from the others)
            for tag in tags:
                assert pygame.image.tobytes(tag, "RGBA") != pygame.image.tobytes(plain, "RGBA")
            assert len({pygame.image.tobytes(t, "RGBA") for t in tags}) == 6
            assert seen_marks.letter_size(height) >= px(seen_marks.MIN_TEXT)


def test_a_shared_first_letter_gets_two_letters_on_a_wider_badge():
    names = ["You", "Bea", "Bob", "Dot"]
    letters = seen_marks.initials(names, 0)
    assert letters == ["Y", "Be", "Bo", "D"]
    marks = seen_marks.SeatMarks({s: (s % 2, letters[s]) for s in range(4)})
    one, two = marks.seat_tag(3, px(14)), marks.seat_tag(1, px(14))
    assert two.get_width() > one.get_width() and one.get_width() == one.get_height()


def test_more_saw_it_than_a_shrunken_card_holds_the_last_badge_says_how_many():
    r = pygame.Rect(0, 0, 20, 28)
    spots = MARKS.places(r, 0b111111, 0, None, None)
    kinds = [kind for (kind, _), _ in spots]
    assert kinds[-1] == "more"
    shown = sum(1 for k in kinds if k == "seat")
    more = spots[-1][0][1]
    assert shown + more == 6


def drawn(sp: sprites.CardSprite, aid: bool = False) -> pygame.Surface:
    surface = pygame.Surface((400, 300))
    surface.fill((0, 90, 40))
    sp.draw(surface, memory_aid=aid, viewer=0)
    return surface


def test_the_marks_narrow_with_their_card_in_a_flip():
    """Half-way through a flip the marks are as narrow as the card, and
    none is left standing beside it; after the flip's middle they are gone with the back."""
    sp = face_down(7, 60, 0b1011)
    full = drawn(sp)
    sp.flip(True, 1.0, known=0)
    sp.update(0.4)  # narrowing: still its back
    assert 0.05 < sp.squeeze < 0.9 and not sp.up
    narrow = drawn(sp)
    card = sp.rect()
    narrow_w = round(card.w * sp.squeeze)
    visible = pygame.Rect(card.centerx - narrow_w // 2, card.y, narrow_w, card.h)
    background = (0, 90, 40, 255)
    for x in range(card.left, card.right):
        for y in range(card.top, card.bottom):
            if not visible.inflate(2, 0).collidepoint(x, y):
                assert narrow.get_at((x, y)) == background, (x, y)  # no mark outside the card
    assert pygame.image.tobytes(full, "RGB") != pygame.image.tobytes(narrow, "RGB")
    sp.update(0.2)  # past the middle: the face, no marks
    assert sp.up and sp.known == 0


def test_the_marks_are_drawn_on_the_card_where_places_says():
    sp = face_down(9, 90, 0b101)
    bare = face_down(9, 90, 0)
    with_marks, without = drawn(sp, aid=True), drawn(bare, aid=True)
    spots = sp.mark_places(True, 0)
    assert [kind for (kind, _), _ in spots] == ["value", "seat"]  # the player's mark is the value
    for _, spot in spots:
        area = spot.inflate(-4, -4)
        assert pygame.image.tobytes(with_marks.subsurface(area), "RGB") != pygame.image.tobytes(
            without.subsurface(area), "RGB"
        )
    assert skin.TEAM  # the colours the badges wear


def test_each_table_draws_its_cards_with_its_own_marks_and_motion():
    """Two boards (a test's, the next game's) never share badges or reduced motion: a second
    table's campers do not rename the first one's marks."""
    from game.ui.table.board import Board
    from game.ui.table.teams import TeamLook

    first = Board((1280, 720), 4, 0, 0, ["You", "Bea", "Cal", "Dot"], TeamLook(4, 0))
    before = pygame.image.tobytes(first.drawing.marks.seat_tag(1, px(20)), "RGBA")
    second = Board((1280, 720), 4, 0, 0, ["You", "Ann", "Cal", "Dot"], TeamLook(4, 0), DrawState(calm=True))
    assert second.drawing.calm and not first.drawing.calm
    assert first.deck_card().drawing is first.drawing and second.deck_card().drawing is second.drawing
    assert pygame.image.tobytes(first.drawing.marks.seat_tag(1, px(20)), "RGBA") == before  # still "B"
    assert pygame.image.tobytes(second.drawing.marks.seat_tag(1, px(20)), "RGBA") != before  # "A"
