"""Text that comes from outside the program (a file, a typed field, a peer) made safe to use.

`clean_text` strips what no font can draw and what would break drawing or a one-line
message (control characters such as NUL and newlines, lone surrogates, bidi overrides and
other invisible format characters); `clean_name` and `clean_names` are that with the
names' one cap (`NAME_LIMIT`, the network protocol's 24 characters), for every name read
from a file; `parse_seed` reads the seed field, whatever digits the player's keyboard typed.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 24
"""The longest name read from anywhere (NETWORK.md's `hello` allows 1–24 characters)."""
SCAN_PER_CHARACTER = 64
"""With a limit, at most this many characters of input per character kept are looked at: a
name of megabytes costs microseconds (what lies beyond is dropped unseen)."""

# Unicode categories dropped from text: Cc control (NUL, ESC, newlines), Cf format (bidi
# overrides that reverse a line, zero-width characters), Cs lone surrogates (a JSON "\ud800"
# decodes to one and cannot be encoded or drawn), Co private use, Cn unassigned, and the
# line/paragraph separators Zl/Zp.
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_SPACES = {"\t", "\n", "\r", "\v", "\f", "\x85", "\u2028", "\u2029"}


def clean_text(text: object, limit: int | None = None, default: str = "") -> str:
    """`text` fit to draw on one line: control and invisible characters removed (whitespace
    ones become a space), runs of spaces collapsed, ends stripped, at most `limit` characters.
    Not a string, or nothing left: `default`. With a `limit`, the work is bounded by it, not
    by the length of `text`."""
    if not isinstance(text, str):
        return default
    if limit is not None:
        text = text[: max(0, limit) * SCAN_PER_CHARACTER + SCAN_PER_CHARACTER]
    out: list[str] = []
    for ch in text:
        if ch in _SPACES or (unicodedata.category(ch) not in _DROP and ch.isspace()):
            if out and out[-1] != " ":  # a run of spaces is one, and none leads
                out.append(" ")
        elif unicodedata.category(ch) not in _DROP:
            out.append(ch)
            if limit is not None and len(out) > limit:
                break  # enough: the rest cannot be kept
    cleaned = "".join(out)
    if limit is not None:
        cleaned = cleaned[:limit]
    return cleaned.rstrip() or default


def clean_name(text: object, default: str = "") -> str:
    """A name read from outside: `clean_text` capped at `NAME_LIMIT` characters."""
    return clean_text(text, NAME_LIMIT, default)


def clean_names(raw: object, n: int) -> list[str]:
    """The `n` seats' names from a file's `players` value: each cleaned and capped, and
    `Camper 1`, `Camper 2`, … for a seat whose name is missing, empty or not text."""
    names = raw if isinstance(raw, list) and len(raw) == n else [None] * n
    return [clean_name(p, f"Camper {s + 1}") for s, p in enumerate(names)]


def clean_levels(raw: object, n: int) -> list[str | None]:
    """The `n` seats' bot levels from a file's `levels` value: each cleaned and capped, or
    None (a human's seat, or nothing readable)."""
    levels = raw if isinstance(raw, list) and len(raw) == n else [None] * n
    return [clean_name(lv) or None for lv in levels]


def parse_seed(text: str) -> int | None:
    """The seed typed in a field: None when empty; any digits (ASCII "42", Arabic-Indic "٤٢",
    superscript "²") read by their digit value. ValueError for anything else."""
    text = text.strip()
    if not text:
        return None
    digits = [unicodedata.digit(ch, None) for ch in text]
    if any(d is None for d in digits):
        raise ValueError(f"a seed is a whole number, not {text!r}")
    return int("".join(str(d) for d in digits))
