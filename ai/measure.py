"""`python -m ai.measure`: long duplicate measurements, kept deal by deal and resumable.

`ai.tournament` reports at its end; a measurement of a thousand searched deals takes CPU
hours, so this one appends every finished deal to a results file (JSON lines) as soon as
it is played and, run again with the same file and seating, plays only the deals not yet
there. Stopping it loses at most the deals being played.

    python -m ai.measure play --out r.jsonl --campers 3 --teams trailblazer,quick \\
        --mirror quick --deals 3100001-3101000 --workers 2
    python -m ai.measure play --out r.jsonl --campers 4 \\
        --seats trailblazer,master,scout,scout --deals 3210001-3210500
    python -m ai.measure play --out r.jsonl --campers 4 --seats trailblazer,master,scout,scout \\
        --deals 3210001-3210500 --knobs 'trailblazer={"partner": "forgetful"}' --chunk 5
    python -m ai.measure summary --out r.jsonl

A deal is a game seed (the tournament's `--seed`, so deal 3100001 here is the tournament's
first game with `--seed 3100001`), played twice with the sides' seats exchanged (with 3
campers the solo and the duo change places) and, with `--mirror LEVEL`, once more with
every seat LEVEL: the baseline each role is compared with (does the solo, or the duo, win
more often with side A's level in its seats than with the mirror level's?).

Each line: the run (campers, seats as dealt, knobs, mirror), the deal, and per game the
levels by seat, the side of each seat, the team totals, the winner, side A's and B's
outcome (a drawn game half), team-hurting moves per side, Scrams per level (declared,
succeeded) and decision CPU and wall times per level as histograms (0.1 ms bins below
100 ms, 1 ms above; the maximum exact). `summary` prints, per run in the file, side A's
share with a 95 % interval over deals, its share in each role, its lead over the mirror in
each role (paired by deal), team-hurting moves, Scrams, and decision CPU and wall
p50/p95/max per level.
"""

from __future__ import annotations

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
from game.rules import Scram, team_of

from .bots import LEVELS, REFERENCE
from .driver import play_game
from .tournament import _configs, _knobs, _outcome, _scram_outcomes, _seats, deal_bots, hurts, interval

FORMAT = 1
MOST_DEALS = 1_000_000  # a deal range longer than this is a typing mistake


# ---- decision times, kept small ------------------------------------------------------
def time_bin(seconds: float) -> str:
    """The histogram bin of a decision time: its lower edge in ms, 0.1 ms wide below 100 ms
    and 1 ms wide above (finer than any budget this measures; a file stays small)."""
    ms = seconds * 1000.0
    edge = math.floor(ms * 10) / 10 if ms < 100 else float(math.floor(ms))
    return f"{edge:g}"


def add_time(hist: dict, seconds: float) -> None:
    """Count one decision time into `hist` ({"n", "max", "bins": {edge: count}})."""
    hist["n"] = hist.get("n", 0) + 1
    hist["max"] = max(hist.get("max", 0.0), round(seconds * 1000.0, 3))
    bins = hist.setdefault("bins", {})
    key = time_bin(seconds)
    bins[key] = bins.get(key, 0) + 1


def merge_times(hists: list[dict]) -> dict:
    """One histogram of many."""
    out: dict = {"n": 0, "max": 0.0, "bins": {}}
    for h in hists:
        out["n"] += h["n"]
        out["max"] = max(out["max"], h["max"])
        for k, c in h["bins"].items():
            out["bins"][k] = out["bins"].get(k, 0) + c
    return out


def quantile(hist: dict, q: float) -> float:
    """The `q` quantile of a histogram, in ms: the lower edge of the bin it falls in."""
    edges = sorted(hist["bins"].items(), key=lambda kv: float(kv[0]))
    want = min(hist["n"] - 1, int(q * hist["n"]))
    seen = 0
    for edge, count in edges:
        seen += count
        if seen > want:
            return float(edge)
    return float("nan")


# ---- one deal --------------------------------------------------------------------------
def play_one(deal: int, campers: int, seats: tuple[str, ...], knobs: dict, mirror: str | None) -> dict:
    """The deal's games (the duplicate pair, then the mirror game), as one results line's body."""
    n = campers
    configs = _configs(seats, n, True)
    if mirror:
        configs.append(([mirror] * n, [team_of(s, n) for s in range(n)]))
    t0 = time.process_time()
    games = []
    for levels, sides in configs:
        bots = deal_bots(levels, n, deal, knobs)
        cpu: dict[str, dict] = defaultdict(dict)
        wall: dict[str, dict] = defaultdict(dict)
        hurt = [0, 0]
        said: list[tuple] = []

        def watch(
            game,
            seat,
            decision,
            dt,
            levels=levels,
            sides=sides,
            bots=bots,
            cpu=cpu,
            wall=wall,
            hurt=hurt,
            said=said,
        ):
            add_time(cpu[levels[seat]], dt.cpu)
            add_time(wall[levels[seat]], dt.wall)
            bot = bots[seat]
            if hurts(game, seat, decision, None if bot.omniscient else getattr(bot, "memory", None)):
                hurt[sides[seat]] += 1
            if type(decision) is Scram:
                log = getattr(bot, "scram_log", None)
                said.append((levels[seat], *(log[-1] if log else (None, None))))

        game = play_game(n, bots, deal, watch)
        side_team = {sides[s]: team_of(s, n) for s in range(n)}
        scrams: dict[str, list[int]] = {}
        for level, _raw, _chance, ok in _scram_outcomes(game, said):
            tally = scrams.setdefault(level, [0, 0])
            tally[0] += 1
            tally[1] += bool(ok)
        games.append(
            {
                "levels": list(levels),
                "sides": list(sides),
                "totals": list(game.totals),
                "winner": game.winner,
                "outcome": [_outcome(game.winner, side_team[side]) for side in (0, 1)],
                "rounds": len(game.scores),
                "hurts": hurt,
                "scrams": scrams,
                "cpu": dict(cpu),
                "wall": dict(wall),
            }
        )
    return {"deal": deal, "games": games, "cpu_s": round(time.process_time() - t0, 2)}


# ---- the results file ------------------------------------------------------------------
def run_key(run: dict) -> str:
    return json.dumps(run, sort_keys=True)


def read_lines(path: str) -> tuple[list[dict], int]:
    """The results file's deals (a missing file: none), and how many lines were unreadable
    (a line cut short when a run was stopped while writing): skipped, and their deals
    played again on resuming."""
    if not os.path.exists(path):
        return [], 0
    out, bad = [], 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                bad += 1
                continue
            if isinstance(rec, dict) and rec.get("format") == FORMAT and "run" in rec and "deal" in rec:
                out.append(rec)
            else:
                bad += 1
    return out, bad


def _open_for_append(path: str):
    """The file to append to, its last line ended first if a stopped run cut it short (that
    line stays, unread, and is played again)."""
    if os.path.exists(path) and os.path.getsize(path):
        with open(path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            cut = f.read(1) != b"\n"
        if cut:
            with open(path, "a", encoding="utf-8") as f:
                f.write("\n")
    return open(path, "a", encoding="utf-8")


def play(
    path: str,
    campers: int,
    seats: tuple[str, ...],
    deals: range,
    workers: int = 1,
    knobs: dict | None = None,
    mirror: str | None = None,
    most: int | None = None,
    say=print,
) -> int:
    """Play the deals of `deals` not yet in `path` for this run (the first `most` of them, if
    given: a chunk), appending each as it ends; returns the deals played now."""
    knobs = knobs or {}
    run = {"campers": campers, "seats": list(seats), "knobs": knobs, "mirror": mirror}
    key = run_key(run)
    old, bad = read_lines(path)
    done = {r["deal"] for r in old if run_key(r["run"]) == key}
    todo = [d for d in deals if d not in done][:most]
    say(
        f"{path}: {len(done)} deals of this run already there"
        + (f" ({bad} unreadable lines skipped)" if bad else "")
        + f", {len(todo)} of {deals.start}-{deals.stop - 1} to play now"
    )
    if not todo:
        return 0
    job = partial(play_one, campers=campers, seats=seats, knobs=knobs, mirror=mirror)
    played = 0
    planned = [deals.start, deals.stop - 1]
    with _open_for_append(path) as f:

        def keep(body: dict) -> None:
            nonlocal played
            line = {"format": FORMAT, "run": run, "planned": planned} | body
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
            played += 1

        if workers > 1:
            with Pool(workers, initializer=cli.ignore_sigint) as pool:
                for body in pool.imap_unordered(job, todo, chunksize=1):
                    keep(body)
        else:
            for d in todo:
                keep(job(d))
    say(f"{path}: {played} deals played")
    return played


# ---- the summary -----------------------------------------------------------------------
def _mean_interval(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and normal 95 % interval of paired differences (not clamped to [0, 1])."""
    m = statistics.fmean(xs)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, m - half, m + half


def _share(xs: list[float]) -> str:
    lo, hi = interval(xs)
    return f"{100 * statistics.fmean(xs):5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


def summarize(recs: list[dict]) -> str:
    """The figures of every run in `recs` (see the module's docstring)."""
    by_run: dict[str, list[dict]] = defaultdict(list)
    for r in recs:
        by_run[run_key(r["run"])].append(r)
    out: list[str] = []
    for rs in by_run.values():
        rs.sort(key=lambda r: r["deal"])
        out.extend(_run_lines(rs))
        games = [g for r in rs for g in r["games"]]
        out.extend(_play_lines(games))
    return "\n".join(out)


def _run_lines(rs: list[dict]) -> list[str]:
    """One run's seating, its deals (how many of those planned), its shares by side and role."""
    run = rs[0]["run"]
    n, seats = run["campers"], run["seats"]
    lo_p, hi_p = rs[-1].get("planned", [rs[0]["deal"], rs[-1]["deal"]])
    planned = sum(1 for r in rs if lo_p <= r["deal"] <= hi_p)
    span = hi_p - lo_p + 1
    names = ["/".join(sorted({seats[s] for s in range(n) if team_of(s, n) == side})) for side in (0, 1)]
    label = "complete" if planned >= span else f"PARTIAL: {planned} deals of {span}"
    pair = [statistics.fmean(g["outcome"][0] for g in r["games"][:2]) for r in rs]
    out = [
        f"{n} campers, seats as dealt {','.join(seats)}"
        + (f", knobs {json.dumps(run['knobs'], sort_keys=True)}" if run["knobs"] else "")
        + (f", mirror {run['mirror']}" if run["mirror"] else ""),
        f"  deals {rs[0]['deal']}-{rs[-1]['deal']} ({len(rs)} deals; planned {lo_p}-{hi_p}: {label}), "
        f"{sum(r['cpu_s'] for r in rs) / 60:.1f} CPU minutes",
        f"  side A ({names[0]}) against B ({names[1]}), duplicate: {_share(pair)}",
    ]
    roles = (
        (("as the solo", "solo"), ("as the duo", "duo"))
        if n == 3
        else (("as team 0", "team 0"), ("as team 1", "team 1"))
    )
    for i, (role, noun) in enumerate(roles):
        # Game 0 seats side A as team 0, game 1 as team 1 (`tournament._configs`).
        xs = [r["games"][i]["outcome"][0] for r in rs]
        line = f"  side A {role}: {_share(xs)}"
        if run["mirror"]:
            # The mirror game: team 0 is side 0; side A held team i in game i.
            base = [r["games"][2]["outcome"][i] for r in rs]
            m, lo, hi = _mean_interval([a - b for a, b in zip(xs, base, strict=True)])
            line += (
                f"; the mirror's {noun} {100 * statistics.fmean(base):.1f} %; "
                f"lead {100 * m:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]"
            )
        out.append(line)
    return out


def _play_lines(games: list[dict]) -> list[str]:
    """Team-hurting moves, Scrams, and decision CPU and wall times per level over `games`."""
    hurt = [sum(g["hurts"][s] for g in games) for s in (0, 1)]
    scrams: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for g in games:
        for lv, (k, ok) in g["scrams"].items():
            scrams[lv][0] += k
            scrams[lv][1] += ok
    out = [
        f"  team-hurting moves: side A {hurt[0]}, side B {hurt[1]} ({len(games)} games)",
        "  Scrams declared (succeeded): "
        + ", ".join(f"{lv} {k} ({100 * ok / k:.0f} %)" for lv, (k, ok) in sorted(scrams.items()) if k),
    ]
    for kind in ("cpu", "wall"):
        out.append(f"  decision {'CPU' if kind == 'cpu' else 'wall'} time, ms: p50 / p95 / max (decisions)")
        for lv in sorted({lv for g in games for lv in g[kind]}):
            h = merge_times([g[kind][lv] for g in games if lv in g[kind]])
            p50, p95 = quantile(h, 0.5), quantile(h, 0.95)
            out.append(f"    {lv:<12} {p50:7.1f} {p95:7.1f} {h['max']:7.1f}  ({h['n']})")
    return out


# ---- the command -----------------------------------------------------------------------
PROG = "python -m ai.measure"


def _deal_range(p: Parser, text: str) -> range:
    lo, sep, hi = text.partition("-")
    try:
        a, b = int(lo), int(hi) if sep else int(lo)
    except ValueError:
        p.error(f"--deals takes FIRST-LAST (e.g. 3100001-3101000), not {text!r}")
    if not 0 <= a <= b or b - a >= MOST_DEALS:
        p.error(f"--deals {text!r}: FIRST <= LAST, at most {MOST_DEALS} deals")
    return range(a, b + 1)


def main(argv: list[str] | None = None) -> int:
    p = Parser(PROG, __doc__)
    p.add_argument("command", choices=("play", "summary"), help="play a deal range, or sum a file up")
    p.add_argument("--out", required=True, help="the results file (JSON lines), appended to")
    p.add_argument("--campers", type=int, choices=(3, 4, 6), default=4, help="table size")
    p.add_argument("--teams", help="LEVEL,LEVEL: side A's level, side B's (3 campers: solo, duo)")
    p.add_argument("--seats", help="L0,L1,...: one level per seat as dealt")
    p.add_argument("--deals", help="FIRST-LAST: the game seeds to play")
    p.add_argument("--mirror", help="LEVEL: each deal once more with every seat LEVEL (the roles' baseline)")
    p.add_argument("--workers", type=int_at_least(1), default=1, help="processes to play on")
    p.add_argument(
        "--chunk", type=int_at_least(1), help="play at most this many of the deals left, then stop"
    )
    p.add_argument("--knobs", action="append", default=[], metavar="LEVEL=JSON", help="as ai.tournament")
    args = p.parse_args(argv)
    if args.command == "summary":
        if not os.path.exists(args.out):
            p.error(f"no results file {args.out!r}")
        recs, bad = read_lines(args.out)
        if bad:
            print(f"({bad} unreadable lines skipped)")
        print(summarize(recs) if recs else "no deals in the file")
        return 0
    if not args.deals:
        p.error("play needs --deals FIRST-LAST")
    args.no_duplicate = False
    seats = _seats(p, args)
    knobs = _knobs(p, args.knobs, seats)
    if args.mirror and args.mirror not in LEVELS + REFERENCE:
        p.error(f"--mirror: unknown level {args.mirror!r}: choose from {', '.join(LEVELS + REFERENCE)}")
    play(
        args.out,
        args.campers,
        seats,
        _deal_range(p, args.deals),
        args.workers,
        knobs,
        args.mirror,
        args.chunk,
    )
    return 0


if __name__ == "__main__":
    sys.exit(cli.run(PROG, main))
