"""A headless bot client: plays one seat of a table server's game to its end.

    python -m game.seat.play ws://HOST:PORT/ --create 4 [--start-with 4] [--seat 0]
    python -m game.seat.play ws://HOST:PORT/ --code CODE
        [--name NAME] [--level random|greenhorn|...] [--pace instant] [--bot-level LEVEL]

`--create N` opens an N-camper table, prints `code CODE` on standard output (one line, at
once), and starts the game when `--start-with` humans sit at it (default: just itself; the
other seats get the server's bots at `--bot-level`). `--code` joins a table. Either way it
then plays its seat with `--level` (an `ai` level, or `random`: any legal decision) until
`over`, prints `over winner W` and exits 0. A connection lost once seated (the server
restarted, the network dropped) is tried again as the desktop game does (`retry.py`: the
same backoff, the seat's token) for up to `--retry-for` seconds, saying so on standard
error. A refusal, a first connection that fails, or a server gone for longer: one line on
standard error, exit 1. Tests, the smoke test and people trying a server use it.
"""

from __future__ import annotations

import asyncio
import random
import sys

from websockets.exceptions import InvalidStatus

from ai import LEVELS
from game.cli import Parser, int_at_least, say
from game.cli import run as cli_run
from game.files.settings import PACES
from game.net.bots import BotSeat
from game.rules import decision_to_json

from .client import Client, Closed, ServerError
from .follower import SeatFollower
from .retry import backoff, refusal, stopped

PROG = "python -m game.seat.play"
TURN_PHASES = ("start", "drawn", "twelve")


class Player:
    """One seat's decisions from what the seat is sent: a bot of `level` (or random)."""

    def __init__(self, seat: int, level: str, seed: int) -> None:
        self.seat, self.level, self.seed = seat, level, seed
        self.follower = SeatFollower(seat)
        self.bot: BotSeat | None = None
        self.events: list = []

    def feed(self, message: dict) -> None:
        """A `state` (a fresh start: the bot reads the round anew) or a `move`."""
        events = self.follower.feed(message)
        if message["type"] == "state" or self.bot is None:
            self.bot = self._bot(self.follower.campers)
            self.events = []
        self.events.extend(events)

    def _bot(self, campers: int) -> BotSeat:
        return BotSeat(self.level, self.seat, campers, self.seed)

    def my_turn(self, message: dict) -> bool:
        view = message["view"]
        return view["turn"] == self.seat and view["phase"] in TURN_PHASES

    def decide(self) -> dict:
        view = self.follower.view()
        decision = self.bot.think(self.events, len(self.events), view)
        return decision_to_json(decision, view.holding)


async def play(
    client: Client, seat: int, level: str = "random", seed: int = 0, timeout: float = 120.0
) -> dict:
    """Play `seat` until `over`; the game's record. Other messages are skipped."""
    player = Player(seat, level, seed)
    while True:
        message = await client.recv(timeout)
        kind = message.get("type")
        if kind == "over":
            return message["record"]
        if kind in ("state", "move"):
            player.feed(message)
            if player.my_turn(message):
                decision = await asyncio.to_thread(player.decide) if level in LEVELS else player.decide()
                await client.act(message["ver"], decision)
        elif kind == "error" and message.get("code") not in ("stale", "not-your-turn"):
            raise ServerError(message)


async def wait_for_humans(client: Client, count: int, timeout: float = 120.0) -> None:
    """Read `table` messages until `count` seats hold humans."""
    async with asyncio.timeout(timeout):
        while True:
            table = await client.wait_for("table", timeout=None)
            if sum(s["kind"] == "human" for s in table["seats"]) >= count:
                return


async def session(args) -> int:
    client = await Client.connect(args.url)
    await client.hello(args.name, "game.seat.play")
    if args.create:
        levels = [args.bot_level] * args.create
        joined = await client.create(args.create, args.seat, levels, args.pace)
        print(f"code {joined['code']}", flush=True)
    else:
        joined = await client.join(args.code)
    seat, token, seed = joined["seat"], joined["token"], random.randrange(1 << 30)
    started = not args.create  # whether this client has nothing left to start
    while True:
        try:
            async with client:
                if not started:
                    table = await client.wait_for("table", timeout=None)
                    if not table["started"]:
                        await wait_for_humans_after(client, table, args.start_with)
                        await client.start()
                    started = True
                record = await play(client, seat, args.level, seed)
            break
        except (Closed, OSError) as e:
            if isinstance(e, Closed) and stopped(e.code, e.reason) is not None:
                raise  # the seat is gone for good: nothing to try again
            say(PROG, f"lost the server ({e}); trying again with the seat's token")
        client = await reconnect(args, token)
    print(f"over winner {_winner(record)}", flush=True)
    return 0


async def wait_for_humans_after(client: Client, table: dict, count: int) -> None:
    """`wait_for_humans`, `table` being the last `table` message read."""
    if sum(s["kind"] == "human" for s in table["seats"]) < count:
        await wait_for_humans(client, count)


async def reconnect(args, token: str) -> Client:
    """The seat again on a new connection: tries with the desktop's backoff (`retry.py`) for
    up to `args.retry_for` seconds, then the last failure is raised."""
    loop = asyncio.get_running_loop()
    give_up, tries = loop.time() + args.retry_for, 0
    while True:
        tries += 1
        await asyncio.sleep(backoff(tries))
        client = None
        try:
            client = await Client.connect(args.url, open_timeout=6.0)
            await client.hello(args.name, "game.seat.play")
            await client.resume(token)
            say(PROG, "back at the table")
            return client
        except (Closed, OSError, TimeoutError, InvalidStatus):
            if client is not None:
                await client.ws.close()
            if loop.time() >= give_up:
                raise


def _winner(record: dict) -> object:
    from game.rules import parse_record, replay

    return replay(parse_record(record)).winner


def main(argv: list[str] | None = None) -> int:
    p = Parser(PROG, __doc__)
    p.add_argument("url", help="the server, ws://HOST:PORT/")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--create", type=int, choices=(3, 4, 6), help="open a table of this many campers")
    what.add_argument("--code", help="join the table with this code")
    p.add_argument("--seat", type=int, default=0, help="with --create: where to sit")
    p.add_argument("--start-with", type=int_at_least(1), default=1, help="with --create: humans to wait for")
    p.add_argument("--name", default="Headless", help="the name shown at the table")
    p.add_argument("--level", default="random", choices=("random", *LEVELS), help="how this client plays")
    p.add_argument("--bot-level", default=LEVELS[0], choices=LEVELS, help="with --create: the server's bots")
    p.add_argument("--pace", default="instant", choices=tuple(PACES), help="with --create: the bots' pace")
    p.add_argument(
        "--retry-for",
        type=int_at_least(0),
        default=120,
        metavar="SECONDS",
        help="how long to try again after losing the server (default: 120)",
    )
    args = p.parse_args(argv)
    try:
        return asyncio.run(session(args))
    except ServerError as e:
        say(PROG, f"the server refused: {e.code}: {e.message}")
    except Closed as e:
        say(PROG, f"lost the server: {stopped(e.code, e.reason) or e}")
    except (OSError, TimeoutError) as e:
        say(PROG, f"lost the server: {e or type(e).__name__}")
    except InvalidStatus as e:
        say(PROG, refusal(e) or str(e))
    return 1


if __name__ == "__main__":
    sys.exit(cli_run(PROG, main))
