"""The layering check, so a moving card is never lost behind a still one: frame after frame of
every kind of animation, a card in motion or in a hand is never drawn under a card lying still,
a card coming into a row is never drawn under the row's cards making room for it, and nothing
is drawn over the deck's count.

The check reads what the board really draws (`Board.draw`, the backdrop's cards and the
top layer in one go), in the order it draws it: every `CardSprite.draw` and the count's
badge are recorded, and each pair of overlapping cards is judged by what the two cards
were doing (`layering.motion_kinds`).
"""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import A, R, stacked_game

from game.files.settings import Settings
from game.rules.decisions import DISCARD, DRAW, SWAP, TAKE
from game.ui import skin
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene
from game.ui.table import sprites
from game.ui.table.layering import RANK, motion_kinds

NAMES = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


class Recorder:
    """Records what the board draws, in order: ("card", sprite, rect) and ("badge", rect)."""

    def __init__(self, monkeypatch) -> None:
        self.drawn: list[tuple] = []
        real_draw, real_badge = sprites.CardSprite.draw, skin.count_badge
        recorder = self

        def draw(sp, surface, *args, **kwargs):
            recorder.drawn.append(("card", sp, sp.rect()))
            return real_draw(sp, surface, *args, **kwargs)

        def badge(count, size):
            recorder.drawn.append(("badge", None, None))
            return real_badge(count, size)

        monkeypatch.setattr(sprites.CardSprite, "draw", draw)
        monkeypatch.setattr(skin, "count_badge", badge)


def layering_problems(board, recorder: Recorder, surface: pygame.Surface) -> list[str]:
    """What the board draws out of order now (empty when the layering holds)."""
    kinds = motion_kinds(board)
    recorder.drawn.clear()
    board.draw(surface)
    drawn = recorder.drawn
    cards = [(sp, r) for what, sp, r in drawn if what == "card" and id(sp) in kinds]
    out = []
    for i, (a, ra) in enumerate(cards):
        for b, rb in cards[i + 1 :]:
            ka, kb = kinds[id(a)], kinds[id(b)]
            if RANK[ka] > RANK[kb] and ra.colliderect(rb):
                out.append(f"a {ka} card {a.value} {ra} is drawn under a {kb} card {b.value} {rb}")
    badge = board.layout.deck_badge()
    at = max((k for k, (what, _, _) in enumerate(drawn) if what == "badge"), default=-1)
    for what, sp, r in drawn[at + 1 :]:
        if what == "card" and r.colliderect(badge):
            out.append(f"a card {sp.value} {r} is drawn over the deck's count")
    return out


def watch(app, table, recorder, frames: int, until=None) -> list[str]:
    """Step the table frame by frame, checking the layering each time."""
    surface = pygame.Surface(table.board.layout.size)
    found: list[str] = []
    for _ in range(frames):
        app.step(1 / 60)
        found += layering_problems(table.board, recorder, surface)
        if until is not None and until():
            break
    return found


def table_for(game, size=(1280, 720), human=0, speed="normal"):
    app = make_app(size, Settings(speed=speed, bot_pace="instant", muted=True), persist=False)
    n = game.campers
    levels = [None if s == human else "greenhorn" for s in range(n)]
    table = TableScene(app, game, NAMES[:n], levels, human)
    app.push(table)
    return app, table


def play(app, table, recorder, decisions) -> list[str]:
    """The deal, then `decisions` (the player's and the bots' alike, applied in turn), each
    watched to its end."""
    found = watch(app, table, recorder, 2000, lambda: not table.timeline.busy)
    for d in decisions:
        table.pending = None
        table.decide(d)
        found += watch(app, table, recorder, 2000, lambda: not table.timeline.busy)
    return found


def quiet_bots(table) -> None:
    """The bots wait: the test applies every decision itself."""
    table.update_bot = lambda seat, dt: None


SCENES = {
    # a 13 given to the left end of Bea's row: the row makes room as it comes
    "13 at a row's left end": (dict(deck=[13]), [DRAW, A(seat=1, end="left")]),
    # a 9 discards two of the player's cards, then joins the row at its left end
    "9 at a row's end": (
        dict(campsites={0: [7, 8, 2, 3, 4]}, deck=[9]),
        [DRAW, A((0, 0), (0, 1), end="left")],
    ),
    # a failed replacement: the kept card and two penalty cards come to the row's end
    "penalties": (dict(campsites={0: [1, 2, 3, 4, 5]}, deck=[6, 10, 11]), [DRAW, R((0, 0), (0, 1), (0, 2))]),
    # a replacement: two cards leave, the row closes up round the kept card
    "a replacement closing up": (dict(campsites={0: [5, 5, 2, 3, 4]}, deck=[1]), [DRAW, R((0, 0), (0, 1))]),
    # an 11 exchanges cards of two campsites; a 12 views, then swaps
    "exchanges": (dict(deck=[11, 12]), [DRAW, A((0, 0), (2, 4)), DRAW, A((1, 1), (0, 3)), SWAP]),
    # taking the discard top, throwing a drawn card away
    "take and throw away": (dict(discard=7, deck=[10]), [TAKE, R((0, 2)), DRAW, DISCARD]),
}


# Each scene takes a second or more frame by frame: the fast loop keeps the two that make a
# row room in the smaller window, and the slow run has every scene in both windows.
FAST_SCENES = ("13 at a row's left end", "9 at a row's end")


@pytest.mark.parametrize(
    ("scene", "size"),
    [
        pytest.param(
            scene,
            size,
            id=f"{size[0]}x{size[1]}-{scene}",
            marks=[] if size == (1024, 640) and scene in FAST_SCENES else [pytest.mark.slow],
        )
        for size in [(1024, 640), (1920, 1080)]
        for scene in SCENES
    ],
)
def test_cards_in_motion_are_never_drawn_under_cards_lying_still(home, monkeypatch, scene, size):
    stack, decisions = SCENES[scene]
    game = stacked_game(4, **stack)
    app, table = table_for(game, size)
    quiet_bots(table)
    recorder = Recorder(monkeypatch)
    found = play(app, table, recorder, decisions)
    assert len(table.game.actions) == len(decisions)
    assert not found, "\n".join(found[:8])
    table.close()


def test_the_check_sees_a_card_coming_in_under_its_row(home, monkeypatch):
    """The check is not blind: drawn in the rows' own order (as the board once drew), a 13 given
    to the left end of a row slides in under the cards making room for it."""
    from game.ui.table import board as board_module

    def rows_order(board, cards):
        moving = [sp for sp in cards if board.is_moving(sp)]
        rest = [sp for sp in cards if not board.is_moving(sp)]
        return [[], rest, [], [], moving]

    monkeypatch.setattr(board_module, "draw_order", rows_order)
    stack, decisions = SCENES["13 at a row's left end"]
    app, table = table_for(stacked_game(4, **stack), (1280, 720))
    quiet_bots(table)
    recorder = Recorder(monkeypatch)
    found = play(app, table, recorder, decisions)
    assert any("travel card 13" in p and "under a along card" in p for p in found), found[:3]
    table.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "campers, size, speed",
    [(6, (1024, 640), "fast"), (4, (1280, 720), "normal"), (3, (1920, 1080), "slow")],
    ids=["6-1024x640-fast", "4-1280x720-normal", "3-1920x1080-slow"],
)
def test_a_watched_round_keeps_its_layers_frame_after_frame(home, monkeypatch, campers, size, speed):
    """Bots in every seat, watched at a speed, every frame of the round's first 40 seconds
    checked."""
    from game.rules import ROUND_OVER
    from game.rules.state import Game

    app = make_app(size, Settings(speed=speed, bot_pace="instant", muted=True), persist=False)
    table = TableScene(
        app, Game(campers, 31 + campers), NAMES[:campers], ["greenhorn"] * campers, None, auto=True
    )
    app.push(table)
    recorder = Recorder(monkeypatch)
    found = watch(
        app, table, recorder, 60 * 40, lambda: table.game.phase == ROUND_OVER and not table.timeline.busy
    )
    assert len(table.game.actions) > 12  # a dozen decisions and more, of every kind the bots make
    assert not found, "\n".join(found[:8])
    table.close()
