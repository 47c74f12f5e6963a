"""Player settings: animation speed, bot pace, sound, turn chime, window flash, fullscreen,
memory aid, motion, the last table chosen, the server last hosted on, the language, speech,
the text size and the theme.

Kept as JSON in the user's config folder and read through `game.files.disk.read_user_json`:
a missing file means the defaults, a damaged one (not UTF-8, not JSON, too deep, too big,
not an object) is set aside with a one-line message (never a crash), unknown keys are
ignored and bad values fall back to their default one by one (a number out of its range
is a bad value). The player's name is cleaned of control characters
(`game.files.text.clean_text`) as it is read, so it is safe to draw. The window's size has
one limit, `WINDOW_LIMIT`, here and for `scram --size`; the window itself is never made
larger than the largest display the system reports (game/ui/kit/app.py).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.lang import _

from .disk import BadContent, config_dir, read_user_json, write_or_note
from .text import clean_text

LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?")
"""What a kept language looks like ("de", "pt_BR"): a code this version lacks (a newer
version's) is kept as it is, and the translation runtime falls back from it in one line."""
NAME_LIMIT = 16  # the New game field's limit (names from other files: text.NAME_LIMIT, 24)
SERVER_LIMIT = 300  # characters of a server's address (game/seat/invite.py MAX_INVITE)
WINDOW_LIMIT = 8192
"""The largest window side in pixels read from the settings or `--size`: an 8K display's
(7680 x 4320, DCI 8192 x 4320). The window is also fit to the largest display the system
reports; this bounds it where there is none to ask (SDL's dummy driver)."""
POSITION_LIMIT = 100_000
"""A window position further than this from the origin is on no display."""

# Animation speed names and their time factor (0 = instant: every tween ends at once).
SPEEDS = {"instant": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.6}
# The tables of the New game screen, by name (remembered as the last one chosen).
TABLES = ("4", "6", "3 duo", "3 solo")
# Bot pace: seconds a bot "thinks" before each decision is shown.
PACES = {"instant": 0.0, "brisk": 0.35, "normal": 0.8, "relaxed": 1.4}
# Text sizes, in per cent of the interface's own (a window too small for one shows the next
# smaller that fits: game/ui/kit/looks.py).
TEXT_SIZES = (100, 125, 150, 200)
# The looks: the usual one, and high contrast (text and card values at least 7:1).
THEMES = ("standard", "high_contrast")


@dataclass
class Settings:
    speed: str = "normal"
    bot_pace: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    memory_aid: bool = False
    reduced_motion: bool = False
    wait_after_bots: bool = False  # the table waits for a click after each bot turn
    player_name: str = "You"
    table: str = "4"  # the last table chosen on the New game screen (a key of TABLES)
    turn_chime: bool = True  # the chime when the player's turn comes
    turn_flash: bool = True  # the window flashes when the player's turn comes while it is behind
    window_size: list[int] | None = None  # the window's last size [w, h] (None: the default)
    window_pos: list[int] | None = None  # and its last position [x, y], where the system tells it
    host_server: str = ""  # the table server last hosted on (Host on: a server), as typed
    language: str = ""  # the language chosen in Settings ("de", "pl"...; "": the system's)
    speech: bool = False  # speak the game (Settings' "Speech", F4); a running screen reader too
    speech_told: bool = False  # the first start's line about F4 was said
    text_size: int = 100  # per cent, one of TEXT_SIZES
    theme: str = "standard"  # one of THEMES

    @property
    def time_factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    @property
    def pace_seconds(self) -> float:
        return PACES.get(self.bot_pace, 0.8)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _valid(name: str, value: object) -> bool:
    if name == "speed":
        return isinstance(value, str) and value in SPEEDS
    if name == "bot_pace":
        return isinstance(value, str) and value in PACES
    if name == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if name in ("window_size", "window_pos"):
        low, high = (1, WINDOW_LIMIT) if name == "window_size" else (-POSITION_LIMIT, POSITION_LIMIT)
        return value is None or (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) is int and low <= v <= high for v in value)
        )
    if name == "table":
        return value in TABLES
    if name == "player_name":
        return isinstance(value, str) and 0 < len(value) <= NAME_LIMIT
    if name == "language":
        return isinstance(value, str) and (value == "" or LANGUAGE_CODE.fullmatch(value) is not None)
    if name == "text_size":
        return type(value) is int and value in TEXT_SIZES
    if name == "theme":
        return isinstance(value, str) and value in THEMES
    if name == "host_server":
        return isinstance(value, str) and len(value) <= SERVER_LIMIT and value.isprintable()
    return isinstance(value, bool)


def _from_json(data: object) -> Settings:
    if not isinstance(data, dict):
        raise BadContent("not a JSON object")
    s = Settings()
    if "player_name" in data:
        data = {**data, "player_name": clean_text(data["player_name"], NAME_LIMIT)}
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            setattr(s, f.name, data[f.name])
    return s


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (None when all went well)."""
    s, note = read_user_json(path or settings_path(), _("the settings file"), _from_json)
    return s or Settings(), note


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Write the settings; returns a message if that failed (the game goes on)."""
    return write_or_note(path or settings_path(), asdict(s), _("the settings"))
