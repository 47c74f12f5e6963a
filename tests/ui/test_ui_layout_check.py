"""The automated layout check (issue 10, point 2): for every prompt and button state of the
player's turn, at 3 campers (the player in the duo and as the solo), 4 and 6, in windows of
1024×640, 1280×720 and 1920×1080, no text box overlaps another text box or a card, and
everything lies inside the window (cards inside the table).

The states: the start of a turn (with and without a discard top to take), the drawn card
of every value (its Discard/Use/Keep buttons and its help text), a card taken from the pile,
keeping (nothing chosen, one card, a choice that won't match), an action's targets, a 13's
camper and end, a 9's end, a 12's swap-or-leave, a hint shown, and the "turn the cards back"
line of a view, and the start of a turn with the Scram button, then with the longest kind of
hint (a Scram's). Every state shows the Hint button, the widest row of buttons.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import stacked_game

from game.files.settings import Settings
from game.rules.cards import EQ
from game.rules.decisions import DISCARD, DRAW, TAKE, Replace
from game.rules.legality import DRAWN, TWELVE
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene
from game.ui.table.turn import Mode

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
TABLES = {"3 duo": (3, 1), "3 solo": (3, 0), "4": (4, 0), "6": (6, 0)}
VALUES = [EQ, *range(1, 14)]
NAMES = ["Anneliese", "Bartholomew", "Cal", "Dot", "Eli", "Fay"]  # long names are the hard case
HINT = "Keep it in place of your 2nd card: the = there matches anything, and a low card helps."
# The longest kind of hint (`ai.hint`): a Scram below the usual chance in the last round.
SCRAM_HINT = (
    "Declare Scram: your team's cards add up to about 12 against about 30 for the other team, "
    "which has 3 final turns to catch up (a failed Scram records your total + 10; it succeeds "
    "about 40% of the time: in the game's last round, the better bet to win the game)."
)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def problems(table: TableScene, state: str) -> list[str]:
    """What overlaps or leaves the window on the table now."""
    board = table.board
    board.update(5.0)  # every tween done: chosen cards raised, held cards in place
    w, h = board.layout.size
    window = pygame.Rect(0, 0, w, h)
    texts = table.text_boxes()
    cards = board.card_rects()
    out = []
    for name, r in texts:
        if not window.contains(r):
            out.append(f"{state}: {name!r} {r} leaves the window")
    for name, r in cards:
        if not board.layout.table.contains(r):
            out.append(f"{state}: {name} {r} leaves the table")
    for (a, ra), (b, rb) in itertools.combinations(texts, 2):
        if ra.colliderect(rb):
            out.append(f"{state}: {a!r} {ra} overlaps {b!r} {rb}")
    for (a, ra), (b, rb) in itertools.product(texts, cards):
        if ra.colliderect(rb):
            out.append(f"{state}: {a!r} {ra} overlaps {b} {rb}")
    return out


def table_at(size, campers: int, human: int, hint: str = HINT, **stack) -> TableScene:
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    start = 0 if campers == 3 else human  # the solo starts a 3-camper round (R-SEAT-3)
    if start != human:  # a bot's turn first: it draws a 1 and discards it
        stack["deck"] = [1, *stack.get("deck", ())]
    game = stacked_game(campers, start=start, **stack)
    while game.turn != human:
        game.apply(DRAW)
        game.apply(DISCARD)
    levels = [None if s == human else "greenhorn" for s in range(campers)]
    table = TableScene(app, game, NAMES[:campers], levels, human, hint=lambda v, seen: (DRAW, hint))
    app.push(table)
    settle(table)
    return table


def settle(table: TableScene) -> None:
    for _ in range(2000):
        table.board.update(1.0)
        table.timeline.update(1.0)
        if table.timeline.waiting_click:
            return
        if not table.timeline.busy:
            table.board.place_all(table.game.view(table.viewer))
            table.dirty = False
            return
    raise AssertionError("the timeline did not end")


def enter(table: TableScene) -> None:
    table.enter_turn()


def check_value(size, campers: int, human: int, value: int) -> tuple[int, list[str]]:
    """The states of a turn that draws `value`: (how many states, the problems found)."""
    table = table_at(size, campers, human, deck=[value])
    t, seen, found = table.turn, 0, []

    def look(state: str) -> None:
        nonlocal seen
        table.refresh()
        seen += 1
        found.extend(problems(table, f"{campers}/{human} {size} {state}"))

    enter(table)
    look("start")
    t.show_hint()
    while t.hint_job is not None:  # the hint thinks on the bots' worker
        t.poll_hint()
    look("start, hint")
    table.decide(DRAW)
    settle(table)
    enter(table)
    look(f"drawn {value}")
    if table.game.phase == DRAWN:
        t.start_replace()
        look(f"keep {value}, none chosen")
        t.click_target((human, 0))
        look(f"keep {value}, one chosen")
        up = [i for i, (_, face, _) in enumerate(t.view.campsites[human]) if face]
        for i in up:
            t.click_target((human, i))
        look(f"keep {value}, face-up cards chosen ({t.wont_match()})")
        t.cancel()
        if t.view.legal_acts():
            _act_states(table, value, look)
    table.close()
    return seen, found


def _act_states(table: TableScene, value: int, look) -> None:
    t = table.turn
    t.start_act()
    if t.mode is None:  # an 11 with nothing to swap is played at once
        return
    look(f"use {value}")
    if t.mode is Mode.GIVE:
        t.click_target((1, 0))
        look("13: which end")
        return
    act = t.acts[0]
    for target in act.targets:
        if t.mode is Mode.ACT:
            t.click_target(target if target[0] != "deck" else ("deck", 0))
    if t.mode is Mode.ACT_END:
        look("9: which end")
        return
    settle(table)
    if table.timeline.waiting_click:
        table.refresh()
        look(f"{value}: turn the card back")
        table.timeline.click()
        settle(table)
    if table.game.phase == TWELVE:
        enter(table)
        look("12: swap or leave")


def check_scram(size, campers: int, human: int) -> list[str]:
    """The start of a turn with the Scram button (2 cards left, R-SCRAM-1)."""
    solo = campers == 3 and human == 0
    mine = [4, 4, 4, 4, EQ, EQ, EQ, 9] if solo else [4, 4, 4, 4, 9]
    table = table_at(size, campers, human, SCRAM_HINT, campsites={human: mine}, deck=[12])
    game = table.game
    table.decide(DRAW)
    table.decide(Replace(tuple((human, i) for i in range(len(mine) - 1)), "right"))
    while game.turn != human:
        table.decide(DRAW)
        table.decide(DISCARD)
    settle(table)
    enter(table)
    table.refresh()
    assert table.turn.scram.visible
    found = problems(table, f"{campers}/{human} {size} start with Scram")
    table.turn.show_hint()
    while table.turn.hint_job is not None:
        table.turn.poll_hint()
    table.refresh()
    assert table.turn.prompt.startswith("Hint: Declare Scram")
    found += problems(table, f"{campers}/{human} {size} start with Scram, the longest hint")
    table.close()
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(TABLES))
def test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window(home, kind, size):
    campers, human = TABLES[kind]
    states, found = 0, []
    for value in VALUES:
        n, bad = check_value(size, campers, human, value)
        states += n
        found += bad
    # A card taken from the discard pile: it must be kept (its own prompt).
    table = table_at(size, campers, human, discard=7)
    table.decide(TAKE)
    settle(table)
    enter(table)
    table.refresh()
    found += problems(table, f"{kind} {size} taken 7")
    table.close()
    found += check_scram(size, campers, human)
    assert states >= 80
    assert not found, "\n".join(found[:12])


def test_the_deal_and_a_view_leave_the_board_consistent(home):
    """The layout check's own driver reaches the modes it claims to check."""
    table = table_at((1280, 720), 4, 0, deck=[12])
    enter(table)
    table.decide(DRAW)
    settle(table)
    enter(table)
    assert table.turn.mode is Mode.CHOOSE
    table.turn.start_act()
    assert table.turn.mode is Mode.ACT
    table.turn.click_target((1, 0))
    table.turn.click_target((2, 0))
    settle(table)
    assert table.timeline.waiting_click or table.game.phase == TWELVE
    table.close()


def test_the_check_sees_a_button_on_the_row_label(home):
    """The check is not blind: a button moved onto the player's name is reported."""
    table = table_at((1024, 640), 4, 0, deck=[5])
    table.decide(DRAW)
    settle(table)
    enter(table)
    table.refresh()
    assert problems(table, "as laid out") == []
    name = next(r for n, r in table.board.text_boxes() if n.startswith("seat 0: Anneliese"))
    table.turn.buttons[0].rect.center = name.center
    assert any("overlaps" in p and "Anneliese" in p for p in problems(table, "button moved"))
    table.close()
