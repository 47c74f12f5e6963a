"""The crash log (`crash.log` in the data folder): what the player sends with a bug report.

An unexpected error's traceback is appended, with the time and the game's version. The log
is rotated so it never grows past `BACKUPS + 1` files of about `MAX_BYTES` (`crash.log.1`,
`.2` hold older crashes). It is written through `disk.append_log`: a link, a named pipe or
a folder in its place is refused at once, never written through or waited on.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from .disk import append_log, data_dir

MAX_BYTES = 256 * 1024
BACKUPS = 2


def crash_log_path() -> Path:
    return data_dir() / "crash.log"


def write_crash(text: str, version: str, path: Path | None = None, max_bytes: int = MAX_BYTES) -> str | None:
    """Append one crash to the log; None, or why it could not be written (one line)."""
    path = path or crash_log_path()
    entry = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} scram {version}\n{text.rstrip()}\n"
    try:
        _rotate(path, max_bytes - len(entry.encode("utf-8", "backslashreplace")))
        append_log(path, entry)
    except OSError as e:
        return e.strerror or str(e) or type(e).__name__
    return None


def _rotate(path: Path, room: int) -> None:
    """Shift `crash.log` to `.1` (and `.1` to `.2`, …) when the entry would not fit in it.
    Only a plain file is shifted; anything else is left for `append_log` to refuse."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode) or st.st_size == 0 or st.st_size <= room:
        return
    for n in range(BACKUPS - 1, 0, -1):
        older = path.with_name(f"{path.name}.{n}")
        if os.path.lexists(older):
            os.replace(older, path.with_name(f"{path.name}.{n + 1}"))
    os.replace(path, path.with_name(f"{path.name}.1"))
