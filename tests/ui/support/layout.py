"""What the layout checks share: tables stacked at a size, the settle-and-look helpers, and a
surface that records where each text and button is drawn (test_ui_layout_check.py and
test_ui_prompt_steady.py in tests/ui/table/, test_ui_layout_screens.py in tests/ui/scenes/)."""

from __future__ import annotations

import itertools

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)
from decks import stacked_game

from game.files.settings import Settings
from game.rules.cards import EQ
from game.rules.decisions import DISCARD, DRAW
from game.ui.kit.widgets import Button
from game.ui.routes import make_app
from game.ui.scenes.table import TableScene

SIZES = [(1024, 640), (1280, 720), (1280, 800), (1920, 1080)]  # 1280x800: the Steam Deck
TABLES = {"3 duo": (3, 1), "3 solo": (3, 0), "4": (4, 0), "6": (6, 0)}
VALUES = [EQ, *range(1, 14)]
SMALL, USUAL, DECK, LARGE = SIZES


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def sizes(slow: tuple = ()) -> list:
    """SIZES as parameters named WxH, the sizes in `slow` marked slow: a check drawn in every
    window takes seconds, and the fast loop keeps it in the smallest window, the hardest."""
    return [pytest.param(s, id=size_id(s), marks=[pytest.mark.slow] if s in slow else []) for s in SIZES]


def kinds_at_sizes(kinds, slow: set) -> list:
    """Each table kind in each of SIZES, named "kind-WxH", the (kind, size) pairs in `slow`
    marked slow: the fast loop keeps every kind in the smallest window and a few larger ones."""
    return [
        pytest.param(k, s, id=f"{k}-{size_id(s)}", marks=[pytest.mark.slow] if (k, s) in slow else [])
        for s in SIZES
        for k in kinds
    ]


NAMES = ["Anneliese", "Bartholomew", "Cal", "Dot", "Eli", "Fay"]  # long names are the hard case
# The longest kind of hint a kept card gets (`ai.hint`): three cards named by owner and place,
# and the guess behind the figure.
HINT = (
    "Replace your 1st card (face down), your 2nd card (face down) and Bartholomew's 3rd card "
    "(face down) with the 7: a gamble that they match; if they do your team's total drops by "
    "about 14 (a guess: the face-down cards count as about 6, 5 and 7, from the cards seen so far)."
)
# The longest kind of hint (`ai.hint`): a Scram below the usual chance in the last round.
SCRAM_HINT = (
    "Declare Scram: your team's cards add up to about 12 against about 30 for the other team, "
    "which has 3 final turns to catch up (a failed Scram records your total + 10; it succeeds "
    "about 40% of the time: in the game's last round, the better bet to win the game)."
)


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
    for (a, ra), (b, rb) in itertools.permutations(cards, 2):  # a held card lies on no other card
        if a.startswith("hand") and ra.colliderect(rb):
            out.append(f"{state}: {a} {ra} lies on {b} {rb}")
    return out


def table_at(size, campers: int, human: int, hint=HINT, **stack) -> TableScene:
    """A table at the player's turn; `hint`: the hint's sentence (for a Draw), or a provider."""
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    start = 0 if campers == 3 else human  # the solo starts a 3-camper round (R-SEAT-3)
    if start != human:  # a bot's turn first: it draws a 1 and discards it
        stack["deck"] = [1, *stack.get("deck", ())]
    game = stacked_game(campers, start=start, **stack)
    while game.turn != human:
        game.apply(DRAW)
        game.apply(DISCARD)
    levels = [None if s == human else "greenhorn" for s in range(campers)]
    provider = hint if callable(hint) else (lambda v, seen: (DRAW, hint))
    table = TableScene(app, game, NAMES[:campers], levels, human, hint=provider)
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


BUTTONS: list[tuple[str, pygame.Rect]] = []  # the buttons drawn by the last `drawn_texts`


class Recording(pygame.Surface):
    """A surface that remembers where each line of text (made by `skin.text`) is blitted."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts, self.boxes = texts, []

        self.all_boxes: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        message = self.texts.get(id(source))
        if message and message.strip():
            # Where the text lies, not the part of it the window clips: a line wider than
            # the window must show as leaving it (a text cropped on purpose: its `area`).
            at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)
            box = pygame.Rect(at, pygame.Rect(area).size if area is not None else source.get_size())
            self.boxes.append((message, box))
            self.all_boxes.append((message, box))
        return r


def drawn_texts(app, monkeypatch, top_only: bool = False) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the app's scenes draw straight onto the window now (overlays,
    panels, buttons; not what a scene keeps in a picture of its own, as the table's
    labels: `problems` reads those from the table). `top_only`: the top scene's alone
    (an overlay covers what lies under it)."""
    from game.ui import skin

    texts: dict[int, str] = {}
    real = skin.text

    def text(message, kind, size, color):
        img = real(message, kind, size, color)
        texts[id(img)] = message
        return img

    monkeypatch.setattr(skin, "text", text)
    real_button = Button.draw
    BUTTONS.clear()

    def button(b, surface):
        if b.visible:
            BUTTONS.append((b.label, b.rect.copy()))
        return real_button(b, surface)

    monkeypatch.setattr(Button, "draw", button)
    surface = Recording(app.size, texts)
    start = len(app.stack) - 1
    while start > 0 and not app.stack[start].opaque:
        start -= 1
    for scene in app.stack[start:]:
        surface.boxes = []
        scene.draw(surface)
    monkeypatch.setattr(skin, "text", real)
    monkeypatch.setattr(Button, "draw", real_button)
    return surface.boxes if top_only else surface.all_boxes


def crowded(boxes: list[tuple[str, pygame.Rect]], area: pygame.Rect, state: str) -> list[str]:
    """Texts that leave `area` or overlap one another, and button labels wider than their
    button (every button drawn is in `BUTTONS`)."""
    out = [f"{state}: {t!r} {r} leaves {area}" for t, r in boxes if not area.contains(r)]
    for label, rect in BUTTONS:
        for t, r in boxes:
            if t == label and r.center == rect.center and not rect.inflate(-4, 0).contains(r):
                out.append(f"{state}: the label {t!r} {r} is wider than its button {rect}")
    for (a, ra), (b, rb) in itertools.combinations(boxes, 2):
        if ra.colliderect(rb):
            out.append(f"{state}: {a!r} {ra} overlaps {b!r} {rb}")
    return out
