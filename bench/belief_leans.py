"""The top level's measured leans: how unknown campsite cards really differ from the pool.

Run: `.venv/bin/python bench/belief_leans.py [--games 40] [--campers 4] [--seed 7000]`.
Plays trailblazers against experts; at the start of every turn of seats 0 and 1 it takes
each face-down campsite card the seat does not know, sorts it by what the seat's belief
can tell about it (kept from a draw in place of a known card; an opponent's or a
teammate's card its own team viewed and left; nothing), and compares the card's real
value with what card counting alone predicts (the seat's uncounted cards). Prints, per
kind and per value (`=`, 1..13), how many times likelier the value was than counting
said: `ai.belief.KEPT_LEAN` and `LEFT_LEAN` are these figures. The real values are read
from the game by this script only, never by a bot.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_bot  # noqa: E402
from ai.belief import Know  # noqa: E402
from ai.driver import play_game  # noqa: E402
from game.cards import team_of  # noqa: E402


def kind(k: Know, s: int, i: int) -> str:
    hint = k.hints.get((s, i))
    whose = "teammate's" if s in k.mates else "opponent's"
    if hint is None:
        return f"{whose} card, nothing known"
    below, _low = hint
    return "kept from a draw" if below is not None else f"{whose} card, viewed and left"


def measure(games: int, campers: int, seed: int) -> tuple[dict, dict]:
    seen: dict[str, list[float]] = defaultdict(lambda: [0.0] * 14)
    expected: dict[str, list[float]] = defaultdict(lambda: [0.0] * 14)
    for g in range(games):
        levels = ["trailblazer" if team_of(s, campers) == g % 2 else "expert" for s in range(campers)]
        bots = [make_bot(levels[s], s, campers, seed + 31 * g + s) for s in range(campers)]

        def watch(game, seat, decision, dt, bots=bots):
            if game.phase != "start" or seat > 1:
                return
            # The rule-based belief (not the measured one): what the hints are, with
            # counting alone for the expectation.
            view = game.view(seat)
            bots[seat].memory.sync(view)
            k = Know(view, seat, bots[seat].memory, counting=True, infer=True)
            for s, row in enumerate(k.vals):
                for i, v in enumerate(row):
                    if v is not None or k.ups[s][i]:
                        continue
                    name = kind(k, s, i)
                    seen[name][game.campsites[s][i][0]] += 1
                    for x in range(14):
                        expected[name][x] += k.counts[x] / (sum(k.counts) or 1)

        play_game(campers, bots, seed + g, watch)
    return seen, expected


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    p.add_argument("--seed", type=int, default=7000)
    args = p.parse_args()
    seen, expected = measure(args.games, args.campers, args.seed)
    print(f"Measured leans: {args.campers} campers, {args.games} games, seed {args.seed}")
    print(f"{'card':<36}{'cards':>7}  " + " ".join(f"{x:>5}" for x in ["=", *range(1, 14)]))
    for name in sorted(seen):
        o, e = seen[name], expected[name]
        ratios = " ".join(f"{o[x] / e[x]:>5.2f}" if e[x] else f"{'-':>5}" for x in range(14))
        print(f"{name:<36}{sum(o):>7.0f}  {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
