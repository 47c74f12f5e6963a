"""One style for every command-line tool (scram, game.replay, game.sim, ai.tournament).

- a usage error is one line, `prog: message`, on standard error, and exit status 2;
- Ctrl-C ends the tool quietly with exit status 130 (workers of a process pool ignore it:
  `ignore_sigint` is their initializer, so only the parent stops, with no traceback);
- an unexpected error is one line too (exit 1), never a traceback;
- help texts show each option's default.

Standard library only (no pygame): the rules core and the bots use it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


def say(prog: str, message: str) -> None:
    """`prog: message` as ONE line on standard error, whatever the message holds."""
    line = " ".join(str(message).split())
    if len(line) > 300:
        line = line[:297] + "..."
    print(f"{prog}: {line}", file=sys.stderr, flush=True)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written; `(default: X)` after every option that has one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "%(default)" in text
            or any(default is nothing for nothing in (None, False, argparse.SUPPRESS))
            or action.option_strings == []
            or isinstance(action, argparse._StoreConstAction)
        ):
            return text
        return f"{text} (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one `prog: message` line and exit status 2."""

    def __init__(self, prog: str, description: str, epilog: str | None = None) -> None:
        super().__init__(prog=prog, description=description, epilog=epilog, formatter_class=HelpFormatter)

    def error(self, message: str) -> None:  # type: ignore[override]
        say(self.prog, message)
        raise SystemExit(EXIT_USAGE)


def int_at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number >= `low` (ASCII digits, an optional minus sign)."""

    def convert(text: str) -> int:
        try:
            value = int(text.strip()) if text.strip().lstrip("-").isascii() else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is less than {low}")
        return value

    convert.__name__ = "whole number"
    return convert


def run(prog: str, main: Callable[[list[str] | None], int], argv: list[str] | None = None) -> int:
    """Run `main(argv)` in the common style; returns the exit status."""
    try:
        return main(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `... | head` closed the pipe: nothing more to say to anyone
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except Exception as e:  # noqa: BLE001 - the last guard of a command-line tool
        say(prog, f"internal error, please report it: {type(e).__name__}: {e}")
        return 1


def ignore_sigint() -> None:
    """Initializer for pool workers: Ctrl-C is the parent's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
