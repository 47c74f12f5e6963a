"""`scram --server` and its options: their types, their checks, and the server it starts.

The options are parsed by `scram` itself (game/__main__.py adds them to its parser); the
server is game.net's, imported only when it is asked for, so a window never loads it.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def _port(text: str) -> int:
    """--port: 0 (any free port) to 65535 (an argparse type)."""
    if not (text.strip().isascii() and text.strip().isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"wants a port number from 0 to 65535, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"wants seconds from 0 to 86400, not {text!r}")
    return value


BOT_WORKERS_MOST = 64  # --bot-workers: more processes than this helps no machine we know
NEW_PER_SECOND_MOST = 100_000  # --new-connections: more than any one process can take


def _whole(most: int, unit: str):
    """An argparse type: a whole number from 1 to `most` (of `unit`, as the error says)."""

    def convert(text: str) -> int:
        t = text.strip()
        if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= most:
            raise argparse.ArgumentTypeError(f"wants 1 to {most} {unit}, not {text!r}")
        return int(t)

    return convert


_bot_workers = _whole(BOT_WORKERS_MOST, "processes")  # --bot-workers
_new_per_second = _whole(NEW_PER_SECOND_MOST, "a second")  # --new-connections


def add_server_options(p: argparse.ArgumentParser) -> None:
    """The network options of `scram`, in a group of their own."""
    net = p.add_argument_group("network play (a table server, no window; NETWORK.md)")
    net.add_argument(
        "--server", action="store_true", help="run a table server; prints `listening on ws://HOST:PORT/`"
    )
    net.add_argument(
        "--host", help="with --server: the address to listen on (default: 127.0.0.1; LAN: 0.0.0.0)"
    )
    net.add_argument("--port", type=_port, help="with --server: the port (default: 8765; 0: any free port)")
    net.add_argument(
        "--data", metavar="DIR", help="with --server: where its tables are kept (default: DATA/server)"
    )
    net.add_argument(
        "--grace", type=_seconds, help="with --server: seconds an absent camper keeps the seat (default: 30)"
    )
    net.add_argument(
        "--bot-workers",
        type=_bot_workers,
        metavar="N",
        help="with --server: processes the tables' bots think in (default: 2; one a core is plenty)",
    )
    net.add_argument(
        "--new-connections",
        type=_new_per_second,
        metavar="N",
        help="with --server: new connections a second in all before more are cut, newcomers "
        "aside (default: 400; docs/NETWORK-OPS.md)",
    )
    net.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDRESS",
        help="with --server: a reverse proxy whose X-Forwarded-For names the client (repeatable)",
    )


def check_server_options(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for a network option without --server, or a window option with it."""
    names = ("host", "port", "data", "grace", "bot_workers", "new_connections", "trusted_proxy")
    given = [f"--{n.replace('_', '-')}" for n in names if getattr(args, n) is not None]
    if given and not args.server:
        p.error(f"{' and '.join(given)} only {'applies' if len(given) == 1 else 'apply'} to --server")
    others = [f"--{n}" for n in ("watch", "selftest", "review", "speed", "pace", "size", "campers", "seed")]
    used = [o for o in others if getattr(args, o[2:]) not in (None, False)]
    if args.server and used:
        p.error(f"--server runs no game window: leave out {' and '.join(used)}")


def serve(args: argparse.Namespace, version: str) -> int:
    """`scram --server`: the table server (game.net), never pygame; its exit status."""

    from game.net.serve import DEFAULT_HOST, DEFAULT_PORT, run

    data = Path(args.data) if args.data else None
    port = DEFAULT_PORT if args.port is None else args.port
    grace = 30.0 if args.grace is None else args.grace
    proxies = tuple(args.trusted_proxy or ())
    workers = args.bot_workers or 2
    return run(args.host or DEFAULT_HOST, port, data, version, grace, proxies, workers, args.new_connections)
