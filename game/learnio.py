"""The one door through which the kept games, the statistics and the tutorial note reach
the disk: the project's shared user-file reader and writer (game/userfiles.py).

A file that cannot be read is set aside under a unique name with a one-line note, and the
game goes on; every write is atomic.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .userfiles import read_user_json, write_atomic

Validate = Callable[[Any], Any]


def read_json(path: Path, what: str, validate: Validate) -> tuple[Any | None, str | None]:
    """`(validate(data), None)`, `(None, None)` without a file, `(None, note)` when damaged
    (the file is then set aside)."""
    return read_user_json(path, what, validate)


def write_json(path: Path, data: Any, what: str = "the file") -> str | None:
    """Write `data` as compact JSON atomically; a one-line note if the folder is not writable."""
    return write_atomic(path, json.dumps(data, separators=(",", ":")) + "\n", what)
