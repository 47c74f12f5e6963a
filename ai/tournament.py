"""`python -m ai.tournament`: measure bot levels against each other, headless, on all cores.

Duplicate style: every deal (seed) is played twice with the same decks and the two sides'
seats exchanged, so luck of the cards cancels out. Prints each side's win share with a
95% confidence interval (over deals, a drawn game counting half; see `interval`), its mean recorded round
score, failed replacements per 100 turns, team-hurting moves (a 13 given to the own team,
a discard of an opponent's card, an exchange that knowingly brings the higher card into
the own team or a teammate's campsite), and decision time p50/p95/mean/max per level: the
CPU time of the deciding process (its cost, as a server running many tables pays it) and
the wall time (what a player waits; on a busy machine it counts the others' work too).

    python -m ai.tournament --campers 4 --teams ranger,scout --games 2000 --seed 1
    python -m ai.tournament --campers 4 --seats trailblazer,oracle,scout,oracle --games 200
    python -m ai.tournament --campers 4 --teams master,expert --knobs 'master={"scram_p_min": 0.7}'
    python -m ai.tournament --levels
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from functools import partial
from multiprocessing import Pool

from game import cli
from game.cli import Parser, int_at_least
from game.rules import (
    EQ,
    Act,
    Game,
    ReplacementRevealed,
    RoundScored,
    Scram,
    ScramDeclared,
    Swap,
    TurnBegan,
    team_of,
)

from .bots import LEVELS, REFERENCE
from .deep import DEEP_FIELDS
from .driver import play_game
from .policy import Params
from .roster import make_bot

KNOBBED = (*LEVELS, "expert", "master", "sage")  # the players whose knobs `--knobs` may change


# ---- team-hurting moves -------------------------------------------------------------
def _known_value(game: Game, seat: int, t: tuple, memory=None) -> int | None:
    """The value of target `t` as `seat` believes it: face up, else what its memory holds
    (a bot without a memory model: what its seat knows)."""
    if t[0] == "deck":
        v, known = game.deck_card(t[1])
        if memory is not None:
            return memory.deck_value(t[1])
        return v if known >> seat & 1 else None
    v, up, known = game.campsites[t[0]][t[1]]
    if up:
        return v
    if memory is not None:
        return memory.remembered(*t)
    return v if known >> seat & 1 else None


def _exchange_hurts(game: Game, seat: int, a: tuple, b: tuple, memory=None) -> bool:
    n = game.campers
    team = team_of(seat, n)

    def ours(t):
        return t[0] != "deck" and team_of(t[0], n) == team

    va, vb = _known_value(game, seat, a, memory), _known_value(game, seat, b, memory)
    if va is None or vb is None or va == vb:
        return False
    if ours(a) and ours(b):
        # Shuffling within the team: it hurts the teammate that receives the higher card.
        return True
    for mine, other, vm, vo in ((a, b, va, vb), (b, a, vb, va)):
        if ours(mine) and not ours(other):
            # R-SCORE-1: in our campsite an `=` is worth that campsite's lowest card.
            return _worth_in(game, seat, mine, vo, memory) > _worth_in(game, seat, mine, vm, memory)
    return False


def _worth_in(game: Game, seat: int, t: tuple, value: int, memory=None) -> int:
    """What `value` at campsite target `t` scores as `seat` believes: a number itself, an
    `=` the lowest numbered card it knows among the campsite's other cards (0 if none)."""
    if value != EQ:
        return value
    others = (
        _known_value(game, seat, (t[0], i), memory) for i in range(len(game.campsites[t[0]])) if i != t[1]
    )
    return min((v for v in others if v is not None and v != EQ), default=0)


def hurts(game: Game, seat: int, decision, memory=None) -> bool:
    """Does `decision` (about to be applied) knowingly hurt the actor's own team?

    "Knowingly" is judged on what the actor believes: `memory` (a bot's `Memory`) if given.
    """
    n = game.campers
    if type(decision) is Swap and game.twelve:
        return _exchange_hurts(game, seat, *game.twelve, memory)
    if type(decision) is not Act:
        return False
    held = game.drawn
    if held == 13:
        return team_of(decision.seat, n) == team_of(seat, n)
    if held in (9, 10):
        return any(t[0] != "deck" and team_of(t[0], n) != team_of(seat, n) for t in decision.targets)
    if held == 11 and len(decision.targets) == 2:
        return _exchange_hurts(game, seat, *decision.targets, memory)
    return False


# ---- one deal, twice ------------------------------------------------------------------
def _outcome(winner, team: int) -> float:
    if winner == "nobody":
        return 0.5
    return 1.0 if winner == team else 0.0


def _configs(seats: tuple[str, ...], n: int, duplicate: bool) -> list[tuple[list[str], list[int]]]:
    """(levels by seat, side by seat) of the deal's games: as dealt, then (duplicate) with the
    sides exchanged (with 3 campers the solo and the duo change places)."""
    side_of = [team_of(s, n) for s in range(n)]  # side 0 = the levels given for team 0
    configs = [(list(seats), side_of)]
    if duplicate:
        if n == 3:
            configs.append(([seats[1], seats[0], seats[0]], [1, 0, 0]))
        else:
            configs.append(([seats[(s - 1) % n] for s in range(n)], [side_of[(s - 1) % n] for s in range(n)]))
    return configs


def deal_bots(levels: list[str], n: int, game_seed: int, knobs: dict | None = None) -> list:
    """One game's bots (`levels[s]` at seat s), seeded from the game's seed as every measurement
    seeds them, so a game of a deal is the same game in the tournament and in the benches;
    `knobs` ({level: {field: value}}) as in `play_deal`."""
    knobs = knobs or {}
    return [
        make_bot(levels[s], s, n, game_seed * 7919 + 97 * s + len(levels[s]), knobs.get(levels[s]))
        for s in range(n)
    ]


def play_deal(
    deal: int, campers: int, seats: tuple[str, ...], seed: int, duplicate: bool, knobs: dict | None = None
) -> dict:
    """Play the deal `seed + deal` with `seats`, then (duplicate) with the sides exchanged;
    `knobs` ({level: {field: value}}) changes some levels' `Params` for the measurement."""
    knobs = knobs or {}
    n = campers
    configs = _configs(seats, n, duplicate)
    game_seed = seed + deal
    out = {key: [0, 0] for key in ("score", "rounds", "round_sum", "turns", "failed", "hurts")}
    out |= {"times": defaultdict(list), "walls": defaultdict(list), "games": 0, "scrams": []}
    for levels, sides in configs:
        bots = deal_bots(levels, n, game_seed, knobs)
        hurt_box = [0, 0]

        said: list[tuple] = []

        def watch(
            game, seat, decision, dt, sides=sides, levels=levels, hurt_box=hurt_box, bots=bots, said=said
        ):
            out["times"][levels[seat]].append(dt.cpu)
            out["walls"][levels[seat]].append(dt.wall)
            bot = bots[seat]
            if hurts(game, seat, decision, None if bot.omniscient else getattr(bot, "memory", None)):
                hurt_box[sides[seat]] += 1
            if type(decision) is Scram:
                log = getattr(bot, "scram_log", None)
                said.append((levels[seat], *(log[-1] if log else (None, None))))

        game = play_game(n, bots, game_seed, watch)
        out["scrams"].extend(_scram_outcomes(game, said))
        out["games"] += 1
        # Which side holds team 0 in this configuration.
        side_team = {sides[s]: team_of(s, n) for s in range(n)}
        for side in (0, 1):
            team = side_team[side]
            out["score"][side] += _outcome(game.winner, team) / len(configs)
            out["rounds"][side] += len(game.scores)
            out["round_sum"][side] += sum(r[team] for r in game.scores)
            out["hurts"][side] += hurt_box[side]
        for e in game.events:
            if type(e) is TurnBegan:
                out["turns"][sides[e.seat]] += 1
            elif type(e) is ReplacementRevealed and not e.matched:
                out["failed"][sides[e.seat]] += 1
    out["times"], out["walls"] = dict(out["times"]), dict(out["walls"])
    return out


def _scram_outcomes(game: Game, said: list[tuple]) -> list[tuple]:
    """(level, raw share, calibrated chance, succeeded) for every Scram of `game`, in order;
    `said` holds what each declaring bot predicted (None for bots that do not predict)."""
    out = []
    declared = None
    for e in game.events:
        if type(e) is ScramDeclared:
            declared = e.seat
        elif type(e) is RoundScored and declared is not None:
            level, raw, chance = said[len(out)]
            out.append((level, raw, chance, e.recorded[team_of(declared, game.campers)] == 0))
            declared = None
    return out


CHANCE_EDGES = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)


def scram_lines(scrams: list[tuple], games: int, order: tuple[str, ...]) -> list[str]:
    """Scrams per game and their success rate per level, then the calibration table: the
    calibrated chance predicted at each declaration, in buckets, against the rate measured."""
    lines = [f"{'Scrams':<18}{'per game':>9}{'succeeded':>11}"]
    levels = sorted({r[0] for r in scrams}, key=order.index)
    for lv in levels:
        oks = [r[3] for r in scrams if r[0] == lv]
        lines.append(f"  {lv:<16}{len(oks) / games:>9.2f}{100 * sum(oks) / len(oks):>10.1f}%")
    for lv in levels:
        rows = [r for r in scrams if r[0] == lv and r[2] is not None]
        if not rows:
            continue
        lines.append(f"calibration, {lv}: predicted chance  Scrams  mean predicted  succeeded")
        for lo, hi in zip(CHANCE_EDGES, CHANCE_EDGES[1:], strict=False):
            part = [r for r in rows if lo <= r[2] < hi]
            if part:
                mean = sum(r[2] for r in part) / len(part)
                ok = sum(r[3] for r in part) / len(part)
                lines.append(
                    f"  {lo:.1f}-{min(hi, 1.0):.1f}{'':<22}{len(part):>6}{mean:>16.2f}{100 * ok:>10.1f}%"
                )
    return lines


# ---- the report -----------------------------------------------------------------------
def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def interval(xs: list[float], z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of the mean deal score: the normal one over deals (paired
    games, so the duplicate's luck cancels); when every deal ended alike (no spread to
    measure, e.g. 100% against random-legal) the Wilson score interval over deals instead,
    which does not collapse to a point."""
    n = len(xs)
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if n > 1 else 0.0
    if sd > 0:
        half = z * sd / math.sqrt(n)
        return max(0.0, m - half), min(1.0, m + half)
    centre = (m + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(m * (1 - m) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(
    campers: int,
    seats: tuple[str, ...],
    games: int,
    seed: int,
    workers: int,
    duplicate: bool = True,
    knobs: dict | None = None,
) -> str:
    deals = max(1, games // 2) if duplicate else games
    t0 = time.perf_counter()
    job = partial(play_deal, campers=campers, seats=seats, seed=seed, duplicate=duplicate, knobs=knobs)
    results = []
    if workers > 1:
        with Pool(workers, initializer=cli.ignore_sigint) as pool:  # Ctrl-C: the parent's
            results = list(pool.imap_unordered(job, range(deals), chunksize=max(1, deals // (workers * 16))))
    else:
        results = [job(d) for d in range(deals)]
    secs = time.perf_counter() - t0
    n_games = sum(r["games"] for r in results)
    names = [
        "/".join(sorted({seats[s] for s in range(campers) if team_of(s, campers) == side})) for side in (0, 1)
    ]
    lines = [
        f"Scram! tournament: {campers} campers, {deals} deals x {2 if duplicate else 1} "
        f"({n_games} games{', duplicate' if duplicate else ''}), seed {seed}, "
        f"{workers} workers, {secs:.0f} s",
        f"seats as dealt: {','.join(seats)}"
        + "".join(f"; {lv} with {json.dumps(k, sort_keys=True)}" for lv, k in sorted((knobs or {}).items())),
        f"{'side':<5}{'level':<24}{'win share':>10}  {'95% CI':<16}{'mean round':>11}"
        f"{'failed/100 turns':>18}{'team-hurting':>14}",
    ]
    for side in (0, 1):
        xs = [r["score"][side] for r in results]
        m = statistics.fmean(xs)
        lo, hi = interval(xs)
        rounds = sum(r["rounds"][side] for r in results)
        rsum = sum(r["round_sum"][side] for r in results)
        turns = sum(r["turns"][side] for r in results)
        failed = sum(r["failed"][side] for r in results)
        hurt = sum(r["hurts"][side] for r in results)
        lines.append(
            f"{'AB'[side]:<5}{names[side]:<24}{100 * m:>9.1f}%  "
            f"[{100 * lo:.1f}, {100 * hi:.1f}]"
            f"{'':<3}{rsum / max(rounds, 1):>9.1f}{100 * failed / max(turns, 1):>18.2f}{hurt:>14}"
        )
    for key, title in (("times", "decision CPU time"), ("walls", "decision wall time")):
        lines.extend(time_lines(results, key, title))
    scrams = [x for r in results for x in r["scrams"]]
    lines.extend(scram_lines(scrams, n_games, LEVELS + REFERENCE))
    return "\n".join(lines)


def time_lines(results: list[dict], key: str, title: str) -> list[str]:
    """p50/p95/mean/max of one kind of decision time (`key`: "times" CPU, "walls" wall), per level."""
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for lv, ts in r[key].items():
            times[lv].extend(ts)
    lines = [f"{title:<18}{'p50 ms':>9}{'p95 ms':>9}{'mean ms':>9}{'max ms':>9}{'decisions':>11}"]
    for lv in sorted(times, key=lambda x: (LEVELS + REFERENCE).index(x)):
        ts = times[lv]
        lines.append(
            f"  {lv:<16}{1000 * _pct(ts, 0.5):>9.2f}{1000 * _pct(ts, 0.95):>9.2f}"
            f"{1000 * statistics.fmean(ts):>9.2f}{1000 * max(ts):>9.1f}{len(ts):>11}"
        )
    return lines


PROG = "python -m ai.tournament"


def _seats(p: Parser, args) -> tuple[str, ...]:
    """The level of every seat from --seats or --teams (a usage error if they do not fit)."""
    n = args.campers
    known = LEVELS + REFERENCE
    if args.seats:
        seats = tuple(x.strip() for x in args.seats.split(","))
        if len(seats) != n:
            p.error(f"--seats needs {n} levels, one per seat, not {len(seats)}")
    elif args.teams:
        pair = [x.strip() for x in args.teams.split(",")]
        if len(pair) != 2:
            p.error(f"--teams needs two levels, LEVEL,LEVEL (team 0's, team 1's), not {args.teams!r}")
        seats = tuple(pair[team_of(s, n)] for s in range(n))
    else:
        p.error("give --teams A,B or --seats L0,L1,...")
    for lv in seats:
        if lv not in known:
            p.error(f"unknown level {lv!r}: choose from {', '.join(known)}")
    if n == 3 and args.seats and seats[1] != seats[2] and not args.no_duplicate:
        p.error("with 3 campers the duo must share a level for duplicate play (or --no-duplicate)")
    return seats


def _knobs(p: Parser, given: list[str], seats: tuple[str, ...]) -> dict[str, dict]:
    """{level: {field: value}} from `--knobs LEVEL=JSON` (a usage error if one does not fit)."""
    fields = {f.name: f for f in dataclasses.fields(Params)}
    out: dict[str, dict] = {}
    for text in given:
        level, _, body = text.partition("=")
        level = level.strip()
        if level not in seats or level not in KNOBBED:
            p.error(f"--knobs: {level!r} is not a seated level with knobs ({', '.join(KNOBBED)})")
        try:
            knobs = json.loads(body[:2000])
        except ValueError:
            knobs = None
        if not isinstance(knobs, dict) or not knobs:
            p.error(f'--knobs {level}=...: give a JSON object of knobs, e.g. {{"scram_p_min": 0.7}}')
        for key, value in knobs.items():
            # The search's knobs too, of the sage and the trailblazer that plays its search.
            deep = level in ("sage", "trailblazer") and key in DEEP_FIELDS
            if (key not in fields and not deep) or key in ("name", "by_table"):
                p.error(f"--knobs: {key!r} is not a knob of a level")
            if not (value is None or isinstance(value, (int, float, str))):
                p.error(f"--knobs: {key} takes a number, a word or null, not {value!r}")
        out.setdefault(level, {}).update(knobs)
    return out


def main(argv: list[str] | None = None) -> int:
    p = Parser(PROG, __doc__)
    p.add_argument(
        "--levels", action="store_true", help="list the levels, weakest first, then the references"
    )
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4, help="table size")
    p.add_argument("--teams", help="LEVEL,LEVEL: team 0's level, team 1's level (3 campers: solo, duo)")
    p.add_argument("--seats", help="L0,L1,...: one level per seat")
    p.add_argument(
        "--games", type=int_at_least(1), default=200, help="games in all (two per deal when duplicate)"
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal (the next ones count up)")
    p.add_argument(
        "--workers", type=int_at_least(1), default=os.cpu_count() or 1, help="processes to play on"
    )
    p.add_argument("--no-duplicate", action="store_true", help="play each deal once")
    p.add_argument(
        "--knobs",
        action="append",
        default=[],
        metavar="LEVEL=JSON",
        help="change some of a level's knobs for this run, e.g. master='{\"scram_p_min\": 0.7}' (repeatable)",
    )
    args = p.parse_args(argv)
    if args.levels:
        print("\n".join(LEVELS + REFERENCE))
        return 0
    seats = _seats(p, args)
    knobs = _knobs(p, args.knobs, seats)
    out = run(args.campers, seats, args.games, args.seed, args.workers, not args.no_duplicate, knobs)
    print(out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(cli.run(PROG, main))
