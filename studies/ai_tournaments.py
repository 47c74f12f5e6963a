"""Run the reference bot tournaments (the level ladder's targets) and write each report to bench/results/.

Run: `.venv/bin/python -m studies.ai_tournaments [--games 2000] [--other-games 400] [--seed 1]
[--only 4p_trailblazer_vs_ranger,...]`. Each report is
`bench/results/ai_<campers>p_<A>_vs_<B>.txt`, exactly as `python -m ai.tournament --campers
<campers> --teams A,B --games <games> --seed <seed>` prints it, plus one line with the
machine's load average before and after the run (decision times are wall-clock times on a
shared machine). `bench/results/ai_tournaments.log` is then rebuilt from every report of the
plan, in plan order, so it always agrees with the files. `--only` re-runs some matchups
(e.g. to re-measure decision times when the machine is quieter) and keeps the others.

The plan, 4 campers at `--games` each: every level against the level below it, the top
level against the expert reference, every level against random-legal and against the
oracle. 3 and 6 campers at `--other-games` each: every adjacent pair, the top level against
the expert, the greenhorn and the top level against random-legal, the top level against the
oracle. `--workers` (default 2: the machine is shared) sets the processes.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ai import LEVELS
from ai.tournament import run
from game.rules import team_of

G, S, R, T = LEVELS
RESULTS = Path(__file__).resolve().parent.parent / "bench" / "results"  # beside the benchmarks' figures


def plan(games: int, other: int) -> list[tuple[int, str, str, int]]:
    four = [(S, G), (R, S), (T, R), (T, "expert")]
    four += [(lv, "random") for lv in LEVELS]
    four += [(lv, "oracle") for lv in LEVELS]
    out = [(4, a, b, games) for a, b in four]
    small = [(S, G), (R, S), (T, R), (T, "expert"), (G, "random"), (T, "random"), (T, "oracle")]
    for n in (3, 6):
        out += [(n, a, b, other) for a, b in small]
    return out


def name(campers: int, a: str, b: str) -> str:
    return f"{campers}p_{a}_vs_{b}"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000, help="games per 4-camper matchup")
    p.add_argument("--other-games", type=int, default=400, help="games per 3- and 6-camper matchup")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", help="comma-separated matchups to (re)run, e.g. 4p_trailblazer_vs_ranger")
    args = p.parse_args()
    RESULTS.mkdir(exist_ok=True)
    todo = plan(args.games, args.other_games)
    only = set(args.only.split(",")) if args.only else None
    if only is not None:
        unknown = only - {name(c, a, b) for c, a, b, _ in todo}
        if unknown:
            p.error(f"not in the plan: {', '.join(sorted(unknown))}")
    for campers, a, b, games in todo:
        if only is not None and name(campers, a, b) not in only:
            continue
        seats = tuple(a if team_of(s, campers) == 0 else b for s in range(campers))
        before = load()
        report = run(campers, seats, games, args.seed, args.workers)
        report += f"\nload average (1, 5, 15 min) before: {before}; after: {load()}"
        (RESULTS / f"ai_{name(campers, a, b)}.txt").write_text(report + "\n")
        print(report, "\n", flush=True)
    # The log: every report of the plan, in plan order (what `--only` did not re-run stays).
    parts = []
    for campers, a, b, _ in todo:
        path = RESULTS / f"ai_{name(campers, a, b)}.txt"
        if path.exists():
            parts.append(path.read_text())
    (RESULTS / "ai_tournaments.log").write_text("\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
