"""Where the game keeps its files, and the one way every user file is read and written.

Folders come from platformdirs (the user's config and data folders); the environment
variable SCRAM_HOME replaces both (tests and portable installs).

The API every user file goes through (saves, settings, statistics, kept records):

    data, note = read_user_json(path, "the statistics", validate)
    note = write_or_note(path, data, "the statistics")

`read_user_json(path, kind, validate)` returns `(data, note)`:
- no file: `(None, None)`: start clean, nothing to say;
- a good file: `(validate(decoded_json), None)`;
- anything else: `(None, note)`, where `note` is ONE line for the player ("The statistics
  could not be used: damaged (not UTF-8 text: byte 9 is 0xff); kept as
  stats.json.corrupt-20261123-101500, starting afresh.") and the file has been renamed
  aside under a name that never replaces another file, so the player keeps it for a bug
  report and the next write cannot overwrite it.
  "Anything else" is: unreadable (permissions), not a plain file (a folder, a named pipe,
  a device: refused at once, never waited on), bigger than `MAX_BYTES`, not UTF-8 (a UTF-8
  byte-order mark is allowed), not strict JSON (NaN, Infinity, NUL or other raw control
  characters, trailing junk), nested too deeply for the parser, or refused by `validate`.
`validate(data)` checks the decoded JSON's shape and returns what the caller keeps (it may
repair or clean values, e.g. names through `game.files.text.clean_name`); it refuses the file by
raising `BadContent` (or any ValueError, TypeError, KeyError, IndexError, RecordError).
Every number it keeps has a range (`whole(value, low, high, what)`): one out of range is
the wrong shape like any other. Integers too long for Python arrive as `LongNumber`
objects, never as a crash.

`write_or_raise(path, content)` writes text or bytes to a temporary file in the same
folder, fsyncs it and renames it over `path`, so a crash (or a full disk) never leaves half
a file, and raises OSError when that failed. `write_or_note(path, data, kind)` does the
same with `data` (a str as it is, anything else as JSON) and returns None, or the player's
one line naming the file ("Could not save the statistics: No space left on device"), so the
game goes on. Temporary files a killed write left behind (`NAME.XXXXXXXX.tmp`, the
shape `write_or_raise` gives them, older than `STALE_SECONDS`) are removed at the start
(`tidy_temps`) and by the next read or write of that file.

`append_log(path, text)` adds to a log of the game's own (crash.log) without following a
link put in its place and without waiting on a pipe.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.lang import _
from game.rules.errors import RecordError
from game.rules.json_text import NotJson, loads

APP = "scram"
MAX_BYTES = 8 * 1024 * 1024
"""No user file or record is read beyond this size (a real save is tens of kilobytes)."""
STALE_SECONDS = 5.0
"""A temporary file this old is left over from a killed write (a real write takes milliseconds)."""
_TEMP = re.compile(r"(?P<name>.+\.json)\.[a-z0-9_]{8}\.tmp")
"""The name `write_or_raise` gives its temporary file: `NAME.json.` + mkstemp's 8 characters."""


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


def pictures_dir() -> Path:
    """Where screenshots (F12) go: `SCRAM_SCREENSHOT_DIR` if set, else `Scram` in the user's
    pictures folder when there is one, else `screenshots` in the data folder (so with
    `SCRAM_HOME` too). Never the current folder, which may be `/` or not writable."""
    chosen = os.environ.get("SCRAM_SCREENSHOT_DIR")
    if chosen:
        return Path(chosen)
    if _home() is None:
        try:
            import platformdirs

            pictures = Path(platformdirs.user_pictures_dir())
            if pictures.is_absolute() and pictures.is_dir():
                return pictures / "Scram"
        except Exception:  # noqa: BLE001 - no pictures folder on this system: the data folder
            pass
    return data_dir() / "screenshots"


# ---- reading --------------------------------------------------------------------------
class BadContent(ValueError):
    """A file's content is unusable; the message is a short reason for the player."""


class NotAFile(BadContent):
    """Something other than a plain file stands where a file is read (a folder, a pipe)."""


_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}
# Opening a named pipe for reading waits for a writer unless it is opened non-blocking (the
# flag means nothing to a plain file); Windows has neither pipes in folders nor the flag.
_OPEN_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_OPEN_READ |= getattr(os, "O_BINARY", 0)


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a plain file")


def what_stands(path: str | Path) -> str:
    """What stands at `path`, for a person: "a file", "a folder", "a named pipe", "a device",
    "a socket", "nothing" (a link is followed: a link to nothing is "nothing")."""
    mode = _mode(path)
    if mode is None:
        return "nothing"
    return "a file" if stat.S_ISREG(mode) else _kind(mode)


def _mode(path: str | Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def read_capped(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of `path`; BadContent when it holds more than `limit` (never reads more,
    so /dev/zero or a huge file costs nothing), `NotAFile` at once when it is a folder, a
    named pipe or a device (opened without waiting, then looked at). OSError when it cannot
    be read."""
    try:
        fd = os.open(path, _OPEN_READ)
    except OSError:  # a folder on Windows, a socket: say what stands there, if not a file
        mode = _mode(path)
        if mode is not None and not stat.S_ISREG(mode):
            raise NotAFile(f"{_kind(mode)}, not a file") from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(f"{_kind(mode)}, not a file")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise BadContent(f"larger than {limit // (1024 * 1024)} MB")
    return raw


def whole(value: object, low: int, high: int, what: str) -> int:
    """`value` if it is a whole number from `low` to `high`; BadContent (the file's shape is
    wrong) otherwise. Every number a file gives is read through this, or a check like it."""
    if type(value) is not int or not low <= value <= high:
        raise BadContent(f"{what} is not a whole number from {low} to {high}")
    return value


def decode_json(raw: bytes) -> object:
    """Strict JSON from UTF-8 bytes (a leading byte-order mark is allowed); BadContent with a
    short reason otherwise."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadContent(f"not UTF-8 text: byte {e.start + 1} is 0x{raw[e.start]:02x}") from None
    try:
        return loads(text)
    except json.JSONDecodeError as e:
        raise BadContent(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except NotJson as e:
        raise BadContent(str(e)) from None
    except RecursionError:  # valid JSON nested deeper than Python's parser goes
        raise BadContent("nested too deeply") from None


def load_json(path: str | Path, limit: int = MAX_BYTES) -> object:
    """`decode_json(read_capped(path))`: BadContent or OSError on failure (nothing moved)."""
    return decode_json(read_capped(path, limit))


REFUSED = (ValueError, TypeError, KeyError, IndexError, RecursionError, RecordError)
"""What a `validate` function may raise to refuse a file (ValueError covers BadContent)."""


def _reason(e: BaseException) -> str:
    from .text import clean_text

    text = clean_text(str(e), limit=120) if str(e) else ""
    if isinstance(e, OSError):
        text = clean_text(e.strerror or "", limit=120) or type(e).__name__
    return text or type(e).__name__


def read_user_json(
    path: Path,
    kind: str,
    validate: Callable[[Any], Any] | None = None,
    limit: int = MAX_BYTES,
    tidy: bool = True,
) -> tuple[Any, str | None]:
    """Read a user file: `(data, None)`, `(None, None)` if absent, or `(None, note)` after
    setting a bad one aside (see the module docstring). `kind` names the file for the player
    in the language spoken, e.g. "the saved game", "the settings", "the statistics".
    `tidy=False` leaves the file's stale temporary files alone: a reader of a whole folder of
    files (the kept games) tidies
    the folder once, as looking for them costs a look at every file in it."""
    if tidy:
        remove_stale_temps(path)
    try:
        data = load_json(path, limit)
        if validate is not None:
            data = validate(data)
    except FileNotFoundError:
        if os.path.lexists(path):  # a link to nothing: set aside, or it is "there" forever
            return None, _set_aside_note(path, kind, False, _("a link to a missing file"))
        return None, None
    except (OSError, NotAFile) as e:
        return None, _set_aside_note(path, kind, False, _reason(e))
    except REFUSED as e:
        return None, _set_aside_note(path, kind, True, _reason(e))
    return data, None


def _set_aside_note(path: Path, kind: str, damaged: bool, why: str) -> str:
    """The player's one line on a file set aside: which (`kind`, in the player's words), why,
    and where it went."""
    moved = set_aside(path)
    fields = {"file": kind, "why": why}
    if moved is None and damaged:
        line = _(
            "{file} could not be used: damaged ({why}); left in place (it could not be moved).", **fields
        )
    elif moved is None:
        line = _("{file} could not be read ({why}); left in place (it could not be moved).", **fields)
    elif damaged:
        line = _(
            "{file} could not be used: damaged ({why}); kept as {name}, starting afresh.",
            **fields,
            name=moved.name,
        )
    else:
        line = _(
            "{file} could not be read ({why}); kept as {name}, starting afresh.", **fields, name=moved.name
        )
    return line[:1].upper() + line[1:]


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to `NAME.corrupt-<date>-<time>[-N]`, a name no other file has (it
    never replaces one, however many are set aside in the same second); the new path, or
    None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            _rename_no_replace(path, target)
            return target
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def _rename_no_replace(src: Path, dst: Path) -> None:
    """Rename, raising FileExistsError rather than replacing `dst` (os.replace would)."""
    if os.name == "nt":
        os.rename(src, dst)  # Windows refuses an existing target by itself
        return
    try:
        os.link(src, dst)  # atomic, and fails if dst exists
    except FileExistsError:
        raise
    except OSError:  # no hard links here (some file systems, or src is a folder)
        if os.path.lexists(dst):
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    os.unlink(src)


def remove_stale_temps(path: Path, older_than: float = STALE_SECONDS) -> int:
    """Delete the temporary files of `path` (`NAME.XXXXXXXX.tmp`) a killed write left behind;
    how many went."""
    return _remove_temps(path.parent, older_than, path.name)


def tidy_temps(folders: list[Path], older_than: float = STALE_SECONDS) -> int:
    """At the start: delete every temporary file of the game's own shape (`*.json.XXXXXXXX.tmp`)
    older than `older_than` in `folders`; how many went. Nothing else is touched."""
    return sum(_remove_temps(folder, older_than) for folder in folders)


def _remove_temps(folder: Path, older_than: float, name: str | None = None) -> int:
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if match is None or (name is not None and match["name"] != name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


# ---- writing --------------------------------------------------------------------------
def write_or_raise(path: Path, content: str | bytes, tidy: bool = True) -> None:
    """Write `content` (text as UTF-8, or bytes as they are) to `path` whole or not at all;
    OSError when it cannot be written (the folder is unwritable, the disk is full), and
    then the file is as it was. The writer for callers that say the failure themselves;
    `write_or_note` turns it into the player's line. `tidy=False` leaves the stale temporary
    files of `path` for the folder's next tidying (a file of a new name has none)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        try:
            rest = memoryview(data)
            while rest:
                rest = rest[os.write(fd, rest) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if tidy:
        remove_stale_temps(path)


_OPEN_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)  # a link in the log's place is refused, not written through
    | getattr(os, "O_NONBLOCK", 0)  # a pipe with no reader is refused at once, never waited on
    | getattr(os, "O_NOCTTY", 0)
)


def open_log(path: Path) -> int:
    """A descriptor appending to a log of the game's own, created private to the user.
    OSError when `path` is a link, a pipe, a folder or anything but a plain file (nothing is
    opened then), or when the folder is not writable."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, _OPEN_APPEND, 0o600)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise OSError(f"{path.name} is {_kind(mode)}, not a file")
    return fd


def append_log(path: Path, text: str) -> None:
    """Append `text` to a log of the game's own (UTF-8), creating it private to the user.
    OSError as `open_log` says, or when the disk is full: then the log is as it was (an
    empty one the game had just made is removed, never left behind)."""
    fd = open_log(path)
    start = os.fstat(fd).st_size
    try:
        rest = memoryview(text.encode("utf-8", "backslashreplace"))
        while rest:
            rest = rest[os.write(fd, rest) :]
    except OSError:
        take_back(fd, path, start)
        raise
    finally:
        os.close(fd)


def take_back(fd: int, path: Path, size: int) -> None:
    """Cut the log open on `fd` back to `size` bytes, and remove it if that leaves it empty
    (a log is made on its first entry: an empty one says nothing). Errors are ignored: this
    is the way out of a failed write."""
    try:
        os.ftruncate(fd, size)
        if size == 0 and os.path.samestat(os.fstat(fd), os.lstat(path)):
            os.unlink(path)
    except OSError:
        pass


def write_or_note(path: Path, data: object, kind: str, tidy: bool = True) -> str | None:
    """Write `data` (a str as it is, anything else as indented JSON) as `write_or_raise`
    does; None, or the player's line when it could not be written, naming the file by `kind`
    ("Could not save the statistics: No space left on device")."""
    text = data if isinstance(data, str) else json.dumps(data, indent=1) + "\n"
    try:
        write_or_raise(path, text, tidy)
    except OSError as e:
        return _("Could not save {file}: {why}", file=kind, why=_reason(e))
    return None
