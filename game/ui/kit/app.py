"""The application: the window, the scene stack and the frame loop.

One `App` owns the window (through its `Display`: display.py, which alone touches the
display surface, and gives the scenes a canvas of at least MIN_SIZE), the settings, the
sound board and the stack of scenes. `step(dt)` runs one frame (events, the window checked
for a size pygame did not follow, update, draw); `run()` loops it at 60 frames per second.
Global keys live here: F11 toggles fullscreen, F12 saves a screenshot (to the pictures folder,
`game.files.disk.pictures_dir`; a failure is one line on the screen), F4 turns speech on and
off (speech_out.py: loaded after the first frame, a new screen said as it comes up). The window is never
made larger than the largest display the system reports, whatever the settings or `--size` ask.
Whether the window is in front, and its flash when the player's turn comes while it is not,
are the App's `attention` (attention.py), which sees every event.
Tests and the self-test call `step` with a fixed `dt` and never sleep.
"""

from __future__ import annotations

import gc
import io
import os
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Protocol

import pygame

from game.files.disk import pictures_dir, write_or_raise
from game.files.settings import WINDOW_LIMIT, Settings, load_settings, save_settings
from game.lang import _
from game.seat.spoken import first_start_line
from game.threads import hand_over_quickly
from game.ui import skin

from .attention import Attention
from .display import DEFAULT_SIZE, HEADLESS_LIMIT, MIN_SIZE, WHOLE_AFTER_MODE, Display, fit_window, on_screen
from .display import window as window_handle
from .focus_ring import FocusRing
from .looks import wear
from .pad import Pads
from .picker_scene import PickerScene
from .prompts import set_pad_prompts
from .sound import SoundBoard
from .speech_out import SpeechOut
from .widgets import TextField, next_frame, set_ui_scale, settle_cursor


class Screen(Protocol):
    """What the app asks of a screen on its stack. Every screen extends `Scene` (scene.py),
    which holds the app; naming the shape here keeps the two modules from importing each
    other."""

    opaque: bool

    def handle_event(self, e: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def on_top(self) -> None: ...
    def on_quit(self) -> None: ...


FPS = 60
# Window events after which what the window shows is gone (sent whole once), and those of a
# change of size or display (sent whole for a few frames: see display.py).
LOST_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED)
CHANGE_EVENTS = tuple(
    getattr(pygame, name)
    for name in (
        "VIDEORESIZE",
        "WINDOWSIZECHANGED",
        "WINDOWRESIZED",
        "WINDOWMAXIMIZED",
        "WINDOWDISPLAYCHANGED",
    )
    if hasattr(pygame, name)
)
FRAMES_KEPT = 20_000  # frame times kept for the benchmarks (five minutes at 60 a second)
TRIM_EVERY = 2.0  # seconds between two trims of the heap at most (see _trim_when_settled)
# The window's sizes live with the window (display.py); named here too for the callers of old.
__all__ = ["DEFAULT_SIZE", "HEADLESS_LIMIT", "MIN_SIZE", "WINDOW_LIMIT", "App", "fit_window"]


def _process_start() -> float:
    """perf_counter() at the moment this process started (for the start-up benchmark)."""
    try:
        with open(f"/proc/{os.getpid()}/stat") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        age = uptime - ticks / os.sysconf("SC_CLK_TCK")
        return time.perf_counter() - age
    except (OSError, ValueError, IndexError):
        return _IMPORTED


_IMPORTED = time.perf_counter()


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        persist: bool = True,
        routes: Mapping[str, Callable[..., Screen]] | None = None,
    ) -> None:
        # Scenes reach each other by name through these factories (game/ui/routes.py), so no
        # scene imports another.
        self.routes: Mapping[str, Callable[..., Screen]] = routes or {}
        self.persist = persist  # False: never touch the settings file (watch/self-test)
        self.file_values: dict[str, object] = {}  # the file's values of settings given for this run
        self.messages: list[str] = []  # one-line notes for the player (menu shows them)
        if settings is None:
            settings, note = load_settings()
            if note:
                self.messages.append(note)
        self.settings = settings
        if not pygame.font.get_init():
            skin.clear_caches()  # fonts from an earlier pygame.init are dead now
        skin.return_big_frees()  # window-sized surfaces go back to the system when freed
        hand_over_quickly()  # the frame gets the GIL back soon from a thinking bot
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Scram! Critters vs. Campers")
        icon = skin.window_icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        # No size asked for: the window comes back as the player left it (size, and position
        # where the system tells and allows it).
        place = None if size is not None else on_screen(settings.window_pos)
        if size is None:
            size = tuple(settings.window_size or DEFAULT_SIZE)
        self.windowed_size = fit_window(size)
        self._headless = pygame.display.get_driver() in ("dummy", "offscreen")
        self.display = Display(self._headless)  # the window and the canvas the scenes draw on
        self.display.open(self.windowed_size, settings.fullscreen, place)
        set_ui_scale(self.size)
        wear(settings, self.size)  # the text size this window shows, the look chosen
        pygame.key.set_repeat(0)
        self.attention = Attention(window_handle)  # is the window in front; its flash (attention.py)
        self.sound = SoundBoard()  # silent when there is no audio device
        self.apply_sound()
        self.stack: list[Screen] = []
        self._trimmed_for: Screen | None = None  # the screen on top when the heap was last trimmed
        self._trimmed_size = (0, 0)  # the canvas's size when the heap was last trimmed
        self._size_settles_at = 0.0  # when the canvas last changed size, plus a quiet half-second
        self._trim_due = 0.0  # the next trim whatever happens (what caches let go, every few seconds)
        self.running = True
        self.opened_by_key = False  # a key just changed the screen: its typed letter is not for the next
        self.clock = pygame.time.Clock()
        self.pads = Pads()  # game pads, posting the keys of their buttons (pad.py)
        set_pad_prompts(False)  # the keys' names until a pad is used
        self.focus_ring = FocusRing(self.open_picker)  # the pad's focus on each screen
        self.speech = SpeechOut(settings, self._headless)  # loaded after the first frame (speech_out.py)
        # seconds of work per frame, the latest (for the benchmarks; a long session's would
        # be a creep of its own)
        self.frame_times: deque[float] = deque(maxlen=FRAMES_KEPT)
        self.shots: Path | None = None  # where screenshots go, when not the pictures folder
        self.frames = 0

    # ---- window -------------------------------------------------------------------
    @property
    def screen(self) -> pygame.Surface:
        """What the scenes draw on: the window, or a canvas of at least MIN_SIZE scaled into a
        smaller one (display.py). Valid for the frame it is asked in."""
        return self.display.canvas

    def remember_window(self) -> None:
        """Keep the window's size and position in the settings for the next start."""
        s = self.settings
        size = list(self.windowed_size)
        pos = s.window_pos
        window = None if s.fullscreen or self._headless else window_handle()
        if window is not None:
            try:
                pos = list(window.position)
            except pygame.error:
                pass
        if (size, pos) != (s.window_size, s.window_pos):
            s.window_size, s.window_pos = size, pos
            self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        try:
            self.display.open(self.windowed_size, self.settings.fullscreen)
        except pygame.error:
            self.settings.fullscreen = False
            self.display.open(self.windowed_size, False)
        self.save_settings()
        self._resized()

    def _resized(self) -> None:
        size = self.size
        set_ui_scale(size)
        self.wear_looks()
        for s in self.stack:
            s.resize(size)

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for (the canvas's, at least MIN_SIZE)."""
        return self.display.size

    # ---- settings and sound -------------------------------------------------------
    def save_settings(self) -> None:
        if self.persist:  # `scram --speed` changes this run, never the file
            note = save_settings(replace(self.settings, **self.file_values))
            if note:
                self.messages.append(note)

    def apply_sound(self) -> None:
        try:
            self.sound.volume = self.settings.volume
            self.sound.muted = self.settings.muted
            self.sound.chime = self.settings.turn_chime
        except Exception:
            pass

    def call_back(self) -> None:
        """The player's turn has come: the window flashes if it is behind others (once, and
        unless the settings' "Window flash" is off)."""
        self.attention.call_back(self.settings.turn_flash)

    def play(self, name: str) -> None:
        try:
            self.sound.play(name)
        except Exception:  # a sound must never stop the game
            pass

    # ---- the stack ----------------------------------------------------------------
    def push(self, scene: Screen) -> None:
        self.stack.append(scene)
        self.wear_looks(relayout=True)

    def pop(self) -> Screen:
        scene = self.stack.pop()
        if self.stack:
            self.wear_looks(relayout=True)
            self.stack[-1].on_top()
        return scene

    def replace(self, scene: Screen) -> None:
        """Clear the stack and show `scene`."""
        self.stack = [scene]
        self.wear_looks(relayout=True)

    def wear_looks(self, relayout: bool = False) -> None:
        """The text size and look of the settings, in this window, for the screen on top (a
        screen laid out for text up to `text_limit` per cent shows its text at most so large);
        `relayout`: every screen laid out anew when the text size changed."""
        limit = getattr(self.top, "text_limit", None)
        if wear(self.settings, self.size, limit) and relayout:
            for s in self.stack:
                s.resize(self.size)

    def open_picker(self, field: TextField) -> None:
        """The letter picker over the screen, for `field` (the pad chose it)."""
        self.push(PickerScene(self, field))

    def build(self, name: str, *args: object, **kwargs: object) -> Screen:
        """Make the scene registered as `name` (see game/ui/routes.py)."""
        try:
            factory = self.routes[name]
        except KeyError:
            raise KeyError(f"no scene is registered as {name!r}") from None
        return factory(self, *args, **kwargs)

    def open(self, name: str, *args: object, **kwargs: object) -> Screen:
        """Push the scene registered as `name` on top of the current one."""
        scene = self.build(name, *args, **kwargs)
        self.push(scene)
        return scene

    def show(self, name: str, *args: object, **kwargs: object) -> Screen:
        """Clear the stack and show the scene registered as `name`."""
        scene = self.build(name, *args, **kwargs)
        self.replace(scene)
        return scene

    @property
    def top(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def quit(self) -> None:
        self.remember_window()
        for s in reversed(self.stack):
            s.on_quit()
        self.speech.close()
        self.running = False

    def _speak(self, top: Screen | None) -> None:
        """After a frame: speech loads after the first one (the very first start says F4's line,
        aloud and on the screen), and a new screen on top says what it shows."""
        speech = self.speech
        if not speech.started:
            first = self.persist and not self._headless and not self.settings.speech_told
            speech.start(first_start=first)
            if first:
                self.messages.append(first_start_line())
                self.settings.speech_told = True
                self.save_settings()
        failed = speech.poll()
        if failed:  # speech chosen but no voice: said on the screen, once
            self.tell(failed)
        speech.screen(top)

    def say(self, line: str, interrupt: bool = False) -> None:
        """Say `line` when speech is on (the scenes' one door to it)."""
        self.speech.say(line, interrupt)

    # ---- the loop -----------------------------------------------------------------
    def _trim_when_settled(self, top: Screen, now: float) -> None:
        """Give freed memory back when a new screen comes up, once a window's resizing has
        stopped for half a second (every size it passed through left window-sized pictures
        behind), and every `TRIM_EVERY` seconds (the caches let pictures go as they take new
        ones; a trim costs a fraction of a millisecond), each after a pass of the collector."""
        size = self.display.size
        if size != self._trimmed_size:
            self._trimmed_size = size
            self._size_settles_at = now + 0.5
        settled = self._size_settles_at and now >= self._size_settles_at
        if top is not self._trimmed_for or settled or now >= self._trim_due:
            # A screen that went is a cycle (its buttons call it back) holding its window-
            # sized pictures until the collector's rare full pass (three dead tables' were
            # seen at once), and a bot still thinking for it holds it a moment longer: a
            # full pass with each trim lets them go within TRIM_EVERY (about 2 ms).
            gc.collect()
            self._trimmed_for, self._size_settles_at = top, 0.0
            self._trim_due = now + TRIM_EVERY
            skin.trim_heap()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw."""
        t0 = time.perf_counter()
        self.pads.pump()
        set_pad_prompts(self.pads.using_pad)  # prompts name the pad's buttons while it is in use
        for e in pygame.event.get():
            self.handle_event(e)
            if not self.running:
                return
        if self.display.check():  # resized where pygame did not follow (full screen): lay out anew
            self._resized()
        top = self.top
        if top is None:
            self.running = False
            return
        top.update(dt)
        if not self.running:
            return
        self.draw()
        self._speak(self.top)
        # after the frame: what the last screen's frame still held (the pointer's hover
        # over its buttons) has let go of it by now
        self._trim_when_settled(top, t0)
        self.frames += 1
        self.frame_times.append(time.perf_counter() - t0)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            self.quit()
            return
        self.attention.handle_event(e)  # focus gained or lost
        if e.type in LOST_EVENTS:
            self.display.reset()  # the window's contents were lost: send the next frame whole
        elif e.type in CHANGE_EVENTS:  # a new size or display: the next frames whole, the
            self.display.reset(WHOLE_AFTER_MODE)  # X server may show it a few frames later
        if e.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            w, h = fit_window((e.w, e.h))
            self.display.check()  # events are read before anything draws: the surface may be asked
            if self.display.window is None or self.display.window.get_size() != (w, h):
                self.display.open((w, h), False)  # too small, or not resized yet
            self.windowed_size = (w, h)
            self._resized()
            return
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if e.key == pygame.K_F12:
                self.take_screenshot()
                return
            if e.key == pygame.K_F4 and not e.mod & pygame.KMOD_ALT:  # (Alt+F4 closes the window)
                self.tell(self.speech.toggle())
                self.save_settings()
                return
        if e.type == pygame.TEXTINPUT and self.opened_by_key:
            self.opened_by_key = False  # the letter of the key that opened this screen (F for
            return  # Play with friends) is not typed into its first field
        if e.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.opened_by_key = False
        top = self.top
        if top is not None and getattr(e, "pad", False) and self.focus_ring.handle(top, e):
            return  # the pad's focus moved, or chose what it stands on
        if top is not None:
            top.handle_event(self.display.to_canvas(e))
        if e.type == pygame.KEYDOWN and self.top is not top:
            self.opened_by_key = True  # SDL sends that key's TEXTINPUT next
        if e.type == pygame.MOUSEMOTION:
            settle_cursor()  # the hand over whatever the scene found clickable, else the arrow

    def render(self) -> None:
        """Draw the stack from its highest opaque scene up (overlays show what is below)."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        next_frame()  # what is drawn now is what the pad's focus may stand on
        for s in self.stack[start:]:
            s.draw(self.screen)
        top = self.top
        if self.pads.using_pad and top is not None and getattr(top, "pad_keys", True):
            self.focus_ring.draw(self.screen, top)

    def draw(self) -> None:
        self.render()
        self.present()

    def present(self) -> None:
        """Send the frame to the window (only what changed: see presenter.py)."""
        self.display.present()

    def run(self) -> None:
        dt = 1 / FPS
        probe = bool(os.environ.get("SCRAM_STARTUP_PROBE"))
        while self.running:
            self.step(min(dt, 0.1))
            if probe:  # bench/ui_startup.py: report the first frame, then leave
                print(f"first-frame {time.perf_counter() - _process_start():.4f}", flush=True)
                self.quit()
                return
            dt = self.clock.tick(FPS) / 1000

    def screenshot(self, name: str | None = None) -> Path:
        """Save the current frame as PNG in `shots` or the pictures folder (`pictures_dir`);
        its path. OSError or pygame.error when it cannot be written (then no file is left)."""
        folder = self.shots or pictures_dir()
        path = folder / f"{name or time.strftime('scram-%Y%m%d-%H%M%S')}.png"
        if self.stack:
            self.render()  # the frame as it stands now, not the one last flipped
        # pygame.image.save to a file ignores a failed write (a full disk leaves an empty PNG
        # and no error): the PNG is made in memory and written whole or not at all.
        png = io.BytesIO()
        pygame.image.save(self.screen, png, "png")
        write_or_raise(path, png.getvalue())
        return path

    def take_screenshot(self) -> Path | None:
        """F12: a screenshot, or one line on the screen saying why there is none (never a stop)."""
        try:
            return self.screenshot()
        except (OSError, pygame.error) as e:
            reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
            self.tell(
                _("No screenshot saved in {folder}: {why}.", folder=self.shots or pictures_dir(), why=reason)
            )
            return None

    def tell(self, line: str) -> None:
        """One line for the player on the screen at the top: the table's warning bar where
        there is one, else the notes the menu shows."""
        warn = getattr(self.top, "warn", None)
        if callable(warn):
            warn(line)
        else:
            self.messages.append(line)
