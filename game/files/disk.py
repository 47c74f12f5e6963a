"""Where the game keeps its files, and the one way every user file is read and written.

Folders come from platformdirs (the user's config and data folders); the environment
variable SCRAM_HOME replaces both (tests and portable installs).

The API every user file goes through (saves, settings, statistics, kept records):

    data, note = read_user_json(path, "the statistics", validate)
    note = write_atomic(path, data)

`read_user_json(path, kind, validate)` returns `(data, note)`:
- no file: `(None, None)`: start clean, nothing to say;
- a good file: `(validate(decoded_json), None)`;
- anything else: `(None, note)`, where `note` is ONE line for the player ("The statistics
  could not be used: damaged (not UTF-8 text: byte 9 is 0xff); kept as
  stats.json.corrupt-20261123-101500, starting afresh.") and the file has been renamed
  aside under a name that never replaces another file, so the player keeps it for a bug
  report and the next write cannot overwrite it.
  "Anything else" is: unreadable (permissions, a folder in its place), bigger than
  `MAX_BYTES`, not UTF-8 (a UTF-8 byte-order mark is allowed), not strict JSON (NaN,
  Infinity, NUL or other raw control characters, trailing junk), nested too deeply for the
  parser, or refused by `validate`.
`validate(data)` checks the decoded JSON's shape and returns what the caller keeps (it may
repair or clean values, e.g. names through `game.files.text.clean_text`); it refuses the file by
raising `BadContent` (or any ValueError, TypeError, KeyError, IndexError, RecordError).
Integers too long for Python arrive as `LongNumber` objects, never as a crash.

`write_atomic(path, data)` writes `data` (a str as it is, anything else as JSON) to a
temporary file in the same folder, fsyncs it and renames it over `path`, so a crash never
leaves half a file; it returns None, or a one-line note when the folder is not writable
(the game goes on). Temporary files a killed write left behind (`NAME.*.tmp`, older than
`STALE_SECONDS`) are removed by the next read or write of that file.
"""

from __future__ import annotations

import glob
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.errors import RecordError
from game.rules.json_text import NotJson, loads

APP = "scram"
MAX_BYTES = 8 * 1024 * 1024
"""No user file or record is read beyond this size (a real save is tens of kilobytes)."""
STALE_SECONDS = 30.0
"""A temporary file this old is left over from a killed write (a real write takes milliseconds)."""


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


# ---- reading --------------------------------------------------------------------------
class BadContent(ValueError):
    """A file's content is unusable; the message is a short reason for the player."""


def read_capped(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of `path`; BadContent when it holds more than `limit` (never reads more,
    so /dev/zero or a huge file costs nothing). OSError when it cannot be read."""
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise BadContent(f"larger than {limit // (1024 * 1024)} MB")
    return raw


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
    path: Path, kind: str, validate: Callable[[Any], Any] | None = None, limit: int = MAX_BYTES
) -> tuple[Any, str | None]:
    """Read a user file: `(data, None)`, `(None, None)` if absent, or `(None, note)` after
    setting a bad one aside (see the module docstring). `kind` names the file for the player,
    e.g. "the saved game", "the settings", "the statistics"."""
    remove_stale_temps(path)
    try:
        data = load_json(path, limit)
        if validate is not None:
            data = validate(data)
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, _set_aside_note(path, kind, f"could not be read ({_reason(e)})")
    except REFUSED as e:
        return None, _set_aside_note(path, kind, f"could not be used: damaged ({_reason(e)})")
    return data, None


def _set_aside_note(path: Path, kind: str, what: str) -> str:
    moved = set_aside(path)
    where = f"kept as {moved.name}" if moved else "left in place (it could not be moved)"
    return f"{kind[:1].upper()}{kind[1:]} {what}; {where}, starting afresh."


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


def remove_stale_temps(path: Path, older_than: float = STALE_SECONDS) -> None:
    """Delete `NAME.*.tmp` files next to `path` that a killed write left behind."""
    now = time.time()
    try:
        candidates = list(path.parent.glob(f"{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    for tmp in candidates:
        try:
            if now - tmp.stat().st_mtime > older_than:
                tmp.unlink()
        except OSError:
            pass


# ---- writing --------------------------------------------------------------------------
def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (OSError if the folder is unwritable)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
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
    remove_stale_temps(path)


def write_atomic(path: Path, data: object, kind: str = "the file") -> str | None:
    """Write `data` (a str as it is, anything else as indented JSON) atomically; None, or a
    one-line note for the player when it could not be written."""
    text = data if isinstance(data, str) else json.dumps(data, indent=1) + "\n"
    try:
        atomic_write(path, text)
    except OSError as e:
        return f"Could not save {kind}: {_reason(e)}"
    return None
