"""Button prompts that follow the device in use: while a game pad is the last thing the
player used, the key caps the screens write in brackets ("Back (Esc)", "Hint (?)", "click
(or Enter) to go on") name the pad's buttons instead ("Back (B)", "Hint (Y)", "click (or
A) to go on"), and a key the pad has no button for ("New game (N)", "Keep (K)") is left
out, since the pad reaches that choice by its focus instead.

The words stay those of the catalogs: only a bracket made of key caps alone (and the small
words that join them, "or", "oder", "ou", "o", "lub") is rewritten, in any language; a
bracket holding anything else ("(saved)", "(2 vs 2)", "(Titelschrift)") is left as written.
Which device is in use is set once a frame by the app (`set_pad_prompts`), as the interface
scale is: one window, one player's hands.
"""

from __future__ import annotations

import re
from functools import lru_cache

# The key caps as the six catalogs write them, and the pad's button for each (pad.py maps
# these buttons onto these keys). None: the pad has no button for that key.
PAD_BUTTONS: dict[str, str | None] = {
    "Enter": "A",
    "Entrée": "A",
    "Intro": "A",
    "Invio": "A",
    "Return": "A",
    "Esc": "B",
    "Échap": "B",
    "?": "Y",
    "Tab": "X",
    "PgUp": "LB",
    "PgDn": "RB",
}
# Whole phrases a pad says otherwise (the table's words, English until they are translated):
# the pad's A chooses what its ring is on, and Y again takes a hint (table/turn.py).
PAD_PHRASES = {"(Enter follows it)": "(Y again follows it)"}
JOINERS = frozenset({"or", "oder", "ou", "o", "lub", "y", "e"})
_BRACKET = re.compile(r"\s*\(([^()]*)\)")
_KEY = re.compile(r"^(?:[A-Z]|F\d{1,2}|(?:Ctrl|Shift|Alt|Cmd)\+\S+|Space|\+/-|[+\-=])$")

_pad = False


def set_pad_prompts(on: bool) -> None:
    """The app's call, once a frame: whether prompts show the pad's buttons."""
    global _pad
    _pad = bool(on)


def pad_prompts() -> bool:
    return _pad


def is_key(token: str) -> bool:
    """`token` is a key cap as the screens write them ("Esc", "N", "F11", "Ctrl+H", "?")."""
    return token in PAD_BUTTONS or bool(_KEY.match(token))


def _for_pad(caps: str, enter: bool = True, keep: bool = True) -> str | None:
    """A bracket's words for the pad: its keys as the pad's buttons, the keys it lacks left
    out ("" when none is left); None when the bracket is not made of key caps alone.
    `enter` False: Enter is left out too (on a button: the pad's A chooses the button its
    ring is on, whichever that is, so only the ring tells what A does); `keep` False: every
    key is left out (a button whose key the pad's button does otherwise)."""
    tokens = caps.split()
    if not tokens or not any(is_key(t) for t in tokens):
        return None
    if any(not is_key(t) and t not in JOINERS for t in tokens):
        return None
    out: list[str] = []
    dropped_first = False  # "N or Enter": the joiner after a key left out goes too
    for t in tokens:
        if t in JOINERS:
            if not (dropped_first and not out):
                out.append(t)
            continue
        button = PAD_BUTTONS.get(t)
        if button is None or button in out or (button == "A" and not enter) or not keep:
            if out and out[-1] in JOINERS:
                out.pop()  # its joiner goes with it
            dropped_first = dropped_first or not out
            continue
        out.append(button)
    while out and out[-1] in JOINERS:
        out.pop()
    return " ".join(out)


@lru_cache(maxsize=2048)  # every line of every frame passes here while a pad is in use
def pad_words(text: str, enter: bool = True, keep: bool = True) -> str:
    """`text` with its key caps as the pad names them (see the module's docstring; `enter`
    False: a button's words, whose Enter is left out; `keep` False: no key named at all)."""

    def one(m: re.Match) -> str:
        shown = _for_pad(m.group(1), enter, keep)
        if shown is None:
            return m.group(0)
        return f"{m.group(0)[: m.group(0).index('(')]}({shown})" if shown else ""

    for phrase, said in PAD_PHRASES.items():
        text = text.replace(phrase, said)
    return _BRACKET.sub(one, text)


def prompt(text: str, button: bool = False, keep: bool = True) -> str:
    """What a prompt shows now: `text` as written, or its pad words while a pad is in use
    (`button`: a button's label; `keep`: see `pad_words`)."""
    return pad_words(text, enter=not button, keep=keep) if _pad else text
