"""The pseudo-locale: every English string made accented, about 40 % longer and bracketed,
so a look at any screen shows what would break in a long language and what bypassed the
catalog ("Draw" becomes "[Ðŕåŵ]"; a plain "Draw" on screen was never translated).

Made from the msgids at run time, no catalog needed. Placeholders (`{name}`, `{n:d}`) and
escaped braces are kept as they are, so the string still formats with the same fields; only
the literal text between them is changed. Every letter used is in Latin-1 or Latin Extended-A,
which the game's fonts draw (tests/lang checks them against the fonts' character maps).
"""

from __future__ import annotations

import string

OPEN, CLOSE = "[", "]"
"""What a pseudo-translated string starts and ends with."""

GROWTH = 0.4
"""How much longer than the English the pseudo string is (German and French run 20-35 %)."""

_ACCENTED = str.maketrans(
    "acdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ",
    "åçðéĝĥîĵķľñöŕšţûŵýžÅÇÐÉĜĤÎĴĶĻÑÖŔŠŢÛŴÝŽ",
)
_PAD = "~"


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def pseudo(message: str, *, formatted: bool = True) -> str:
    """`message` pseudo-translated (see the module docstring). `formatted=False` is for a line
    said without fields, which is never formatted: its braces are plain text, not doubled. A
    string that is not a valid format string (a lone brace) is plain text too."""
    if not formatted:
        return _wrap(message.translate(_ACCENTED), len(message))
    try:
        parts = list(string.Formatter().parse(message))
    except ValueError:  # not a format string: plain text, never formatted
        return _wrap(message.translate(_ACCENTED), len(message))
    out = []
    for literal, field, spec, conversion in parts:
        out.append(_escape(literal.translate(_ACCENTED)))
        if field is not None:
            out.append(
                "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            )
    visible = sum(len(literal) for literal, *_ in parts)
    return _wrap("".join(out), visible)


def _wrap(body: str, visible: int) -> str:
    pad = max(0, round(visible * GROWTH) - len(OPEN) - len(CLOSE))
    return f"{OPEN}{body}{' ' + _PAD * pad if pad else ''}{CLOSE}"


def bypassed(text: str, allowed: tuple[str, ...] = ()) -> str:
    """The letters of a drawn line that stand outside every bracketed piece: what reached the
    screen without the catalog while the pseudo-locale was on ("" when none did). A line may be
    made of several translated pieces ("[1 çåŕð][, ][2 çåŕðš]"); words in `allowed` (names
    that come from outside, such as a camper's own) are not counted."""
    for word in allowed:
        text = text.replace(word, "")
    outside, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0 and ch.isalpha():
            outside.append(ch)
    return "".join(outside)
