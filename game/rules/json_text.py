"""Strict JSON text, as records and messages are read: no NaN or Infinity, and integers too
long for Python arrive as `LongNumber` values instead of a crash."""

from __future__ import annotations

import json


class NotJson(ValueError):
    """The text is not strict JSON (Python's parser would accept NaN and Infinity)."""


class LongNumber:
    """A JSON integer with more digits than Python converts (`sys.get_int_max_str_digits`).

    It is still JSON, so it does not make the file unreadable: in a key nobody reads it is
    ignored like any other value; where an integer is needed it is refused as too long.
    """

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a {self.digits}-digit number>"


def _parse_int(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:
        return LongNumber(len(text.lstrip("-")))


def _no_constant(name: str) -> None:
    raise NotJson(f"{name} is not JSON")


def loads(text: str) -> object:
    """Strict JSON: no NaN/Infinity (`NotJson`); integers too long for Python become
    `LongNumber`; `json.JSONDecodeError` for text that is not JSON at all."""
    return json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
