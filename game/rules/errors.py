"""The errors the rules core raises; each carries a one-line, player-readable reason."""


class ScramError(Exception):
    """Base of every error the rules core raises on purpose."""


class IllegalDecision(ScramError):
    """A decision that the rules do not allow now (the state is left untouched)."""


class RecordError(ScramError):
    """A game record that cannot be read: not JSON, wrong format, or a wrong deck."""
