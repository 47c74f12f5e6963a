"""What the search's work budget (`ai.deep.Deep.budget`) changes: every decision of whole
games of the top level, and wherever a search took `--cap` rollout decisions or more, the
same decision searched again from the same state with `--cap` as its budget.

Run: `.venv/bin/python -m studies.search_budget --campers 6 --games 40 --seed 1700201 --cap
25000 [--budget 60000]` (`--budget`: the budget the games are played with). Prints the
decision CPU of the searches (p50, p95, max), how many reached the cap, and how many of those
chose otherwise with it, each with its CPU and work both ways.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import time

from ai import make_bot
from ai.driver import play_game


class Twinned:
    """A searching bot that decides as itself and, where its search reached `cap`, has a
    copy taken before the decision decide again with `cap` as its budget."""

    def __init__(self, bot, cap: int, found: list[dict], cpus: list[float]) -> None:
        self.bot, self.cap, self.found, self.cpus = bot, cap, found, cpus
        self.seat = bot.seat

    def observe(self, events) -> None:
        self.bot.observe(events)

    def decide(self, view):
        twin = copy.deepcopy(self.bot)
        work, searched = self.bot.work, self.bot.searched
        began = time.thread_time()
        decision = self.bot.decide(view)
        cpu = time.thread_time() - began
        if self.bot.searched > searched:
            self.cpus.append(cpu)
        took = self.bot.work - work
        if took >= self.cap:
            twin.deep = dataclasses.replace(twin.deep, budget=self.cap)
            began = time.thread_time()
            again = twin.decide(view)
            self.found.append(
                {
                    "cpu_ms": round(cpu * 1000, 1),
                    "work": took,
                    "capped_cpu_ms": round((time.thread_time() - began) * 1000, 1),
                    "capped_work": twin.work - work,
                    "same": again == decision,
                }
            )
        return decision


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campers", type=int, default=6)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1700201)
    ap.add_argument("--cap", type=int, default=25000)
    ap.add_argument("--budget", type=int, default=None, help="the budget games are played with")
    ap.add_argument("--level", default="trailblazer")
    args = ap.parse_args()
    knobs = None if args.budget is None else {"budget": args.budget}
    found: list[dict] = []
    cpus: list[float] = []
    for g in range(args.games):
        seed = args.seed + g
        bots = [
            Twinned(make_bot(args.level, s, args.campers, seed * 13 + s, knobs), args.cap, found, cpus)
            for s in range(args.campers)
        ]
        play_game(args.campers, bots, seed)
    cpus.sort()
    print(
        f"{args.level}, {args.campers} campers, {args.games} games from {args.seed} (budget "
        f"{args.budget or 'as shipped'}): {len(cpus)} searched decisions, CPU p50 "
        f"{cpus[len(cpus) // 2] * 1000:.1f} ms, p95 {cpus[int(0.95 * len(cpus))] * 1000:.1f} ms, "
        f"max {cpus[-1] * 1000:.1f} ms"
    )
    changed = sum(not f["same"] for f in found)
    print(
        f"searches of {args.cap} rollout decisions or more: {len(found)}; chose otherwise with it: {changed}"
    )
    for f in found:
        print(f"  {f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
