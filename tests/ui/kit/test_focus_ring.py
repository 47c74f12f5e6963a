"""The pad's focus on a screen (kit/focus_ring.py), on a screen of buttons drawn in a grid:
the d-pad goes to the nearest button that way and round to the far side at an edge, X walks
them in reading order, A clicks, a text field opens the picker; what the screen does not
show, or shows disabled, is never focused; keys from a keyboard never move it. And the
pickers' letters: a code's are the codes' alphabet, an address's make an invitation."""

from __future__ import annotations

import pygame
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.net.protocol import CODE_ALPHABET
from game.seat.invite import parse_invite
from game.ui.kit.focus_ring import FocusRing, reading_order
from game.ui.kit.letter_picker import ADDRESS_LETTERS, CODE_LETTERS
from game.ui.kit.picker_scene import picker_for
from game.ui.kit.widgets import Button, TextField, next_frame, on_focus


class Grid:
    """Three rows of three buttons (70 px apart), and a field below them."""

    def __init__(self) -> None:
        self.clicked: list[str] = []
        self.buttons = [
            Button(f"{r}{c}", (lambda n=f"{r}{c}": self.clicked.append(n)), None)
            for r in range(3)
            for c in range(3)
        ]
        for k, b in enumerate(self.buttons):
            b.rect = pygame.Rect(100 + 70 * (k % 3), 100 + 70 * (k // 3), 60, 40)
        self.buttons[4].primary = True  # the middle one: where the focus starts
        self.field = TextField("", 8)
        self.field.rect = pygame.Rect(100, 330, 200, 36)

    def draw(self, surface: pygame.Surface, hidden: int | None = None) -> None:
        next_frame()
        for k, b in enumerate(self.buttons):
            if k != hidden:
                b.draw(surface)
        self.field.draw(surface)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", pad=True)


def names(ring, grid) -> str:
    return ring.current(grid).label


def setup():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((640, 480))
    grid = Grid()
    grid.draw(surface)
    picked: list[TextField] = []
    return surface, grid, FocusRing(picked.append), picked


def test_the_d_pad_goes_to_the_nearest_button_that_way_and_round_at_the_edges():
    _surface, grid, ring, _picked = setup()
    assert names(ring, grid) == "11"  # the primary button first
    moves = [(pygame.K_RIGHT, "12"), (pygame.K_RIGHT, "10"), (pygame.K_UP, "00"), (pygame.K_UP, "20")]
    moves += [(pygame.K_LEFT, "22"), (pygame.K_UP, "12")]
    for k, want in moves:
        assert ring.handle(grid, key(k))
        assert names(ring, grid) == want, k
    ring.put(grid, grid.buttons[7])
    assert ring.handle(grid, key(pygame.K_DOWN)) and ring.current(grid) is grid.field  # below: the field
    ring.handle(grid, key(pygame.K_DOWN))
    assert names(ring, grid) == "01"  # round to the top of the column, the field's middle


def test_x_walks_in_reading_order_and_a_clicks_or_opens_the_picker():
    _surface, grid, ring, picked = setup()
    order = [t.label if isinstance(t, Button) else "field" for t in reading_order(ring.targets(grid))]
    assert order == ["00", "01", "02", "10", "11", "12", "20", "21", "22", "field"]
    ring.handle(grid, key(pygame.K_TAB))
    assert names(ring, grid) == "12"
    ring.handle(grid, key(pygame.K_TAB, pygame.KMOD_SHIFT))
    ring.handle(grid, key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert names(ring, grid) == "10"
    assert ring.handle(grid, key(pygame.K_RETURN)) and grid.clicked == ["10"]
    ring.put(grid, grid.field)
    ring.handle(grid, key(pygame.K_RETURN))
    assert picked == [grid.field]


def test_what_is_not_shown_or_is_disabled_is_never_focused():
    surface, grid, ring, _picked = setup()
    grid.buttons[5].enabled = False
    grid.draw(surface, hidden=3)  # the left one of the middle row is not drawn this frame
    targets = ring.targets(grid)
    assert grid.buttons[3] not in targets and grid.buttons[5] not in targets and grid.buttons[4] in targets
    ring.handle(grid, key(pygame.K_LEFT))
    assert names(ring, grid) == "00"  # none on its row that way: the nearest ahead, aside


def test_keys_a_screen_keeps_and_sideways_changes_are_left_to_it():
    _surface, grid, ring, _picked = setup()
    grid.pad_keys = frozenset({pygame.K_RETURN})
    assert not ring.handle(grid, key(pygame.K_DOWN))  # the screen's own
    del grid.pad_keys
    grid.focus_sideways = lambda target, steps: grid.clicked.append(f"{target.label}{steps:+d}") or True
    assert ring.handle(grid, key(pygame.K_LEFT)) and grid.clicked == ["11-1"] and names(ring, grid) == "11"


def test_the_pickers_letters_make_codes_and_invitations():
    assert sorted(CODE_LETTERS) == sorted(CODE_ALPHABET)
    code = TextField("", 6)
    code.letters = CODE_LETTERS
    picker = picker_for(code)
    assert not picker.cases and "Space" not in picker.actions  # capitals alone, no space
    address = TextField("", 80)
    address.letters = ADDRESS_LETTERS
    assert all(picker_for(address).allowed(ch) for ch in "scram://tables.example.org:8765/")
    assert parse_invite("scram://tables.example.org:8765/" + CODE_ALPHABET[:6]).code == CODE_ALPHABET[:6]
    name = picker_for(TextField("Bea", 16))
    assert name.cases and "Space" in name.actions and name.value == "Bea"


def test_a_listening_player_hears_where_the_ring_goes():
    surface, grid, ring, _picked = setup()
    heard: list[str] = []
    on_focus(heard.append)
    try:
        assert names(ring, grid) == "11"
        ring.handle(grid, key(pygame.K_RIGHT))
        ring.handle(grid, key(pygame.K_DOWN))
        ring.handle(grid, key(pygame.K_DOWN))  # onto the text field below
    finally:
        on_focus(None)
    assert heard == ["12", "22", "Text field: "]
