"""Text that comes from outside the program (a file, a typed field) made safe to use.

`clean_text` strips what no font can draw and what would break drawing or a one-line
message (control characters such as NUL and newlines, lone surrogates, bidi overrides and
other invisible format characters); `parse_seed` reads the seed field, whatever digits the
player's keyboard typed.
"""

from __future__ import annotations

import unicodedata

# Unicode categories dropped from text: Cc control (NUL, ESC, newlines), Cf format (bidi
# overrides that reverse a line, zero-width characters), Cs lone surrogates (a JSON "\ud800"
# decodes to one and cannot be encoded or drawn), Co private use, Cn unassigned, and the
# line/paragraph separators Zl/Zp.
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_SPACES = {"\t", "\n", "\r", "\v", "\f", "\x85", "\u2028", "\u2029"}


def clean_text(text: object, limit: int | None = None, default: str = "") -> str:
    """`text` fit to draw on one line: control and invisible characters removed (whitespace
    ones become a space), runs of spaces collapsed, ends stripped, at most `limit` characters.
    Not a string, or nothing left: `default`."""
    if not isinstance(text, str):
        return default
    out = []
    for ch in text:
        if ch in _SPACES:
            out.append(" ")
        elif unicodedata.category(ch) not in _DROP:
            out.append(ch)
    cleaned = " ".join("".join(out).split())
    if limit is not None:
        cleaned = cleaned[:limit].rstrip()
    return cleaned or default


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
