"""What a newcomer meets at the table, so that a first game reads without help: a deselection
that removes one card, no risky default for a drawn card, buttons that stay put, names that
tell throwing a card away from playing it, a way out of the round summary, and waiting messages
that say the truth."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import stacked_game
from ui_support import key, run

from game.files.settings import Settings
from game.rules.decisions import DRAW, Replace
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene
from game.ui.table.turn import Mode

NAMES = ["You", "Bea", "Cal", "Dot"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def table_for(game, hint=None, size=(1280, 720), persist=False, human=0, **settings) -> tuple:
    chosen = {"speed": "instant", "bot_pace": "instant", "muted": True} | settings
    app = make_app(size, Settings(**chosen), persist=persist)
    n = game.campers
    levels = [None if s == human else "greenhorn" for s in range(n)]
    table = TableScene(app, game, (NAMES + ["Eli", "Fay"])[:n], levels, human, hint=hint)
    app.push(table)
    return app, table


def holding(app, table) -> None:
    """Draw for the player and wait until the drawn card's choice is asked."""
    for _ in range(500):
        run(app)
        if table.my_turn():
            break
    assert table.turn.try_decide(DRAW)
    for _ in range(500):
        run(app)
        if table.my_turn() and table.turn.mode is Mode.CHOOSE:
            return
    raise AssertionError("the drawn card's choice never came")


# ---- clicking a chosen card removes that card only ---------------------------------
def test_unchoosing_a_card_removes_it_alone_and_the_prompt_names_the_choice(home):
    game = stacked_game(4, campsites={0: [1, 1, 2, 4, 5], 2: [1, 9, 9, 6, 7]}, deck=[1])
    app, table = table_for(game)
    holding(app, table)
    t = table.turn
    t.start_replace()
    for card in ((0, 0), (0, 1), (2, 0)):
        t.click_target(card)
    assert t.sel == [(0, 0), (0, 1), (2, 0)] and "your 1st and 2nd, Cal's 1st" in t.prompt
    t.click_target((0, 0))  # the first chosen card: it leaves, the others stay
    assert t.sel == [(0, 1), (2, 0)] and t.prompt.startswith("Chosen: your 2nd, Cal's 1st")
    t.click_target((0, 1))  # no card of the player's own left: the prompt asks for one
    assert t.sel == [(2, 0)] and "card of your campsite" in t.prompt
    t.click_target((0, 2))  # the player's card goes first (R-REPL-1), whatever the order
    assert t.sel == [(0, 2), (2, 0)]
    before = len(game.actions)
    key(pygame.K_RETURN)
    run(app)
    assert game.actions[before][0] == Replace(((0, 2), (2, 0)))
    table.close()


# ---- no risky default for a drawn card ---------------------------------------------
@pytest.mark.parametrize("value", [10, 13, 3])
def test_enter_keeps_nothing_unasked(home, value):
    game = stacked_game(4, deck=[value])
    app, table = table_for(game)
    holding(app, table)
    assert not any(b.primary for b in table.turn.buttons) and table.turn.default_button() is None
    key(pygame.K_RETURN)
    run(app)
    assert table.turn.mode is Mode.CHOOSE and not game.actions[1:]
    table.close()


def test_a_hinted_choice_becomes_the_default_and_says_so(home):
    game = stacked_game(4, deck=[10])
    app, table = table_for(game, hint=lambda view, seen: (Replace(((0, 0),)), "keep it"))
    holding(app, table)
    table.turn.show_hint()
    job = table.turn.hint_job
    if job is not None:  # the hint thinks on the bots' worker: wait for it, not for frames
        job.result(timeout=60)
    run(app)
    assert table.turn.prompt.startswith("Hint (Enter follows it): keep")
    keep = next(b for b in table.turn.buttons if b.label.startswith("Keep"))
    # it glows and takes Enter; its label stays (the row of buttons does not move)
    assert keep.glow and keep.label == "Keep (K)" and table.turn.default_button() is keep
    key(pygame.K_RETURN)  # Enter follows the hint, the hinted card chosen
    run(app)
    assert table.turn.mode is Mode.REPLACE and table.turn.sel == [(0, 0)]
    assert table.turn.prompt.startswith("Chosen: your 1st")
    before = len(game.actions)
    key(pygame.K_RETURN)  # and Enter again confirms it
    run(app)  # (the next bot may already have played too: its move comes after ours)
    assert game.actions[before][0] == Replace(((0, 0),))
    table.close()


# ---- throwing away and playing are named apart -------------------------------------
def test_throwing_away_and_playing_read_apart(home):
    game = stacked_game(4, deck=[10])
    app, table = table_for(game)
    holding(app, table)
    labels = [b.label for b in table.turn.buttons]
    assert labels[:3] == ["Throw away (X)", "Play: Discard 1 (A)", "Keep (K)"]
    table.close()


# ---- the buttons keep their place when the won't-match warning appears ---------------
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_buttons_stay_put_when_the_warning_appears(home, size):
    game = stacked_game(4, campsites={0: [1, 1, 2, 4, 5]}, deck=[3])
    app, table = table_for(game, size=size)
    holding(app, table)
    t = table.turn
    t.start_replace()
    t.click_target((0, 3))
    table.refresh()
    before = {b.label: b.rect.copy() for b in table.prompt_bar.buttons}
    t.click_target((0, 4))  # a 4 and a 5: won't match
    table.refresh()
    assert t.wont_match()
    assert {b.label: b.rect.copy() for b in table.prompt_bar.buttons} == before
    table.close()


# ---- the round summary has a way out ---------------------------------------------------
def round_over_table(home_dir, campers: int = 4, human: int = 0):
    """A table, the player in seat `human`, its first round played to its end by the core
    (random legal moves), then shown: the round end opens."""
    from decks import round_without_scram

    from game.rules.state import Game

    game = Game(campers, 21)
    app, table = table_for(game, persist=True, human=human)
    round_without_scram(game)
    # (played behind the table's back: the session's event log, which the table reads, has it)
    table.dirty = True
    for _ in range(200):
        run(app)
        if type(app.top).__name__ == "RoundEndScene":
            return app, table
    raise AssertionError("the round end never opened")


def test_esc_on_the_round_summary_opens_the_menu_and_leaving_keeps_the_round(home):
    from game.files import saves

    app, table = round_over_table(home)
    end = app.top
    assert end.menu_button.visible
    key(pygame.K_ESCAPE)  # during the count too
    run(app)
    assert type(app.top).__name__ == "PauseScene"
    key(pygame.K_ESCAPE)  # resume: back to the summary, the round not started
    run(app, 30)
    assert app.top is end and end.done and table.game.round == 1
    key(pygame.K_ESCAPE)
    run(app)
    key(pygame.K_q)  # leave (saved)
    run(app, 2)
    assert type(app.top).__name__ == "MenuScene" and table.game.round == 1
    assert saves.has_save()


# ---- one order of the teams everywhere ----------------------------------------------
@pytest.mark.parametrize("human", [0, 1], ids=["solo", "duo"])
def test_the_round_summary_lists_the_teams_in_the_sidebars_order(home, monkeypatch, human):
    """At a 3-camper table the player's team comes first in the sidebar,
    the round's summary, its score sheet and the game's camper sheet (the duo first for a
    duo camper, the solo first for the solo)."""
    from game.ui.scenes import round_end
    from game.ui.table import scoresheet, sidebar

    app, table = round_over_table(home, 3, human)
    end = app.top
    end.timer = -1e9
    run(app, 3)
    assert end.done
    said: dict[str, list[str]] = {}
    for module in (round_end, scoresheet, sidebar):
        name = module.__name__

        def spy(surface, text, *args, _name=name, _real=module.draw_text, **kw):
            said.setdefault(_name, []).append(text)
            return _real(surface, text, *args, **kw)

        monkeypatch.setattr(module, "draw_text", spy)
    mine, theirs = ("Solo", "Duo") if human == 0 else ("Duo", "Solo")
    end.draw(app.screen)
    table.sidebar.render(pygame.Surface(table.board.layout.sidebar.size), 600)

    def first(lines: list[str], *words: str) -> str:
        at = {w: next(k for k, line in enumerate(lines) if line.startswith(w)) for w in words}
        return min(at, key=at.get)

    summary = said[round_end.__name__]
    assert first(summary, f"{mine}:", f"{theirs}:") == f"{mine}:"
    assert first(summary, f"{mine} records", f"{theirs} records") == f"{mine} records"
    assert said[scoresheet.__name__][1:3] == [mine, theirs]  # after "Round": the columns
    assert first(said[sidebar.__name__], mine, theirs) == mine
    table.close()


# ---- waiting messages that say what the table shows -----------------------------------
def test_a_key_while_the_table_waits_for_a_click_says_so_and_the_players_turn_needs_none(home):
    from game.rules.state import Game

    game = Game(4, 8, start=1)
    app, table = table_for(game, speed="fast", wait_after_bots=True)
    for _ in range(3000):
        app.step(1 / 60)
        if table.timeline.waiting_click:
            break
    assert "Bea's turn is over" in table.anim.waiting_text
    key(pygame.K_d)
    run(app)
    assert "waits for you" in table.messages.warning
    waits = 0
    for _ in range(6000):  # Cal and Dot play, each waited for; then the player's turn, no wait
        app.step(1 / 60)
        if table.timeline.waiting_click:
            waits += 1
            table.timeline.click()
        if table.my_turn():
            break
    assert table.my_turn() and waits == 2
    table.close()


def test_a_click_names_the_camper_whose_move_is_on_screen(home):
    from game.rules.state import Game

    game = Game(4, 8, start=1)
    app, table = table_for(game, speed="slow")
    for _ in range(3000):
        app.step(1 / 60)
        if table.timeline.busy and table.board.turn_seat == 1 and game.turn != 1:
            break
    assert game.turn == 2  # the core is at Cal's turn, the table still shows Bea's move
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 300)))
    run(app)
    assert table.messages.warning == "Wait: it is Bea's turn"
    table.close()


# ---- a card in motion or in a hand never hides a pile or its count ---------------------
def test_a_card_lifting_off_the_deck_leaves_its_count_readable(home):
    from game.rules.state import Game

    game = Game(4, 4)
    app, table = table_for(game)
    run(app, 400)
    board, lay = table.board, table.board.layout
    badge = lay.deck_badge()
    bare = pygame.Surface(lay.size)
    board.draw(bare)
    card = board.deck_card(9, False)
    card.move(*lay.deck_pos, lay.pile_w, 0.0)
    card.move(badge.centerx, badge.centery, lay.pile_w, 5.0)  # sliding over the count
    assert board.is_moving(card)
    over = pygame.Surface(lay.size)
    board.draw(over)
    assert over.get_at(badge.center) == bare.get_at(badge.center)
    table.close()


# ---- a card the player may click answers the pointer unmistakably ----------------------
def test_a_clickable_card_rises_and_rings_under_the_pointer(home):
    from game.ui.table.board import HOVER_LIFT

    game = stacked_game(4, deck=[3])
    app, table = table_for(game, speed="fast")
    holding(app, table)
    table.turn.start_replace()
    table.refresh()
    run(app, 30)
    sp = table.board.rows[0][1]
    flat = sp.rect()
    ring_spot = (flat.centerx, flat.bottom + 4)  # just outside the card's bottom edge
    before = app.screen.get_at(ring_spot)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=flat.center, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 30)
    assert table.hovered_card() == (0, 1) and sp.lift == pytest.approx(HOVER_LIFT)
    assert sp.rect().top <= flat.top - 3 and sp.rect().h > flat.h  # it rose, and grew
    r = sp.rect()
    for depth in (3, 4, 5):  # a ring 3 px thick, a few px outside the card: bright
        lit = sum(
            1 for x in range(r.left, r.right) if sum(app.screen.get_at((x, r.bottom + depth))[:3]) > 600
        )
        assert lit > r.w * 0.8, depth
    assert app.screen.get_at(ring_spot) != before
    away = table.board.layout.sidebar.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 30)
    assert table.hovered_card() is None and sp.lift == 0 and sp.rect() == flat
    table.close()


# ---- frames move with their cards ----------------------------------------------------
def test_a_rows_frame_waits_for_the_card_that_fills_its_gap(home):
    """A kept card replaces the last of the row: the replaced card flies to the pile and the
    kept one comes from the hand. The frame never shrinks before the new card has landed (nor
    its card count drops), and every card lying in the row stays inside it, frame after frame."""
    from game.ui.table.seat_paint import seat_texts

    game = stacked_game(4, campsites={0: [1, 1, 2, 4, 5]}, deck=[3])
    app, table = table_for(game, speed="normal")
    holding(app, table)
    board = table.board
    start = board.frame(0)
    table.turn.try_decide(Replace(((0, 4),)))
    incoming = board.held(0)
    widths, landed = [], False
    for _ in range(600):
        app.step(1 / 60)
        frame = board.frame(0)
        widths.append(frame.w)
        landed = landed or (incoming in board.rows[0] and not board.is_moving(incoming))
        if not landed:
            assert frame.w >= start.w - 1, f"the frame shrank to {frame.w} before the card came"
        label = " ".join(text for text, _ in seat_texts(board, 0))
        assert "5 cards" in label, label  # nor does the count drop while the card comes
        for sp in board.rows[0]:
            if sp is not None and not board.is_moving(sp):
                r = sp.rect()
                assert frame.left <= r.left and r.right <= frame.right
        if not table.timeline.busy and landed:
            break
    assert landed and widths[-1] >= start.w - 1  # five cards again: the same frame
    table.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_a_thinking_side_seat_keeps_its_card_count(home, size):
    from game.rules.state import Game
    from game.ui.table.seat_paint import seat_texts

    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    game = Game(6, 4)
    table = TableScene(app, game, ["You", "Bea", "Cal", "Dot", "Eli", "Fay"], [None] + ["greenhorn"] * 5, 0)
    board = table.board
    board.place_all(game.view(0))
    for seat in range(1, 6):
        board.set_turn(seat)
        board.set_thinking(0.5)
        words = " ".join(text for text, _ in seat_texts(board, seat))
        assert "5 cards" in words and "thinking" in words, (seat, words)
    table.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("campers", [3, 4, 6])
def test_the_glow_of_a_raised_card_never_touches_its_rows_name(home, size, campers):
    from game.rules.state import Game
    from game.ui import skin
    from game.ui.table.board import CHOSEN_LIFT
    from game.ui.table.seat_paint import seat_texts

    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    names = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"][:campers]
    table = TableScene(app, Game(campers, 4), names, [None] + ["greenhorn"] * (campers - 1), 0)
    board = table.board
    board.place_all(table.game.view(0))
    board.update(0)
    bare = pygame.Surface(board.layout.size)
    board.draw(bare)
    for seat in range(campers):
        for sp in board.rows[seat]:
            sp.set_lift(CHOSEN_LIFT, 0)
            sp.glow = skin.SELECTED
    board.update(0)
    lit = pygame.Surface(board.layout.size)
    board.draw(lit)
    for seat in range(campers):
        name = seat_texts(board, seat)[0][1]
        assert any(sp.rect().inflate(40, 40).colliderect(name) for sp in board.rows[seat]), seat  # near
        for x in range(name.left, name.right):
            for y in range(name.top, name.bottom):
                assert bare.get_at((x, y)) == lit.get_at((x, y)), (seat, (x, y))
    table.close()


# ---- one source of words for person and number --------------------------------------
def test_person_and_number_come_from_one_place():
    from game.rules import events as ev
    from game.seat.narration import Narrator
    from game.seat.words import plural, says, the_last, verb

    assert says("You", "start") == "You start" and says("Bea", "start") == "Bea starts"
    assert verb("you", "have") == "have" and verb("Cal", "have") == "has" and verb("Dot", "go") == "goes"
    assert plural(1, "game") == "1 game" and plural(2, "game") == "2 games"
    assert the_last(1, "game") == "The last game" and the_last(5, "game") == "The last 5 games"
    dealt = ev.RoundDealt(1, 0, 9, ((), (), (), ()), 40)
    # the review names the player "You" with no seat of its own: still "You start"
    assert Narrator(["You", "Bea", "Cal", "Dot"], None).lines([dealt]) == ["Round 1 dealt. You start."]
    assert Narrator(["Ann", "Bea", "Cal", "Dot"], 1).lines([dealt]) == ["Round 1 dealt. Ann starts."]
