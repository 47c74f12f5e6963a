"""The prompt's buttons keep their place, and Enter follows a hint.

The buttons do not move when a hint comes, nor between turns with the prompt's
length or the card held; a long hint never pushes them onto a second row over the cards.
After a hint, Enter takes the hinted move as far as Enter can (a replacement:
Keep opens with the hinted cards chosen); holding a card taken from the pile, Enter names
only what is legal.
"""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import HINT, LARGE, USUAL, kinds_at_sizes, settle
from ui.support.layout import table_at as layout_table
from ui_support import key, run

from game.rules import DRAWN
from game.rules.cards import EQ
from game.rules.decisions import DISCARD, DRAW, KEEP, TAKE, Act, Replace
from game.ui.kit.widgets import px
from game.ui.scenes.table import TableScene
from game.ui.table.prompt import button_size, free_band, label_width, slot_width, widest_rows
from game.ui.table.turn import Mode

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
TABLES = {"3 duo": (3, 1), "4": (4, 0), "6": (6, 0)}
LONG_HINT = HINT


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


class Hint:
    """A hint provider whose answer the test sets."""

    def __init__(self) -> None:
        self.answer: tuple = (DRAW, "Draw.")

    def __call__(self, view, seen) -> tuple:
        return self.answer


def table_at(size, campers: int, human: int, hint: Hint, **stack) -> TableScene:
    """The layout check's table at the player's turn, with the turn entered."""
    table = layout_table(size, campers, human, hint, **stack)
    table.enter_turn()
    return table


def hinted(table: TableScene) -> None:
    table.turn.show_hint()
    while table.turn.hint_job is not None:
        table.turn.poll_hint()
    table.refresh()


def rects(table: TableScene) -> dict[str, pygame.Rect]:
    """Each button's place, by the first word of its label."""
    return {b.label.split()[0]: b.rect.copy() for b in table.prompt_bar.buttons}


def held(size, campers: int, human: int, value: int, hint: Hint) -> TableScene:
    table = table_at(size, campers, human, hint, deck=[value])
    table.decide(DRAW)
    settle(table)
    table.enter_turn()
    table.refresh()
    return table


@pytest.mark.parametrize(
    ("kind", "size"), kinds_at_sizes(TABLES, slow={("3 duo", USUAL), ("3 duo", LARGE), ("4", LARGE)})
)
def test_the_buttons_stay_put_when_a_hint_comes_and_from_turn_to_turn(home, kind, size):
    campers, human = TABLES[kind]
    hint = Hint()
    places: dict[str, set[tuple]] = {}
    for value in (5, 6, 9, 12, 13, 1, EQ):  # Play labels and prompts of every length
        for answer in (None, (DISCARD, "Throw it away."), (Replace(((human, 0),)), LONG_HINT)):
            table = held(size, campers, human, value, hint)
            if answer is not None:
                hint.answer = answer
                hinted(table)
            for name, r in rects(table).items():
                places.setdefault(name, set()).add(tuple(r))
            row = table.prompt_bar.buttons
            assert len({b.rect.centery for b in row}) == 1  # one row
            table.close()
    moved = {name: spots for name, spots in places.items() if len(spots) > 1}
    assert not moved, moved
    # the start of a turn: a short prompt, a long one, a long hint: the Hint button stays
    starts = set()
    for stack in ({}, {"discard": 3}):
        for answer in (None, (DRAW, LONG_HINT)):
            table = table_at(size, campers, human, hint, **stack)
            if answer is not None:
                hint.answer = answer
                hinted(table)
            table.refresh()
            starts |= {tuple(r) for name, r in rects(table).items()}
            table.close()
    assert len(starts) == 1, starts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_hint_leaves_the_row_above_the_cards_and_is_in_the_log(home, size):
    hint = Hint()
    hint.answer = (Replace(((0, 0),)), LONG_HINT + " " + LONG_HINT)  # longer than any hint
    table = held(size, 6, 0, 7, hint)
    before = rects(table)
    table.turn.show_hint()
    if table.turn.hint_job is not None:  # thinking on the bots' worker
        table.turn.hint_job.result(timeout=60)
    table.update(0.0)  # the table shows the hint, and tells it whole in the log
    assert table.turn.prompt.startswith("Hint")
    assert rects(table) == before
    me = table.board.layout.seats[0].box
    lines = [r for _, _, r in table.prompt_bar.lines]
    assert lines and all(r.bottom <= me.y for r in lines)
    assert all(b.rect.bottom <= me.y for b in table.prompt_bar.buttons)
    for _, _, r in table.prompt_bar.lines:  # no line on a button
        assert all(not r.colliderect(b.rect) for b in table.prompt_bar.buttons)
    assert table.prompt_bar.cut and table.prompt_bar.lines[-1][0].endswith("(the rest is in the log)")
    assert table.sidebar.log[-1] == "Hint: " + LONG_HINT + " " + LONG_HINT
    table.close()


def test_a_hint_asked_for_twice_on_one_turn_is_told_once_in_the_log(home):
    hint = Hint()
    hint.answer = (Replace(((0, 0),)), LONG_HINT)
    table = held((1280, 720), 4, 0, 7, hint)
    for _ in range(3):
        table.turn.show_hint()
        if table.turn.hint_job is not None:  # thinking on the bots' worker
            table.turn.hint_job.result(timeout=60)
        table.update(0.0)
    assert table.sidebar.log.count("Hint: " + LONG_HINT) == 1
    table.close()


def test_every_row_of_the_turn_fits_the_widest_rows_planned(home):
    """The button size is chosen once per table size from the widest rows: no row a turn shows
    is wider (with a Hint button), so no row ever leaves its place or its band."""
    hint = Hint()
    for size in SIZES:
        table = held(size, 4, 0, 9, hint)
        band = free_band(table.board.layout, None)
        bsize = button_size(band)
        planned = max(sum(label_width(x, bsize) for x in row) + px(10) * 3 for row in widest_rows(bsize))
        t = table.turn
        rows = [t.buttons]
        t.start_replace()
        rows.append(t.buttons)
        t.toggle_end()
        rows.append(t.buttons)
        t.cancel()
        t.start_act()
        t.click_target((1, 0))
        t.click_target((2, 0))
        assert t.mode is Mode.ACT_END
        rows.append(t.buttons)
        for row in rows:
            table.refresh()
            widths = sum(slot_width(b, bsize) for b in row)
            assert widths + px(10) * (len(row) - 1) <= planned
        table.close()


# ---- Enter follows the hint -----------------------------------------------------------
def test_enter_after_a_hint_chooses_the_hinted_cards_then_confirms(home):
    hint = Hint()
    hint.answer = (Replace(((0, 1), (0, 3))), "Replace your 2nd and 4th cards.")
    table = held((1280, 720), 4, 0, 4, hint)
    game = table.game
    hinted(table)
    assert table.turn.prompt.startswith("Hint (Enter follows it): ")
    keep = next(b for b in table.turn.buttons if b.label.startswith("Keep"))
    assert keep.glow and table.turn.default_button() is keep
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert table.turn.mode is Mode.REPLACE and table.turn.sel == [(0, 1), (0, 3)]
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert game.actions[-1][0] == Replace(((0, 1), (0, 3)))
    table.close()


@pytest.mark.parametrize(
    ("value", "answer", "then"),
    [
        (9, Act(((1, 0), (2, 0)), "left"), "left end"),  # a 9: its targets, then its end on Enter
        (13, Act((), "left", 3), "left end"),  # a 13: its camper, then its end
        (10, Act(((3, 1),)), None),  # a 10: its target, decided
        (12, DISCARD, None),  # throw it away
    ],
)
def test_enter_follows_an_action_hint_as_far_as_enter_can(home, value, answer, then):
    hint = Hint()
    hint.answer = (answer, "This.")
    table = held((1280, 720), 4, 0, value, hint)
    game = table.game
    before = len(game.actions)
    hinted(table)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    table.handle_event(enter)
    if then is not None:
        assert table.turn.mode is Mode.ACT_END
        default = table.turn.default_button()
        assert default is not None and then in default.label.lower()
        table.handle_event(enter)
    assert len(game.actions) == before + 1 and game.actions[-1][0] == answer
    table.close()


@pytest.mark.parametrize("before", ["followed", "one target chosen"])
def test_a_hint_followed_again_or_after_choosing_a_target_plays_the_hinted_action(home, before):
    """Seen under Xvfb: at a 9's "Where does the 9 go?", asking for the hint again and
    pressing Enter took both chosen targets back (a click on a chosen target unchooses it)
    and left nothing chosen. Now following the hint starts the targets afresh, whatever
    was chosen before."""
    hint = Hint()
    answer = Act(((1, 0), (2, 0)), "left")
    hint.answer = (answer, "This.")
    table = held((1280, 720), 4, 0, 9, hint)
    game = table.game
    before_actions = len(game.actions)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    if before == "followed":
        hinted(table)
        table.handle_event(enter)
        assert table.turn.mode is Mode.ACT_END
    else:
        table.turn.start_act()
        table.turn._click_act((1, 0))
        assert table.turn.sel == [(1, 0)]
    hinted(table)
    table.handle_event(enter)
    assert table.turn.mode is Mode.ACT_END and table.turn.sel == [(1, 0), (2, 0)]
    table.handle_event(enter)
    assert len(game.actions) == before_actions + 1 and game.actions[-1][0] == answer
    table.close()


def test_enter_follows_a_hint_to_draw_take_or_leave_the_twelves_cards(home):
    hint = Hint()
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    hint.answer = (TAKE, "Take it.")
    table = table_at((1280, 720), 4, 0, hint, discard=2)
    hinted(table)
    table.handle_event(enter)
    assert table.game.actions[-1][0] == TAKE
    table.close()
    hint.answer = (Act(((0, 0), (1, 0))), "Look.")
    table = held((1280, 720), 4, 0, 12, hint)
    hinted(table)
    table.handle_event(enter)
    settle(table)
    assert table.timeline.waiting_click  # the two cards seen: a click turns them back
    table.timeline.click()
    settle(table)
    table.enter_turn()
    assert table.turn.mode is Mode.TWELVE
    hint.answer = (KEEP, "Leave them.")
    hinted(table)
    leave = next(b for b in table.turn.buttons if b.label.startswith("Leave"))
    swap = next(b for b in table.turn.buttons if b.label.startswith("Swap"))
    assert leave.glow and not swap.primary
    table.handle_event(enter)
    assert table.game.actions[-1][0] == KEEP
    table.close()


def test_enter_holding_a_card_from_the_pile_names_only_keep(home):
    table = table_at((1280, 720), 4, 0, Hint(), discard=3)
    table.decide(TAKE)
    settle(table)
    table.enter_turn()
    assert table.game.phase == DRAWN
    key(pygame.K_RETURN)
    run(table.app)
    assert table.messages.warning == "No default here: keep it (K)"
    table.close()
