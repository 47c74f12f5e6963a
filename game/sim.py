"""`python -m game.sim`: play random-legal games headless and print how fast and how they end.

The random policy is `TableRules.sample_decision`: a kind of decision uniformly, then
uniformly within that kind.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field

from game.rules.state import Game

from .cli import Parser, int_at_least, run


@dataclass
class SimResult:
    games: int = 0
    decisions: int = 0
    turns: int = 0
    rounds: int = 0
    wins: dict = field(default_factory=lambda: {0: 0, 1: 0, "nobody": 0})
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # CPU time of this process (a shared machine's load aside)


def random_game(campers: int, seed: int) -> tuple[Game, int]:
    """One game played by the random-legal policy; returns it and its number of turns."""
    rng = random.Random(seed)
    game = Game(campers, seed)
    sample, play = game.sample_decision, game.play
    turns = 0
    while game.phase != "over":
        if game.phase == "start":
            turns += 1
        play(sample(rng))
    return game, turns


def simulate(campers: int, games: int, seed: int) -> SimResult:
    result = SimResult()
    t0, c0 = time.perf_counter(), time.process_time()
    for k in range(games):
        game, turns = random_game(campers, seed + k)
        result.games += 1
        result.decisions += len(game.actions)
        result.turns += turns
        result.rounds += game.rounds
        result.wins[game.winner] += 1
    result.seconds = time.perf_counter() - t0
    result.cpu_seconds = time.process_time() - c0
    return result


def report(r: SimResult, campers: int) -> str:
    n = max(r.games, 1)
    share = {k: 100.0 * v / n for k, v in r.wins.items()}
    return "\n".join(
        [
            f"campers            {campers}",
            f"games              {r.games} in {r.seconds:.2f} s",
            f"games per second   {r.games / r.seconds:.1f}  "
            f"({r.games / max(r.cpu_seconds, 1e-9):.1f} per CPU second)",
            f"decisions/second   {r.decisions / r.seconds:.0f}",
            f"mean turns/round   {r.turns / max(r.rounds, 1):.1f}",
            f"win share          team 0 {share[0]:.1f}%  team 1 {share[1]:.1f}%  "
            f"nobody {share['nobody']:.1f}%",
        ]
    )


PROG = "python -m game.sim"


def main(argv: list[str] | None = None) -> int:
    p = Parser(PROG, __doc__)
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4, help="table size")
    p.add_argument("--games", type=int_at_least(1), default=1000, help="games to play")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (the next ones count up)")
    args = p.parse_args(argv)
    print(report(simulate(args.campers, args.games, args.seed), args.campers))
    return 0


if __name__ == "__main__":
    sys.exit(run(PROG, main))
