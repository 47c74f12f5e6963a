"""Run the reference bot tournaments (issue 3 targets) and write each report to bench/results/.

Run: `.venv/bin/python bench/ai_tournaments.py [--games 2000] [--seed 1] [--quick]`. Each
report is `bench/results/ai_<campers>p_<A>_vs_<B>.txt`, as `python -m ai.tournament` prints it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import LEVELS  # noqa: E402
from ai.tournament import run  # noqa: E402
from game.cards import team_of  # noqa: E402

G, S, R, T = LEVELS


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--other-games", type=int, default=400, help="games for the 3- and 6-camper runs")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    out_dir = Path(__file__).resolve().parent / "results"
    out_dir.mkdir(exist_ok=True)
    plan = [
        (4, a, b, args.games)
        for a, b in ((S, G), (R, S), (T, R), (T, "random"), (T, "oracle"), (G, "random"))
    ]
    plan += [(n, a, b, args.other_games) for n in (3, 6) for a, b in ((S, G), (R, S), (T, R), (T, "random"))]
    for campers, a, b, games in plan:
        seats = tuple(a if team_of(s, campers) == 0 else b for s in range(campers))
        report = run(campers, seats, games, args.seed, os.cpu_count() or 1)
        path = out_dir / f"ai_{campers}p_{a}_vs_{b}.txt"
        path.write_text(report + "\n")
        print(report, "\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
