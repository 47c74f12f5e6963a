"""The automated layout check, so that no text is ever hidden or cut: for every prompt and
button state of the player's turn, at 3 campers (the player in the duo and as the solo), 4 and
6, in windows of 1024×640, 1280×720 and 1920×1080, no text box overlaps another text box or a
card, and everything lies inside the window (cards inside the table).

The states: the start of a turn (with and without a discard top to take), the drawn card
of every value (its Discard/Use/Keep buttons and its help text), a card taken from the pile,
keeping (nothing chosen, one card, a choice that won't match), an action's targets, a 13's
camper and end, a 9's end, a 12's swap-or-leave, a hint shown, and the "turn the cards back"
line of a view, and the start of a turn with the Scram button, then with the longest kind of
hint (a Scram's). Every state shows the Hint button, the widest row of buttons.
"""

from __future__ import annotations

import itertools

import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from ui.support.layout import (
    LARGE,
    NAMES,
    SCRAM_HINT,
    SIZES,
    TABLES,
    USUAL,
    VALUES,
    crowded,
    drawn_texts,
    enter,
    kinds_at_sizes,
    problems,
    settle,
    sizes,
    table_at,
)

from game.files.settings import Settings
from game.rules import DRAWN, TWELVE
from game.rules.cards import EQ
from game.rules.decisions import DISCARD, DRAW, TAKE, Replace
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene
from game.ui.table.turn import Mode


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


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
    assert table.turn.prompt.startswith("Hint (Enter follows it): Declare Scram")
    found += problems(table, f"{campers}/{human} {size} start with Scram, the longest hint")
    table.close()
    return found


@pytest.mark.parametrize(
    ("kind", "size"),
    kinds_at_sizes(
        TABLES,
        slow={
            ("3 duo", USUAL),
            ("3 duo", LARGE),
            ("3 solo", USUAL),
            ("3 solo", LARGE),
            ("4", USUAL),
            ("6", LARGE),
        },
    ),
)
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


def round_over(size, campers: int, human: int):
    """A table whose first round the core played to its end (random legal moves, no
    Scram), shown until its summary has counted every card."""
    from decks import round_without_scram

    from game.rules.state import Game

    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    game = Game(campers, 21)
    round_without_scram(game)
    levels = [None if s == human else "greenhorn" for s in range(campers)]
    table = TableScene(app, game, NAMES[:campers], levels, human)
    app.push(table)
    for _ in range(4000):
        if table.timeline.waiting_click:
            table.timeline.click()
        app.step(1 / 60)
        end = app.top
        if type(end).__name__ == "RoundEndScene" and end.done:
            return app, table, end
        if type(end).__name__ == "RoundEndScene":
            end.timer = -1e9  # the count, at once
    raise AssertionError("the round's summary never came")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(TABLES))
def test_the_round_summary_fits_its_panel_and_the_sums_fit_the_table(home, monkeypatch, kind, size):
    campers, human = TABLES[kind]
    app, table, end = round_over(size, campers, human)
    state = f"{kind} {size} round summary"
    found = problems(table, state)  # the sums' badges on the board
    boxes = drawn_texts(app, monkeypatch, top_only=True)  # the summary, over the sidebar
    assert any(t.startswith("Round 1 is over") for t, _ in boxes)
    assert any(t.startswith("Next round") for t, _ in boxes) and any(t.startswith("Menu") for t, _ in boxes)
    found += crowded(boxes, table.board.layout.sidebar, state)
    assert not found, "\n".join(found[:12])
    table.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(TABLES))
def test_the_wont_match_warning_with_confirm_and_a_bots_held_card_fit(home, kind, size):
    campers, human = TABLES[kind]
    dealt = 8 if (campers, human) == (3, 0) else 5
    mine = [1, 2, 3, 4, 5, 6, 7, 8][:dealt]  # its face-up cards differ: they cannot match
    table = table_at(size, campers, human, campsites={human: mine}, deck=[9])
    t = table.turn
    table.decide(DRAW)
    settle(table)
    enter(table)
    t.start_replace()
    up = [i for i, (_, face, _) in enumerate(t.view.campsites[human]) if face]
    for i in up[:2]:
        t.click_target((human, i))
    table.refresh()
    warning = t.wont_match()
    confirm = next(b for b in t.buttons if b.label.startswith("Confirm"))
    assert warning and confirm.enabled and confirm.visible
    assert any(warning in name for name, _ in table.prompt_bar.boxes())
    found = problems(table, f"{kind} {size} won't match, Confirm")
    t.cancel()
    assert t.try_decide(DISCARD)  # now each bot in turn draws and holds its card
    settle(table)
    for _ in range(campers - 1):
        seat = table.game.turn
        table.decide(DRAW)
        settle(table)
        assert seat in table.board.hands
        found += problems(table, f"{kind} {size} seat {seat} holds a card")
        table.decide(DISCARD)
        settle(table)
    assert not found, "\n".join(found[:12])
    table.close()


# ---- the peek marks, on every seat of every table ---------------------------------------------
def seen_by_all(size, campers: int, human: int, aid: bool, grown: bool = False) -> TableScene:
    """A table where every face-down card was seen by several campers (each card by a
    different set, the first by everyone); `grown`: the player's neighbours have three
    penalty cards more (their rows narrow, a long one overlaps its cards)."""
    table = table_at(size, campers, human)
    game = table.game
    if grown:
        for s in {(human + 1) % campers, (human - 1) % campers}:
            game.campsites[s].extend([(9, False, 0)] * 3)
    everyone = (1 << campers) - 1
    for s, row in enumerate(game.campsites):
        for i, (v, up, _known) in enumerate(row):
            if not up:
                row[i] = (v, up, everyone if i == 0 else (everyone >> (i % campers)) | 1 << s)
    table.app.settings.memory_aid = aid
    table.board.memory_aid = aid
    table.board.place_all(game.view(human))
    table.board.update(5.0)
    return table


def mark_problems(table: TableScene, state: str, dealt_rows: bool) -> list[str]:
    """Marks outside the part of their card in view, on one another, on a text, too small;
    on a dealt row, a "+N" where every camper should have a mark."""
    from game.ui.kit.widgets import px
    from game.ui.table.seen_marks import MIN_MARK

    board = table.board
    marks = board.mark_boxes()
    texts = table.text_boxes()
    out = []
    for name, r, card in marks:
        if not card.contains(r):
            out.append(f"{state}: {name} {r} leaves the part of its card in view {card}")
        if r.h < px(MIN_MARK):
            out.append(f"{state}: {name} {r} is smaller than {px(MIN_MARK)} px")
        if dealt_rows and " more " in name:
            out.append(f"{state}: {name}: a dealt row has room for every camper's mark")
        for t, tr in texts:
            if r.colliderect(tr):
                out.append(f"{state}: {name} {r} overlaps {t!r} {tr}")
    for (a, ra, _), (b, rb, _) in itertools.combinations(marks, 2):
        if ra.colliderect(rb):
            out.append(f"{state}: {a} {ra} overlaps {b} {rb}")
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(TABLES))
def test_peek_marks_are_apart_in_view_and_off_the_labels(home, kind, size):
    campers, human = TABLES[kind]
    found, seen = [], 0
    for aid in (False, True):
        for grown in (False, True):
            table = seen_by_all(size, campers, human, aid, grown)
            marks = table.board.mark_boxes()
            seen += len(marks)
            assert any(" seat " in name for name, _, _ in marks)
            if aid:
                assert any(" value " in name for name, _, _ in marks)
            state = f"{kind} {size} aid {aid} grown {grown}"
            found += mark_problems(table, state, dealt_rows=not grown)
            table.close()
    assert seen > 40
    assert not found, "\n".join(found[:12])


def test_the_mark_check_sees_a_mark_on_a_label(home):
    """The check is not blind: a card raised onto its row's name line has its marks there."""
    table = seen_by_all((1024, 640), 6, 0, aid=False)
    assert mark_problems(table, "as dealt", dealt_rows=True) == []
    sp = table.board.rows[1][0]
    sp.room = None
    sp.y -= 30  # up onto Bartholomew's name
    assert any("overlaps 'seat 1" in p for p in mark_problems(table, "moved", dealt_rows=True))
    table.close()


def raised_problems(table: TableScene, state: str) -> list[str]:
    """Each row card raised in turn (hovered, then chosen): what it covers that was drawn
    before it: a label's text, another card's marks or memory-aid value."""
    from game.ui.table.board import CHOSEN_LIFT, HOVER_LIFT

    board = table.board
    texts = board.text_boxes()
    out = []
    for s, row in enumerate(board.rows):
        for i, sp in enumerate(row):
            for lift in (HOVER_LIFT, CHOSEN_LIFT):
                sp.lift = lift
                order = [c for layer in board.layers() for c in layer]
                under = {id(c) for c in order[: order.index(sp)]}  # drawn before it
                r = sp.rect()
                out += [
                    f"{state}: card {s}.{i} raised {r} covers {t!r} {tr}"
                    for t, tr in texts
                    if r.colliderect(tr)
                ]
                for name, mr, _ in board.mark_boxes():
                    seat, slot = (int(x) for x in name.split()[1].split("."))
                    other = board.rows[seat][slot]
                    if other is not sp and id(other) in under and r.colliderect(mr):
                        out.append(f"{state}: card {s}.{i} raised {r} covers {name} {mr}")
                sp.lift = 0.0
    return out


@pytest.mark.parametrize("size", sizes(slow=(LARGE,)))
def test_a_raised_or_hovered_card_covers_no_label_and_no_other_cards_marks(home, size):
    """Hovered and chosen cards rise; they cover neither a row's label nor
    the marks and memory-aid values of the cards beside them, in a long row too."""
    found = []
    for kind, (campers, human) in TABLES.items():
        for grown in (False, True):
            table = seen_by_all(size, campers, human, aid=True, grown=grown)
            if grown:  # the player's row grown long too: its cards overlap
                game = table.game
                game.campsites[human].extend([(9, False, 1 << human | 2)] * 7)
                table.board.place_all(game.view(human))
                table.board.update(5.0)
            found += raised_problems(table, f"{kind} {size} grown {grown}")
            table.close()
    assert not found, "\n".join(found[:12])
