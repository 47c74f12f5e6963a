"""A game pad's hands for the UI tests: the SDL controller events a pad produces (added,
buttons down and up, the stick's axis, removed), posted into pygame's queue as the device
would, and the frames run after each; walking the pad's focus to a widget (kit/focus_ring.py)
and typing a text with the letter picker, by the d-pad and A alone."""

from __future__ import annotations

import pygame
from ui_support import run

from game.ui.kit.letter_picker import LetterPicker

PAD = 0  # the instance id SDL gives the first pad
A, B, X, Y = (
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_B,
    pygame.CONTROLLER_BUTTON_X,
    pygame.CONTROLLER_BUTTON_Y,
)
UP, DOWN, LEFT, RIGHT = (
    pygame.CONTROLLER_BUTTON_DPAD_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
)
START, BACK = pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_BACK
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, fields))


def plug_in(app) -> None:
    """The pad comes (SDL's ADDED for device 0), and a frame runs."""
    post(pygame.CONTROLLERDEVICEADDED, device_index=0)
    run(app)


def pull_out(app) -> None:
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    run(app)


def press(app, button: int, frames: int = 1) -> None:
    """A press of `button`: its DOWN, a frame, its UP, `frames` frames."""
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button)
    run(app)
    post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button)
    run(app, frames)


def stick(app, axis: int, value: int) -> None:
    """The left stick pushed to `value` on `axis`, then let go (back to the middle)."""
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
    run(app)
    post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=0)
    run(app)


def focused(app):
    """What the pad's focus stands on, on the screen on top."""
    return app.focus_ring.current(app.top)


def label_of(widget) -> str:
    return getattr(widget, "label", "") or getattr(widget, "placeholder", "")


def walk_to(app, want, limit: int = 40) -> None:
    """X (Tab) until the focus stands on `want` (a widget, or a test of one: a label's start)."""
    if isinstance(want, str):
        start = want
        want = lambda w: label_of(w).startswith(start)  # noqa: E731
    test = want if callable(want) else (lambda w: w is want)
    for _ in range(limit):
        if test(focused(app)):
            return
        press(app, X)
    seen = [label_of(w) for w in app.focus_ring.targets(app.top)]
    raise AssertionError(f"the pad's focus never came to it; it goes over {seen}")


def choose(app, want) -> None:
    """Walk the focus to `want` and press A."""
    walk_to(app, want)
    press(app, A)


def cell_of(picker: LetterPicker, ch: str) -> tuple[int, int]:
    """(row, column) of the cell that types `ch` (or of an action's cell: its name)."""
    for r, row in enumerate(picker.rows()):
        for c, cell in enumerate(row):
            if cell.label == ch:
                return r, c
    raise AssertionError(f"{ch!r} is not on the picker")


def pick(app, text: str, done: bool = True) -> None:
    """Type `text` on the letter picker on top with the d-pad and A alone (RB and LB for
    small letters and capitals), then choose Done."""
    picker = app.top.picker
    for ch in [*text, "Done"] if done else text:
        if len(ch) == 1 and picker.cases and ch.isalpha() and ch.islower() != picker.small:
            press(app, RB if ch.islower() else LB)
        r, c = cell_of(picker, ch)
        rows = len(picker.rows())
        while picker.row % rows != r:
            down = (r - picker.row) % rows
            press(app, DOWN if down <= rows - down else UP)
        row_len = len(picker.rows()[r])
        while min(picker.col, row_len - 1) != c:
            right = (c - min(picker.col, row_len - 1)) % row_len
            press(app, RIGHT if right <= row_len - right else LEFT)
        press(app, A)
