"""Reading a record file (`scram-record/1`) from disk, through the one safe reader."""

from __future__ import annotations

from pathlib import Path

from game.rules import Record, RecordError, parse_record

from .disk import BadContent, load_json


def read_record(path: str | Path) -> Record:
    """Read a record file (RecordError if it is unreadable, over `disk.MAX_BYTES`, not
    UTF-8 JSON, or not a valid record). The file is never moved: it is the user's to keep."""
    try:
        data = load_json(path)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    except BadContent as e:
        raise RecordError(f"{path} is not a record ({e})") from None
    return parse_record(data)
