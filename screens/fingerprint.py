"""A fingerprint of the game's behaviour: one hash over 450 seeded games and a few bot games.

Run: `.venv/bin/python -m screens.fingerprint` (prints one hex digest per part and a total).
A change meant to keep behaviour (a move, a rename, a speed-up) must print the same lines
before and after. Each random game (150 at each of 3, 4 and 6 campers, the random-legal
policy) contributes its decisions, every event, every seat's filtered events, its record and
scores, and the replay command's state after every decision, for everyone and for each seat.
The bot games (one a level and table size, the four levels against one another) add the bots'
decisions, so the `ai` package is covered too (`--no-bots` leaves them out).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

from ai import LEVELS, make_bot
from ai.driver import play_game
from game.rules import Game, for_seat, state_json, to_record


def random_game_hash(campers: int, seed: int) -> bytes:
    h = hashlib.sha256()
    rng = random.Random(seed)
    game = Game(campers, seed)
    seen = 0
    while game.phase != "over":
        game.play(game.sample_decision(rng))
        for e in game.events[seen:]:
            h.update(repr(e).encode())
            for seat in range(campers):
                h.update(repr(for_seat(e, seat)).encode())
        seen = len(game.events)
        h.update(state_json(game).encode())
        for seat in range(campers):
            h.update(state_json(game, seat).encode())
    h.update(json.dumps(to_record(game), sort_keys=True).encode())
    h.update(repr((game.scores, game.totals, game.winner)).encode())
    return h.digest()


def bot_game_hash(campers: int, seed: int, levels: list[str]) -> bytes:
    bots = [make_bot(levels[s % len(levels)], s, campers, seed * 10 + s) for s in range(campers)]
    game = play_game(campers, bots, seed)
    record = json.dumps(to_record(game), sort_keys=True)
    return hashlib.sha256((record + repr(game.events)).encode()).digest()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=150, help="random games per table size")
    p.add_argument("--no-bots", action="store_true", help="leave out the bot games")
    args = p.parse_args()
    total = hashlib.sha256()
    for campers in (3, 4, 6):
        part = hashlib.sha256()
        for k in range(args.games):
            part.update(random_game_hash(campers, 1000 * campers + k))
        print(f"random games, {campers} campers x {args.games}: {part.hexdigest()[:16]}")
        total.update(part.digest())
    if not args.no_bots:
        for campers in (3, 4, 6):
            part = hashlib.sha256()
            for k, level in enumerate(LEVELS):
                others = [LEVELS[(k + 1) % len(LEVELS)], level]
                part.update(bot_game_hash(campers, 77 + k, [level, *others][:2]))
            print(f"bot games, {campers} campers x {len(LEVELS)}: {part.hexdigest()[:16]}")
            total.update(part.digest())
    print(f"total: {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
