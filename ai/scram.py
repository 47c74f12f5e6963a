"""Judging a Scram: the chance it succeeds and what it records, over tables guessed from belief.

`outlook` guesses whole tables from the bot's belief (`search.determinize`), declares on each
and plays the other campers' final turns out (`search.greedy`), and, on the same tables,
plays the round on without declaring (the one-step plan, then everybody's turns to the end
of the round). It returns the share of tables on which the Scram succeeds (our team's total
at most theirs after their final turns, R-SCORE-3) and the mean recorded results.

The raw share is then *calibrated*: guessed tables play every camper's final turn by a
quick policy and guess the unknown cards from the belief, so the raw share can be off
(with the rule-of-thumb belief it was far too hopeful; with the measured leans it is close
below 0.8). `calibrated` maps it to the success rate measured in play
(studies/scram_calibration.py prints the table it comes from); the top level declares on the
calibrated chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import SCRAM

from .belief import Know
from .search import Plan, _apply_plan, determinize, over, result, rollout


@dataclass(frozen=True)
class Outlook:
    """What declaring now looks like over `samples` guessed tables."""

    p: float  # share of the tables on which the Scram succeeds
    scram: float  # mean recorded result if declaring (the other team's minus ours)
    wait: float | None  # the same without declaring (None: not played)
    gap: float  # mean of (their total - our total) once the final turns are played
    samples: int


def outlook(
    k: Know,
    wait_plan: Plan | None,
    rng: random.Random,
    samples: int,
    last_duo: int,
    steps: int = 300,
    budget: int | None = None,
    game_scale: float | None = None,
) -> Outlook:
    """Declare now vs `wait_plan` (None: judge the Scram alone), on the same guessed tables.
    `game_scale`: in the game's last round, results are the games they leave (`result`)."""
    team = k.team
    wins = 0
    s_tot = w_tot = gap = 0.0
    done = work = 0
    for _ in range(samples):
        base = determinize(k, rng, last_duo)
        g = base.copy()
        g.apply(SCRAM)
        work += rollout(g, steps)
        if over(g):  # always, with final turns only; `result` stays total anyway
            wins += g.scores[-1][team] == 0
            totals = _team_totals(g)
            gap += totals[1 - team] - totals[team]
        s_tot += result(g, team, game_scale)
        if wait_plan is not None:
            g = base.copy()
            _apply_plan(g, wait_plan)
            work += rollout(g, steps)
            w_tot += result(g, team, game_scale)
        done += 1
        if budget is not None and work >= budget:
            break
    wait = (w_tot / done) if wait_plan is not None else None
    return Outlook(wins / done, s_tot / done, wait, gap / done, done)


def _team_totals(g) -> tuple[int, int]:
    """The round's team totals (before R-SCORE-3) from its `RoundScored` event."""
    for e in reversed(g.events):
        if type(e).__name__ == "RoundScored":
            return e.team_totals
    raise AssertionError("the round was not scored")


# Raw share of winning guessed tables -> success rate measured in play, by bucket edges.
# Filled from `studies/scram_calibration.py --least-chance 0.25` (trailblazers against
# experts, 4 campers, 200 games, seed 5000: below 0.8 the raw share is now nearly honest,
# thanks to the measured leans) and the Scrams of the 400-game run against the expert at
# seed 1 above it; between the points the map is linear.
CALIBRATION: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.45, 0.45),
    (0.55, 0.53),
    (0.65, 0.64),
    (0.75, 0.73),
    (0.85, 0.81),
    (0.93, 0.88),
    (1.0, 0.97),
)


def calibrated(p: float) -> float:
    """The measured success rate of Scrams whose raw share was `p` (see `CALIBRATION`)."""
    pts = CALIBRATION
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0 or 1.0)
    return pts[-1][1]
