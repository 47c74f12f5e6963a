"""How settled are the sage's choices: the same decisions searched again with more tables, or
judged at another horizon?

Run: `.venv/bin/python -m studies.sage_probe [--campers 4] [--games 2] [--seed 1060001]
[--variants JSON-LIST]`.

Sages (team 0) play trailblazers. At every decision a sage searches (more than one option
left after the one-step policy's window), a copy of the bot (same memory, same RNG state, so
the same guessed tables come first) decides again with other `Deep` knobs; the bench prints,
per variant, how often its choice differs from the sage's as shipped. If many tables more
change many choices, the sage is short of samples; if another horizon changes many, its
verdicts rest on the horizon's judgement (the standing a table turn ahead) more than on the
tables, and a better judgement there, not more search, is what would make it stronger.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time

from ai import make_bot
from ai.deep import Deep
from ai.driver import feed
from game.rules import Game

VARIANTS = [
    {"least": 64, "most": 1536},  # four times the tables
    {"turns": 2.0},  # two table turns ahead (one at 4 campers, a half at 6, as shipped)
    {"end": True, "least": 64, "most": 1536},  # to the round's end, four times the tables
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, choices=(3, 4, 6), default=4)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1060001)
    ap.add_argument("--variants", default=json.dumps(VARIANTS))
    args = ap.parse_args()
    variants = json.loads(args.variants)
    n = args.campers
    searched = 0
    differ = [0] * len(variants)
    cpu = [0.0] * len(variants)
    base_cpu = 0.0
    for g in range(args.games):
        game = Game(n, args.seed + g)
        bots = [
            make_bot("sage" if s % 2 == 0 else "trailblazer", s, n, (args.seed + g) * 11 + s)
            for s in range(n)
        ]
        feed(bots, game.events)
        while game.phase != "over":
            seat = game.turn
            bot = bots[seat]
            view = game.view(seat)
            if bot.level != "sage":
                feed(bots, game.play(bot.decide(view)))
                continue
            copies = [copy.deepcopy(bot) for _ in variants]
            before = bot.searched
            t0 = time.process_time()
            d = bot.decide(view)
            base_cpu += time.process_time() - t0
            if bot.searched > before:
                searched += 1
                for j, (b, knobs) in enumerate(zip(copies, variants, strict=True)):
                    b.deep = Deep(**{**b.deep.__dict__, **knobs})
                    t0 = time.process_time()
                    differ[j] += b.decide(view) != d
                    cpu[j] += time.process_time() - t0
            feed(bots, game.play(d))
    print(
        f"{n} campers, {args.games} games (deals {args.seed}-{args.seed + args.games - 1}), "
        f"{searched} searched decisions of the sages, {1000 * base_cpu / max(searched, 1):.0f} ms "
        "CPU each as shipped (all its decisions counted)"
    )
    print("variant | choices that differ from the sage as shipped | CPU per searched decision")
    for j, knobs in enumerate(variants):
        print(
            f"{json.dumps(knobs)} | {differ[j]} ({100 * differ[j] / max(searched, 1):.1f} %) | "
            f"{1000 * cpu[j] / max(searched, 1):.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
