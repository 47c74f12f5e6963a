"""The one door through which the kept games and the statistics reach the disk.

Both are JSON files in the user's data folder, written atomically; a file that cannot be
read is set aside (renamed, never overwritten) with a one-line note, and the game goes on.
Everything goes through `read_json` / `write_json`, so the project's shared user-file
reader (game/userfiles.py) is used in one place.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import RecordError
from .userfiles import atomic_write, read_user_file, set_aside

Validate = Callable[[Any], Any]


def read_json(path: Path, what: str, validate: Validate) -> tuple[Any | None, str | None]:
    """`(validate(data), None)`, `(None, None)` without a file, `(None, note)` when damaged
    (the file is then set aside)."""
    from .record import loads

    try:
        text, note = read_user_file(path, what)
        if text is None:
            return None, note and note + "."
        return validate(loads(text)), None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, RecordError) as e:
        moved = set_aside(path)
        where = f"; kept as {moved.name}" if moved else ""
        reason = str(e).splitlines()[0][:80] if str(e) else type(e).__name__
        return None, f"{what[0].upper()}{what[1:]} could not be read ({reason}{where}); starting afresh."


def write_json(path: Path, data: Any) -> str | None:
    """Write `data` as JSON atomically; a one-line note if the folder is not writable."""
    try:
        atomic_write(path, json.dumps(data, separators=(",", ":")) + "\n")
    except OSError as e:
        return f"Could not write {path.name}: {e.strerror or e}"
    return None
