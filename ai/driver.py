"""Play a game between bots, giving each only what its seat may know.

The driver is the one place a bot meets the `Game`: a normal bot gets `game.view(seat)`
and the events filtered for its seat (`for_seat`); only a bot marked `omniscient` (the
oracle reference) gets `game.view(None)` and the raw events. An optional `watch` callback
sees every decision with the actor's full-knowledge view and the CPU time it took (the
tournament counts team-hurting moves and decision times with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from game.rules import Game, for_seat

from .bots import Bot

Watch = Callable[[Game, int, object, float], None]


def feed(bots: Sequence[Bot], events: list) -> None:
    """Give every bot the new events, each filtered for its seat unless omniscient."""
    if not events:
        return
    for bot in bots:
        if getattr(bot, "omniscient", False):
            bot.observe(events)
        else:
            seat = bot.seat
            bot.observe([for_seat(e, seat) for e in events])


def play_game(campers: int, bots: Sequence[Bot], seed: int, watch: Watch | None = None) -> Game:
    """One whole game: `bots[s]` plays seat s. Raises if a bot decides something illegal."""
    if len(bots) != campers or any(b.seat != s for s, b in enumerate(bots)):
        raise ValueError("bots must be one per seat, in seat order")
    game = Game(campers, seed)
    feed(bots, game.events)
    while game.phase != "over":
        seat = game.turn
        bot = bots[seat]
        view = game.view(None if getattr(bot, "omniscient", False) else seat)
        # CPU time of the decision: on a shared machine wall time would also count whatever
        # else runs; the bots never wait for anything, so CPU time is their cost.
        t0 = time.process_time()
        decision = bot.decide(view)
        dt = time.process_time() - t0
        if watch is not None:
            watch(game, seat, decision, dt)
        events = game.play(decision)
        feed(bots, events)
    return game
