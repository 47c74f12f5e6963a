"""The window: its surface, full screen and back, and the canvas the scenes draw on.

pygame-ce hands out the window's pixels as a Surface object over an SDL surface that SDL
frees and makes anew whenever the window changes size. pygame follows a resize by itself
only for a window opened RESIZABLE: every `set_mode` removes its resize watch and only a
resizable one adds it back. In full screen, a resize made outside the game (a window
manager, a display changing its mode, `xdotool windowsize` on a bare X server) leaves the
SDL surface stale, and the next `pygame.display.get_surface()` frees it and hands out a new
object, while the old object, the one being drawn on, still points at the freed memory: the
next blit crashes the process (seen after F11, a resize, then a card at a width not
drawn before, whose conversion to the window's format asked for the display surface, and the
blit at `sprites.py:257` or `backdrop.py:75` died). So only `Display.check` asks for the
display surface, at the start of a frame, never while a scene draws; pictures are converted
after `skin.window_open()`, which asks SDL for the window's size and touches no surface.

On X11 the window's pixels go to the X server directly (SDL's framebuffer over shared
memory), not through an OpenGL texture: SDL's default there loads OpenGL (Mesa's llvmpipe
alone took ~95 MB of the menu's 145 MB), sends the whole frame on every update where the
presenter sends only the rows that changed, and makes every `set_mode` (F11) destroy and
make the window again. `SDL_FRAMEBUFFER_ACCELERATION` set by the player is left alone.

Leaving full screen, SDL leaves the X window at the display's size (with no window manager,
and with a minimal one such as openbox): the window is given back its size and place from
before full screen by hand. Entering it on a bare X server, the window keeps its corner where
it was (half the picture off the screen): on a single display it is moved to the corner
first. After any change of mode or size the next frames go to the window whole (presenter.py).

The scenes never see a window smaller than `MIN_SIZE`: when the window is smaller (full
screen on a small display, a window manager that ignores the minimum), they draw on a canvas
of at least `MIN_SIZE`, which is scaled down into the window, and the mouse's positions are
scaled back to the canvas.
"""

from __future__ import annotations

import os
import warnings

import pygame

from game.files.settings import WINDOW_LIMIT

from .presenter import Presenter

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)  # the smallest window the table is laid out for (game/ui/table/layout.py)
HEADLESS_LIMIT = (3840, 2160)  # a 4K display's size: what a headless window is bounded by
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# Frames sent whole after the display changed mode: the X server may show the new window a
# few frames after SDL returns (half a second at 60 frames a second is ample and costs little).
WHOLE_AFTER_MODE = 30


def window() -> pygame.Window | None:
    """The display module's window as a pygame-ce Window (None where that is unsupported).
    Kept no longer than a call: it names an SDL window that full screen may replace."""
    try:
        with warnings.catch_warnings():
            # from_display_module is deprecated for drawing through a Window; we only read and
            # set the display module's own window's size limit and position.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def largest_display() -> tuple[int, int]:
    """The largest width and height among the displays the system reports (each at most
    `WINDOW_LIMIT`); `HEADLESS_LIMIT` for a headless driver (dummy, offscreen), which has no
    display of its own to report (SDL's dummy says 1024 x 768, smaller than the tests' tables)."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return HEADLESS_LIMIT
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    if not sizes:
        return WINDOW_LIMIT, WINDOW_LIMIT
    return min(WINDOW_LIMIT, max(w for w, _ in sizes)), min(WINDOW_LIMIT, max(h for _, h in sizes))


def fit_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size the table can use and the system can show: at least `MIN_SIZE`, at most
    the largest display (and `WINDOW_LIMIT`)."""
    most = largest_display()
    return tuple(max(MIN_SIZE[k], min(size[k], most[k])) for k in (0, 1))  # type: ignore[return-value]


def on_screen(pos: list[int] | None) -> tuple[int, int] | None:
    """A remembered window position, if its top-left corner is on a screen there is now."""
    if not pos:
        return None
    try:
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    except pygame.error:
        sizes = []
    width = sum(w for w, _ in sizes)
    height = max((h for _, h in sizes), default=0)
    x, y = pos
    return (x, y) if 0 <= x < width - 64 and 0 <= y < height - 64 else None


def canvas_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size the scenes are laid out for in a window of `size`: the window's, but at least
    `MIN_SIZE` each way. (Not the window's shape grown to the minimum: a window 200 x 2400
    would make a canvas 1024 x 12288, 50 MB a picture; this one is never larger than the
    window or the minimum, and is shown letterboxed.)"""
    return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])


class Display:
    """The window and the canvas the scenes draw on (the window itself when it is large
    enough). One owner: the app calls `open`, `check` at each frame's start, `present`."""

    def __init__(self, headless: bool) -> None:
        self.headless = headless
        self.presenter = Presenter(headless)  # only what changed goes to the window
        self.window: pygame.Surface | None = None  # the display surface as last fetched
        self.canvas: pygame.Surface | None = None  # what the scenes draw on
        self.fitted: pygame.Rect | None = None  # where a scaled canvas goes in the window
        self._shaped_for: tuple[int, int] | None = None  # the window size the canvas is for
        self.size = (0, 0)  # the canvas's size: what the scenes are laid out for
        self.fullscreen = False
        self._windowed_place: tuple[int, int] | None = None  # where the window was before full screen

    # ---- opening --------------------------------------------------------------------
    def open(self, size: tuple[int, int], fullscreen: bool, place: tuple[int, int] | None = None) -> None:
        """Open (or change) the window: full screen at the display's size, or `size` pixels
        resizable, at `place` where given. pygame.error when the system refuses."""
        if pygame.display.get_driver() == "x11":  # read by SDL at the first window surface
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        leaving = self.fullscreen and not fullscreen
        if fullscreen and not self.fullscreen and self.window is not None:
            self._windowed_place = _position()
            if _single_display():  # a bare X server keeps the corner: put it where full screen is
                _place((0, 0))
        with warnings.catch_warnings():
            # "Requested window was forcibly resized": whatever size it gets, the
            # canvas copes (`check`), and the player has no use for the line on stderr.
            warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
            if fullscreen:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fullscreen = fullscreen
        if not fullscreen:
            if leaving and place is None:
                place = self._windowed_place
            win = window()
            if win is not None:
                try:  # the window manager then refuses a smaller window (VIDEORESIZE still checks)
                    win.minimum_size = MIN_SIZE
                    if tuple(win.size) != tuple(size):  # left at full screen's size (see above)
                        win.size = size
                    if place is not None:
                        win.position = place
                except pygame.error:
                    pass
        self.presenter.reset(WHOLE_AFTER_MODE)
        self._shaped_for = None  # a new mode: new pixels, the canvas is made again
        self.check()

    # ---- each frame -----------------------------------------------------------------
    def check(self) -> bool:
        """At a frame's start, before anything draws: take the window's surface afresh (a
        resize pygame did not follow makes it a new object, see the module's note). True
        when the canvas changed (a new size or new pixels: the scenes must be laid out and
        drawn again whole)."""
        surface = pygame.display.get_surface()
        if surface is None:
            return False
        if surface is not self.window:
            self.window = surface
            self._shaped_for = None
        if surface.get_size() != self._shaped_for:
            self._shape(surface)
            return True
        return False

    def _shape(self, surface: pygame.Surface) -> None:
        """The canvas for the window as it is now: the window itself, or a larger picture."""
        size = surface.get_size()
        want = canvas_size(size)
        self._shaped_for, self.size = size, want
        self.presenter.reset()
        if want == size:
            self.canvas, self.fitted = surface, None
            return
        # a canvas of our own (never the old window's object: its pixels may be gone)
        own = self.canvas if self.fitted is not None else None
        self.canvas = own if own is not None and own.get_size() == want else pygame.Surface(want).convert()
        scale = min(size[0] / want[0], size[1] / want[1])
        fitted = pygame.Rect(0, 0, max(1, round(want[0] * scale)), max(1, round(want[1] * scale)))
        fitted.center = (size[0] // 2, size[1] // 2)
        self.fitted = fitted

    @property
    def scaled(self) -> bool:
        return self.fitted is not None

    def to_canvas(self, e: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position on the canvas (unchanged when the canvas is the
        window itself)."""
        if self.fitted is None or e.type not in MOUSE_EVENTS:
            return e
        x, y = e.pos
        w, h = self.size
        f = self.fitted
        pos = (
            min(w - 1, max(0, int((x - f.x) * w / f.w))),
            min(h - 1, max(0, int((y - f.y) * h / f.h))),
        )
        return pygame.event.Event(e.type, {**e.dict, "pos": pos})

    def present(self) -> None:
        """Send the frame to the window: the canvas scaled into it first, when it is not the
        window itself (only what changed is sent: see presenter.py)."""
        if self.window is None:
            return
        if self.fitted is not None and self.canvas is not None:
            # through a picture of its own: no subsurface of the window outlives a call
            self.window.fill((0, 0, 0))
            self.window.blit(pygame.transform.smoothscale(self.canvas, self.fitted.size), self.fitted)
        self.presenter.present(self.window)

    def reset(self, frames: int = 1) -> None:
        """The window's contents were lost (exposed, restored, resized): send the next
        `frames` frames whole."""
        self.presenter.reset(frames)


def _position() -> tuple[int, int] | None:
    win = window()
    try:
        return None if win is None else tuple(win.position)  # type: ignore[return-value]
    except pygame.error:
        return None


def _place(pos: tuple[int, int]) -> None:
    win = window()
    if win is not None:
        try:
            win.position = pos
        except pygame.error:
            pass


def _single_display() -> bool:
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return False
    try:
        return len(pygame.display.get_desktop_sizes()) == 1
    except pygame.error:
        return False
