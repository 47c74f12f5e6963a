"""The pad's focus on every screen: which button or field it stands on, how the d-pad, the
stick and X move it, what A does with it, and its ring.

While a pad is in use (pad.py's `last_device`), the app hands each key to the ring before
the screen on top: an arrow moves the focus to the nearest widget that way (round to the
far side at an edge), Tab (X) to the next in reading order (Shift+Tab back), Return (A)
chooses the focused one: a button is clicked, a text field opens the letter picker
(picker_scene.py). Every other key, and every key from the keyboard, goes to the screen as
before, so a keyboard player sees no ring and no change.

What the focus may stand on is what the screen drew in the latest frame (`drawn_now`):
the screen's `focus_targets()` when it has one, else every Button and TextField it holds
(in its attributes, their lists, tuples and dicts). A screen names the keys the ring may
take with `pad_keys` (the table keeps its own focus: it takes none; a list moved by up and
down leaves those to the screen), and may turn left and right on a widget into a change of
its value (`focus_sideways(widget, steps)` True: Settings' rows). Where the focus starts:
the screen's `focus_default()`, else its button for Enter, else its first primary button,
else the first in reading order.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

import pygame

from game.ui import skin

from .widgets import Button, TextField, drawn_now, focus_taken, px

MOVES = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER)
ALL_KEYS = frozenset({*MOVES, pygame.K_TAB, *CHOOSE})
UP_DOWN_FREE = ALL_KEYS - {pygame.K_UP, pygame.K_DOWN}
"""For a screen whose up and down move its own list (Past games)."""
SIDEWAYS_FREE = ALL_KEYS - {pygame.K_LEFT, pygame.K_RIGHT}
"""For a screen whose left and right turn its pages or steps (How to play, the review)."""
Target = Button | TextField


def held_widgets(holder: object, depth: int = 2) -> list[Target]:
    """The Buttons and TextFields an object holds: its attributes, and inside its lists,
    tuples and dicts (two levels: a list of (seat, button, button) rows)."""
    found: list[Target] = []

    def walk(x: object, left: int) -> None:
        if isinstance(x, Button | TextField):
            if all(x is not f for f in found):
                found.append(x)
        elif left > 0 and isinstance(x, list | tuple):
            for y in x:
                walk(y, left - 1)
        elif left > 0 and isinstance(x, dict):
            for y in x.values():
                walk(y, left - 1)

    for value in vars(holder).values():
        walk(value, depth)
    return found


def choosable(t: Target) -> bool:
    """Shown this frame, and (a button) visible and enabled."""
    if not drawn_now(t):
        return False
    return not isinstance(t, Button) or (t.visible and t.enabled)


def reading_order(targets: Iterable[Target]) -> list[Target]:
    """Top to bottom, and left to right along a line (a line: centres within 12 px)."""
    return sorted(targets, key=lambda t: (t.rect.centery // max(1, px(12)), t.rect.centerx))


def toward(here: Target, targets: list[Target], direction: tuple[int, int]) -> Target:
    """The widget nearest to `here` in `direction`: within 45 degrees of straight ahead if
    one is, else anywhere that way (a button under a column, off to its side); none that
    way: round to the farthest one back on the same line or column."""
    r = here.rect
    dx, dy = direction
    ahead_of: dict[int, tuple[float, Target]] = {}  # 0: in the cone, 1: anywhere ahead, 2: round
    for t in targets:
        if t is here:
            continue
        vx, vy = t.rect.centerx - r.centerx, t.rect.centery - r.centery
        ahead = vx * dx + vy * dy
        aside = abs(vx * dy - vy * dx)
        if ahead > 4:
            found = [(0 if aside <= ahead else 1, ahead + 2 * aside)]  # in line beats nearer aside
        elif ahead < -4 and aside < -ahead:
            found = [(2, ahead + 4 * aside)]  # the far end of the line
        else:
            found = []
        for kind, cost in found:
            if kind not in ahead_of or cost < ahead_of[kind][0]:
                ahead_of[kind] = (cost, t)
    for kind in (0, 1, 2):
        if kind in ahead_of:
            return ahead_of[kind][1]
    return here


class FocusRing:
    """The focus of each screen (kept while the screen lives, so it is where the player left
    it on coming back), moved and chosen by the pad's keys."""

    def __init__(self, open_picker: Callable[[TextField], None]) -> None:
        self.open_picker = open_picker
        self._at: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def targets(self, scene: object) -> list[Target]:
        ask = getattr(scene, "focus_targets", None)
        found = ask() if callable(ask) else held_widgets(scene)
        return [t for t in found if choosable(t)]

    def current(self, scene: object) -> Target | None:
        """Where the focus stands on `scene` now (None: nothing to stand on)."""
        targets = self.targets(scene)
        if not targets:
            return None
        here = self._at.get(scene)
        if any(here is t for t in targets):
            return here
        here = self._start(scene, targets, here)
        self._at[scene] = here
        return here

    def _start(self, scene: object, targets: list[Target], was: Target | None) -> Target:
        if was is not None:  # its widget went (a row closed): the nearest one takes it
            c = was.rect.center
            return min(targets, key=lambda t: (t.rect.centerx - c[0]) ** 2 + (t.rect.centery - c[1]) ** 2)
        ask = getattr(scene, "focus_default", None)
        first = ask() if callable(ask) else None
        if first is not None and any(first is t for t in targets):
            return first
        buttons = [t for t in targets if isinstance(t, Button)]
        for pick in (lambda b: b.key in CHOOSE, lambda b: b.primary):
            chosen = next((b for b in buttons if pick(b)), None)
            if chosen is not None:
                return chosen
        return reading_order(targets)[0]

    def put(self, scene: object, target: Target) -> None:
        """The focus goes to `target` on `scene` (a screen asking for a field first)."""
        self._at[scene] = target

    def handle(self, scene: object, e: pygame.event.Event) -> bool:
        """True when `e` was the ring's (the screen does not get it)."""
        if e.type != pygame.KEYDOWN or e.key not in getattr(scene, "pad_keys", ALL_KEYS):
            return False
        here = self.current(scene)
        if here is None:
            return False
        if e.key in CHOOSE:
            self.choose(here)
            return True
        targets = self.targets(scene)
        sideways = getattr(scene, "focus_sideways", None)
        dx = MOVES.get(e.key, (0, 0))[0]
        if dx and callable(sideways) and sideways(here, dx):
            return True  # a row's value changed (Settings): the focus stays
        if e.key == pygame.K_TAB:
            order = reading_order(targets)
            at = next(k for k, t in enumerate(order) if t is here)
            step = -1 if getattr(e, "mod", 0) & pygame.KMOD_SHIFT else 1
            self._at[scene] = order[(at + step) % len(order)]
        else:
            self._at[scene] = toward(here, targets, MOVES[e.key])
        if self._at[scene] is not here:  # a player listening hears where the ring went
            focus_taken(self._at[scene].focus_words())
        return True

    def choose(self, target: Target) -> None:
        if isinstance(target, TextField):
            self.open_picker(target)
        elif target.enabled:
            target.on_click()

    def draw(self, surface: pygame.Surface, scene: object) -> None:
        """The ring round the focused widget: thick, in the text colour, with a dark halo."""
        here = self.current(scene)
        if here is None:
            return
        ring = here.rect.inflate(px(10), px(10))
        pygame.draw.rect(surface, skin.PANEL, ring.inflate(6, 6), 7, border_radius=px(12))
        pygame.draw.rect(surface, skin.INK, ring, 3, border_radius=px(10))
