"""Tweens (an attribute eased from one value to another over time) and the timeline.

Every card movement is a tween with a pytweening easing. The timeline is a queue of
steps: each step starts some tweens and says how long to wait before the next step (or
that it waits for the player's click). The table feeds the core's events into it as
steps, and the player's input waits until it is idle. Durations are multiplied by the
speed setting; at speed 0 (instant) every tween lands at once, in the same frame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pytweening

Ease = Callable[[float], float]
EASE_MOVE: Ease = pytweening.easeInOutCubic
EASE_OUT: Ease = pytweening.easeOutCubic
EASE_IN: Ease = pytweening.easeInQuad
EASE_BACK: Ease = pytweening.easeOutBack

WAIT_CLICK = -1.0


class Tween:
    """Ease `obj.attr` from `start` to `end` in `duration` seconds after `delay`."""

    __slots__ = ("obj", "attr", "start", "end", "duration", "delay", "ease", "t", "on_done", "begun")

    def __init__(
        self,
        obj: object,
        attr: str,
        end: float,
        duration: float,
        delay: float = 0.0,
        ease: Ease = EASE_MOVE,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.obj, self.attr, self.end = obj, attr, end
        self.start = getattr(obj, attr)
        self.duration, self.delay, self.ease = duration, delay, ease
        self.t = 0.0
        self.on_done = on_done
        self.begun = False

    def update(self, dt: float) -> bool:
        """Advance by `dt`; True once finished (its end value set, its callback run)."""
        self.t += dt
        local = self.t - self.delay
        if local < 0:
            return False
        if not self.begun:
            # Start from where the attribute is when the tween begins, not when it was made,
            # so delayed tweens chain smoothly after earlier ones.
            self.start = getattr(self.obj, self.attr)
            self.begun = True
        if local >= self.duration:
            setattr(self.obj, self.attr, self.end)
            if self.on_done is not None:
                self.on_done()
            return True
        k = self.ease(local / self.duration)
        setattr(self.obj, self.attr, self.start + (self.end - self.start) * k)
        return False


class Timeline:
    """A queue of steps run one after the other; `busy` while any remain."""

    def __init__(self) -> None:
        self.steps: deque[Callable[[], float]] = deque()
        self.remaining = 0.0
        self.waiting_click = False

    @property
    def busy(self) -> bool:
        return bool(self.steps) or self.remaining > 0 or self.waiting_click

    def add(self, step: Callable[[], float]) -> None:
        """Queue `step`: called when its turn comes, returns seconds to wait (or WAIT_CLICK)."""
        self.steps.append(step)

    def pause(self, seconds: float) -> None:
        self.add(lambda: seconds)

    def click(self) -> bool:
        """The player clicked: release a step waiting for it (True if one was)."""
        if self.waiting_click:
            self.waiting_click = False
            return True
        return False

    def update(self, dt: float) -> None:
        if self.waiting_click:
            return  # time stands still for the timeline until the click (the next step then
            # gets its whole length, not what is left after the wait)
        self.remaining -= dt
        while self.remaining <= 0 and not self.waiting_click and self.steps:
            wait = self.steps.popleft()()
            if wait == WAIT_CLICK:
                self.waiting_click = True
                self.remaining = 0.0
            else:
                self.remaining += wait
        if not self.steps and self.remaining < 0:
            self.remaining = 0.0

    def clear(self) -> None:
        self.steps.clear()
        self.remaining = 0.0
        self.waiting_click = False
