"""The named placeholders of a message (`{name}`, `{n:d}`): what a translation must keep."""

from __future__ import annotations

import string

_FORMATTER = string.Formatter()


def fields(message: str) -> frozenset[str] | None:
    """The field names of `message` ("{name} drew {n} cards" -> {"name", "n"}), or None if it
    is not a sound format string (a lone brace): such a translation cannot be filled."""
    try:
        names = set()
        for _literal, field, spec, _conversion in _FORMATTER.parse(message):
            if field is None:
                continue
            # "{card.value}" or "{cards[0]}" name the field `card` / `cards`
            names.add(field.split(".")[0].split("[")[0])
            if spec and "{" in spec:  # a nested field in the spec, "{n:{width}}"
                nested = fields(spec)
                if nested is None:
                    return None
                names |= nested
        return frozenset(names)
    except ValueError:
        return None


def fits(english: str, translated: str, *, plural: bool = False) -> bool:
    """Whether `translated` can stand for `english`: the same fields (a plural form may leave
    out the count `{n}`, "eine Karte" for "{n} card"); a positional `{}` never fits."""
    want, have = fields(english), fields(translated)
    if want is None or have is None or "" in have:
        return False
    if plural:
        return have <= want | {"n"} and (want - {"n"}) <= have
    return have == want
