"""The letter picker: a name and a join code typed with the pad's keys alone (arrows, A,
X, B, LB/RB as pad.py posts them), its limits, cancel, a keyboard's letters, and drawing."""

from __future__ import annotations

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.ui.kit.letter_picker import COLUMNS, DELETE, DONE, SPACE, LetterPicker
from game.ui.kit.pad import BUTTON_KEYS, Pads


def pad_button(picker: LetterPicker, button: int) -> str | None:
    """Press `button` on a pad: the keys pad.py posts for it reach the picker."""
    posted: list[pygame.event.Event] = []
    pads = Pads(post=posted.append)
    pads.handle(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button), 0.0)
    pads.handle(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button), 0.0)
    out = None
    for e in posted:
        out = picker.handle_event(e) or out
    return out


A, B, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X
RIGHT, DOWN = pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, UP = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_UP


def walk_to(picker: LetterPicker, label: str) -> None:
    """Move the cursor with the d-pad onto the cell called `label` (rows, then columns)."""
    rows = picker.rows()
    r, c = next((r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell.label == label)
    for _ in range((r - picker.row) % len(rows)):
        pad_button(picker, DOWN)
    for _ in range(len(rows[r]) * 2):
        if picker.current.label == label:
            return
        pad_button(picker, RIGHT)
    raise AssertionError(f"never reached {label!r}")


def test_a_name_typed_with_the_pad_alone():
    picker = LetterPicker("", max_len=16)
    for ch in "BEA":
        walk_to(picker, ch)
        assert pad_button(picker, A) == "typed"
    picker.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))  # RB: small letters
    walk_to(picker, "x")
    pad_button(picker, A)
    assert pad_button(picker, X) == "deleted"  # X: backspace
    walk_to(picker, SPACE)
    pad_button(picker, A)
    picker.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP))
    walk_to(picker, "2")
    pad_button(picker, A)
    walk_to(picker, DONE)
    assert pad_button(picker, A) == "done"
    assert picker.value == "BEA 2"


def test_a_join_code_in_capitals_and_digits_only():
    picker = LetterPicker("", max_len=6, letters="ABCDEFGHJKMNPQRSTUVWXYZ23456789", space=False, cases=False)
    assert [c.label for c in picker.rows()[-1]] == [DELETE, DONE]
    for ch in "K7QZ2P":
        walk_to(picker, ch)
        pad_button(picker, A)
    walk_to(picker, "A")
    assert pad_button(picker, A) is None  # full: nothing more is typed
    picker.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="i0"))  # look-alikes refused
    assert picker.value == "K7QZ2P"


def test_b_cancels_and_gives_back_the_first_value():
    picker = LetterPicker("Cal", max_len=16)
    walk_to(picker, "Q")
    pad_button(picker, A)
    assert picker.value == "CalQ"
    assert pad_button(picker, B) == "cancel" and picker.value == "Cal"


def test_the_cursor_wraps_at_every_edge():
    picker = LetterPicker()
    pad_button(picker, LEFT)
    assert picker.col == COLUMNS - 1 and picker.current.label == "J"
    pad_button(picker, UP)
    assert picker.current.action  # from the top row to the actions' row
    pad_button(picker, DOWN)
    assert picker.row == 0


def test_a_keyboard_types_straight_in_and_a_space_is_never_doubled_or_first():
    picker = LetterPicker("", max_len=8)
    walk_to(picker, SPACE)
    assert pad_button(picker, A) is None  # no leading space
    picker.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Dot é"))
    assert picker.value == "Dot "
    assert pad_button(picker, A) is None
    picker.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE))
    assert picker.value == "Dot"


def test_every_mapped_pad_button_is_answered_or_passed_on_without_harm():
    picker = LetterPicker("Eli")
    for button in BUTTON_KEYS:
        pad_button(picker, button)
    assert len(picker.value) <= picker.max_len


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_picker_draws_inside_the_window(size):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    picker = LetterPicker("Fay")
    rect = picker.draw(surface, (40, 40))
    assert surface.get_rect().contains(rect)
    assert surface.get_at((rect.x + 5, rect.y + 5)) != surface.get_at((2, 2))  # the field is drawn
