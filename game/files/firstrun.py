"""Whether the guided first game was ever started (the menu offers it until then)."""

from __future__ import annotations

from pathlib import Path

from .disk import data_dir, read_user_json, write_atomic


def _path() -> Path:
    return data_dir() / "tutorial.json"


def _valid(data: object) -> dict:
    if not isinstance(data, dict):
        raise ValueError("not an object")
    return data


def tutorial_started() -> bool:
    data, _note = read_user_json(_path(), "the tutorial note", _valid)
    return bool(data and data.get("started"))


def mark_tutorial(finished: bool = False) -> str | None:
    data, _note = read_user_json(_path(), "the tutorial note", _valid)
    data = data or {}
    data["started"] = True
    data["finished"] = bool(data.get("finished")) or finished
    return write_atomic(_path(), data, "the tutorial note")
