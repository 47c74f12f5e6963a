"""One style for every command-line tool (scram, game.replay, game.sim, ai.tournament).

- a usage error is one line, `prog: message`, on standard error, and exit status 2;
- Ctrl-C ends the tool quietly with exit status 130 (workers of a process pool ignore it:
  `ignore_sigint` is their initializer, so only the parent stops, with no traceback);
- an output pipe closed by its reader (`scram --selftest | head -1`) ends it quietly too,
  with exit status 141 (128 + SIGPIPE, what shells report for a program the pipe stopped);
- an unexpected error is one line too (exit 1), never a traceback;
- every message is one line with nothing raw in it: a file name or value is quoted with
  `shown` (repr-style: control characters, escape sequences and lone surrogates escaped),
  and `say` escapes whatever else a message holds before it reaches the terminal;
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
EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE, what shells report for a program whose reader left
LINE_LIMIT = 300


def shown(value: object) -> str:
    """A file name or value as a message quotes it: `'name.json'`, with control characters,
    escape sequences, quotes and lone surrogates written as Python escapes (`'\\x1b[31m'`), so
    nothing in it acts on the terminal."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    return repr(value) if isinstance(value, str | bytes) else escaped(str(value))


def escaped(text: str) -> str:
    """`text` with every character that is not printable (controls, format characters, lone
    surrogates, line separators) written as its Python escape; the rest as it is."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def one_line(message: object) -> str:
    """A message as ONE line that is safe to print: whitespace runs made one space, anything
    not printable escaped, at most `LINE_LIMIT` characters."""
    line = escaped(" ".join(str(message).split()))
    if len(line) > LINE_LIMIT:
        line = line[: LINE_LIMIT - 3] + "..."
    return line


def say(prog: str, message: str) -> None:
    """`prog: message` as ONE line on standard error, whatever the message holds."""
    print(f"{prog}: {one_line(message)}", file=sys.stderr, flush=True)


def closed_pipe() -> int:
    """Standard output's reader has gone: point it at the null device (so the interpreter's
    last flush has nowhere to fail) and return the exit status to end with, quietly."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_CLOSED_PIPE


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
        status = main(argv)
        flush_stdout()  # here, where a closed pipe is caught, not at the interpreter's exit
        return status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `... | head` closed the pipe: nothing more to say to anyone
        return closed_pipe()
    except Exception as e:  # noqa: BLE001 - the last guard of a command-line tool
        say(prog, f"internal error, please report it: {type(e).__name__}: {e}")
        return 1


def flush_stdout() -> None:
    """Flush standard output (BrokenPipeError when its reader has gone)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def ignore_sigint() -> None:
    """Initializer for pool workers: Ctrl-C is the parent's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
