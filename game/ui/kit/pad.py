"""Game pads: SDL's GameController (pygame-ce's `pygame._sdl2.controller`), turned into the
keys the screens already answer, so every screen the keyboard reaches a pad reaches too.

Buttons are named as on an Xbox pad (SDL maps every known pad onto that layout: on a
PlayStation pad A is Cross, B Circle, X Square, Y Triangle). What each one does:

    pad                         key posted      what it does (as the keyboard's key)
    d-pad, left stick           arrow keys      move the focus (held: repeats)
    A                           Return          choose what the focus is on
    B                           Escape          back, close, the pause menu at the table
    Y                           ?               the hint, on the player's turn
    X                           Tab             the next item that can be chosen
    LB / RB                     Page Up / Down  the previous / next page or round
    Start                       Escape          the pause menu (as on a console: B backs
                                                out of a menu, Start opens it)
    Back (View, Share, Select)  F1              how to play
    Guide, stick presses,       (nothing)       the system's, and no game key needs them
    right stick, triggers

Each press posts a KEYDOWN (and its release a KEYUP) with `pad=True`, through pygame's event
queue, so a screen cannot tell a pad's Return from the keyboard's and nothing else changes.
A direction held (d-pad or stick past its dead zone) repeats after REPEAT_DELAY, every
REPEAT_EVERY. Pads come and go (CONTROLLERDEVICEADDED / REMOVED): one removed lets go of
whatever it held (its KEYUPs are posted, its repeat stops), so a decision waits for the
keyboard or another pad as it waited before; nothing waits for a pad.

`Pads.pump()` is the app's one call, at the start of each frame, before the frame reads its
events: it takes only the pad events out of the queue, posts their keys in their place, and
notes the last device the player used (`last_device`: "pad" or "keys"), so button prompts can
show the pad's buttons while a pad is in use.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import pygame

REPEAT_DELAY = 0.40  # seconds a direction is held before it repeats (a tap moves once)
REPEAT_EVERY = 0.12  # seconds between two repeats
DEAD_ZONE = 0.50  # the share of the stick's travel past which it is a direction
RELEASE_ZONE = 0.35  # and back under which it lets go (apart from DEAD_ZONE: no flicker)
AXIS_MAX = 32767

# (key, unicode, mod) posted for each button
_HINT = (pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
BUTTON_KEYS: dict[int, tuple[int, str, int]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, "", 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, "", 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, "", 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, "", 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, "\r", 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, "\x1b", 0),
    pygame.CONTROLLER_BUTTON_Y: _HINT,
    pygame.CONTROLLER_BUTTON_X: (pygame.K_TAB, "\t", 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_PAGEUP, "", 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_PAGEDOWN, "", 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, "\x1b", 0),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_F1, "", 0),
}
DIRECTIONS = {pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT}
"""The keys that repeat while held."""
# The names a prompt shows for a key while a pad is in use (Xbox naming, as SDL's).
BUTTON_NAMES = {pygame.K_RETURN: "A", pygame.K_ESCAPE: "B", pygame.K_TAB: "X", pygame.K_F1: "Back"}
BUTTON_NAMES |= {pygame.K_PAGEUP: "LB", pygame.K_PAGEDOWN: "RB", pygame.K_SLASH: "Y"}
BUTTON_NAMES |= {k: "D-pad" for k in DIRECTIONS}

PAD_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERDEVICEREMAPPED,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
)
KEYBOARD_EVENTS = (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN)
"""What makes the keyboard (and mouse) the last device again."""


class Pads:
    """The pads plugged in, what each one holds, and the keys they post.

    `post` and `clock` are pygame.event.post and time.monotonic unless a test sets others;
    `controller` is pygame._sdl2.controller (None: it could not load, and pads are off, said
    once in `note`)."""

    def __init__(
        self,
        post: Callable[[pygame.event.Event], object] = pygame.event.post,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.post = post
        self.clock = clock
        self._controller = None  # the module, once loaded
        self._started = False
        self._pumps = 0
        self.opened: dict[int, object] = {}  # instance id -> its Controller (kept open: SDL sends its events)
        # (instance id, source) -> [key, next repeat time]; a source is a button or an axis
        self._held: dict[tuple[int, str], list] = {}
        self.last_device = "keys"
        self.note = ""

    # ---- the app's one call ------------------------------------------------------------
    def pump(self) -> None:
        """Turn the pad events waiting in the queue into keys (see the module's docstring)."""
        self._pumps += 1
        if not self._started and self._pumps > 1:
            self._start()  # after the first frame, which must come up fast (about 20 ms)
        if pygame.event.peek(KEYBOARD_EVENTS):
            self.last_device = "keys"
        now = self.clock()
        for e in pygame.event.get(PAD_EVENTS):
            self.handle(e, now)
        self.repeat(now)

    @property
    def using_pad(self) -> bool:
        """A pad was the last thing the player used (prompts show its buttons)."""
        return self.last_device == "pad"

    def prompt(self, key: int, keyboard_name: str) -> str:
        """What a prompt calls `key`: the pad's button while a pad is in use, else the key's."""
        return BUTTON_NAMES.get(key, keyboard_name) if self.using_pad else keyboard_name

    # ---- the events ---------------------------------------------------------------------
    def handle(self, e: pygame.event.Event, now: float) -> None:
        """One pad event: a device come or gone, a button, an axis."""
        if e.type == pygame.CONTROLLERDEVICEADDED:
            self._open(getattr(e, "device_index", -1))
        elif e.type == pygame.CONTROLLERDEVICEREMOVED:
            self.remove(getattr(e, "instance_id", -1))
        elif e.type == pygame.CONTROLLERBUTTONDOWN:
            self.last_device = "pad"
            mapped = BUTTON_KEYS.get(getattr(e, "button", -1))
            if mapped is not None:
                self._press(getattr(e, "instance_id", -1), f"button {e.button}", mapped, now)
        elif e.type == pygame.CONTROLLERBUTTONUP:
            self._let_go(getattr(e, "instance_id", -1), f"button {getattr(e, 'button', -1)}")
        elif e.type == pygame.CONTROLLERAXISMOTION:
            self._axis(getattr(e, "instance_id", -1), getattr(e, "axis", -1), getattr(e, "value", 0), now)

    def repeat(self, now: float) -> None:
        """Post again each held direction whose time has come."""
        for held in self._held.values():
            key, due, mapped = held
            if key in DIRECTIONS and now >= due:
                self._post_key(pygame.KEYDOWN, mapped)
                held[1] = now + REPEAT_EVERY

    def remove(self, instance_id: int) -> None:
        """The pad is gone: it lets go of all it held, and is closed."""
        for source in [s for s in self._held if s[0] == instance_id]:
            self._let_go(*source)
        pad = self.opened.pop(instance_id, None)
        if pad is not None:
            try:
                pad.quit()
            except Exception:  # closing a pad SDL already dropped: nothing to undo
                pass
        if not self.opened and not self._held:
            self.last_device = "keys"

    # ---- inside -------------------------------------------------------------------------
    def _start(self) -> None:
        """Load SDL's game controller support (its subsystem sends an ADDED for every pad
        already plugged in). Its absence leaves the game as it is, with one line."""
        self._started = True
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
        except Exception as e:  # an executable without it, an SDL that refuses: keys only
            self.note = f"Game pads are off: {type(e).__name__}: {e}"
            print(self.note, file=sys.stderr)

    def _open(self, device_index: int) -> None:
        c = self._controller
        if c is None or not isinstance(device_index, int) or device_index < 0:
            return
        try:
            if not c.is_controller(device_index):
                return
            pad = c.Controller(device_index)
            self.opened[pad.as_joystick().get_instance_id()] = pad
        except Exception:  # gone again before it opened, or a device SDL cannot use: ignored
            return

    def _press(self, instance_id: int, source: str, mapped: tuple[int, str, int], now: float) -> None:
        if (instance_id, source) in self._held:
            return  # SDL repeats nothing, but a second DOWN without an UP must not stick twice
        self._held[(instance_id, source)] = [mapped[0], now + REPEAT_DELAY, mapped]
        self._post_key(pygame.KEYDOWN, mapped)

    def _let_go(self, instance_id: int, source: str) -> None:
        held = self._held.pop((instance_id, source), None)
        if held is not None:
            self._post_key(pygame.KEYUP, held[2])

    def _axis(self, instance_id: int, axis: int, value: int, now: float) -> None:
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            keys = (pygame.K_LEFT, pygame.K_RIGHT)
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            keys = (pygame.K_UP, pygame.K_DOWN)
        else:
            return  # the right stick and the triggers: not used
        try:
            share = max(-1.0, min(1.0, float(value) / AXIS_MAX))
        except (TypeError, ValueError):
            return
        source = f"axis {axis}"
        held = self._held.get((instance_id, source))
        if abs(share) >= DEAD_ZONE:
            self.last_device = "pad"
            key = keys[share > 0]
            if held is not None and held[0] == key:
                return
            self._let_go(instance_id, source)  # swept from one side to the other
            self._press(instance_id, source, (key, "", 0), now)
        elif abs(share) < RELEASE_ZONE:
            self._let_go(instance_id, source)

    def _post_key(self, kind: int, mapped: tuple[int, str, int]) -> None:
        key, text, mod = mapped
        fields = {"key": key, "mod": mod, "scancode": 0, "pad": True}
        if kind == pygame.KEYDOWN:
            fields["unicode"] = text
        try:
            self.post(pygame.event.Event(kind, fields))
        except pygame.error:  # the queue is full: a key lost, never a stop
            pass
