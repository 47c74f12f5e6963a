"""How long a hint takes: the player's seat asks for one at every decision of whole games.

    python -m bench.hint_times [--games 4] [--campers 3 4 6]

The other seats are played by the top level too (a hard table, where the hint searches
most). Prints the median, p95 and max per table size, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics

from ai import LEVELS, make_bot
from ai.driver import feed
from game.rules.state import Game
from game.ui.table.hints import Hints


def times_for(campers: int, seed: int) -> list[float]:
    game = Game(campers, seed)
    bots = [make_bot(LEVELS[-1], s, campers, seed) for s in range(campers)]
    hints = Hints([f"P{s}" for s in range(campers)], seed)
    feed(bots, game.events)
    while game.phase != "over":
        seat = game.turn
        view = game.view(seat)
        if seat == 0:
            decision, _ = hints(view, game.events_for(0))
        else:
            decision = bots[seat].decide(view)
        feed(bots, game.play(decision))
    return hints.times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--campers", type=int, nargs="+", default=[3, 4, 6])
    args = p.parse_args()
    every: list[float] = []
    for n in args.campers:
        ts = [t for g in range(args.games) for t in times_for(n, 500 + g)]
        every += ts
        q = statistics.quantiles(ts, n=20)
        print(
            f"{n} campers: {len(ts)} hints, median {statistics.median(ts) * 1000:.1f} ms, "
            f"p95 {q[18] * 1000:.1f} ms, max {max(ts) * 1000:.1f} ms"
        )
    q = statistics.quantiles(every, n=20)
    print(
        f"all: {len(every)} hints, median {statistics.median(every) * 1000:.1f} ms, p95 {q[18] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
