"""Where the game keeps its files (settings, the save) and how it writes them safely.

Folders come from platformdirs (the user's config and data folders); the environment
variable SCRAM_HOME replaces both (tests and portable installs). Every write goes to a
temporary file in the same folder and is renamed over the old file, so a crash never
leaves half a file. A file that cannot be read is renamed aside (`*.corrupt-<time>`) so
the player keeps it for a bug report and the game starts clean.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

APP = "scram"


def _home() -> Path | None:
    raw = os.environ.get("SCRAM_HOME")
    return Path(raw) if raw else None


def config_dir() -> Path:
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (OSError if the folder is unwritable)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_user_file(path: Path, what: str) -> tuple[str | None, str | None]:
    """The text of `path` and a note for the player: (None, None) when there is no such file,
    (None, note) when it exists but cannot be read."""
    try:
        return path.read_text(encoding="utf-8"), None
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, f"Could not read {what} ({e.strerror})"


def set_aside(path: Path) -> Path | None:
    """Rename a corrupt file out of the way; returns its new name (None if that failed)."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
        return target
    except OSError:
        return None
