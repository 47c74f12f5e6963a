"""Reading a record file (`scram-record/1`) from disk, through the one safe reader.

The seats' names and levels a record may carry (`players`, `levels`) are cleaned and
capped (`game.files.text`) as the file is read, so whatever draws them gets safe text.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.rules import Record, RecordError, parse_record

from .disk import BadContent, NotAFile, load_json
from .text import clean_levels, clean_names


def read_record(path: str | Path) -> Record:
    """Read a record file (RecordError if it is unreadable, not a plain file, over
    `disk.MAX_BYTES`, not UTF-8 JSON, or not a valid record). The message says what is
    wrong, never the file's name: the caller names it (quoted, `game.cli.shown`). The file
    is never moved: it is the user's to keep."""
    try:
        data = load_json(path)
    except OSError as e:
        raise RecordError(f"cannot be read ({e.strerror or type(e).__name__})") from None
    except NotAFile as e:
        raise RecordError(f"cannot be read ({e})") from None
    except BadContent as e:
        raise RecordError(f"not a record ({e})") from None
    return with_clean_names(parse_record(data))


def with_clean_names(record: Record) -> Record:
    """`record` with the names and levels it carries cleaned and capped (absent: absent)."""
    extra = dict(record.extra)
    if "players" in extra:
        extra["players"] = clean_names(extra["players"], record.campers)
    if "levels" in extra:
        extra["levels"] = clean_levels(extra["levels"], record.campers)
    return replace(record, extra=extra)
