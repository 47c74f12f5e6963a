"""Table codes and seat tokens: secrets a person types or a client keeps.

A code is `CODE_LENGTH` characters of `CODE_ALPHABET` (no look-alikes) drawn with the
`secrets` generator: 31^6, about 887 million codes, so guessing one needs millions of tries
(and wrong codes are limited per address, `limits.AddressLimit`). A token carries
`TOKEN_BYTES` random bytes (192 bits), URL-safe; the server keeps only its SHA-256
(`token_key`), so a copy of the database resumes no seat.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Container

from .protocol import CODE_ALPHABET, CODE_LENGTH, TOKEN_BYTES


def new_code(taken: Container[str] = ()) -> str:
    """A fresh table code, none of `taken`."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def is_code(text: str) -> bool:
    """Whether `text` could be a code at all (the right length and alphabet)."""
    return len(text) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in text)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_key(token: str) -> str:
    """What the server keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_seed() -> int:
    """A game's shuffle seed (63 bits: it fits SQLite's INTEGER)."""
    return secrets.randbits(63)
