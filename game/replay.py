"""`python -m game.replay RECORD.json [--as SEAT]`: print the state a record leads to.

Exit status 2 with a one-line message on standard error for a file that is not a record,
a wrong deck, a seat that does not exist, or an illegal decision (then standard output
holds the state just before that decision). A bug in the engine gives one line and exit 1.
"""

from __future__ import annotations

import argparse
import sys

from .errors import RecordError
from .record import ReplayError, read_record, replay, state_json


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other error here
        _say(message)
        raise SystemExit(2)


def _say(message: str) -> None:
    """One line on standard error, whatever the message quotes (a file name may hold a newline)."""
    print("replay: " + " ".join(message.splitlines()), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m game.replay", description=__doc__.splitlines()[0])
    parser.add_argument("record", help="a scram-record/1 JSON file")
    parser.add_argument("--as", dest="seat", type=int, help="print this seat's view")
    args = parser.parse_args(argv)
    try:
        record = read_record(args.record)
    except RecordError as e:
        _say(str(e))
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
    """`main`, but a bug in the engine too ends in one line (exit 1), never a traceback."""
    try:
        return main(argv)
    except Exception as e:  # noqa: BLE001 - the last guard of a command-line tool
        _say(f"internal error, please report it with the record: {type(e).__name__}: {e}")
        return 1


if __name__ == "__main__":
    sys.exit(run())
