"""Where a level's recorded margin comes from against another: by how rounds end, and how the
teams' true totals and card counts stand as the deck runs down.

Run: `.venv/bin/python -m studies.margin_sources --campers 4 [--level trailblazer]
[--against master] [--knobs '{"taper": 4}'] [--games 200] [--seed 900001] [--workers 2]`.

Duplicate games as in `ai.tournament` (the same seeds, so the games are the tournament's).
For every round: how it ended (the deck ran out; a Scram of either side, succeeded or not)
and the recorded margin (the other side's recorded score minus the level's: positive is
good for the level), summed per game by kind of ending. Then, at fixed deck sizes in rounds
still without a Scram, the mean true campsite total and card count of each side's team
(read from the real table by this script only). The two sides' teams start from the same
deals, so a gap in totals early in a round is the play's, not the cards'.
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict

from ai.driver import play_game
from ai.tournament import deal_bots
from game.rules import START, RoundScored, camper_score, team_of
from studies.deal_runs import deal_parser, play_deals

# Deck sizes at which the table is read: about every table turn and a half at each size.
MARKS = {4: (30, 24, 18, 12, 8), 6: (34, 28, 22, 16, 10)}


def _ending(e: RoundScored, side_team: int, n: int) -> str:
    if e.scram is None:
        return "deck ran out"
    who = "ours" if team_of(e.scram, n) == side_team else "theirs"
    ok = e.recorded[team_of(e.scram, n)] == 0
    return f"Scram, {who}, {'succeeded' if ok else 'failed'}"


def one_deal(deal: int, n: int, level: str, against: str, seed: int, knobs: dict | None) -> dict:
    """Both seatings of the deal: per round (ending, margin), per mark (totals, cards)."""
    game_seed = seed + deal
    rounds: list[tuple[str, int]] = []
    marks: list[tuple[int, int, int, int, int]] = []
    for side_team in (0, 1):
        levels = [level if team_of(s, n) == side_team else against for s in range(n)]
        bots = deal_bots(levels, n, game_seed, {level: knobs} if knobs else None)
        seen: set[tuple[int, int]] = set()

        def watch(game, seat, decision, dt, seen=seen, side_team=side_team) -> None:
            if game.phase != START or game.scram is not None:
                return
            for m in MARKS[n]:
                if len(game.deck) <= m and (game.round, m) not in seen:
                    seen.add((game.round, m))
                    tot, cnt = [0, 0], [0, 0]
                    for s in range(n):
                        ours = int(team_of(s, n) == side_team)
                        tot[ours] += camper_score([c[0] for c in game.campsites[s]])
                        cnt[ours] += len(game.campsites[s])
                    marks.append((m, tot[1], tot[0], cnt[1], cnt[0]))

        game = play_game(n, bots, game_seed, watch)
        for e in game.events:
            if type(e) is RoundScored:
                rounds.append((_ending(e, side_team, n), e.recorded[1 - side_team] - e.recorded[side_team]))
    return {"rounds": rounds, "marks": marks}


def main() -> int:
    args = deal_parser(__doc__, 200, 900001).parse_args()
    n = args.campers
    rows, deals = play_deals(one_deal, args)
    games = 2 * deals
    print(
        f"{args.level} {args.knobs} against {args.against}, {n} campers, deals {args.seed}-"
        f"{args.seed + deals - 1} ({games} games); margin: {args.against}'s recorded score "
        f"minus {args.level}'s"
    )
    by: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        for kind, margin in r["rounds"]:
            by[kind].append(margin)
    print(f"{'how the round ended':32} {'a game':>7} {'mean margin':>12} {'margin a game':>14}")
    for kind in sorted(by):
        xs = by[kind]
        print(f"{kind:32} {len(xs) / games:7.2f} {statistics.fmean(xs):+12.2f} {sum(xs) / games:+14.2f}")
    print(f"{'all rounds':32} {'':7} {'':12} {sum(sum(x) for x in by.values()) / games:+14.2f}")
    at: dict[int, list[tuple]] = defaultdict(list)
    for r in rows:
        for m in r["marks"]:
            at[m[0]].append(m)
    sides = f"{args.level} / {args.against}"
    print(f"rounds without a Scram yet, as the deck runs down: team totals and cards ({sides})")
    for m in MARKS[n]:
        xs = at[m]
        if not xs:
            continue
        gap = [x[1] - x[2] for x in xs]
        se = statistics.stdev(gap) / len(gap) ** 0.5 if len(gap) > 1 else 0.0
        tot_a, tot_b, cards_a, cards_b = (statistics.fmean(x[j] for x in xs) for j in (1, 2, 3, 4))
        print(
            f"deck <= {m:2d}: {len(xs):5d} rounds, totals {tot_a:5.1f} / {tot_b:5.1f} (gap "
            f"{statistics.fmean(gap):+.2f}, standard error {se:.2f}), cards {cards_a:4.2f} / {cards_b:4.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
