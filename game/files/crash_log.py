"""The crash log (`crash.log` in the data folder): what the player sends with a bug report.

An unexpected error's traceback is appended, with the time and the game's version. The log
is rotated so it never grows past `BACKUPS + 1` files of about `MAX_BYTES` (`crash.log.1`,
`.2` hold older crashes). It is written through `disk.append_log`: a link, a named pipe or
a folder in its place is refused at once, never written through or waited on.

A crash in native code (pygame, SDL: a segmentation fault) ends the process before Python
can write anything, so `NativeCrashes` prepares the entry beforehand: while the game runs,
the log ends with a header line and `faulthandler` writes Python's stack of every thread
after it when such a signal comes; a run that ends normally takes its header back out.
"""

from __future__ import annotations

import faulthandler
import os
import stat
import sys
import time
from pathlib import Path

from .disk import append_log, data_dir, open_log, take_back

MAX_BYTES = 256 * 1024
BACKUPS = 2


def crash_log_path() -> Path:
    return data_dir() / "crash.log"


def _header(version: str) -> str:
    return f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} scram {version}"


def write_crash(text: str, version: str, path: Path | None = None, max_bytes: int = MAX_BYTES) -> str | None:
    """Append one crash to the log; None, or why it could not be written (one line)."""
    path = path or crash_log_path()
    entry = f"{_header(version)}\n{text.rstrip()}\n"
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


NATIVE_ROOM = 64 * 1024  # what faulthandler's stacks of a few threads may take


class NativeCrashes:
    """While open, a native crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT; on Windows an
    access violation) leaves an entry in the crash log: the header line written now, then
    `faulthandler`'s stacks. `close()` (a normal end, or a Python error about to be written
    by `write_crash`) takes the header back out, as long as nothing was written after it.

    Open it before `import pygame`: pygame installs its own handler for these signals only
    where none is set, and its handler writes to stderr, which a player never sees."""

    def __init__(self, version: str, path: Path | None = None, max_bytes: int = MAX_BYTES) -> None:
        self.path = path or crash_log_path()
        self.problem: str | None = None  # why the log could not be used (then stderr is)
        self._fd: int | None = None
        self._file = None
        self._was_enabled = faulthandler.is_enabled()
        header = (
            f"{_header(version)}: the game stopped at once, in native code (pygame or SDL)"
            " or killed from outside; Python's stacks at that moment follow, when it could tell\n"
        ).encode()
        try:
            _rotate(self.path, max_bytes - NATIVE_ROOM)
            fd = open_log(self.path)
            self._fd = fd
            self._mark = os.fstat(fd).st_size
            try:
                os.write(fd, header)
            except OSError:  # a full disk: the log stays as it was, not an empty one
                take_back(fd, self.path, self._mark)
                raise
            self._end = os.fstat(fd).st_size
            self._file = os.fdopen(fd, "ab", buffering=0, closefd=False)
            faulthandler.enable(self._file, all_threads=True)
        except (OSError, ValueError, RuntimeError) as e:
            self.problem = getattr(e, "strerror", None) or str(e) or type(e).__name__
            self._release()
            _to_stderr()

    @property
    def logging(self) -> bool:
        return self._file is not None

    def close(self) -> None:
        """The run ended without a native crash: the header goes, the log is as it was."""
        if self._fd is None:
            return
        if self._file is not None:
            faulthandler.disable()
            if self._was_enabled:
                _to_stderr()
        try:
            if os.fstat(self._fd).st_size == self._end:  # nothing came after our header
                take_back(self._fd, self.path, self._mark)  # no empty log is left behind
        except OSError:
            pass
        self._release()

    def _release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> NativeCrashes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _to_stderr() -> None:
    """faulthandler on stderr, where there is one (a windowed program has none)."""
    stream = sys.__stderr__
    try:
        if stream is not None and stream.fileno() >= 0:
            faulthandler.enable(stream, all_threads=True)
    except (OSError, ValueError, AttributeError, RuntimeError):
        pass
