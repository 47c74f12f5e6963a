"""The table's parts and what a player meets at it: scores shown only as the
round end counts them, only legal offers, words and articles, whose cards a replacement
took, the won't-match warning, team colours, layering, deck views side by side, eye marks
and tooltips, pacing, frames that move with their cards, and the coach and hint hooks."""

from __future__ import annotations

import random
import threading

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import stacked_game
from ui_support import DT, click, key, run, run_paced, run_until

from game.files.settings import Settings
from game.rules import ROUND_OVER, START
from game.rules import events as ev
from game.rules.cards import EQ, deck_for, label, team_of
from game.rules.decisions import DISCARD, DRAW, SCRAM, Act, Replace, Scram
from game.rules.state import Game
from game.seat.narration import Narrator
from game.seat.words import a_card, article
from game.ui import skin
from game.ui.routes import make_app
from game.ui.scenes.round_end import RoundEndScene
from game.ui.scenes.table import TableScene
from game.ui.table.teams import TeamLook
from game.ui.table.turn import HINT_THINKING, Mode, start_prompt

NAMES = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def make_table(game: Game, human: int | None = 0, size=(1280, 720), **kw) -> tuple:
    settings = {"speed": "fast", "bot_pace": "instant", "muted": True} | kw
    app = make_app(size, Settings(**settings), persist=False)
    levels = [None if s == human else "greenhorn" for s in range(game.campers)]
    table = TableScene(app, game, NAMES[: game.campers], levels, human)
    app.push(table)
    return app, table


def animate(table: TableScene, limit: int = 5000) -> None:
    """Play the timeline alone (no bot is asked: the test decides for every seat)."""
    for _ in range(limit):
        table.board.update(DT)
        table.timeline.update(DT)
        table.messages.update(DT)
        if table.timeline.waiting_click:
            table.timeline.click()
        if not table.timeline.busy:
            table.board.place_all(table.game.view(table.viewer))
            return
    raise AssertionError("the timeline did not end")


# ---- the score is not given away ----------------------------------------------------------
def test_totals_change_only_when_the_round_end_has_counted_them(home):
    game = Game(4, 21)
    app, table = make_table(game, human=None)
    animate(table)
    rng = random.Random(3)
    while game.phase != ROUND_OVER:
        d = game.sample_decision(rng)
        while type(d) is Scram:
            d = game.sample_decision(rng)
        table.decide(d)
        if game.phase != ROUND_OVER:
            animate(table)
    assert game.totals != [0, 0]
    # The last action still plays: the sidebar shows no score yet.
    while table.timeline.busy:
        table.board.update(DT)
        table.timeline.update(DT)
        assert table.sidebar.totals == [0, 0] and table.sidebar.scores == []
    run(app, 2)
    end = app.top
    assert isinstance(end, RoundEndScene)
    while not end.done:
        assert table.sidebar.totals == [0, 0] and table.sidebar.scores == []
        app.step(DT)
    assert table.sidebar.totals == list(game.totals) and table.sidebar.scores == [tuple(game.scores[0])]
    table.close()


# ---- only what is legal is offered --------------------------------------------------------
def two_card_table() -> Game:
    """Seats 0 and 1 each keep a drawn card in place of four matching ones: 2 cards left."""
    camps = {0: [4, 4, 4, 4, 13], 1: [5, 5, 5, 5, 13]}
    game = stacked_game(4, campsites=camps, deck=[12, 12, 1, 2])
    for seat, n in ((0, 4), (1, 4)):
        game.apply(DRAW)
        game.apply(Replace(tuple((seat, i) for i in range(n)), "right"))
    for _ in (2, 3):
        game.apply(DRAW)
        game.apply(DISCARD)
    return game


def test_the_start_prompt_offers_scram_only_when_it_is_legal():
    """R-SCRAM-1: 2 or fewer cards, and nobody has declared Scram this round."""
    five = Game(4, 5).view(0)
    assert five.why_illegal(SCRAM) is not None and "Scram" not in start_prompt(five)
    game = two_card_table()
    view = game.view(0)
    assert view.why_illegal(SCRAM) is None and "declare Scram (S)" in start_prompt(view)
    game.apply(SCRAM)
    view = game.view(1)
    assert len(view.campsites[1]) == 2 and view.why_illegal(SCRAM) is not None
    assert "Scram" not in start_prompt(view) and "draw a card (D)" in start_prompt(view)


def test_no_scram_button_when_scram_is_not_legal(home):
    app, table = make_table(Game(4, 5))
    run(app, 300)
    assert table.turn.mode is Mode.START
    assert not table.turn.scram.visible and "Scram" not in table.turn.prompt
    table.close()


# ---- words --------------------------------------------------------------------------------
@pytest.mark.parametrize("value", sorted(set(deck_for(6))))
def test_one_function_chooses_the_article_for_every_card(value):
    spoken = {8: "eight", 11: "eleven", EQ: "equals"}.get(value, "")
    want = "an" if spoken[:1] in ("a", "e", "i", "o", "u") and spoken else "a"
    assert article(value) == want
    assert a_card(value) == f"{want} {label(value)}"
    assert Narrator(NAMES[:4], 0).lines([ev.CardDrawn(0, value, 1)]) == [f"You drew {want} {label(value)}."]


def test_the_held_card_and_the_drawn_card_use_the_same_article(home):
    game = stacked_game(4, deck=["="])
    app, table = make_table(game)
    table.decide(DRAW)
    animate(table)
    run(app, 2)
    assert table.turn.prompt.startswith("You hold an =.")
    assert "You drew an =." in table.sidebar.log
    table.close()


def test_a_single_card_replacement_is_not_hailed_as_a_match():
    n = Narrator(NAMES[:4], 0)
    one = n.lines([ev.ReplacementRevealed(1, ((1, 0),), (7,), True, 0)])[0]
    assert "match" not in one and one == "Bea replaced their 1st card (7)."


def test_two_viewed_cards_are_turned_back_together(home):
    game = stacked_game(4, deck=[6])
    app, table = make_table(game)
    table.decide(DRAW)
    animate(table)
    table.decide(Act(((1, 0), (2, 0))))
    for _ in range(600):
        table.board.update(DT)
        table.timeline.update(DT)
        if table.timeline.waiting_click:
            break
    assert table.anim.waiting_text == "Click anywhere (or Enter) to turn the cards back."
    table.close()


# ---- whose cards a replacement took -------------------------------------------------------
def test_the_log_names_the_owners_of_replaced_cards():
    n = Narrator(NAMES[:4], 0)
    line = n.lines([ev.ReplacementRevealed(2, ((2, 0), (0, 1)), (10, EQ), True, 0)])[0]
    assert line == "Cal replaced their 1st card (10) and your 2nd card (=): a match!"
    miss = n.lines([ev.ReplacementRevealed(0, ((0, 0), (2, 3), (0, 4)), (3, 4, 5), False, 1)])[0]
    assert miss.startswith("You tried your 1st card (3), Cal's 4th card (4) and your 5th card (5): no match")
    assert miss.endswith("penalty: 1 extra card.")


# ---- a replacement that cannot match is said before Confirm -------------------------------
def test_wont_match_warning_from_the_face_up_cards_only(home):
    # Slots 3 and 4 are dealt face up (R-SETUP-1): seat 0 shows 4 and 5, its teammate 6 and 7.
    game = stacked_game(4, campsites={0: [1, 1, 2, 4, 5], 2: [9, 9, 9, 6, 7]}, deck=[3])
    app, table = make_table(game)
    table.decide(DRAW)
    animate(table)
    run(app, 2)
    t = table.turn
    t.start_replace()
    t.click_target((0, 3))
    assert t.wont_match() is None
    t.click_target((0, 0))  # face down: it might be anything, so the choice may still match
    assert t.wont_match() is None
    t.click_target((0, 0))
    t.click_target((0, 4))
    assert t.wont_match() == "won't match: the cards stay face up"
    t.click_target((2, 3))
    assert t.wont_match() == "won't match: +1 card"
    t.click_target((2, 0))  # a face-down card may bring a fourth value: a bigger penalty
    assert t.wont_match() == "won't match: +1 card or more"
    t.click_target((2, 0))
    table.refresh()
    assert any("won't match: +1 card" in text for text, _, _ in table.prompt_bar.lines)
    table.close()


# ---- the player's team always wears the same colour --------------------------------------
@pytest.mark.parametrize(("campers", "human"), [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (6, 0), (6, 3)])
def test_the_players_team_always_has_the_first_colour(campers, human):
    look = TeamLook(campers, human)
    mine = team_of(human, campers)
    assert look.colour(mine) == skin.TEAM[0] and look.colour(1 - mine) == skin.TEAM[1]
    if campers != 3:
        assert look.name(mine) == skin.TEAM_NAMES[0]


# ---- layering, held cards and views -------------------------------------------------
SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("campers", [3, 4, 6])
def test_a_bots_held_card_stays_clear_of_frames_labels_and_the_deck_badge(home, size, campers):
    game = Game(campers, 4)
    app, table = make_table(game, human=0, size=size)
    animate(table)
    board, lay = table.board, table.board.layout
    texts = board.text_boxes()
    for seat in range(1, campers):
        x, y, w = lay.seat_hand(seat)
        held = pygame.Rect(0, 0, w, round(w * 1.4))
        held.center = (round(x), round(y))
        assert not held.colliderect(board.frame(seat)), seat
        assert not held.colliderect(lay.deck_badge())
        assert not held.colliderect(lay.deck_rect()) and not held.colliderect(
            lay.discard_rect()
        )  # piles visible
        assert not any(held.colliderect(r) for _, r in texts), seat
        assert lay.table.contains(held)
    table.close()


def test_a_card_in_motion_is_drawn_above_everything(home):
    game = Game(4, 4)
    app, table = make_table(game)
    animate(table)
    board = table.board
    played = board.deck_card(9, True)
    board.to_pile(played)
    played.move(*board.layout.discard_pos, board.layout.pile_w, 1.0)  # from the deck to the pile
    layers = board.layers()
    assert layers[-1] == [played]
    assert played not in [sp for layer in layers[:-1] for sp in layer]
    table.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("campers", [3, 4, 6])
def test_two_deck_cards_viewed_stand_side_by_side_clear_of_names(home, size, campers):
    game = Game(campers, 4)
    app, table = make_table(game, human=0, size=size)
    animate(table)
    lay = table.board.layout
    spots = []
    for k in (0, 1):
        x, y, w = lay.view_spot(k, 2)
        r = pygame.Rect(0, 0, round(w * 1.18), round(w * 1.18 * 1.4))  # raised: 18% larger
        r.center = (round(x), round(y - 18))
        spots.append(r)
    assert not spots[0].colliderect(spots[1])
    names = [r for name, r in table.board.text_boxes() if name.startswith("seat")]
    assert not any(s.colliderect(r) for s in spots for r in names)
    table.close()


# ---- eye marks and the tooltip -----------------------------------------------------------
def test_a_tooltip_says_who_has_seen_a_face_down_card(home):
    game = Game(4, 4)
    app, table = make_table(game)
    animate(table)
    sp = table.board.sprite_at((1, 0))
    sp.known = 0b0101
    assert table.board.seen_by(sp.rect().center) == "Seen by you and Cal"
    sp.known = 0
    assert table.board.seen_by(sp.rect().center) is None
    table.close()


# ---- pacing ------------------------------------------------------------------------------
def test_wait_for_me_after_each_bot_turn(home):
    game = Game(4, 8, start=1)
    app, table = make_table(game, wait_after_bots=True)
    for _ in range(3000):
        app.step(DT)
        if table.timeline.waiting_click:
            break
    assert "Bea's turn is over" in table.anim.waiting_text
    moves = len(game.actions)
    run(app, 200)
    assert len(game.actions) == moves and game.turn == 2  # Cal waits for the player's click
    click(table.board.layout.table.center)
    for _ in range(3000):
        app.step(DT)
        if len(game.actions) > moves:
            break
    assert len(game.actions) > moves
    table.close()


def test_a_click_during_a_bots_turn_says_whose_turn_it_is(home):
    game = Game(4, 8, start=1)
    app, table = make_table(game, bot_pace="relaxed")
    run(app, 5)
    click(table.board.layout.table.center)
    run(app)
    assert table.messages.warning == "Wait: it is Bea's turn"
    table.close()


def test_the_speed_setting_slows_the_bots_too(home):
    frames = {}
    for speed in ("normal", "slow"):
        game = Game(4, 8, start=1)
        app, table = make_table(game, speed=speed, bot_pace="normal")
        n = 0
        while not game.actions:
            app.step(DT)
            n += 1
        frames[speed] = n
        table.close()
    assert frames["slow"] > frames["normal"] * 1.3


def test_the_cards_a_move_changed_keep_a_ring_for_a_moment(home):
    game = stacked_game(4, deck=[10])
    app, table = make_table(game, speed="normal")
    table.decide(DRAW)
    animate(table)
    table.decide(Act(((1, 0),)))
    flashed = False
    for _ in range(600):
        table.board.update(DT)
        table.timeline.update(DT)
        flashed = flashed or bool(table.board.flashes)
    assert flashed
    table.close()


# ---- frames move with their cards; labels keep the team ----------------------------------
def test_a_frame_holds_its_cards_while_they_slide(home):
    game = Game(4, 4)
    app, table = make_table(game, speed="normal")
    animate(table)
    board = table.board
    board.take((1, 0))
    board.close_holes(0.5)
    for _ in range(40):
        board.update(DT)
        frame = board.frame(1)
        for sp in board.rows[1]:
            r = sp.rect()
            assert frame.left <= r.left and r.right <= frame.right
    table.close()


def test_a_thinking_bot_keeps_its_team_name_and_sums_read_as_points(home):
    game = Game(4, 4)
    app, table = make_table(game)
    animate(table)
    board = table.board
    board.set_turn(1)
    board.set_thinking(0.5)
    texts = [name for name, _ in board.text_boxes() if name.startswith("seat 1")]
    assert any("Orange team" in t and "thinking" in t for t in texts), texts
    board.show_sums({0: 16, 1: 3, 2: 0, 3: 9})
    texts = [name for name, _ in board.text_boxes()]
    assert "seat 0: 16 pts" in texts and not any("= 16" in t for t in texts)
    table.close()


# ---- hooks for the guided game and hints -----------------------------------------------------
class TrivialCoach:
    def __init__(self) -> None:
        self.told: list = []

    def why_not(self, decision) -> str | None:
        return "in this lesson, draw from the deck" if decision != DRAW else None

    def prompt(self, view) -> str | None:
        return "Lesson 1: click the deck to draw a card."

    def on_events(self, events: list) -> None:
        self.told += events


def test_a_coach_sets_the_prompt_refuses_decisions_and_is_told_the_events(home):
    game = Game(4, 6, start=0)
    coach = TrivialCoach()
    app = make_app((1280, 720), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    table = TableScene(app, game, NAMES[:4], [None, "greenhorn", "greenhorn", "greenhorn"], 0, coach=coach)
    app.push(table)
    run(app, 200)
    assert table.turn.mode is Mode.START and table.turn.prompt == "Lesson 1: click the deck to draw a card."
    click(table.board.layout.discard_rect().center)  # Take is legal, but the coach refuses it
    run(app)
    assert not game.actions and table.messages.warning == "In this lesson, draw from the deck"
    click(table.board.layout.deck_rect().center)
    run(app)
    # told once the table has shown it, not at once (the lesson never runs ahead)
    assert game.actions and not any(type(e) is ev.CardDrawn for e in coach.told)
    run_until(app, lambda: any(type(e) is ev.CardDrawn for e in coach.told), 600)
    assert not table.timeline.busy or not any(table.board.is_moving(sp) for sp in table.board.all_cards())
    table.close()


def test_a_hint_button_shows_the_sentence_and_highlights_the_cards(home):
    game = stacked_game(4, deck=[3])
    seen_by_hint: list = []

    def hint(view, seen):
        seen_by_hint.append(len(seen))
        if view.phase == START:
            return DRAW, "Draw: the discard top is high."
        return Replace(((0, 0),), "right"), "Keep the 3 in place of your 1st card."

    app = make_app((1280, 720), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    table = TableScene(app, game, NAMES[:4], [None, "greenhorn", "greenhorn", "greenhorn"], 0, hint=hint)
    app.push(table)
    run(app, 200)
    assert any(b.label == "Hint (?)" for b in table.turn.buttons) or table.turn.mode is Mode.START
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    )
    run(app)  # the key asks for the hint
    run_paced(app, lambda: table.turn.hint_job is None)
    run(app)
    assert table.turn.prompt == "Hint (Enter follows it): Draw: the discard top is high."
    assert table.board.deck_glow
    key(pygame.K_d)
    run(app, 200)
    assert table.turn.mode is Mode.CHOOSE
    click(next(b for b in table.turn.buttons if b.label == "Hint (?)").rect.center)
    run(app)  # the click asks for the hint
    run_paced(app, lambda: table.turn.hint_job is None)
    run(app)
    assert table.turn.prompt.startswith("Hint (Enter follows it): Keep the 3")
    assert table.board.glow.get((0, 0)) == skin.ACCENT and seen_by_hint[-1] > 0
    table.close()


def test_a_hint_thinks_off_the_frame(home):
    """Frames go on while a slow hint thinks (on the bots' worker), and a hint that arrives
    after the player moved on is dropped."""
    game = stacked_game(4, deck=[3])
    go = threading.Event()

    def slow_hint(view, seen):
        go.wait(10)
        return DRAW, "Draw."

    app = make_app((1280, 720), Settings(speed="fast", bot_pace="instant", muted=True), persist=False)
    table = TableScene(app, game, NAMES[:4], [None, "greenhorn", "greenhorn", "greenhorn"], 0, hint=slow_hint)
    app.push(table)
    run_until(app, lambda: table.turn.mode is Mode.START, 600)
    table.turn.show_hint()
    frames = app.frames
    run(app, 5)  # the frame loop is not held up by the thinking hint
    assert app.frames == frames + 5 and table.turn.prompt == HINT_THINKING
    key(pygame.K_d)  # the player does not wait for it
    run_until(app, lambda: table.turn.mode is Mode.CHOOSE, 600)
    go.set()
    run_paced(app, lambda: table.turn.hint_job is None)
    assert not table.turn.prompt.startswith("Hint")  # the late hint was for the last view
    table.close()


def test_no_hint_button_without_a_provider(home):
    game = Game(4, 6)
    app, table = make_table(game)
    run(app, 200)
    table.turn.enter(game.view(0))
    assert not any(b.label.startswith("Hint") for b in table.turn.buttons)
    table.close()


def test_prompt_lines_are_even_no_word_alone():
    from game.ui.kit.widgets import wrap
    from game.ui.table.prompt import balanced

    pygame.display.set_mode((10, 10))
    text = "You hold a 12. View 2 + swap: look at any two cards, then decide whether to exchange them."
    for width in range(260, 700, 20):
        lines = balanced(text, 17, width)
        assert len(lines) == len(wrap(text, 17, width))
        if len(lines) > 1:
            sizes = [len(line) for line in lines]
            assert min(sizes) >= max(sizes) * 0.5, lines
