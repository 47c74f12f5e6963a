"""The top level's measured leans: how unknown campsite cards really differ from the pool.

Run: `.venv/bin/python -m studies.belief_leans [--games 80] [--campers 4] [--seed 7000]`.
Plays quick trailblazers (the top level's belief, without its search) against experts; at
the start of every turn of seats 0 and 1 it takes
each face-down campsite card the seat does not know and sorts it by what the seat's memory
can tell about it: kept from a draw in place of cards its keeper had not seen, of one card
it knew (then counting is cut at that card's value), or of a matching group; an opponent's
card its own team viewed and left; nothing. It compares the card's real value with what
card counting alone predicts (the seat's uncounted cards) and prints, per kind and per value
(`=`, 1..13), how many times likelier the value was than counting said: `ai.belief.KEPT_LEANS`
and `LEFT_LEAN` are these figures.

Then the caps: for every such card its owner knows and has since let a card go that could
have taken its place (`Entry.cap`), how often the card is really above the cap, and how
often the measured belief (`Know(measured=True)`, caps included) expects it: the check of
`CAP_KEPT` and `CAP_OTHER`. The real values are read from the game by this script only,
never by a bot.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from ai import make_bot
from ai.belief import Know
from ai.driver import play_game
from game.rules import EQ, team_of


def kind(k: Know, s: int, i: int) -> str:
    kept = k.kinds.get((s, i))
    if kept is not None:
        return f"kept from a draw, {kept}"
    whose = "teammate's" if s in k.mates else "opponent's"
    return f"{whose} card, viewed and left" if (s, i) in k.hints else f"{whose} card, nothing known"


def _cap_band(cap: int) -> str:
    return "4 or less" if cap <= 4 else ("5-6" if cap <= 6 else ("7-8" if cap <= 8 else "9 or more"))


def measure(games: int, campers: int, seed: int) -> tuple[dict, dict, dict]:
    seen: dict[str, list[float]] = defaultdict(lambda: [0.0] * 14)
    expected: dict[str, list[float]] = defaultdict(lambda: [0.0] * 14)
    caps: dict[tuple, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])  # cards, above, expected
    for g in range(games):
        levels = ["quick" if team_of(s, campers) == g % 2 else "expert" for s in range(campers)]
        bots = [make_bot(levels[s], s, campers, seed + 31 * g + s) for s in range(campers)]

        def watch(game, seat, decision, dt, bots=bots):
            if game.phase != "start" or seat > 1:
                return
            view = game.view(seat)
            bots[seat].memory.sync(view)
            # The counting belief tells what the hints are and what counting alone expects;
            # the measured one what the bot believes.
            k = Know(view, seat, bots[seat].memory, counting=True, infer=True)
            m = Know(view, seat, bots[seat].memory, counting=True, infer=True, measured=True)
            for s, row in enumerate(k.vals):
                for i, v in enumerate(row):
                    if v is not None or k.ups[s][i]:
                        continue
                    name, real = kind(k, s, i), game.campsites[s][i][0]
                    seen[name][real] += 1
                    cut = list(k.counts)
                    if k.kinds.get((s, i)) == "single":  # below the card it replaced
                        below = k.hints[(s, i)][0]
                        cut = [c if x == EQ or x < below else 0 for x, c in enumerate(cut)]
                    for x in range(14):
                        expected[name][x] += cut[x] / (sum(cut) or 1)
                    cap = m.caps.get((s, i))
                    if cap is not None:
                        c = caps[(name, _cap_band(cap))]
                        c[0] += 1
                        c[1] += real != EQ and real > cap
                        c[2] += sum(q for x, q in enumerate(m.dist(s, i)) if x != EQ and x > cap)

        play_game(campers, bots, seed + g, watch)
    return seen, expected, caps


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=80)
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    p.add_argument("--seed", type=int, default=7000)
    args = p.parse_args()
    seen, expected, caps = measure(args.games, args.campers, args.seed)
    print(f"Measured leans: {args.campers} campers, {args.games} games, seed {args.seed}")
    print(f"{'card':<40}{'cards':>7}  " + " ".join(f"{x:>5}" for x in ["=", *range(1, 14)]))
    for name in sorted(seen):
        o, e = seen[name], expected[name]
        ratios = " ".join(f"{o[x] / e[x]:>5.2f}" if e[x] else f"{'-':>5}" for x in range(14))
        print(f"{name:<40}{sum(o):>7.0f}  " + ratios)
    print("\nCaps: cards whose owner, knowing them, let a card go since")
    print(f"{'card':<40}{'cap':>10}{'cards':>7}{'above, seen':>13}{'expected':>10}")
    for (name, band), (n, above, exp) in sorted(caps.items()):
        print(f"{name:<40}{band:>10}{n:>7}{above / n:>13.3f}{exp / n:>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
