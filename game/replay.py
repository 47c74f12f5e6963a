"""`python -m game.replay RECORD.json [--as SEAT]`: print the state a record leads to.

Exit status 2 with a one-line message on standard error for a file that is not a record,
a wrong deck, a seat that does not exist, or an illegal decision (then standard output
holds the state just before that decision), for a file over 8 MB (it is not read
further: `/dev/zero` is refused at once) and for a folder, named pipe or device (refused
at once, never waited on). The file's name is quoted with control characters escaped. A
bug in the engine gives one line and exit 1; a closed output pipe ends it quietly.
"""

from __future__ import annotations

import sys

from game.files.records import read_record
from game.rules.errors import RecordError
from game.rules.record import ReplayError, replay, state_json

from .cli import Parser, say, shown
from .cli import run as cli_run

PROG = "python -m game.replay"


def _say(message: str) -> None:
    """One line on standard error, whatever the message quotes (a file name may hold a newline
    or an escape sequence: `shown` quotes it, and `say` escapes anything left)."""
    say(PROG, message)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(PROG, __doc__)
    parser.add_argument("record", help="a scram-record/1 JSON file (at most 8 MB)")
    parser.add_argument("--as", dest="seat", type=int, help="print this seat's view (0 = the first camper)")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.record)
    except RecordError as e:
        _say(f"{shown(args.record)}: {e}")
        return 2
    if args.seat is not None and not 0 <= args.seat < record.campers:
        _say(f"there is no seat {args.seat} in a {record.campers}-camper game")
        return 2
    try:
        game = replay(record)
    except ReplayError as e:
        sys.stdout.write(state_json(e.game, args.seat))
        _say(f"action {e.index} is illegal: {e.reason}")
        return 2
    sys.stdout.write(state_json(game, args.seat))
    return 0


def run(argv: list[str] | None = None) -> int:
    """`main` in the common command-line style (game/cli.py): a bug in the engine too ends in
    one line (exit 1), Ctrl-C in exit 130, never a traceback."""
    return cli_run(PROG, main, argv)


if __name__ == "__main__":
    sys.exit(run())
