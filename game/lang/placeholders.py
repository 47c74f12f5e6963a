"""The named placeholders of a message (`{name}`, `{n:d}`): what a translation must keep."""

from __future__ import annotations

import string

_FORMATTER = string.Formatter()


def placeholders(message: str) -> frozenset[str] | None:
    """The replacement fields of `message` as written ("{name} drew {n:d}" -> {"{name}", "{n:d}"}),
    or None if it is not a sound format string (a lone brace): such a translation cannot be
    filled. A translation must keep each one exactly: `{name:d}` for `{name}` fails at run time."""
    try:
        found = set()
        for _literal, field, spec, conversion in _FORMATTER.parse(message):
            if field is None:
                continue
            if spec and "{" in spec and placeholders(spec) is None:  # a nested field, "{n:{width}}"
                return None
            found.add(
                "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            )
        return frozenset(found)
    except ValueError:
        return None


def _name(placeholder: str) -> str:
    # "{card.value!r:>3}" -> "card"
    return placeholder[1:-1].split("!")[0].split(":")[0].split(".")[0].split("[")[0]


def fields(message: str) -> frozenset[str] | None:
    """The field names of `message` ("{name} drew {n} cards" -> {"name", "n"}), or None."""
    found = placeholders(message)
    return None if found is None else frozenset(_name(p) for p in found)


def fits(english: str, translated: str, *, plural: bool = False) -> bool:
    """Whether `translated` can stand for `english`: the same placeholders, each as written (a
    plural form may leave out the count, "eine Karte" for "{n} card"); a positional `{}` or
    `{0}` never fits, since the game fills fields by name."""
    want, have = placeholders(english), placeholders(translated)
    if want is None or have is None or any(_name(p) == "" or _name(p).isdigit() for p in have):
        return False
    if plural:
        return have <= want and {p for p in want if _name(p) != "n"} <= have
    return have == want
