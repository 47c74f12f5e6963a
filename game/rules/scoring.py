"""Scoring: a campsite's score, a failed replacement's penalty, a round's result, the
winner of the game and the start camper of the next round (R-SCORE-*, R-REPL-5, R-GAME-*).

Pure functions of the table's values; `Game` calls them when a round or the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import EQ
from .targets import SEAT_TEAMS

PENALTIES = {3: 1, 4: 2}
# Each team's seats as a slice of the seats (R-SEAT-2/3: the solo and the duo, or the even
# and the odd seats), for the team totals.
_TEAM_SLICES = {
    n: (slice(0, 1), slice(1, 3)) if n == 3 else (slice(0, n, 2), slice(1, n, 2)) for n in (3, 4, 6)
}


def penalty_count(distinct: int) -> int:
    """R-REPL-5: extra cards for a failed replacement with `distinct` numbered values."""
    return 3 if distinct >= 5 else PENALTIES.get(distinct, 0)


def camper_score(values: Sequence[int]) -> int:
    """R-SCORE-1: the sum of a campsite, each `=` counting as its lowest numbered card."""
    # `=` is 0 (EQ), so the sum of all the values is the sum of the numbered ones.
    eqs = values.count(EQ)
    if not eqs:
        return sum(values)
    if eqs == len(values):
        return 0
    return sum(values) + eqs * min(filter(None, values))  # (`filter(None, …)` drops the 0s)


def round_result(
    values: tuple[tuple[int, ...], ...], scram: int | None
) -> tuple[tuple[int, ...], tuple[int, int], tuple[int, int]]:
    """R-SCORE-1..3: (each camper's score, the team totals, the totals recorded after Scram)."""
    n = len(values)
    scores = tuple([camper_score(row) for row in values])
    first, second = _TEAM_SLICES[n]
    team = [sum(scores[first]), sum(scores[second])]
    recorded = list(team)
    if scram is not None:
        t = SEAT_TEAMS[n][scram]
        recorded[t] = 0 if team[t] <= team[1 - t] else team[t] + 10
    return scores, (team[0], team[1]), (recorded[0], recorded[1])


def game_winner(totals: list[int], scores: list[tuple[int, int]], campers: int) -> int | str:
    """R-GAME-1..3: the team with the lower total; a tie goes to the solo camper (3 campers),
    else to the latest round the teams did not tie, else to nobody."""
    a, b = totals
    if a != b:
        return 0 if a < b else 1
    if campers == 3:
        return 0
    for x, y in reversed(scores):
        if x != y:
            return 0 if x < y else 1
    return "nobody"


def next_start(recorded: tuple[int, int], camper_scores: tuple[int, ...], start: int) -> int:
    """R-SCORE-4: the next round's start camper, from the round just recorded.

    The round's winning team (every camper on a tie) offers its lowest-scoring campers; the
    first of them after this round's start camper, going round the table, starts.
    """
    n = len(camper_scores)
    a, b = recorded
    teams = SEAT_TEAMS[n]
    winner = None if a == b else 0 if a < b else 1
    low = min([x for s, x in enumerate(camper_scores) if winner is None or teams[s] == winner])
    for k in range(1, n + 1):
        seat = (start + k) % n
        if camper_scores[seat] == low and (winner is None or teams[seat] == winner):
            return seat
    raise AssertionError("no start camper")
