"""Player settings: animation speed, bot pace, sound, fullscreen, memory aid, motion.

Kept as JSON in the user's config folder; a missing file means the defaults, a corrupt
one is set aside with a message (never a crash), unknown keys are ignored and bad values
fall back to their default one by one.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .userfiles import atomic_write, config_dir, read_user_file, set_aside

# Animation speed names and their time factor (0 = instant: every tween ends at once).
SPEEDS = {"instant": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.6}
# Bot pace: seconds a bot "thinks" before each decision is shown.
PACES = {"instant": 0.0, "brisk": 0.35, "normal": 0.8, "relaxed": 1.4}


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
        return value in SPEEDS
    if name == "bot_pace":
        return value in PACES
    if name == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if name == "player_name":
        return isinstance(value, str) and 0 < len(value) <= 16
    return isinstance(value, bool)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (None when all went well)."""
    path = path or settings_path()
    s = Settings()
    text, note = read_user_file(path, "the settings")
    if text is None:
        return s, note and note + "; using the defaults."
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError
    except (ValueError, UnicodeDecodeError):
        moved = set_aside(path)
        where = f" (kept as {moved.name})" if moved else ""
        return s, f"The settings file was damaged{where}; using the defaults."
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            setattr(s, f.name, data[f.name])
    return s, None


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Write the settings; returns a message if that failed (the game goes on)."""
    try:
        atomic_write(path or settings_path(), json.dumps(asdict(s), indent=1) + "\n")
    except OSError as e:
        return f"Could not save the settings: {e.strerror or e}"
    return None
