"""Play a game between bots, giving each only what its seat may know.

The driver is the one place a bot meets the `Game`: a normal bot gets `game.view(seat)`
and the events filtered for its seat (`for_seat`); only a bot marked `omniscient` (the
oracle reference) gets `game.view(None)` and the raw events. An optional `watch` callback
sees every decision with the actor's full-knowledge view and the CPU and wall time it took
(the tournament counts team-hurting moves and decision times with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from game.rules import Game, for_seat

from .bots import Bot


class Took(NamedTuple):
    """What one decision cost, in seconds: the deciding process's CPU time (what a server
    running many tables pays) and the wall time (what the player waits, which on a busy
    machine also counts everybody else's work)."""

    cpu: float
    wall: float


Watch = Callable[[Game, int, object, Took], None]

# Decisions after which a game is called stuck: real games take a few hundred (250-370 in
# 32 games of 3, 4 and 6 campers). The rules let a round go on while nobody draws (R-END-2),
# and bots once did so for ever (ai/bots.py, STALLED); a measurement must say so, not hang.
MOST_DECISIONS = 20_000


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


def play_game(
    campers: int, bots: Sequence[Bot], seed: int, watch: Watch | None = None, most: int = MOST_DECISIONS
) -> Game:
    """One whole game: `bots[s]` plays seat s. Raises if a bot decides something illegal, or
    (RuntimeError) if the game has not ended after `most` decisions."""
    if len(bots) != campers or any(b.seat != s for s, b in enumerate(bots)):
        raise ValueError("bots must be one per seat, in seat order")
    game = Game(campers, seed)
    feed(bots, game.events)
    decisions = 0
    while game.phase != "over":
        decisions += 1
        if decisions > most:
            raise RuntimeError(f"game {seed} ({campers} campers) has not ended after {most} decisions")
        seat = game.turn
        bot = bots[seat]
        view = game.view(None if getattr(bot, "omniscient", False) else seat)
        # CPU time is the decision's cost (the bots never wait for anything); wall time is
        # what a player waits, and on a shared machine it also counts whatever else runs.
        t0, w0 = time.process_time(), time.perf_counter()
        decision = bot.decide(view)
        took = Took(time.process_time() - t0, time.perf_counter() - w0)
        if watch is not None:
            watch(game, seat, decision, took)
        events = game.play(decision)
        feed(bots, events)
    return game
