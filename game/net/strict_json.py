"""Strict JSON for one incoming frame: an object the server could write back as it came.

The standard library's reader accepts more than JSON (NaN, Infinity, numbers of any length)
and builds values the server could not send again (lone surrogates, nesting past the
protocol's depth). `read_object` refuses each with a sentence a client can read; the protocol
turns it into its `bad-message` error.
"""

from __future__ import annotations

import json


class Unreadable(ValueError):
    """A frame that is not strict JSON, not an object, or could not be written back as it came."""


def read_object(text: str, max_depth: int) -> dict:
    """The JSON object `text` holds, nested at most `max_depth` deep (Unreadable otherwise)."""
    try:
        raw = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except Unreadable:
        raise
    except RecursionError:
        raise Unreadable(_too_deep(max_depth)) from None
    except ValueError:
        raise Unreadable("that frame is not JSON") from None
    if not isinstance(raw, dict):
        raise Unreadable("a message must be a JSON object")
    # only a \u escape makes a lone surrogate, and only many brackets can nest too deep
    if "\\u" in text or text.count("[") + text.count("{") > max_depth:
        why = _unsendable(raw, 1, max_depth)
        if why is not None:
            raise Unreadable(why)
    return raw


def _too_deep(max_depth: int) -> str:
    return f"that frame nests arrays and objects deeper than {max_depth} levels"


def _int(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # more digits than Python converts (4,300)
        raise Unreadable(f"a number of {len(digits.lstrip('-'))} digits is too long") from None


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise Unreadable(f"the number {text[:20]} is too large")
    return value


def _constant(name: str) -> None:
    raise Unreadable(f"{name} is not JSON")


def _unsendable(value: object, depth: int, max_depth: int) -> str | None:
    """Why `value` (a parsed message, at `depth`) could not be written back, or None: a
    lone surrogate in a string (websockets checks the frame is UTF-8, so only an escape
    makes one), or arrays and objects nested deeper than `max_depth`."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "text must be Unicode: a lone surrogate (\\ud800 to \\udfff) is not"
        return None
    if isinstance(value, dict | list):
        if depth > max_depth:
            return _too_deep(max_depth)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            why = _unsendable(key, depth, max_depth) or _unsendable(item, depth + 1, max_depth)
            if why is not None:
                return why
    return None
