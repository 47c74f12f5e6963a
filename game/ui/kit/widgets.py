"""Small interface pieces: buttons and a one-line text field, driven by events only.

Input is read from each event's own attributes (`pos`, `key`, `text`), never from the
polled mouse or keyboard state, so posted events drive the game exactly as real ones.

Sizes are given for a 1280x720 window; in a larger one the interface scale (`set_ui_scale`,
kept by the app) enlarges text and the spacing around it alike (`px`), so a big or
fullscreen window does not show tiny words beside big cards.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache

import pygame

from game.lang import _
from game.ui import skin
from game.ui.skin.memo import surface_cache

from .prompts import prompt

BASE_SIZE = (1280, 720)  # the window size the interface's pixel sizes are written for
MAX_SCALE = 2.0
# The interface scale is the window's, and there is one window: every widget of every scene
# reads it through `px` (hundreds of sizes), the app alone writes it (at its start and on a
# resize). One home, one writer; handing it to each widget would change no pixel.
_scale = 1.0
# Who hears a widget take the focus (a button under the pointer, a text field given the
# keyboard): the app's speech (speech_out.py). One listener for the process, as one window.
_focus_listener: Callable[[str], None] | None = None


def on_focus(listener: Callable[[str], None] | None) -> None:
    """Tell `listener` the words of every widget that takes the focus from now on."""
    global _focus_listener
    _focus_listener = listener


def focus_taken(words: str) -> None:
    if _focus_listener is not None and words:
        try:
            _focus_listener(words)
        except Exception:  # speech must never stop the game
            pass


def scale_for(size: tuple[int, int]) -> float:
    """The interface scale of a window: 1 up to 1280x720, growing with the smaller ratio."""
    return max(1.0, min(MAX_SCALE, size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def set_ui_scale(size: tuple[int, int]) -> None:
    global _scale
    _scale = scale_for(size)


def ui_scale() -> float:
    return _scale


# The frames drawn so far (the app counts them): a widget notes the frame it was last drawn
# in, so the pad's focus goes only to what the screen shows now.
_frame = 0


def next_frame() -> None:
    global _frame
    _frame += 1


def mark_drawn(widget: object) -> None:
    """`widget` is shown in this frame (drawn by its screen in its own way)."""
    widget.drawn = _frame


def drawn_now(widget: object) -> bool:
    """`widget` was drawn in the latest frame."""
    return getattr(widget, "drawn", -1) == _frame


def px(n: float) -> int:
    """`n` pixels of the 1280x720 design, in this window."""
    return round(n * _scale)


def forget_colours() -> None:
    """The look changed: the panels drawn in the old colours go."""
    _panel.cache_clear()


def line_step(design: int, kind: str, size: int, extra: int = 0) -> int:
    """`design` pixels, the room a line of `kind` text at `size` is given: as written at 100 %
    text, and at a larger text size the line's own height (plus `extra`) where it is taller."""
    if skin.text_scale() == 1.0:
        return px(design)
    return max(px(design), skin.line_height(kind, px(size)) + px(extra))


def look_key() -> tuple:
    """What every picture of the interface depends on beyond its own words: the window's
    scale, the text size and the colours worn (a key for the caches of laid-out pieces)."""
    return (px(100), skin.text_scale(), skin.INK, skin.TABLE)


class Button:
    """A clickable label; `enabled` False shows it dimmed and reports `why` when clicked."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        key: int | None = None,
        rect: pygame.Rect | None = None,
        size: int = 20,
        primary: bool = False,
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.key = key
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.size = size
        self.enabled = True
        self.why: str | None = None  # why it is disabled, said when it is clicked anyway
        self.glow = False
        self.primary = primary
        self.danger = False  # drawn in the alarm colour (the Scram button)
        self.hover = False
        self.visible = True
        self.drawn = -1  # the frame it was last drawn in
        self.pad_key = True  # False: its key's pad button does something else (no cap shown)
        self.name = ""  # what the button sets, said before its label when it takes the focus

    def focus_words(self) -> str:
        """What is said when the button takes the focus: its name and label, and whether it works."""
        words = _("{name}: {label}", name=self.name, label=self.label) if self.name else self.label
        return words if self.enabled else _("{label}, not available", label=words)

    def fit(self, pad: int = 18) -> Button:
        """Size the rect to the label."""
        img = skin.text(self.label, "text", px(self.size), skin.INK)
        self.rect.size = (img.get_width() + 2 * px(pad), img.get_height() + px(14))
        return self

    def handle_event(self, e: pygame.event.Event, on_refused: Callable[[str], None] | None = None) -> bool:
        """True if the event was this button's (a click on it, or its key)."""
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION:
            was, self.hover = self.hover, self.rect.collidepoint(e.pos)
            if self.hover and self.enabled:
                want_hand()
            if self.hover and not was:
                focus_taken(self.focus_words())
            return False
        hit = (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos)) or (
            e.type == pygame.KEYDOWN and self.key is not None and e.key == self.key
        )
        if not hit:
            return False
        if self.enabled:
            self.on_click()
        elif on_refused is not None and self.why:
            on_refused(self.why)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.drawn = _frame
        r = self.rect
        if not self.enabled:
            fill = skin.BUTTON_DISABLED
        elif self.danger:
            fill = skin.SCRAM_HOVER if self.hover else skin.SCRAM
        else:
            fill = skin.BUTTON_HOVER if self.hover else skin.BUTTON
        radius = px(8)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        strong = (self.glow or self.primary) and self.enabled
        lit = self.hover and self.enabled
        edge = skin.ACCENT if strong else (skin.INK if lit else skin.BUTTON_EDGE)
        thick = px(3) if strong else (px(2) if lit else 1)
        pygame.draw.rect(surface, edge, r, thick, border_radius=radius)
        ink = skin.INK if self.enabled else skin.BUTTON_DISABLED_TEXT
        size = self.size
        label = prompt(self.label, button=True, keep=self.pad_key)  # its key as the device names it
        img = skin.text(label, "text", px(size), ink)
        while img.get_width() > r.w - px(10) and size > 12:  # a narrow button: smaller words
            size -= 1
            img = skin.text(label, "text", px(size), ink)
        surface.blit(img, img.get_rect(center=r.center))


# ---- hover: what the pointer is over, and the hand cursor over what can be clicked -------------
# Module state on purpose: SDL shows one mouse cursor for the whole process, so what is asked
# for it and what it shows are process-wide facts (any widget asks, the app settles it once
# per motion).
_hand_wanted = False
_hand_shown = False


def want_hand() -> None:
    """Ask for the hand cursor: the pointer is over something clickable (for this motion)."""
    global _hand_wanted
    _hand_wanted = True


def settle_cursor() -> None:
    """After a mouse motion went through the scene: the hand if something asked for it, else
    the arrow. The app calls it; the cursor changes only when it must."""
    global _hand_wanted, _hand_shown
    if _hand_wanted != _hand_shown:
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if _hand_wanted else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:  # no mouse, or a driver without system cursors
            pass
        _hand_shown = _hand_wanted
    _hand_wanted = False


class Hover:
    """Which of some clickable things (cards, rows) the pointer is over, from MOUSEMOTION events
    alone: `track` each motion with the things' (key, rect), topmost last; `key` is what the
    pointer is over (None: nothing) and the cursor becomes a hand over it."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.pos: tuple[int, int] | None = None

    def track(
        self, e: pygame.event.Event, targets: Iterable[tuple[Hashable, pygame.Rect]]
    ) -> Hashable | None:
        if e.type == pygame.MOUSEMOTION:
            self.pos = e.pos
        elif e.type == pygame.WINDOWLEAVE:
            self.pos = None
        self.key = None
        if self.pos is not None:
            for key, rect in targets:
                if rect.collidepoint(self.pos):
                    self.key = key  # the last hit is the topmost
        if self.key is not None and e.type == pygame.MOUSEMOTION:
            want_hand()
        return self.key


def hover_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int | None = None) -> None:
    """The mark of a hovered card or tile: a bold bright ring just outside `rect`, edged in
    dark on both sides so it stands out on the cloth and on a light card alike."""
    radius = radius or max(4, rect.w // 10)
    width = max(3, px(3))
    r = rect.inflate(px(6) + 2 * width, px(6) + 2 * width)
    pygame.draw.rect(surface, (14, 20, 22), r.inflate(4, 4), width + 4, border_radius=radius + 4)
    pygame.draw.rect(surface, skin.INK, r, width, border_radius=radius + 2)


ROW_SMALLEST = 13
"""The smallest text a row of buttons shrinks to, to stay inside its room."""


def row_of(buttons: list[Button], center: tuple[int, int], gap: int = 12, room: int | None = None) -> None:
    """Lay visible buttons out in a row centered on `center`; with `room` (pixels), their text
    shrinks while the row is wider than that (a long language at the smallest window), and
    grows back to each button's own size when the words are shorter again."""
    shown = [b for b in buttons if b.visible]
    gap = px(gap)
    for b in shown:
        if room is not None:  # from the size the button was made with, each time
            b.size = b.__dict__.setdefault("full_size", b.size)
        b.fit()

    def width() -> int:
        return sum(b.rect.w for b in shown) + gap * (len(shown) - 1)

    while room is not None and width() > room and any(b.size > ROW_SMALLEST for b in shown):
        for b in shown:
            b.size = max(ROW_SMALLEST, b.size - 1)
            b.fit()
    x = center[0] - width() // 2
    for b in shown:
        b.rect.midleft = (x, center[1])
        x += b.rect.w + gap


def column_of(buttons: list[Button], midtop: tuple[int, int], width: int, gap: int = 12) -> None:
    """Buttons one under the other, `width` wide (both in design pixels, scaled here)."""
    y = midtop[1]
    width, gap = px(width), px(gap)
    for b in buttons:
        b.fit()
        b.rect.w = width
        b.rect.midtop = (midtop[0], y)
        y += b.rect.h + gap


class TextField:
    """A one-line text field (TEXTINPUT events while focused; Backspace deletes)."""

    def __init__(
        self, value: str, max_len: int, allowed: Callable[[str], bool] | None = None, width: int = 240
    ) -> None:
        self.value = value
        self.width = width  # in design pixels
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.rect = pygame.Rect(0, 0, width, 36)
        self._focused = False
        self.placeholder = ""
        self.letters: str | None = None  # what a letter picker offers for it (None: a name's)
        self.title = ""  # what the letter picker's panel calls it (else its placeholder)
        self.drawn = -1  # the frame it was last drawn in
        self.name = ""  # what the field is for, said when it takes the focus ("Your name")

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, now: bool) -> None:
        if now and not self._focused:
            focus_taken(self.focus_words())
        self._focused = now

    def focus_words(self) -> str:
        """What is said when the field takes the focus: what it is for, and what it holds."""
        value = self.value or self.placeholder
        if self.name:
            return _("Text field {name}: {value}", name=self.name, value=value)
        return _("Text field: {value}", value=value)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.focused = self.rect.collidepoint(e.pos)
            return self.focused
        if not self.focused:
            return False
        if e.type == pygame.TEXTINPUT:
            for ch in e.text:
                if len(self.value) < self.max_len and self.allowed(ch):
                    self.value += ch
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn = _frame
        r = self.rect
        r.size = (px(self.width), line_step(36, "text", 20, 6))  # its words' height
        pygame.draw.rect(surface, skin.FIELD, r, border_radius=6)
        pygame.draw.rect(surface, skin.ACCENT if self.focused else skin.FIELD_EDGE, r, 2, border_radius=6)
        shown = self.value or self.placeholder
        color = skin.INK if self.value else skin.PLACEHOLDER
        img = skin.text(shown + ("|" if self.focused else ""), "text", px(20), color)
        room = r.w - px(20)
        at = img.get_rect(midleft=(r.x + px(10), r.centery))
        if img.get_width() <= room:
            surface.blit(img, at)
        else:  # longer than the box: what fits, inside it (its end, where the caret is, when typing)
            left = img.get_width() - room if self.focused else 0
            surface.blit(img, at.topleft, pygame.Rect(left, 0, room, img.get_height()))


def draw_text(
    surface: pygame.Surface,
    message: str,
    pos: tuple[int, int],
    size: int = 18,
    color: tuple | None = None,
    kind: str = "text",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line (`color`: the ink's by default); characters no font can draw (NUL, other
    controls) are left out; its key caps named as the device in use names them (prompts.py)."""
    img = skin.text(prompt(message), kind, px(size), skin.INK if color is None else color)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def wrap(message: str, size: int, width: int, kind: str = "text") -> list[str]:
    """Break `message` into lines no wider than `width` pixels (text of `size`, as draw_text)."""
    return list(_wrap(message, px(size), width, kind, skin.text_scale()))


@lru_cache(maxsize=1024)
def _wrap(message: str, size: int, width: int, kind: str, text_scale: float) -> tuple[str, ...]:
    """`wrap` for a font size in pixels; cached, as the log is wrapped at every frame. A word
    wider than the line (a long name) is broken where the width ends."""
    f = skin.font(kind, size)
    lines: list[str] = []
    for para in message.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and f.size(word)[0] > width:
                cut = max(1, fit_start(f, word, width))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def fit_start(font: pygame.font.Font, text: str, width: int, suffix: str = "") -> int:
    """How many characters of `text`, from its start, fit in `width` pixels with `suffix`
    after them (0 when none do). A binary search over at most `width` characters (a glyph
    is a pixel wide at least): a few short measurements, however long the text."""
    fits, too_long = 0, min(len(text), width) + 1
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if font.size(text[:mid] + suffix)[0] <= width:
            fits = mid
        else:
            too_long = mid
    return fits


def darken(surface: pygame.Surface, alpha: int) -> None:
    """Darken all of `surface` as black at `alpha` laid over it would (to within one step of
    255), in place: no window-sized picture is made for it (33 MB at 4K)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def fit_text(message: str, size: int, width: int, kind: str = "text") -> str:
    """`message`, or its longest start (one character at least) that fits `width` pixels
    with an ellipsis after it (`fit_start`: a binary search, however long the text); `size`
    in design pixels, as `draw_text` takes it."""
    font = skin.font(kind, px(size))
    if len(message) <= width and font.size(message)[0] <= width:
        return message
    return message[: max(1, fit_start(font, message, width, "…"))] + "…"


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 225) -> None:
    """A dark translucent panel (cached per size)."""
    surface.blit(_panel(rect.size, alpha), rect)


@surface_cache(4)  # by the bytes they hold: a window resized often made dozens of sizes
def _panel(size: tuple[int, int], alpha: int) -> pygame.Surface:
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (*skin.PANEL[:3], alpha), img.get_rect(), border_radius=12)
    return img
