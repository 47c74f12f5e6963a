"""Whether the guided first game was ever started (the menu offers it until then).

Kept as `tutorial.json` in the data folder and read through the one reader: a damaged one
is set aside, and the note about it is handed back to be told, as for every user file.
"""

from __future__ import annotations

from pathlib import Path

from game.lang import _

from .disk import BadContent, data_dir, read_user_json, write_or_note


def _path() -> Path:
    return data_dir() / "tutorial.json"


def _valid(data: object) -> dict:
    if not isinstance(data, dict):
        raise BadContent("not an object")
    out = {key: data.get(key, False) for key in ("started", "finished")}
    if not all(isinstance(v, bool) for v in out.values()):
        raise BadContent("started and finished are not true or false")
    return out


def tutorial_state() -> tuple[bool, str | None]:
    """Whether the guided game was ever started, and a note for the player when the file
    had to be set aside (None when all went well)."""
    data, note = read_user_json(_path(), _("the tutorial note"), _valid)
    return bool(data and data["started"]), note


def mark_tutorial(finished: bool = False) -> str | None:
    """Note that the guided game was started (and `finished`); a note for the player when the
    old file had to be set aside or the new one could not be written."""
    data, note = read_user_json(_path(), _("the tutorial note"), _valid)
    data = data or {"started": False, "finished": False}
    data["started"] = True
    data["finished"] = data["finished"] or finished
    return write_or_note(_path(), data, _("the tutorial note")) or note
